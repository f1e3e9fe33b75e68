// `touchstone motion`: motion sequences with warm start (or cold), every frame verified, time and
// work per call against the coherence parameter ω; a touchstone-report/1 with its `motion`
// section and the table per selection, family and ω.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/proximity/registry.hpp"
#include "cases/format/load_options.hpp"
#include "harness/common/isolation.hpp"

namespace touchstone {

struct MotionCli {
  std::string algorithms, modes = "warm,cold", families = "motion-*", omegas = "0,5,10,15,20,25";
  std::vector<std::string> case_files;
  int frames = 50, sequences = 1, repetitions = 3;
  std::uint64_t seed = 1;
  std::string out = "reports/motion.json", cache_path = "cases/.cache/reference.jsonl", export_path;
  bool no_cache = false, no_verify = false, count_instructions = false, quiet = false,
       strict = false;
  double reference_timeout = 60.0, algorithm_timeout = 60.0;
  Isolation isolation = Isolation::all;
  LoadOptions load;  // --lenient, --limit
};

CLI::App* add_motion_command(CLI::App& app, MotionCli& cli);
int run_motion_command(const MotionCli& cli, int argc, char** argv);

// Named algorithms, or every registered one that declares distance (motion and robustness).
// nullopt after "error: unknown algorithm '<name>' (registered: ...)".
std::optional<std::vector<const ProximityAlgorithmInfo*>> select_distance_algorithms(
    const std::string& names);
// --algorithms for select_distance_algorithms (motion, robustness, sweep).
CLI::Option* add_distance_algorithms_option(CLI::App* command, std::string& names);

}  // namespace touchstone
