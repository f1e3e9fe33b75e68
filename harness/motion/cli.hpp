// The `touchstone motion` and `touchstone robustness` subcommands (motion sequences with warm
// start, time and work per call against ω; the TR97-05 robustness experiment).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/proximity/runner.hpp"

namespace touchstone {

class MotionCommands {
 public:
  explicit MotionCommands(CLI::App& app);
  // The exit code when one of these subcommands was selected, nullopt otherwise.
  std::optional<int> dispatch(int argc, char** argv);

 private:
  int motion(int argc, char** argv);
  int robustness(int argc, char** argv);

  CLI::App* motion_ = nullptr;
  CLI::App* robustness_ = nullptr;
  // motion
  std::string algorithms_, modes_ = "warm,cold", families_ = "motion-*",
                           omegas_ = "0,5,10,15,20,25";
  std::vector<std::string> case_files_;
  int frames_ = 50, sequences_ = 1, repetitions_ = 3;
  std::uint64_t seed_ = 1;
  std::string out_ = "reports/motion.json", cache_path_ = "cases/.cache/reference.jsonl",
              export_path_;
  bool no_cache_ = false, no_verify_ = false, count_instructions_ = false, quiet_ = false;
  double reference_timeout_ = 60.0;
  // robustness
  std::string r_algorithms_, r_out_ = "reports/robustness.json",
                             r_export_ = "reports/robustness-failures.json";
  int trials_ = 100000, first_trial_ = 0, max_exported_ = 500;
  std::uint64_t r_seed_ = 1;
  bool cold_ = false, check_witnesses_ = false, r_quiet_ = false;
  Tolerances tolerances_;
};

}  // namespace touchstone
