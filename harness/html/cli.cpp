#include "harness/html/cli.hpp"

#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cases/format/json_reader.hpp"
#include "harness/common/cli.hpp"
#include "harness/common/json_file.hpp"
#include "harness/common/reporter.hpp"
#include "harness/html/compare_hook.hpp"
#include "harness/html/html_report.hpp"

namespace touchstone {

using nlohmann::json;

CLI::App* add_report_command(CLI::App& app, ReportCli& cli) {
  auto* cmd = app.add_subcommand(
      "report",
      "Write one self-contained HTML page (opens offline) from a report of any kind: verdict "
      "matrix, time distributions, time against size, failures with replay commands, context; "
      "with BASE, the comparison against it");
  cmd->add_option("report", cli.report,
                  "The report (JSON from run, motion, forces, regions or "
                  "robustness)")
      ->required();
  cmd->add_option("base", cli.base, "A base report to compare against (optional)");
  cmd->add_option("-o,--out", cli.out, "The HTML file to write")->capture_default_str();
  cmd->add_option("--control", cli.control,
                  "With BASE: an unchanged algorithm whose drift is divided out (as compare)");
  cmd->add_option("--timing-level", cli.timing_level,
                  "With BASE: case or family rows carry timing flags (as compare)")
      ->check(CLI::IsMember({"case", "family"}))
      ->capture_default_str();
  cmd->add_option("--max-failures", cli.max_failures,
                  "Rows of the failures table per algorithm (the rest are counted)")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{0}, std::size_t{1000000}));
  return cmd;
}

namespace {

// The report's model, or nullopt after "error: <path>: <field>: <why>".
std::optional<ReportModel> model_of(const json& document, const std::string& path) {
  try {
    return read_report_model(document);
  } catch (const ReportShapeError& e) {
    std::cerr << "error: " << path << ": " << e.what() << "\n";
  }
  return std::nullopt;
}

}  // namespace

int run_report_command(const ReportCli& cli) {
  if (!check_output_paths({{"--out", cli.out}})) return kExitUsage;
  const auto report = read_json_report(cli.report, "report ");
  if (!report) return kExitUsage;
  const auto model = model_of(*report, cli.report);
  if (!model) return kExitUsage;
  std::optional<json> comparison;
  if (!cli.base.empty()) {
    const auto base = read_json_report(cli.base, "base report ");
    if (!base || !model_of(*base, cli.base)) return kExitUsage;
    std::string why;
    try {
      comparison = compare_for_html(*base, *report, cli.control, cli.timing_level == "family", why);
    } catch (const std::exception& e) {  // reports compare cannot pair
      why = e.what();
    }
    if (!comparison) {
      std::cerr << "error: " << why << "\n";
      return kExitUsage;
    }
  }
  const HtmlOptions options{cli.report, cli.base, cli.max_failures};
  const std::string page = html_report(*model, comparison ? &*comparison : nullptr, options);
  if (!write_text_file(cli.out, page, "HTML report to ")) return kExitOutput;
  std::cout << "HTML report written to " << cli.out << " (" << page.size() / 1024 << " KiB, "
            << model->rows.size() << " results)\n";
  return kExitOk;
}

}  // namespace touchstone
