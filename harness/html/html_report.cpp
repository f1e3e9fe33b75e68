#include "harness/html/html_report.hpp"

#include <algorithm>
#include <initializer_list>
#include <map>
#include <set>
#include <sstream>

#include "harness/common/timing.hpp"
#include "harness/html/markup.hpp"
#include "harness/html/plots.hpp"
#include "harness/html/replay.hpp"

namespace touchstone {

using nlohmann::json;

namespace {

// The class of a matrix cell: its worst verdict present (error, fail, ambiguous, pass,
// unsupported; "none" when empty).
std::string_view cell_class(const VerdictCounts& k) {
  if (k.error) return "v-error";
  if (k.fail) return "v-fail";
  if (k.ambiguous) return "v-ambiguous";
  if (k.pass) return "v-pass";
  if (k.unsupported) return "v-unsupported";
  return "v-none";
}

void add_counts(VerdictCounts& to, const VerdictCounts& k) {
  to.pass += k.pass, to.fail += k.fail, to.ambiguous += k.ambiguous;
  to.unsupported += k.unsupported, to.error += k.error;
}

std::string matrix_cell(const std::string& algorithm, const std::string& family,
                        const VerdictCounts& k) {
  std::ostringstream s;
  std::string title = algorithm + " × " + family + ":";
  for (const Verdict v : kVerdictOrder)
    title += concat(" ", std::to_string(count_of(k, v)), " ", to_string(v), ",");
  title.pop_back();
  s << "<td class=\"cell " << cell_class(k) << "\" title=\"" << html_escape(title) << "\"";
  for (const Verdict v : kVerdictOrder)
    s << " data-" << to_string(v) << "=\"" << count_of(k, v) << "\"";
  s << ">";
  if (k.total() > 0) {
    s << "<b>" << k.pass << "</b>/" << k.total();
    for (const Verdict v : kVerdictOrder)
      if (v != Verdict::pass && count_of(k, v) > 0)
        s << "<span class=\"v-" << to_string(v) << "\">" << count_of(k, v) << " "
          << to_string(v).substr(0, 3) << "</span>";
  }
  s << "</td>";
  return s.str();
}

// Per (algorithm, family) the values the box plots show: every repetition when the report
// carries them, else each result's median.
using Samples = std::map<std::pair<std::string, std::string>, std::vector<double>>;
Samples time_samples(const ReportModel& model, bool& raw) {
  Samples out;
  raw = false;
  for (const ResultRow& r : model.rows) {
    auto& v = out[{r.algorithm, r.family}];
    if (!r.times_ns.empty()) {
      raw = true;
      v.insert(v.end(), r.times_ns.begin(), r.times_ns.end());
    } else if (r.median_ns) {
      v.push_back(*r.median_ns);
    }
  }
  return out;
}

std::string box_figure(const std::string& id, const std::string& caption,
                       const std::vector<BoxRow>& rows) {
  return concat("<figure><figcaption>", html_escape(caption), "</figcaption>",
                box_plot_svg(id, rows), "</figure>");
}

std::size_t algorithm_index(const ReportModel& model, const std::string& name) {
  return static_cast<std::size_t>(
      std::find(model.algorithms.begin(), model.algorithms.end(), name) - model.algorithms.begin());
}

// Time against one size measure: per algorithm, the median time of its results at each size.
std::string scaling_plot(const ReportModel& model, const std::string& id, const std::string& label,
                         std::optional<double> ResultRow::*measure) {
  std::map<std::string, std::map<double, std::vector<double>>> by_size;
  std::set<double> sizes;
  for (const ResultRow& r : model.rows)
    if ((r.*measure) && r.median_ns) {
      by_size[r.algorithm][*(r.*measure)].push_back(*r.median_ns);
      sizes.insert(*(r.*measure));
    }
  if (sizes.size() < 3) return "";
  std::vector<Series> series;
  for (const std::string& a : model.algorithms) {
    const auto it = by_size.find(a);
    if (it == by_size.end()) continue;
    Series s{a, std::string(series_colour(algorithm_index(model, a))), {}};
    for (const auto& [size, times] : it->second) s.points.emplace_back(size, median(times));
    series.push_back(std::move(s));
  }
  return concat("<figure><figcaption>median time against ", html_escape(label), " (",
                std::to_string(sizes.size()),
                " sizes; each point: the median over the results at that size)</figcaption>",
                scatter_svg(id, label, series), "</figure>");
}

void context_rows(std::ostringstream& s, const std::string& prefix, const json& value) {
  if (value.is_object()) {
    for (auto it = value.begin(); it != value.end(); ++it)
      context_rows(s, prefix.empty() ? it.key() : prefix + "." + it.key(), it.value());
    return;
  }
  s << "<tr><th>" << html_escape(prefix) << "</th><td><code>"
    << html_escape(value.is_string() ? value.get<std::string>() : value.dump())
    << "</code></td></tr>";
}

std::string summary_section(const ReportModel& model) {
  VerdictCounts all;
  for (const auto& [key, k] : model.matrix) add_counts(all, k);
  std::ostringstream s;
  s << "<section id=\"summary\"><p>" << html_escape(model.kind) << " report ("
    << html_escape(model.format) << "): algorithms: " << model.algorithms.size()
    << ", families: " << model.families.size() << ", results: " << all.total() << ":";
  for (const Verdict v : kVerdictOrder)
    s << " <span class=\"v-" << to_string(v) << "\" id=\"total-" << to_string(v) << "\">"
      << count_of(all, v) << " " << to_string(v) << "</span>";
  s << "</p>";
  for (const std::string& note : model.notes)
    s << "<p class=\"note\">" << html_escape(note) << "</p>";
  s << "</section>";
  return s.str();
}

std::string load_errors_section(const ReportModel& model) {
  if (model.load_errors.empty()) return "";
  std::ostringstream s;
  s << "<section id=\"load-errors\"><h2>Cases that did not load (" << model.load_errors.size()
    << ")</h2><table><thead><tr><th>file</th><th>case</th><th>field</th><th>message</th></tr>"
    << "</thead><tbody>";
  for (const json& e : model.load_errors)
    s << "<tr><td>" << html_escape(text_field(e, "file")) << "</td><td>"
      << html_escape(text_field(e, "case")) << "</td><td>" << html_escape(text_field(e, "field"))
      << "</td><td>" << html_escape(text_field(e, "message")) << "</td></tr>";
  s << "</tbody></table></section>";
  return s.str();
}

constexpr std::string_view kFilterScript = R"js(
(function () {
  var input = document.getElementById('failure-filter');
  if (!input) return;
  input.addEventListener('input', function () {
    var q = input.value.toLowerCase();
    var rows = document.querySelectorAll('#failures-table tbody tr');
    for (var i = 0; i < rows.length; ++i)
      rows[i].hidden = q !== '' && rows[i].textContent.toLowerCase().indexOf(q) < 0;
  });
})();
)js";

}  // namespace

