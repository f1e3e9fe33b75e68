// `touchstone proximity` (alias `run`): the proximity kind's command (harness/common/
// kind_command.hpp) — proximity algorithms over cases (files, directories, family globs or the
// built-in default suite), verified against exact references, a touchstone-report and the
// algorithm × family table; and the proximity part of `touchstone list`.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "harness/common/kind_command.hpp"
#include "harness/proximity/runner.hpp"

namespace touchstone {

struct ProximityCli : KindCli {
  int repetitions = 3;
  ProximityRunOptions options;
};

CLI::App* add_proximity_command(CLI::App& app, ProximityCli& cli);
// --tolerance-mode relative|ulps and --tol-ulps N, for every command that verifies proximity
// answers (run, robustness, sweep).
void add_tolerance_mode_options(CLI::App* command, Tolerances& tolerances);
int run_proximity_command(const ProximityCli& cli, int argc, char** argv);
// Registered proximity algorithms with their capabilities, and the case families.
void list_proximity(std::ostream& out);

}  // namespace touchstone
