#include "harness/compare/compare.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include "harness/common/timing.hpp"
#include "harness/compare/compare_internal.hpp"
#include "harness/compare/statistics.hpp"

namespace touchstone {
namespace compare_detail {

using nlohmann::json;

// Higher is better; an unknown name is rejected while reading.
int verdict_rank(const std::string& v) {
  static const std::map<std::string, int> ranks = {
      {"pass", 4}, {"ambiguous", 3}, {"unsupported", 2}, {"fail", 1}, {"error", 0}};
  const auto it = ranks.find(v);
  return it == ranks.end() ? -1 : it->second;
}

bool verdict_dropped(const std::string& base, const std::string& next) {
  return verdict_rank(next) < verdict_rank(base);
}

void bad(const std::string& where, const std::string& what) {
  throw std::invalid_argument(where + ": " + what);
}

namespace {

std::string string_field(const json& j, const std::string& key, const std::string& where) {
  if (!j.contains(key) || !j[key].is_string()) bad(where + "." + key, "missing or not a string");
  return j[key].get<std::string>();
}

ResultView read_result(const json& r, const std::string& where) {
  if (!r.is_object()) bad(where, "not an object");
  ResultView v;
  v.algorithm = string_field(r, "algorithm", where);
  v.case_id = string_field(r, "case", where);
  v.family = r.contains("family") && r["family"].is_string() ? r["family"].get<std::string>() : "";
  if (v.family.empty()) v.family = "(none)";
  v.verdict = string_field(r, "verdict", where);
  if (verdict_rank(v.verdict) < 0) bad(where + ".verdict", "unknown verdict \"" + v.verdict + "\"");
  if (!r.contains("timing") || !r["timing"].is_object())
    bad(where + ".timing", "missing or not an object");
  const json& t = r["timing"];
  if (t.contains("median_ns") && t["median_ns"].is_number()) v.median_ns = t["median_ns"];
  if (!std::isfinite(v.median_ns) || v.median_ns < 0)
    bad(where + ".timing.median_ns", "not a non-negative number");
  if (t.contains("times_ns")) {
    if (!t["times_ns"].is_array()) bad(where + ".timing.times_ns", "not an array of numbers");
    std::vector<double> times;
    for (const json& x : t["times_ns"]) {
      if (!x.is_number() || !std::isfinite(x.get<double>()))
        bad(where + ".timing.times_ns", "not an array of numbers");
      times.push_back(x.get<double>());
    }
    v.times = std::move(times);
  }
  return v;
}

}  // namespace

std::vector<ResultView> read_results(const json& report, const std::string& side) {
  if (!report.is_object()) bad(side, "not a JSON object");
  const json format = report.value("format", json());
  if (format != "touchstone-report/1" && format != "touchstone-report/2")
    bad(side + ": format", "not touchstone-report/1 or /2");
  std::vector<ResultView> out;
  bool found = false;
  for (const char* key : {"results", "force_results", "region_results"}) {
    if (!report.contains(key)) continue;
    found = true;
    if (!report[key].is_array()) bad(side + ": " + key, "not an array");
    for (std::size_t i = 0; i < report[key].size(); ++i)
      out.push_back(read_result(report[key][i], side + ": " + key + "[" + std::to_string(i) + "]"));
  }
  if (!found) bad(side, "no results, force_results or region_results");
  return out;
}

json number_or_null(std::optional<double> x) {
  return x && std::isfinite(*x) ? json(*x) : json(nullptr);
}

std::string timing_flag(std::optional<double> ratio, std::optional<double> p,
                        const CompareOptions& o) {
  if (!ratio || !p || *p >= o.alpha) return "unchanged";
  if (*ratio > 1.0 + o.min_effect) return "slower";
  if (*ratio < 1.0 - o.min_effect) return "faster";
  return "unchanged";
}

bool correctness_flag(const json& row) {
  return row["flag"] == "correctness" || row["flag"] == "removed";
}

std::optional<double> geomean(const std::vector<double>& ratios) {
  double sum = 0.0;
  int count = 0;
  for (double r : ratios)
    if (r > 0 && std::isfinite(r)) sum += std::log(r), ++count;
  if (count == 0) return std::nullopt;
  return std::exp(sum / count);
}

// The worst verdict of a list (null when empty).
json worst(const std::vector<std::string>& verdicts) {
  if (verdicts.empty()) return nullptr;
  return *std::min_element(verdicts.begin(), verdicts.end(), [](const auto& a, const auto& b) {
    return verdict_rank(a) < verdict_rank(b);
  });
}

// Benjamini-Hochberg over the timing tests of rows[first..] (one level): q_(i) = min over j >= i
// of m/j · p_(j) in ascending order of p, at most 1, into "q_value"; with options.fdr (and
// `flags`: the level may carry timing flags) the flags of those rows are decided with q.
void apply_fdr(json& rows, std::size_t first, const CompareOptions& o, bool flags) {
  std::vector<std::size_t> tested;
  for (std::size_t i = first; i < rows.size(); ++i) {
    const json& flag = rows[i]["flag"];
    rows[i]["q_value"] = nullptr;
    if (rows[i]["p_value"].is_number() &&
        (flag == "slower" || flag == "faster" || flag == "unchanged"))
      tested.push_back(i);
  }
  std::sort(tested.begin(), tested.end(), [&](std::size_t a, std::size_t b) {
    return rows[a]["p_value"].get<double>() < rows[b]["p_value"].get<double>();
  });
  const double m = static_cast<double>(tested.size());
  double q = 1.0;
  for (std::size_t k = tested.size(); k-- > 0;) {
    json& row = rows[tested[k]];
    q = std::min(q, row["p_value"].get<double>() * m / static_cast<double>(k + 1));
    row["q_value"] = q;
    if (o.fdr && flags) {
      const std::optional<double> ratio = row["ratio"].is_number()
                                              ? std::optional<double>(row["ratio"].get<double>())
                                              : std::nullopt;
      row["flag"] = timing_flag(ratio, q, o);
    }
  }
}

// Case rows count; a family row counts when it is slower and none of its cases is.
json summarize(const json& rows, const std::map<std::string, int>& family_only,
               std::vector<std::string> warnings) {
  std::map<std::string, std::vector<double>> ratios;
  std::map<std::string, std::pair<int, int>> counts;  // algorithm -> (correctness, timing)
  std::vector<double> all_ratios;
  for (const json& row : rows) {
    auto& c = counts[row["algorithm"].get<std::string>()];
    auto& r = ratios[row["algorithm"].get<std::string>()];
    if (row["level"] != "case") continue;
    if (row["flag"] == "slower") ++c.second;
    if (correctness_flag(row)) ++c.first;
    if (!row["ratio"].is_number()) continue;
    r.push_back(row["ratio"]);
    if (!row.contains("control")) all_ratios.push_back(row["ratio"]);  // the drift is not a change
  }
  json per_algorithm = json::array();
  int correctness = 0, timing = 0;
  for (auto& [algorithm, c] : counts) {
    if (const auto it = family_only.find(algorithm); it != family_only.end())
      c.second += it->second;
    per_algorithm.push_back({{"algorithm", algorithm},
                             {"geomean_ratio", number_or_null(geomean(ratios[algorithm]))},
                             {"correctness_regressions", c.first},
                             {"timing_regressions", c.second}});
    correctness += c.first, timing += c.second;
  }
  return {{"per_algorithm", per_algorithm},
          {"geomean_ratio", number_or_null(geomean(all_ratios))},
          {"correctness_regressions", correctness},
          {"timing_regressions", timing},
          {"warnings", warnings}};
}

json options_json(const CompareOptions& o) {
  return {{"alpha", o.alpha},
          {"min_effect", o.min_effect},
          {"control", o.control.empty() ? json(nullptr) : json(o.control)},
          {"timing_level", o.timing_level == TimingLevel::family ? "family" : "case"},
          {"within_run", o.within_run}};
}

}  // namespace compare_detail

namespace {

using namespace compare_detail;

constexpr int kFewRepetitions = 9;  // below this, warn (as Google Benchmark's compare.py)

std::optional<double> ratio_of(double base, double next) {
  if (!(base > 0) || !(next >= 0)) return std::nullopt;
  return next / base;
}

struct Pairing {
  std::map<std::pair<std::string, std::string>, std::pair<const ResultView*, const ResultView*>>
      cases;  // (algorithm, case) -> (base, new)
  std::vector<std::string> warnings;
};

Pairing pair_results(const std::vector<ResultView>& base, const std::vector<ResultView>& next) {
  Pairing p;
  std::set<std::string> duplicated;
  for (int side = 0; side < 2; ++side)
    for (const ResultView& r : side == 0 ? base : next) {
      auto& slot = p.cases[{r.algorithm, r.case_id}];
      const ResultView*& s = side == 0 ? slot.first : slot.second;
      if (s)
        duplicated.insert(r.algorithm + " / " + r.case_id);
      else
        s = &r;
    }
  for (const std::string& d : duplicated)
    p.warnings.push_back("result " + d + " appears more than once in a report: the first is used");
  return p;
}

struct Tally {
  int untimed = 0, few = 0, few_cases = 0, no_control = 0;
  std::string first_untimed, first_few, first_few_cases, first_no_control;
};

// The control's drift on each case where it has a timed result on both sides (see compare.hpp).
std::map<std::string, double> control_drift(const Pairing& p, const std::string& control) {
  std::map<std::string, double> drift;
  if (control.empty()) return drift;
  for (const auto& [key, sides] : p.cases)
    if (key.first == control && sides.first && sides.second && sides.first->median_ns > 0 &&
        sides.second->median_ns > 0)
      drift[key.second] = sides.second->median_ns / sides.first->median_ns;
  return drift;
}

std::vector<double> divided(const std::vector<double>& times, double by) {
  std::vector<double> out;
  out.reserve(times.size());
  for (double t : times) out.push_back(t / by);
  return out;
}

json case_row(const std::pair<std::string, std::string>& key, const ResultView* b,
              const ResultView* n, const CompareOptions& o,
              const std::map<std::string, double>& drifts, Tally& tally) {
  json row = {{"algorithm", key.first}, {"case", key.second}, {"level", "case"}};
  row["base_verdict"] = b ? json(b->verdict) : json(nullptr);
  row["new_verdict"] = n ? json(n->verdict) : json(nullptr);
  row["base_median_ns"] = b ? json(b->median_ns) : json(nullptr);
  row["new_median_ns"] = n ? json(n->median_ns) : json(nullptr);
  const auto reps = [](const ResultView* r) {
    return r && r->times ? static_cast<int>(r->times->size()) : 0;
  };
  row["base_repetitions"] = reps(b);
  row["new_repetitions"] = reps(n);
  const bool is_control = !o.control.empty() && key.first == o.control;
  const auto drift_it = drifts.find(key.second);
  const std::optional<double> drift = o.control.empty() || drift_it == drifts.end()
                                          ? std::nullopt
                                          : std::optional<double>(drift_it->second);
  std::optional<double> ratio, p;
  if (b && n) {
    const double by = drift && !is_control ? *drift : 1.0;
    ratio = ratio_of(b->median_ns, n->median_ns / by);
    const std::string name = key.first + " / " + key.second;
    if (!b->times || !n->times) {
      if (tally.untimed++ == 0) tally.first_untimed = name;
    } else if (is_control) {
      // the yardstick: not tested
    } else if (!o.control.empty() && !drift) {
      if (tally.no_control++ == 0) tally.first_no_control = name;
    } else if (!b->times->empty() && !n->times->empty()) {
      p = mann_whitney_u(*b->times, divided(*n->times, by)).p_value;
      if (std::min(b->times->size(), n->times->size()) < kFewRepetitions && tally.few++ == 0)
        tally.first_few = name;
    }
  }
  row["ratio"] = number_or_null(ratio);
  row["p_value"] = number_or_null(p);
  row["drift"] = number_or_null(drift);
  if (is_control) row["control"] = true;
  if (!n)
    row["flag"] = "removed";
  else if (!b)
    row["flag"] = n->verdict == "error" ? "correctness" : "added";
  else if (verdict_dropped(b->verdict, n->verdict))
    row["flag"] = "correctness";
  else
    row["flag"] = o.timing_level == TimingLevel::family ? "unchanged" : timing_flag(ratio, p, o);
  return row;
}

struct FamilyGroup {
  std::vector<std::string> base_verdicts, new_verdicts;
  std::vector<double> base_medians, new_medians, ratios;
  std::optional<double> single_case_p;  // the p-value of the one paired case
  bool correctness = false, case_slower = false;
};

json family_row(const std::pair<std::string, std::string>& key, const FamilyGroup& g,
                const CompareOptions& o, Tally& tally) {
  json row = {{"algorithm", key.first}, {"family", key.second}, {"level", "family"}};
  row["base_verdict"] = worst(g.base_verdicts);
  row["new_verdict"] = worst(g.new_verdicts);
  row["base_median_ns"] = g.base_medians.empty() ? json(nullptr) : json(median(g.base_medians));
  row["new_median_ns"] = g.new_medians.empty() ? json(nullptr) : json(median(g.new_medians));
  row["base_repetitions"] = g.base_verdicts.size();
  row["new_repetitions"] = g.new_verdicts.size();
  const std::optional<double> ratio = geomean(g.ratios);
  std::optional<double> p;
  if (!o.control.empty() && key.first == o.control) {
    // the control's family row shows the drift; it is not tested
  } else if (g.ratios.size() == 1) {
    p = g.single_case_p;  // the family is its one case
  } else if (!g.ratios.empty()) {
    std::vector<double> logs;
    for (double r : g.ratios) logs.push_back(std::log(r));
    p = wilcoxon_signed_rank(logs).p_value;
    if (g.ratios.size() < static_cast<std::size_t>(kFewRepetitions) && tally.few_cases++ == 0)
      tally.first_few_cases = key.first + " / " + key.second;
  }
  row["ratio"] = number_or_null(ratio);
  row["p_value"] = number_or_null(p);
  if (g.correctness)
    row["flag"] = "correctness";
  else if (g.new_verdicts.empty())
    row["flag"] = "removed";
  else if (g.base_verdicts.empty())
    row["flag"] = "added";
  else
    row["flag"] = timing_flag(ratio, p, o);
  return row;
}

}  // namespace

json compare_detail::compare_within_run(const json& base, const json& next,
                                        const CompareOptions& options) {
  if (!(options.alpha > 0 && options.alpha < 1))
    throw std::invalid_argument("alpha: not in (0, 1)");
  if (!(options.min_effect >= 0 && std::isfinite(options.min_effect)))
    throw std::invalid_argument("min_effect: not a non-negative number");
  const std::vector<ResultView> b = read_results(base, "base");
  const std::vector<ResultView> n = read_results(next, "new");
  Pairing pairing = pair_results(b, n);
  Tally tally;
  json rows = json::array();
  if (!options.control.empty()) {
    bool in_base = false, in_new = false;
    for (const ResultView& r : b) in_base = in_base || r.algorithm == options.control;
    for (const ResultView& r : n) in_new = in_new || r.algorithm == options.control;
    if (!in_base || !in_new)
      bad(std::string(in_base ? "new" : "base") + ": control",
          "no results of algorithm \"" + options.control + "\"");
  }
  const std::map<std::string, double> drifts = control_drift(pairing, options.control);
  for (const auto& [key, sides] : pairing.cases)
    rows.push_back(case_row(key, sides.first, sides.second, options, drifts, tally));
  apply_fdr(rows, 0, options, options.timing_level != TimingLevel::family);
  std::map<std::pair<std::string, std::string>, FamilyGroup> families;
  std::size_t index = 0;
  for (const auto& [key, sides] : pairing.cases) {
    const auto& [rb, rn] = sides;
    const json& row = rows[index++];
    FamilyGroup& g = families[{key.first, (rn ? rn : rb)->family}];
    if (rb) g.base_verdicts.push_back(rb->verdict), g.base_medians.push_back(rb->median_ns);
    if (rn) g.new_verdicts.push_back(rn->verdict), g.new_medians.push_back(rn->median_ns);
    if (row["ratio"].is_number()) g.ratios.push_back(row["ratio"]);
    if (row["p_value"].is_number()) g.single_case_p = row["p_value"].get<double>();
    g.correctness = g.correctness || correctness_flag(row);
    g.case_slower = g.case_slower || row["flag"] == "slower";
  }
  std::vector<std::string>& warnings = pairing.warnings;
  if (tally.untimed)
    warnings.push_back(std::to_string(tally.untimed) +
                       " result pairs have no raw repetition times on a side (a "
                       "touchstone-report/1 report; first: " +
                       tally.first_untimed + "): timing significance not tested");
  if (tally.few)
    warnings.push_back(
        std::to_string(tally.few) +
        " result pairs have fewer than 9 repetitions on a side (first: " + tally.first_few +
        "): the Mann-Whitney test has little power; run with --repetitions 9 "
        "or more");
  if (tally.no_control)
    warnings.push_back(std::to_string(tally.no_control) +
                       " result pairs are on cases without a timed result of the control " +
                       options.control + " on both sides (first: " + tally.first_no_control +
                       "): timing not tested");
  const std::size_t first_family = rows.size();
  for (const auto& [key, group] : families) rows.push_back(family_row(key, group, options, tally));
  apply_fdr(rows, first_family, options, true);
  std::map<std::string, int> family_only;  // algorithm -> slower families without a slower case
  index = first_family;
  for (const auto& [key, group] : families)
    if (rows[index++]["flag"] == "slower" && !group.case_slower) ++family_only[key.first];
  if (tally.few_cases)
    warnings.push_back(std::to_string(tally.few_cases) +
                       " families have fewer than 9 paired cases (first: " + tally.first_few_cases +
                       "): the signed-rank test has little power");
  return {{"format", "touchstone-compare/1"},
          {"options", options_json(options)},
          {"rows", rows},
          {"summary", summarize(rows, family_only, warnings)}};
}

json compare_reports(const json& base, const json& next, const CompareOptions& options) {
  if (options.within_run) return compare_detail::compare_within_run(base, next, options);
  return compare_runs({base}, {next}, options);
}

}  // namespace touchstone