std::string verdict_matrix_section(const ReportModel& model) {
  std::ostringstream s;
  s << "<section id=\"verdict-matrix\"><h2>Verdicts: algorithm × family</h2>";
  if (model.matrix.empty()) {
    s << "<p class=\"note\">No results in this report.</p></section>";
    return s.str();
  }
  // The longer list runs down the page, so the table stays about as wide as the screen.
  const bool families_down = model.families.size() > model.algorithms.size();
  const auto& down = families_down ? model.families : model.algorithms;
  const auto& across = families_down ? model.algorithms : model.families;
  s << "<p class=\"note\">Each cell: passes / results, then the other verdicts (amb = ambiguous, "
       "uns = unsupported, fai = fail, err = error); its colour is the worst verdict present.</p>"
    << "<table id=\"verdict-matrix-table\"><thead><tr><th>"
    << (families_down ? "family" : "algorithm") << "</th>";
  for (const std::string& name : across) s << "<th>" << html_escape(name) << "</th>";
  s << (families_down ? "" : "<th>all families</th>") << "</tr></thead><tbody>";
  std::map<std::string, VerdictCounts> per_algorithm;
  for (const std::string& d : down) {
    s << "<tr><th>" << html_escape(d) << "</th>";
    for (const std::string& x : across) {
      const std::string& a = families_down ? x : d;
      const std::string& f = families_down ? d : x;
      const auto it = model.matrix.find({a, f});
      const VerdictCounts k = it == model.matrix.end() ? VerdictCounts{} : it->second;
      add_counts(per_algorithm[a], k);
      s << matrix_cell(a, f, k);
    }
    if (!families_down) s << matrix_cell(d, "all families", per_algorithm[d]);
    s << "</tr>";
  }
  if (families_down) {
    s << "<tr><th>all families</th>";
    for (const std::string& a : model.algorithms)
      s << matrix_cell(a, "all families", per_algorithm[a]);
    s << "</tr>";
  }
  s << "</tbody></table></section>";
  return s.str();
}

