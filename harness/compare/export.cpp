#include "harness/compare/export.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <utility>
#include <vector>

#include "harness/common/reporter.hpp"
#include "harness/compare/compare_internal.hpp"
#include "harness/compare/statistics.hpp"

namespace touchstone {
namespace {

using compare_detail::bad;
using nlohmann::json;

// A row's time over several runs: the 95% interval and the number of runs (0: one report).
struct RunInterval {
  double low = 0.0, high = 0.0;
  int runs = 0;
};
using Intervals = std::map<std::pair<std::string, std::string>, RunInterval>;

const RunInterval* interval_of(const Intervals& intervals, const SummaryRow& s) {
  const auto it = intervals.find({s.algorithm, s.family});
  return it == intervals.end() || it->second.runs < 2 ? nullptr : &it->second;
}

int count_field(const json& row, const char* key, const std::string& where) {
  if (!row.contains(key) || !row[key].is_number_integer() || row[key].get<long long>() < 0 ||
      row[key].get<long long>() > 2'000'000'000)
    bad(where + "." + key, "missing or not a count");
  return row[key].get<int>();
}

// The report's summary rows (median 0 when null: no timed result).
std::vector<SummaryRow> summary_rows(const json& report) {
  if (!report.is_object()) bad("report", "not a JSON object");
  const json format = report.value("format", json());
  if (format != "touchstone-report/1" && format != "touchstone-report/2")
    bad("format", "not touchstone-report/1 or /2");
  if (!report.contains("summary") || !report["summary"].is_array())
    bad("summary", "missing or not an array");
  std::vector<SummaryRow> rows;
  for (std::size_t i = 0; i < report["summary"].size(); ++i) {
    const json& r = report["summary"][i];
    const std::string where = "summary[" + std::to_string(i) + "]";
    if (!r.is_object()) bad(where, "not an object");
    SummaryRow row;
    for (const char* key : {"algorithm", "family"}) {
      if (!r.contains(key) || !r[key].is_string())
        bad(where + "." + key, "missing or not a string");
      (key[0] == 'a' ? row.algorithm : row.family) = r[key].get<std::string>();
    }
    row.verdicts.pass = count_field(r, "pass", where);
    row.verdicts.fail = count_field(r, "fail", where);
    row.verdicts.ambiguous = count_field(r, "ambiguous", where);
    row.verdicts.unsupported = count_field(r, "unsupported", where);
    row.verdicts.error = count_field(r, "error", where);
    if (r.contains("median_ns") && !r["median_ns"].is_null()) {
      if (!r["median_ns"].is_number() || r["median_ns"].get<double>() < 0)
        bad(where + ".median_ns", "not a non-negative number");
      row.median_ns = r["median_ns"];
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string counts_text(const VerdictCounts& v) {
  return "pass " + std::to_string(v.pass) + ", fail " + std::to_string(v.fail) + ", ambiguous " +
         std::to_string(v.ambiguous) + ", unsupported " + std::to_string(v.unsupported) +
         ", error " + std::to_string(v.error) + " of " + std::to_string(v.total()) + " results";
}

json gbench(const json& report, const std::vector<SummaryRow>& rows, const Intervals& intervals) {
  json benchmarks = family_benchmarks(rows);
  std::size_t k = 0;
  for (const SummaryRow& s : rows) {
    if (s.family == "*") continue;  // family_benchmarks' order, without "*"
    json& b = benchmarks[k++];
    b["fail"] = s.verdicts.fail;
    b["ambiguous"] = s.verdicts.ambiguous;
    b["error"] = s.verdicts.error;
    if (const RunInterval* i = interval_of(intervals, s)) {
      b["run_low_ns"] = i->low;
      b["run_high_ns"] = i->high;
      b["runs"] = i->runs;
    }
  }
  return {{"context", report.value("context", json::object())}, {"benchmarks", benchmarks}};
}

json custom(const std::vector<SummaryRow>& rows, const Intervals& intervals) {
  json out = json::array();
  for (const SummaryRow& s : rows) {
    if (!(s.median_ns > 0)) continue;
    json entry = {{"name", s.algorithm + "/" + s.family + "/median"},
                  {"unit", "ns"},
                  {"value", s.median_ns},
                  {"extra", counts_text(s.verdicts)}};
    if (const RunInterval* i = interval_of(intervals, s)) {
      char range[96];
      std::snprintf(range, sizeof range, "95%% over %d runs: %.1f-%.1f ns", i->runs, i->low,
                    i->high);
      entry["range"] = range;
    }
    out.push_back(std::move(entry));
  }
  for (const SummaryRow& s : rows) {
    if (s.family != "*") continue;
    for (const auto& [measure, value] :
         {std::pair{"fail", s.verdicts.fail}, std::pair{"ambiguous", s.verdicts.ambiguous},
          std::pair{"error", s.verdicts.error}})
      out.push_back({{"name", s.algorithm + "/" + measure},
                     {"unit", "results"},
                     {"value", value},
                     {"extra", counts_text(s.verdicts)}});
  }
  return out;
}

json bmf(const std::vector<SummaryRow>& rows, const Intervals& intervals) {
  json out = json::object();
  for (const SummaryRow& s : rows) {
    const std::string name = s.family == "*" ? s.algorithm : s.algorithm + "/" + s.family;
    if (s.median_ns > 0) out[name]["latency"] = {{"value", s.median_ns}};
    if (const RunInterval* i = interval_of(intervals, s); i && s.median_ns > 0) {
      out[name]["latency"]["lower_value"] = i->low;
      out[name]["latency"]["upper_value"] = i->high;
    }
    if (s.family != "*") continue;
    out[name]["fail-count"] = {{"value", s.verdicts.fail}};
    out[name]["ambiguous-count"] = {{"value", s.verdicts.ambiguous}};
    out[name]["error-count"] = {{"value", s.verdicts.error}};
  }
  return out;
}

}  // namespace

std::optional<ExportFormat> export_format_from(const std::string& name) {
  if (name == "gbench") return ExportFormat::gbench;
  if (name == "custom") return ExportFormat::custom;
  if (name == "bmf") return ExportFormat::bmf;
  return std::nullopt;
}

namespace {

json export_rows(const json& report, const std::vector<SummaryRow>& rows, ExportFormat format,
                 const Intervals& intervals) {
  switch (format) {
    case ExportFormat::gbench:
      return gbench(report, rows, intervals);
    case ExportFormat::custom:
      return custom(rows, intervals);
    case ExportFormat::bmf:
      return bmf(rows, intervals);
  }
  return nullptr;
}

}  // namespace

json export_report(const json& report, ExportFormat format) {
  return export_rows(report, summary_rows(report), format, {});
}

json export_runs(const std::vector<json>& reports, ExportFormat format) {
  if (reports.empty()) bad("reports", "none");
  if (reports.size() == 1) return export_report(reports[0], format);
  // The rows in the first run's order (then any a later run adds), their times per run.
  std::vector<SummaryRow> rows;
  std::map<std::pair<std::string, std::string>, std::size_t> index;
  std::vector<std::vector<double>> logs;
  for (std::size_t r = 0; r < reports.size(); ++r) {
    std::vector<SummaryRow> run;
    try {
      run = summary_rows(reports[r]);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("run " + std::to_string(r + 1) + ": " + e.what());
    }
    for (const SummaryRow& s : run) {
      const auto [it, added] = index.try_emplace({s.algorithm, s.family}, rows.size());
      if (added) rows.push_back(s), logs.emplace_back();
      SummaryRow& row = rows[it->second];
      VerdictCounts& v = row.verdicts;
      v.pass = std::max(v.pass, s.verdicts.pass), v.fail = std::max(v.fail, s.verdicts.fail);
      v.ambiguous = std::max(v.ambiguous, s.verdicts.ambiguous);
      v.unsupported = std::max(v.unsupported, s.verdicts.unsupported);
      v.error = std::max(v.error, s.verdicts.error);
      if (s.median_ns > 0) logs[it->second].push_back(std::log(s.median_ns));
    }
  }
  Intervals intervals;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const std::vector<double>& l = logs[k];
    rows[k].median_ns = 0.0;
    if (l.empty()) continue;
    if (l.size() == 1) {
      rows[k].median_ns = std::exp(l[0]);
      continue;
    }
    const MeanInterval m = mean_interval(l, 0.95);
    rows[k].median_ns = std::exp(m.mean);
    intervals[{rows[k].algorithm, rows[k].family}] = {std::exp(m.low), std::exp(m.high),
                                                      static_cast<int>(l.size())};
  }
  return export_rows(reports[0], rows, format, intervals);
}

}  // namespace touchstone
