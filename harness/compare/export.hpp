// `touchstone export REPORT.json --format gbench|custom|bmf`: a report of any kind (version 1 or
// 2) in the formats CI tools read, each with the time AND correctness measures, all from the
// report's `summary` rows (one per algorithm and family, and "*" per algorithm):
//   gbench  Google Benchmark JSON: the report's `context` and one `benchmarks` entry per
//           algorithm and family (reporter.hpp family_benchmarks: name "<algorithm>/<family>",
//           real_time = cpu_time = the median time in ns, iterations = results), each with the
//           user counters "fail", "ambiguous" and "error" (result counts);
//   custom  github-action-benchmark's customSmallerIsBetter array of {name, unit, value, extra}:
//           "<algorithm>/<family>/median" in ns per algorithm and family ("*": all families,
//           with extra giving the verdict counts), then "<algorithm>/fail", "/ambiguous" and
//           "/error" in results per algorithm;
//   bmf     Bencher Metric Format {benchmark: {measure: {value}}}: "<algorithm>/<family>" with
//           measure "latency" (Bencher's built-in measure, ns), and "<algorithm>" (all its
//           families) with "latency" and the measures "fail-count", "ambiguous-count" and
//           "error-count" (Bencher creates a measure a new slug names). No lower_value or
//           upper_value: the summary carries one median.
// Rows without a time (every result an error, say) get no time entry but keep their counts.
//
// export_runs: several reports of one build, one per run (`touchstone export DIR` or a list).
// Each summary row's time is then the geometric mean over the runs of its median_ns, with the
// 95% Student t interval of that mean over the runs (on the log scale: the run is the unit of
// replication, docs/ci-tracking.md); counts are the largest over the runs (a result that failed
// in one run is counted). The interval goes to: gbench "run_low_ns", "run_high_ns" and "runs";
// custom "range" ("95% over K runs: LOW-HIGH ns"); bmf "lower_value" and "upper_value". With one
// report: export_report.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace touchstone {

enum class ExportFormat { gbench, custom, bmf };
std::optional<ExportFormat> export_format_from(const std::string& name);

// Throws std::invalid_argument naming the field ("summary[2].fail: not a count") when the report
// is not a touchstone report.
nlohmann::json export_report(const nlohmann::json& report, ExportFormat format);

// Throws as export_report, the field prefixed by "run K: " (1-based) when there are several.
nlohmann::json export_runs(const std::vector<nlohmann::json>& reports, ExportFormat format);

}  // namespace touchstone