// Proximity reports: each result's largest check error in ulps of its case's M, as p50 / p99 /
// max per algorithm and family (the report's summary); nothing for other kinds.
std::string error_ulps_section(const ReportModel& model) {
  if (model.error_ulps.empty()) return "";
  const auto cell = [&](const std::string& algorithm, const std::string& family) {
    const auto it = model.error_ulps.find({algorithm, family});
    if (it == model.error_ulps.end()) return std::string("<td>–</td>");
    const auto text = [&](const char* key) {
      const auto x = number_field(it->second, key);
      return x ? format_number(*x) : std::string("∞");
    };
    return "<td>" + text("p50") + " / " + text("p99") + " / " + text("max") + "</td>";
  };
  std::ostringstream s;
  s << "<section id=\"error-ulps\"><h2>Errors in ulps</h2><p class=\"note\">Each result's "
       "largest check error in units of the doubles' resolution at the pair, ulp(M) (M: the "
       "largest absolute world coordinate); each cell: median / p99 / max.</p>"
    << "<table id=\"error-ulps-table\"><thead><tr><th>algorithm</th>";
  for (const std::string& f : model.families) s << "<th>" << html_escape(f) << "</th>";
  s << "<th>all families</th></tr></thead><tbody>";
  for (const std::string& a : model.algorithms) {
    s << "<tr><th>" << html_escape(a) << "</th>";
    for (const std::string& f : model.families) s << cell(a, f);
    s << cell(a, "*") << "</tr>";
  }
  s << "</tbody></table></section>";
  return s.str();
}

std::string time_distribution_section(const ReportModel& model) {
  bool raw = false;
  const Samples samples = time_samples(model, raw);
  std::ostringstream s;
  s << "<section id=\"time-distributions\"><h2>Time distributions</h2>";
  std::map<std::string, std::vector<double>> per_algorithm;
  for (const auto& [key, v] : samples)
    per_algorithm[key.first].insert(per_algorithm[key.first].end(), v.begin(), v.end());
  std::vector<BoxRow> overall;
  for (const std::string& a : model.algorithms)
    if (auto b = box_stats(per_algorithm[a]))
      overall.push_back({a, *b, std::string(series_colour(algorithm_index(model, a)))});
  if (overall.empty()) {
    s << "<p class=\"note\">No timings in this report.</p></section>";
    return s.str();
  }
  s << "<p class=\"note\">"
    << (raw ? "Every timed repetition of every result" : "Each result's median time")
    << ", on a logarithmic axis: the box spans the quartiles, the black bar is the median, the "
       "whiskers reach the minimum and maximum. Hover for the numbers.</p><div class=\"plots\">"
    << box_figure("box-all", "all families", overall);
  for (std::size_t fi = 0; fi < model.families.size(); ++fi) {
    std::vector<BoxRow> rows;
    for (const std::string& a : model.algorithms) {
      const auto it = samples.find({a, model.families[fi]});
      if (it == samples.end()) continue;
      if (auto b = box_stats(it->second))
        rows.push_back({a, *b, std::string(series_colour(algorithm_index(model, a)))});
    }
    if (!rows.empty())
      s << box_figure("box-family-" + std::to_string(fi), model.families[fi], rows);
  }
  s << "</div></section>";
  return s.str();
}

std::string scaling_section(const ReportModel& model) {
  const std::string vertices =
      scaling_plot(model, "scaling-vertices", "vertices (both shapes)", &ResultRow::vertices);
  const std::string contacts =
      scaling_plot(model, "scaling-contacts", "contacts", &ResultRow::contacts);
  std::string s = "<section id=\"scaling\"><h2>Time against size</h2>";
  if (vertices.empty() && contacts.empty())
    return s +
           "<p class=\"note\">The timed cases do not vary their vertex or contact count (fewer "
           "than three sizes).</p></section>";
  return s + "<div class=\"plots\">" + vertices + contacts + "</div></section>";
}

