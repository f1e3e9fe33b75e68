// The comparison section of the HTML report: compare_reports' document (harness/compare, issue 13
// part 1) as tables — the summary and per-algorithm geometric-mean time ratios, then the paired
// rows with their flags highlighted (correctness regressions first).
#include <algorithm>
#include <array>
#include <sstream>

#include "harness/common/timing.hpp"
#include "harness/html/html_report.hpp"
#include "harness/html/markup.hpp"

namespace touchstone {

using nlohmann::json;

namespace {

constexpr std::size_t kMaxComparisonRows = 1000;

// Flags in the order the table lists them.
int flag_rank(const std::string& flag) {
  static const std::array<std::string_view, 6> order = {"correctness", "slower",  "faster",
                                                        "added",       "removed", "unchanged"};
  const auto it = std::find(order.begin(), order.end(), flag);
  return static_cast<int>(it - order.begin());
}

std::string number_cell(const json& row, const char* key, bool time) {
  const auto v = number_field(row, key);
  return concat("<td class=\"num\">", v ? (time ? format_ns(*v) : format_number(*v)) : "-",
                "</td>");
}

std::string geomean_table(const json& summary) {
  const json per = summary.is_object() && summary.contains("per_algorithm")
                       ? summary["per_algorithm"]
                       : json::array();
  if (!per.is_array() || per.empty()) return "";
  std::ostringstream s;
  s << "<table id=\"comparison-geomeans\"><thead><tr><th>algorithm</th><th>geomean time ratio "
       "(new / base)</th><th>correctness regressions</th><th>timing regressions</th></tr></thead>"
       "<tbody>";
  for (const json& a : per) {
    const bool bad = number_field(a, "correctness_regressions").value_or(0) > 0;
    const bool slow = number_field(a, "timing_regressions").value_or(0) > 0;
    s << "<tr class=\""
      << (bad    ? "flag-correctness"
          : slow ? "flag-slower"
                 : "")
      << "\"><th>" << html_escape(text_field(a, "algorithm")) << "</th>"
      << number_cell(a, "geomean_ratio", false) << number_cell(a, "correctness_regressions", false)
      << number_cell(a, "timing_regressions", false) << "</tr>";
  }
  s << "</tbody></table>";
  return s.str();
}

}  // namespace

std::string comparison_section(const json& comparison, const HtmlOptions& options) {
  std::ostringstream s;
  s << "<section id=\"comparison\"><h2>Comparison with "
    << html_escape(options.base_source.empty() ? "the base report" : options.base_source)
    << "</h2>";
  const json summary = comparison.is_object() && comparison.contains("summary")
                           ? comparison["summary"]
                           : json::object();
  s << "<p id=\"comparison-summary\">geometric-mean time ratio (new / base): "
    << format_number(number_field(summary, "geomean_ratio").value_or(0)) << "; correctness "
    << "regressions: <b>" << text_field(summary, "correctness_regressions", "0")
    << "</b>; timing regressions: <b>" << text_field(summary, "timing_regressions", "0")
    << "</b></p>";
  if (const auto w = summary.find("warnings"); w != summary.end() && w->is_array())
    for (const json& warning : *w)
      s << "<p class=\"note\">warning: "
        << html_escape(warning.is_string() ? warning.get<std::string>() : warning.dump()) << "</p>";
  s << geomean_table(summary);

  std::vector<const json*> rows;
  std::size_t unchanged_cases = 0;
  if (comparison.is_object() && comparison.contains("rows") && comparison["rows"].is_array())
    for (const json& r : comparison["rows"]) {
      // Unchanged case rows would bury the rest; their families still show.
      if (text_field(r, "flag") == "unchanged" && text_field(r, "level") == "case") {
        ++unchanged_cases;
        continue;
      }
      rows.push_back(&r);
    }
  std::stable_sort(rows.begin(), rows.end(), [](const json* a, const json* b) {
    return flag_rank(text_field(*a, "flag")) < flag_rank(text_field(*b, "flag"));
  });
  s << "<p class=\"note\">Flagged rows first; " << unchanged_cases
    << " unchanged case rows not listed (their families are).";
  if (rows.size() > kMaxComparisonRows)
    s << " Shown: the first " << kMaxComparisonRows << " of " << rows.size() << " rows.";
  s << "</p><table id=\"comparison-table\"><thead><tr><th>flag</th><th>level</th>"
    << "<th>algorithm</th><th>case or family</th><th>base verdict</th><th>new verdict</th>"
    << "<th>base median</th><th>new median</th><th>ratio</th><th>p</th><th>repetitions (base, "
    << "new)</th></tr></thead><tbody>";
  for (std::size_t i = 0; i < rows.size() && i < kMaxComparisonRows; ++i) {
    const json& r = *rows[i];
    const std::string flag = text_field(r, "flag");
    const std::string level = text_field(r, "level");
    s << "<tr class=\"flag-" << html_escape(flag) << "\"><td>" << html_escape(flag) << "</td><td>"
      << html_escape(level) << "</td><td>" << html_escape(text_field(r, "algorithm")) << "</td><td>"
      << html_escape(text_field(r, level == "family" ? "family" : "case")) << "</td><td>"
      << html_escape(text_field(r, "base_verdict", "-")) << "</td><td>"
      << html_escape(text_field(r, "new_verdict", "-")) << "</td>"
      << number_cell(r, "base_median_ns", true) << number_cell(r, "new_median_ns", true)
      << number_cell(r, "ratio", false) << number_cell(r, "p_value", false) << "<td class=\"num\">"
      << html_escape(text_field(r, "base_repetitions", "-")) << ", "
      << html_escape(text_field(r, "new_repetitions", "-")) << "</td></tr>";
  }
  s << "</tbody></table></section>";
  return s.str();
}

}  // namespace touchstone
