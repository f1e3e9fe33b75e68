// The `compare` and `export` subcommands (README "Comparing two reports and exporting for CI",
// docs/ci-tracking.md): options, reading the reports (a file that does not read, or is not a
// report, is a usage error naming the file and the field) and the exit status: 0, 1 for a
// regression --fail-on selects (compare), 2 for usage and input errors, 3 when an output could not
// be written.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace touchstone {

// BASE and NEW are each a report file or a directory of reports (its *.json files, one per run);
// --base and --new take lists of report files instead.
struct CompareCli {
  std::string base, next, json_out, fail_on = "any", control, timing_level = "auto";
  std::vector<std::string> base_list, new_list;
  double alpha = 0.05, min_effect = 0.05;
  bool all_rows = false, no_fdr = false, within_run = false;
};
CLI::App* add_compare_command(CLI::App& app, CompareCli& cli);
int run_compare_command(const CompareCli& cli);

// REPORT is a report, or a directory of reports of one build (one per run: export_runs); more
// reports may follow it.
struct ExportCli {
  std::string report, format, out;
  std::vector<std::string> more;
};
CLI::App* add_export_command(CLI::App& app, ExportCli& cli);
int run_export_command(const ExportCli& cli);

}  // namespace touchstone
