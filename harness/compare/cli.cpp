#include "harness/compare/cli.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include "cases/format/json_reader.hpp"
#include "harness/common/cli.hpp"
#include "harness/common/json_file.hpp"
#include "harness/common/reporter.hpp"
#include "harness/compare/compare.hpp"
#include "harness/compare/export.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

// A report's file name: *.json, or *.json.gz.
bool is_report_name(const std::string& name) {
  const auto ends = [&](std::string_view tail) {
    return name.size() >= tail.size() &&
           name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
  };
  return ends(".json") || ends(".json.gz");
}

// The report files of one side: `path` itself, or the *.json(.gz) files of the directory `path` in
// name order, or `list`. Empty after "error: ..." on stderr.
std::vector<std::string> side_files(const std::string& path, const std::vector<std::string>& list,
                                    const char* side) {
  if (!list.empty()) return list;
  namespace fs = std::filesystem;
  std::error_code error;
  if (!fs::is_directory(path, error)) return {path};
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(path, error))
    if (is_report_name(entry.path().filename().string()) && entry.is_regular_file(error))
      files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  if (files.empty())
    std::cerr << "error: " << path << ": " << side << ": no *.json or *.json.gz reports\n";
  return files;
}

// The file an error of compare_runs names: "base" / "new" (one run) or "base 3" (the third).
std::string file_of(const std::string& what, const std::vector<std::string>& base,
                    const std::vector<std::string>& next) {
  const bool is_new = what.rfind("new", 0) == 0;
  const std::vector<std::string>& files = is_new ? next : base;
  const std::size_t at = is_new ? 3 : 4;
  std::size_t run = 1;
  if (files.size() > 1 && what.size() > at && what[at] == ' ')
    run = std::strtoul(what.c_str() + at + 1, nullptr, 10);
  return run >= 1 && run <= files.size() ? files[run - 1] : (is_new ? "new" : "base");
}

}  // namespace

CLI::App* add_compare_command(CLI::App& app, CompareCli& cli) {
  auto* c = app.add_subcommand(
      "compare",
      "Compare runs of two builds: correctness regressions always; timing regressions when, "
      "with several runs (reports) per side, a Welch t-test over the runs' times is significant "
      "and the ratio is beyond --min-effect (docs/ci-tracking.md)");
  c->add_option("base", cli.base,
                "The base report (touchstone-report/1 or /2), or a directory of reports (one per "
                "run)");
  c->add_option("new", cli.next, "The new report, or a directory of reports");
  c->add_option("--base", cli.base_list, "Base reports, one per run (instead of BASE)")
      ->expected(1, -1);
  c->add_option("--new", cli.new_list, "New reports, one per run (instead of NEW)")
      ->expected(1, -1);
  c->add_flag("--within-run", cli.within_run,
              "One report per side: test timing over the repetitions of the two runs "
              "(Mann-Whitney; only on a quiet dedicated machine, as they share their run's "
              "machine state)");
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
                "An algorithm that did not change: the others' times are divided by its time on "
                "the same case in the same run (not tested itself)");
  c->add_option("--timing-level", cli.timing_level,
                "case: case and family rows can be flagged slower; family: only family rows; "
                "auto: family over runs, case with --within-run")
      ->check(CLI::IsMember({"auto", "case", "family"}))
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
  if ((cli.base.empty() && cli.base_list.empty()) || (cli.next.empty() && cli.new_list.empty()) ||
      (!cli.base.empty() && !cli.base_list.empty()) ||
      (!cli.next.empty() && !cli.new_list.empty())) {
    std::cerr << "error: give the base side as BASE or --base, and the new side as NEW or --new\n";
    return kExitUsage;
  }
  const std::vector<std::string> base_files = side_files(cli.base, cli.base_list, "base");
  const std::vector<std::string> new_files = side_files(cli.next, cli.new_list, "new");
  if (base_files.empty() || new_files.empty()) return kExitUsage;
  if (cli.within_run && (base_files.size() != 1 || new_files.size() != 1)) {
    std::cerr << "error: --within-run: needs one report per side (" << base_files.size()
              << " base, " << new_files.size() << " new)\n";
    return kExitUsage;
  }
  std::vector<json> base, next;
  for (const auto& [files, reports] : {std::pair{&base_files, &base}, std::pair{&new_files, &next}})
    for (const std::string& file : *files) {
      std::optional<json> report = read_json_report(file, "");
      if (!report) return kExitUsage;
      reports->push_back(std::move(*report));
    }
  json comparison;
  try {
    CompareOptions options{
        cli.alpha,
        cli.min_effect,
        !cli.no_fdr,
        cli.control,
        cli.timing_level == "family" || (cli.timing_level == "auto" && !cli.within_run)
            ? TimingLevel::family
            : TimingLevel::case_and_family,
        cli.within_run};
    comparison = cli.within_run ? compare_reports(base[0], next[0], options)
                                : compare_runs(base, next, options);
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    std::cerr << "error: " << file_of(what, base_files, new_files) << ": " << what << "\n";
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
      "Write a report (or the runs of one build) as Google Benchmark JSON (gbench), "
      "github-action-benchmark's customSmallerIsBetter (custom) or Bencher's BMF (bmf), with "
      "time and correctness measures");
  e->add_option("report", cli.report,
                "The report (touchstone-report/1 or /2), or a directory of reports of one build "
                "(one per run: times are geometric means over the runs, with their 95% interval)")
      ->required();
  e->add_option("more", cli.more, "More reports of the same build (one per run)");
  e->add_option("--format", cli.format, "gbench, custom or bmf")
      ->required()
      ->check(CLI::IsMember({"gbench", "custom", "bmf"}));
  e->add_option("-o,--out", cli.out, "Output file")->required();
  return e;
}

int run_export_command(const ExportCli& cli) {
  if (!check_output_paths({{"--out", cli.out}})) return kExitUsage;
  std::vector<std::string> files = side_files(cli.report, {}, "report");
  if (files.empty()) return kExitUsage;
  files.insert(files.end(), cli.more.begin(), cli.more.end());
  std::vector<json> reports;
  for (const std::string& file : files) {
    std::optional<json> report = read_json_report(file, "");
    if (!report) return kExitUsage;
    reports.push_back(std::move(*report));
  }
  json out;
  try {
    out = export_runs(reports, *export_format_from(cli.format));
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    std::size_t run = 1;
    if (files.size() > 1 && what.rfind("run ", 0) == 0)
      run = std::strtoul(what.c_str() + 4, nullptr, 10);
    std::cerr << "error: " << files[std::clamp<std::size_t>(run, 1, files.size()) - 1] << ": "
              << what << "\n";
    return kExitUsage;
  }
  return write_json_file(cli.out, out, "export to ") ? kExitOk : kExitOutput;
}

}  // namespace touchstone
