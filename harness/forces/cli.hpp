// `touchstone forces`, the contact-force kind's command (harness/common/kind_command.hpp): run
// contact-force solvers over force cases (files, Siconos *.dat, FCLib
// *.hdf5, or the built-in scenes), verify against the exact LCP reference, write a
// touchstone-report/1 and print the solver × case table.
#pragma once

#include <CLI/CLI.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "harness/common/kind_command.hpp"
#include "harness/forces/runner.hpp"

namespace touchstone {

struct ForceCli : KindCli {
  bool in_process = false;              // --in-process: the same as --isolate none
  std::vector<std::string> parameters;  // --param solver.name=value
  ForceRunOptions options;
};

CLI::App* add_forces_command(CLI::App& app, ForceCli& cli);
int run_forces_command(const ForceCli& cli, int argc, char** argv);
void list_force_solvers(std::ostream& out);

}  // namespace touchstone
