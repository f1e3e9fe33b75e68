#include "harness/compare/export.hpp"

#include <stdexcept>
#include <vector>

#include "harness/common/reporter.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

[[noreturn]] void bad(const std::string& where, const std::string& what) {
  throw std::invalid_argument(where + ": " + what);
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

json gbench(const json& report, const std::vector<SummaryRow>& rows) {
  json benchmarks = family_benchmarks(rows);
  std::size_t k = 0;
  for (const SummaryRow& s : rows) {
    if (s.family == "*") continue;  // family_benchmarks' order, without "*"
    json& b = benchmarks[k++];
    b["fail"] = s.verdicts.fail;
    b["ambiguous"] = s.verdicts.ambiguous;
    b["error"] = s.verdicts.error;
  }
  return {{"context", report.value("context", json::object())}, {"benchmarks", benchmarks}};
}

json custom(const std::vector<SummaryRow>& rows) {
  json out = json::array();
  for (const SummaryRow& s : rows)
    if (s.median_ns > 0)
      out.push_back({{"name", s.algorithm + "/" + s.family + "/median"},
                     {"unit", "ns"},
                     {"value", s.median_ns},
                     {"extra", counts_text(s.verdicts)}});
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

json bmf(const std::vector<SummaryRow>& rows) {
  json out = json::object();
  for (const SummaryRow& s : rows) {
    const std::string name = s.family == "*" ? s.algorithm : s.algorithm + "/" + s.family;
    if (s.median_ns > 0) out[name]["latency"] = {{"value", s.median_ns}};
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

json export_report(const json& report, ExportFormat format) {
  const std::vector<SummaryRow> rows = summary_rows(report);
  switch (format) {
    case ExportFormat::gbench:
      return gbench(report, rows);
    case ExportFormat::custom:
      return custom(rows);
    case ExportFormat::bmf:
      return bmf(rows);
  }
  return nullptr;
}

}  // namespace touchstone
