// `touchstone robustness`: the TR97-05 robustness experiment (harness/motion/robustness.hpp);
// counts problems per algorithm, writes touchstone-robustness/1 and the failing trials as motion
// cases to replay.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "harness/common/isolation.hpp"
#include "harness/proximity/verifier.hpp"

namespace touchstone {

struct RobustnessCli {
  std::string algorithms, out = "reports/robustness.json",
                          export_path = "reports/robustness-failures.json";
  int trials = 100000, first_trial = 0, max_exported = 500, jobs = 1;
  std::uint64_t seed = 1;
  bool cold = false, check_witnesses = false, quiet = false, strict = false;
  Isolation isolation = Isolation::all;
  double algorithm_timeout = 10.0;
  Tolerances tolerances;
};

CLI::App* add_robustness_command(CLI::App& app, RobustnessCli& cli);
int run_robustness_command(const RobustnessCli& cli);

}  // namespace touchstone
