// `touchstone report X.json [BASE.json] -o report.html`: one self-contained HTML page from a
// report of any kind (html_report.hpp), with BASE the comparison of X against it.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace touchstone {

struct ReportCli {
  std::string report, base, out = "report.html", control, timing_level = "case";
  std::size_t max_failures = 50;
};

CLI::App* add_report_command(CLI::App& app, ReportCli& cli);
// 0 when written; kExitUsage for a report that cannot be read or used; kExitOutput when the page
// cannot be written.
int run_report_command(const ReportCli& cli);

}  // namespace touchstone
