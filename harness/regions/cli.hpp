// `touchstone regions`: run contact-region algorithms over contact-region cases (files,
// directories, or region family globs; default: every region family), verify each step against
// the exact reference, write a touchstone-report/1 and print the algorithm × family table; and
// the region part of `touchstone list`.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "cases/format/load_options.hpp"
#include "harness/regions/runner.hpp"

namespace touchstone {

struct RegionCli {
  std::string algorithms;
  std::vector<std::string> cases, families;
  std::string out = "reports/regions.json";
  std::uint64_t seed = 1;
  std::string cache_path = "cases/.cache/reference.jsonl";
  bool no_cache = false, quiet = false, strict = false;
  LoadOptions load;  // --lenient, --limit
  std::string export_path;
  std::string isolate = "all";
  RegionRunOptions options;
};

CLI::App* add_regions_command(CLI::App& app, RegionCli& cli);
int run_regions_command(const RegionCli& cli, int argc, char** argv);
// Registered region algorithms with their capabilities, and the region case families.
void list_regions(std::ostream& out);

}  // namespace touchstone
