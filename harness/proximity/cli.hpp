// `touchstone run`: run proximity algorithms over cases (files, directories, family globs or the
// built-in default suite), verify against exact references, write a touchstone-report/1 and
// print the algorithm × family table; and the proximity part of `touchstone list`.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "cases/format/load_options.hpp"
#include "harness/proximity/runner.hpp"

namespace touchstone {

struct RunCli {
  std::string algorithms;
  std::vector<std::string> cases;
  std::string out = "reports/latest.json";
  std::uint64_t seed = 1;
  int repetitions = 3;
  std::string cache_path = "cases/.cache/reference.jsonl";
  bool no_cache = false, quiet = false, strict = false;
  LoadOptions load;  // --lenient, --limit
  std::string export_path;
  std::string isolate = "all";
  RunOptions options;
};

CLI::App* add_run_command(CLI::App& app, RunCli& cli);
// --tolerance-mode relative|ulps and --tol-ulps N, for every command that verifies proximity
// answers (run, robustness, sweep).
void add_tolerance_mode_options(CLI::App* command, Tolerances& tolerances);
int run_run_command(const RunCli& cli, int argc, char** argv);
// Registered proximity algorithms with their capabilities, and the case families.
void list_proximity(std::ostream& out);

}  // namespace touchstone
