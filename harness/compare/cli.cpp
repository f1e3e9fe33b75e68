#include "harness/compare/cli.hpp"

#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "cases/format/json_reader.hpp"
#include "harness/common/cli.hpp"
#include "harness/common/reporter.hpp"
#include "harness/compare/compare.hpp"
#include "harness/compare/export.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

// The document in `path`, or nullopt after "error: <path>: <why>" on stderr.
std::optional<json> read_report(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "error: " << path << ": cannot be read\n";
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return read_json_document(text.str(), kMaxJsonDepth);
  } catch (const DocumentError& e) {
    std::cerr << "error: " << path << ": " << (e.field.empty() ? "" : e.field + ": ") << e.message
              << "\n";
  }
  return std::nullopt;
}

}  // namespace

CLI::App* add_compare_command(CLI::App& app, CompareCli& cli) {
  auto* c = app.add_subcommand(
      "compare",
      "Compare two reports: correctness regressions always, timing regressions when a "
      "Mann-Whitney U test is significant and the median changed by more than --min-effect");
  c->add_option("base", cli.base, "The base report (touchstone-report/1 or /2)")->required();
  c->add_option("new", cli.next, "The new report")->required();
  c->add_option("--alpha", cli.alpha, "Significance level of the two-sided tests")
      ->check(finite_above(0.0) & CLI::Range(0.0, 1.0))
      ->capture_default_str();
  c->add_option("--min-effect", cli.min_effect,
                "Smallest relative change of the median flagged (0.05: 5%)")
      ->check(finite_at_least(0.0))
      ->capture_default_str();
  c->add_option("--json", cli.json_out, "Also write the comparison as JSON to this file");
  c->add_option("--fail-on", cli.fail_on, "Which regressions exit 1")
      ->check(CLI::IsMember({"correctness", "time", "any", "none"}))
      ->capture_default_str();
  c->add_option("--control", cli.control,
                "An algorithm that did not change: its per-case new/base ratio is taken as the "
                "machine's drift and divided out of the others' times (not tested itself)");
  c->add_option("--timing-level", cli.timing_level,
                "case: case and family rows can be flagged slower; family: only family rows")
      ->check(CLI::IsMember({"case", "family"}))
      ->capture_default_str();
  c->add_flag("--all", cli.all_rows, "Show every case row, not only the changed ones");
  c->add_flag("--no-fdr", cli.no_fdr,
              "Decide timing flags with the raw p-values (default: Benjamini-Hochberg q-values "
              "over all the tests of a level)");
  return c;
}

int run_compare_command(const CompareCli& cli) {
  if (!(cli.alpha < 1.0)) {
    std::cerr << "error: --alpha " << cli.alpha << ": must be below 1\n";
    return kExitUsage;
  }
  if (!check_output_paths({{"--json", cli.json_out}})) return kExitUsage;
  const std::optional<json> base = read_report(cli.base);
  const std::optional<json> next = base ? read_report(cli.next) : std::nullopt;
  if (!base || !next) return kExitUsage;
  json comparison;
  try {
    const TimingLevel level =
        cli.timing_level == "family" ? TimingLevel::family : TimingLevel::case_and_family;
    comparison =
        compare_reports(*base, *next, {cli.alpha, cli.min_effect, !cli.no_fdr, cli.control, level});
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    const bool is_new = what.rfind("new", 0) == 0;
    std::cerr << "error: " << (is_new ? cli.next : cli.base) << ": " << what << "\n";
    return kExitUsage;
  }
  std::cout << compare_table(comparison, cli.all_rows);
  if (!cli.json_out.empty() && !write_json_file(cli.json_out, comparison, "comparison to "))
    return kExitOutput;
  const FailOn fail_on = cli.fail_on == "correctness" ? FailOn::correctness
                         : cli.fail_on == "time"      ? FailOn::time
                         : cli.fail_on == "none"      ? FailOn::none
                                                      : FailOn::any;
  const int status = compare_exit_status(comparison, fail_on);
  if (status) std::cerr << "regressions found (--fail-on " << cli.fail_on << ")\n";
  return status;
}

CLI::App* add_export_command(CLI::App& app, ExportCli& cli) {
  auto* e = app.add_subcommand(
      "export",
      "Write a report as Google Benchmark JSON (gbench), github-action-benchmark's "
      "customSmallerIsBetter (custom) or Bencher's BMF (bmf), with time and "
      "correctness measures");
  e->add_option("report", cli.report, "The report (touchstone-report/1 or /2)")->required();
  e->add_option("--format", cli.format, "gbench, custom or bmf")
      ->required()
      ->check(CLI::IsMember({"gbench", "custom", "bmf"}));
  e->add_option("-o,--out", cli.out, "Output file")->required();
  return e;
}

int run_export_command(const ExportCli& cli) {
  if (!check_output_paths({{"--out", cli.out}})) return kExitUsage;
  const std::optional<json> report = read_report(cli.report);
  if (!report) return kExitUsage;
  json out;
  try {
    out = export_report(*report, *export_format_from(cli.format));
  } catch (const std::invalid_argument& e) {
    std::cerr << "error: " << cli.report << ": " << e.what() << "\n";
    return kExitUsage;
  }
  return write_json_file(cli.out, out, "export to ") ? kExitOk : kExitOutput;
}

}  // namespace touchstone
