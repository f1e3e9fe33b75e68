// compare_runs: several reports per side, the run as the unit of replication (compare.hpp).
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include "harness/common/timing.hpp"
#include "harness/compare/compare.hpp"
#include "harness/compare/compare_internal.hpp"
#include "harness/compare/statistics.hpp"

namespace touchstone {
namespace run_level {  // named: the harness is a unity build

using nlohmann::json;
using namespace compare_detail;

constexpr std::size_t kFewRuns = 3;  // below this on a side, warn: the test has little power

// One (algorithm, case) over the runs of both sides.
struct CaseRuns {
  std::string family;
  std::array<std::vector<const ResultView*>, 2> runs;  // per side, per run (null: not in it)
  // Per side, per timed run: the run time (divided by the control's) and the raw median_ns.
  std::array<std::vector<double>, 2> times, raw;
  std::array<bool, 2> complete{false, false};  // timed in every run of the side
};

struct Counter {
  int count = 0;
  std::string first;
  void add(const std::string& name) {
    if (count++ == 0) first = name;
  }
};

struct Notes {
  Counter missing, flaky, no_control;
  std::set<std::string> duplicated;
};

std::vector<double> logs(const std::vector<double>& v) {
  std::vector<double> out;
  for (double x : v) out.push_back(std::log(x));
  return out;
}

// Ratio (of geometric means), interval and p of one row's run times; the interval and p only with
// 2 or more runs on each side.
void time_row(json& row, const std::array<std::vector<double>, 2>& times, bool tested,
              const CompareOptions& o) {
  row["ratio"] = row["ratio_low"] = row["ratio_high"] = row["p_value"] = nullptr;
  if (times[0].empty() || times[1].empty()) return;
  const std::vector<double> lb = logs(times[0]), ln = logs(times[1]);
  const auto mean = [](const std::vector<double>& v) {
    double s = 0.0;
    for (double x : v) s += x;
    return s / static_cast<double>(v.size());
  };
  row["ratio"] = number_or_null(std::exp(mean(ln) - mean(lb)));
  if (!tested || lb.size() < 2 || ln.size() < 2) return;
  const WelchTest t = welch_t_test(lb, ln, 1.0 - o.alpha);
  row["ratio_low"] = number_or_null(std::exp(t.low));
  row["ratio_high"] = number_or_null(std::exp(t.high));
  row["p_value"] = number_or_null(t.p_value);
}

std::optional<double> as_number(const json& x) {
  return x.is_number() ? std::optional<double>(x.get<double>()) : std::nullopt;
}

json median_or_null(const std::vector<double>& v) {
  return v.empty() ? json(nullptr) : json(median(v));
}

// Reads every run, pairs (algorithm, case) across them and fills each pair's run times.
std::map<std::pair<std::string, std::string>, CaseRuns> pair_runs(
    const std::array<std::vector<std::vector<ResultView>>, 2>& sides, const CompareOptions& o,
    Notes& notes) {
  std::map<std::pair<std::string, std::string>, CaseRuns> cases;
  for (int s = 0; s < 2; ++s)
    for (std::size_t r = 0; r < sides[s].size(); ++r)
      for (const ResultView& v : sides[s][r]) {
        CaseRuns& c = cases[{v.algorithm, v.case_id}];
        if (c.family.empty()) c.family = v.family;
        for (int t = 0; t < 2; ++t) c.runs[t].resize(sides[t].size(), nullptr);
        if (c.runs[s][r])
          notes.duplicated.insert(v.algorithm + " / " + v.case_id);
        else
          c.runs[s][r] = &v;
      }
  for (auto& [key, c] : cases) {
    const std::string name = key.first + " / " + key.second;
    const bool is_control = !o.control.empty() && key.first == o.control;
    const auto control = cases.find({o.control, key.second});
    for (int s = 0; s < 2; ++s) {
      std::set<std::string> verdicts;
      std::size_t present = 0;
      for (std::size_t r = 0; r < c.runs[s].size(); ++r) {
        const ResultView* v = c.runs[s][r];
        if (!v) continue;
        ++present;
        verdicts.insert(v->verdict);
        if (!(v->median_ns > 0)) continue;
        double by = 1.0;
        if (!o.control.empty() && !is_control) {
          const ResultView* k = control == cases.end() ? nullptr : control->second.runs[s][r];
          if (!k || !(k->median_ns > 0)) {
            notes.no_control.add(name);
            continue;
          }
          by = k->median_ns;
        }
        c.times[s].push_back(v->median_ns / by);
        c.raw[s].push_back(v->median_ns);
      }
      if (present > 0 && present < c.runs[s].size()) notes.missing.add(name);
      if (verdicts.size() > 1) notes.flaky.add(name);
      c.complete[s] = c.times[s].size() == c.runs[s].size();
    }
  }
  return cases;
}

std::vector<std::string> side_verdicts(const std::vector<const ResultView*>& runs) {
  std::vector<std::string> out;
  for (const ResultView* v : runs)
    if (v) out.push_back(v->verdict);
  return out;
}

int repetitions(const std::vector<const ResultView*>& runs) {
  int n = 0;
  for (const ResultView* v : runs)
    if (v && v->times) n += static_cast<int>(v->times->size());
  return n;
}

std::string verdict_flag(const json& base, const json& next) {
  if (next.is_null()) return "removed";
  if (base.is_null()) return next == "error" ? "correctness" : "added";
  if (verdict_dropped(base.get<std::string>(), next.get<std::string>())) return "correctness";
  return "";
}

struct Family {
  std::vector<std::string> base_verdicts, new_verdicts;
  std::array<std::vector<std::vector<double>>, 2> logs, raw_logs;  // per side, per run
  bool correctness = false, case_slower = false;
};

void add_warning(std::vector<std::string>& w, const Counter& c, const std::string& text) {
  if (c.count) w.push_back(std::to_string(c.count) + " " + text + " (first: " + c.first + ")");
}

}  // namespace run_level

nlohmann::json compare_runs(const std::vector<nlohmann::json>& base_runs,
                            const std::vector<nlohmann::json>& new_runs, const CompareOptions& o) {
  using namespace run_level;
  if (!(o.alpha > 0 && o.alpha < 1)) throw std::invalid_argument("alpha: not in (0, 1)");
  if (!(o.min_effect >= 0 && std::isfinite(o.min_effect)))
    throw std::invalid_argument("min_effect: not a non-negative number");
  std::array<std::vector<std::vector<ResultView>>, 2> sides;
  for (int s = 0; s < 2; ++s) {
    const std::vector<json>& runs = s == 0 ? base_runs : new_runs;
    const std::string side = s == 0 ? "base" : "new";
    if (runs.empty()) bad(side, "no reports");
    for (std::size_t r = 0; r < runs.size(); ++r) {
      const std::string name = runs.size() == 1 ? side : side + " " + std::to_string(r + 1);
      sides[s].push_back(read_results(runs[r], name));
      if (o.control.empty()) continue;
      bool found = false;
      for (const ResultView& v : sides[s].back()) found = found || v.algorithm == o.control;
      if (!found) bad(name + ": control", "no results of algorithm \"" + o.control + "\"");
    }
  }
  const bool tested = sides[0].size() >= 2 && sides[1].size() >= 2;
  Notes notes;
  const auto cases = pair_runs(sides, o, notes);

  json rows = json::array();
  std::map<std::pair<std::string, std::string>, Family> families;
  for (const auto& [key, c] : cases) {
    const bool is_control = !o.control.empty() && key.first == o.control;
    json row = {{"algorithm", key.first}, {"case", key.second}, {"level", "case"}};
    const std::vector<std::string> bv = side_verdicts(c.runs[0]), nv = side_verdicts(c.runs[1]);
    row["base_verdict"] = worst(bv);
    row["new_verdict"] = worst(nv);
    row["base_median_ns"] = median_or_null(c.raw[0]);
    row["new_median_ns"] = median_or_null(c.raw[1]);
    row["base_runs"] = c.times[0].size();
    row["new_runs"] = c.times[1].size();
    row["base_repetitions"] = repetitions(c.runs[0]);
    row["new_repetitions"] = repetitions(c.runs[1]);
    time_row(row, c.times, tested && !is_control, o);
    if (is_control) row["control"] = true;
    const std::string verdict = verdict_flag(row["base_verdict"], row["new_verdict"]);
    row["flag"] = !verdict.empty() ? verdict
                  : o.timing_level == TimingLevel::family
                      ? "unchanged"
                      : timing_flag(as_number(row["ratio"]), as_number(row["p_value"]), o);
    Family& f = families[{key.first, c.family}];
    f.base_verdicts.insert(f.base_verdicts.end(), bv.begin(), bv.end());
    f.new_verdicts.insert(f.new_verdicts.end(), nv.begin(), nv.end());
    if (c.complete[0] && c.complete[1] && !c.times[0].empty() && !c.times[1].empty())
      for (int s = 0; s < 2; ++s) {
        f.logs[s].push_back(logs(c.times[s]));
        f.raw_logs[s].push_back(logs(c.raw[s]));
      }
    rows.push_back(std::move(row));
  }
  apply_fdr(rows, 0, o, o.timing_level != TimingLevel::family);
  std::size_t index = 0;
  for (const auto& [key, c] : cases) {
    const json& row = rows[index++];
    Family& f = families[{key.first, c.family}];
    f.correctness = f.correctness || correctness_flag(row);
    f.case_slower = f.case_slower || row["flag"] == "slower";
  }

  const std::size_t first_family = rows.size();
  for (const auto& [key, f] : families) {
    json row = {{"algorithm", key.first}, {"family", key.second}, {"level", "family"}};
    row["base_verdict"] = worst(f.base_verdicts);
    row["new_verdict"] = worst(f.new_verdicts);
    // Per side, per run: the geometric mean over the family's complete cases.
    std::array<std::vector<double>, 2> times, raw;
    for (int s = 0; s < 2; ++s)
      for (std::size_t r = 0; !f.logs[s].empty() && r < f.logs[s][0].size(); ++r) {
        double sum = 0.0, raw_sum = 0.0;
        for (std::size_t k = 0; k < f.logs[s].size(); ++k)
          sum += f.logs[s][k][r], raw_sum += f.raw_logs[s][k][r];
        const double n = static_cast<double>(f.logs[s].size());
        times[s].push_back(std::exp(sum / n));
        raw[s].push_back(std::exp(raw_sum / n));
      }
    row["base_median_ns"] = median_or_null(raw[0]);
    row["new_median_ns"] = median_or_null(raw[1]);
    row["base_runs"] = times[0].size();
    row["new_runs"] = times[1].size();
    row["base_repetitions"] = f.logs[0].size();  // the cases timed in every run
    row["new_repetitions"] = f.logs[1].size();
    const bool is_control = !o.control.empty() && key.first == o.control;
    time_row(row, times, tested && !is_control, o);
    if (is_control) row["control"] = true;
    row["flag"] = f.correctness            ? "correctness"
                  : f.new_verdicts.empty() ? "removed"
                  : f.base_verdicts.empty()
                      ? "added"
                      : timing_flag(as_number(row["ratio"]), as_number(row["p_value"]), o);
    rows.push_back(std::move(row));
  }
  apply_fdr(rows, first_family, o, true);
  std::map<std::string, int> family_only;
  index = first_family;
  for (const auto& [key, f] : families)
    if (rows[index++]["flag"] == "slower" && !f.case_slower) ++family_only[key.first];

  std::vector<std::string> warnings;
  for (const std::string& d : notes.duplicated)
    warnings.push_back("result " + d + " appears more than once in a report: the first is used");
  if (!tested)
    warnings.push_back(
        "timing not tested: " + std::to_string(sides[0].size()) + " base and " +
        std::to_string(sides[1].size()) +
        " new reports. One run per side cannot separate a slowdown from the machine's drift "
        "between the two runs (its repetitions share that run's machine state), so ratios are "
        "shown and no timing regression is flagged; give each side 3 or more runs (a directory or "
        "a list of reports, run interleaved: harness/scripts/ci-compare.sh), or --within-run on "
        "a quiet dedicated machine");
  else if (std::min(sides[0].size(), sides[1].size()) < kFewRuns)
    warnings.push_back("fewer than 3 runs on a side: the run-level test has little power");
  add_warning(warnings, notes.missing,
              "results are missing from some runs of a side and left out of their family's "
              "timing");
  add_warning(warnings, notes.flaky,
              "results have verdicts that differ between the runs of a side (the worst is "
              "compared)");
  add_warning(warnings, notes.no_control,
              "timed runs have no timed result of the control " + o.control +
                  " on the same case in the same run: left out of the test");
  json summary = summarize(rows, family_only, warnings);
  summary["timing_tested"] = tested;
  return {{"format", "touchstone-compare/1"},
          {"options", options_json(o)},
          {"runs", {{"base", sides[0].size()}, {"new", sides[1].size()}}},
          {"rows", rows},
          {"summary", summary}};
}

}  // namespace touchstone