namespace {

// Whether `touchstone show` draws the cases of this kind of report (harness/common/show.hpp):
// contact regions and proximity (kind "run").
bool drawable(const ReportModel& model) { return model.kind == "regions" || model.kind == "run"; }

// The command that draws the case with this answer (`touchstone show`), run by the program that
// wrote the report; "" for kinds it does not draw.
std::string show_command(const ReportModel& model, const ResultRow& r, const std::string& source) {
  if (!drawable(model) || source.empty()) return "";
  std::string program = text_field(model.context, "command_line");
  program = program.substr(0, program.find(' '));
  return concat(program.empty() ? "touchstone" : program, " show ", shell_quote(r.case_id),
                " --report ", shell_quote(source), " --algorithm ", shell_quote(r.algorithm),
                " -o show.html");
}

// The rows of the results with one of `verdicts`, at most `max_per_algorithm` per algorithm:
// case, algorithm, verdict, reason, then `replay` (the replay command) and `show` (the show
// command, region reports) when asked. `total` counts them all, `omitted` those left out.
std::string result_rows(const ReportModel& model, std::initializer_list<std::string_view> verdicts,
                        std::size_t max_per_algorithm, bool replay, const std::string& source,
                        std::size_t& total, std::map<std::string, std::size_t>& omitted) {
  std::map<std::string, std::size_t> shown;
  std::ostringstream rows;
  const auto code = [](const std::string& command) {
    return command.empty() ? std::string("-") : concat("<code>", html_escape(command), "</code>");
  };
  for (const ResultRow& r : model.rows) {
    if (std::find(verdicts.begin(), verdicts.end(), r.verdict) == verdicts.end()) continue;
    ++total;
    if (shown[r.algorithm] >= max_per_algorithm) {
      ++omitted[r.algorithm];
      continue;
    }
    ++shown[r.algorithm];
    rows << "<tr><td>" << html_escape(r.case_id) << "</td><td>" << html_escape(r.algorithm)
         << "</td><td class=\"v-" << html_escape(r.verdict) << "\">" << html_escape(r.verdict)
         << "</td><td>" << html_escape(r.reason) << "</td>";
    if (replay) rows << "<td>" << code(r.replay) << "</td>";
    if (drawable(model)) rows << "<td>" << code(show_command(model, r, source)) << "</td>";
    rows << "</tr>";
  }
  return rows.str();
}

std::string omitted_note(std::size_t max_per_algorithm,
                         const std::map<std::string, std::size_t>& omitted) {
  if (omitted.empty()) return "";
  std::string s =
      concat(" Shown: the first ", std::to_string(max_per_algorithm), " per algorithm; not shown:");
  for (const auto& [a, n] : omitted) s += concat(" ", html_escape(a), " ", std::to_string(n), ";");
  return s;
}

}  // namespace

std::string failures_section(const ReportModel& model, std::size_t max_per_algorithm,
                             const std::string& source) {
  std::map<std::string, std::size_t> omitted;
  std::size_t total = 0;
  const std::string rows =
      result_rows(model, {"fail", "error"}, max_per_algorithm, true, source, total, omitted);
  std::ostringstream s;
  s << "<section id=\"failures\"><h2>Failures and errors (" << total << ")</h2>";
  if (total == 0) {
    s << "<p class=\"note\">No result failed or raised an error.</p></section>";
    return s.str();
  }
  s << "<p class=\"note\">Each replay command runs the case again with the report's own options "
       "(a generated case with the rest of its family)."
    << (drawable(model)
            ? " Each show command writes a page with a 3D view of the case, its exact regions or "
              "closest points and the answer (docs/show.md)."
            : "")
    << omitted_note(max_per_algorithm, omitted)
    << "</p><input id=\"failure-filter\" type=\"search\" placeholder=\"filter rows\">"
    << "<table id=\"failures-table\"><thead><tr><th>case</th><th>algorithm</th><th>verdict</th>"
    << "<th>reason</th><th>replay</th>" << (drawable(model) ? "<th>show</th>" : "")
    << "</tr></thead><tbody>" << rows << "</tbody></table></section>";
  return s.str();
}

