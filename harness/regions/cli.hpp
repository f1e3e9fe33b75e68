// `touchstone regions`, the contact-region kind's command (harness/common/kind_command.hpp; this
// kind is the example a new kind copies): run contact-region algorithms over contact-region cases
// (files, directories, or region family globs; default: every region family), verify each step
// against the exact reference, write a touchstone-report/1 and print the algorithm × family table;
// and the region part of `touchstone list`.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "harness/common/kind_command.hpp"
#include "harness/regions/runner.hpp"

namespace touchstone {

struct RegionCli : KindCli {
  std::vector<std::string> families;  // --families: region family globs
  RegionRunOptions options;
};

CLI::App* add_regions_command(CLI::App& app, RegionCli& cli);
int run_regions_command(const RegionCli& cli, int argc, char** argv);
// Registered region algorithms with their capabilities, and the region case families.
void list_regions(std::ostream& out);

}  // namespace touchstone
