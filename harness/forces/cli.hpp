// `touchstone forces`: run contact-force solvers over force cases (files, Siconos *.dat, FCLib
// *.hdf5, or the built-in scenes), verify against the exact LCP reference, write a
// touchstone-report/1 and print the solver × case table.
#pragma once

#include <CLI/CLI.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "cases/format/load_options.hpp"
#include "harness/forces/runner.hpp"

namespace touchstone {

struct ForceCli {
  std::string solvers;
  std::vector<std::string> cases;
  std::string out = "reports/forces.json";
  std::string cache_path = "cases/.cache/reference.jsonl";
  bool no_cache = false, quiet = false, in_process = false, strict = false;
  std::string isolate = "all";
  LoadOptions load;                     // --lenient, --limit
  std::vector<std::string> parameters;  // solver.name=value
  std::string export_path;
  ForceRunOptions options;
};

CLI::App* add_forces_command(CLI::App& app, ForceCli& cli);
int run_forces_command(const ForceCli& cli, int argc, char** argv);
void list_force_solvers(std::ostream& out);

}  // namespace touchstone