std::string ambiguous_section(const ReportModel& model, std::size_t max_per_algorithm,
                              const std::string& source) {
  if (!drawable(model)) return "";
  std::map<std::string, std::size_t> omitted;
  std::size_t total = 0;
  const std::string rows =
      result_rows(model, {"ambiguous"}, max_per_algorithm, false, source, total, omitted);
  if (total == 0) return "";
  std::ostringstream s;
  s << "<section id=\"ambiguous\"><h2>Ambiguous answers (" << total
    << ")</h2><p class=\"note\">Answers the exact reference could not decide within the "
       "tolerances; each show command draws the case and the answer (docs/show.md)."
    << omitted_note(max_per_algorithm, omitted)
    << "</p><table id=\"ambiguous-table\"><thead><tr><th>case</th><th>algorithm</th>"
       "<th>verdict</th><th>reason</th><th>show</th></tr></thead><tbody>"
    << rows << "</tbody></table></section>";
  return s.str();
}

std::string band_section(const ReportModel& model) {
  std::map<std::string, std::map<std::string, int>> verdicts, undecided;
  for (const ResultRow& r : model.rows) {
    if (!r.in_band) continue;
    ++verdicts[r.algorithm][r.verdict];
    for (const std::string& c : r.undecided) ++undecided[r.algorithm][c];
  }
  if (verdicts.empty()) return "";
  std::ostringstream s;
  s << "<section id=\"band\"><h2>Inside the ε band</h2><p class=\"note\">Answers whose exact "
       "pair lies within τ of touching, judged against the ε-closure (docs/regions.md); the "
       "checks that could not be decided.</p><table><thead><tr><th>algorithm</th><th>pass</th>"
       "<th>fail</th><th>ambiguous</th><th>undecided checks</th></tr></thead><tbody>";
  for (auto& [algorithm, v] : verdicts) {
    std::string open;
    for (const auto& [check, n] : undecided[algorithm])
      open += concat(open.empty() ? "" : ", ", html_escape(check), " ", std::to_string(n));
    s << "<tr><td>" << html_escape(algorithm) << "</td><td>" << v["pass"] << "</td><td>"
      << v["fail"] << "</td><td>" << v["ambiguous"] << "</td><td>" << (open.empty() ? "-" : open)
      << "</td></tr>";
  }
  s << "</tbody></table></section>";
  return s.str();
}

std::string context_section(const ReportModel& model) {
  std::ostringstream s;
  s << "<section id=\"context\"><h2>Context</h2>";
  if (!model.context.is_object() || model.context.empty()) {
    s << "<p class=\"note\">This report records no context.</p></section>";
    return s.str();
  }
  s << "<table id=\"context-table\"><tbody>";
  context_rows(s, "", model.context);
  s << "</tbody></table></section>";
  return s.str();
}

std::string html_report(const ReportModel& model, const json* comparison,
                        const HtmlOptions& options) {
  const std::string title = concat("Touchstone ", model.kind, " report",
                                   options.source.empty() ? "" : ": ", options.source);
  std::ostringstream s;
  s << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
    << "<meta name=\"viewport\" content=\"width=device-width\"><title>" << html_escape(title)
    << "</title><style>" << page_css() << "</style></head><body><h1>" << html_escape(title)
    << "</h1>\n"
    << summary_section(model) << "\n"
    << verdict_matrix_section(model) << "\n"
    << error_ulps_section(model) << "\n";
  if (comparison) s << comparison_section(*comparison, options) << "\n";
  s << time_distribution_section(model) << "\n"
    << scaling_section(model) << "\n"
    << failures_section(model, options.max_failures_per_algorithm, options.source) << "\n"
    << ambiguous_section(model, options.max_failures_per_algorithm, options.source) << "\n"
    << band_section(model) << "\n"
    << load_errors_section(model) << "\n"
    << context_section(model) << "\n<script>" << kFilterScript << "</script></body></html>\n";
  return s.str();
}

}  // namespace touchstone
