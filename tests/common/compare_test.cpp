// `touchstone compare --within-run` (one report per side, repetitions as samples): the rank tests
// against values computed by hand (and SciPy's), synthetic
// reports with known answers (no change, a 20% slowdown, a 3% one under the minimum effect, noise,
// a verdict that got worse, results that appeared or disappeared, version-1 reports without raw
// times), two real runs of the same build that must not be flagged, and the command's exit
// status and error messages.
#include "harness/compare/compare.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>

#include "cases/format/case_loader.hpp"
#include "harness/compare/statistics.hpp"
#include "harness/proximity/report.hpp"
#include "tests/support/cli_process.hpp"
#include "tests/support/schema_check.hpp"

namespace touchstone {
namespace {

using nlohmann::json;
using test_support::run_cli;
using test_support::TempDir;

// One result of a synthetic report: median_ns is the middle of `times` (odd counts only here).
json result(const std::string& algorithm, const std::string& case_id, const std::string& verdict,
            std::vector<double> times, const std::string& family = "fam") {
  json timing = {{"times_ns", times}, {"repetitions", times.size()}};
  std::sort(times.begin(), times.end());
  timing["median_ns"] = times.empty() ? 0.0 : times[times.size() / 2];
  return {{"algorithm", algorithm},
          {"case", case_id},
          {"family", family},
          {"verdict", verdict},
          {"timing", timing}};
}

json report(const std::vector<json>& results) {
  return {{"format", "touchstone-report/2"}, {"results", results}};
}

// 1000, 1001, ..., scaled: n distinct times.
std::vector<double> ramp(int n, double scale = 1.0) {
  std::vector<double> t;
  for (int i = 0; i < n; ++i) t.push_back(scale * (1000.0 + i));
  return t;
}

// The tests of this file pin --within-run: one report per side, repetitions as samples (the
// run-level default is pinned in compare_runs_test.cpp).
CompareOptions compare_options(double alpha = 0.05, double min_effect = 0.05, bool fdr = true) {
  CompareOptions o;
  o.alpha = alpha, o.min_effect = min_effect, o.fdr = fdr, o.within_run = true;
  return o;
}

const json& row_of(const json& comparison, const std::string& level, const std::string& name) {
  for (const json& row : comparison["rows"])
    if (row["level"] == level && row[level] == name) return row;
  static const json none;
  ADD_FAILURE() << "no " << level << " row " << name;
  return none;
}

TEST(RankTests, MannWhitneyMatchesAHandComputedValueWithTies) {
  // Pooled ranks: 1 | 2 2 2 -> 3 each | 3 -> 5, 4 -> 6, 5 -> 7, 6 -> 8, 7 -> 9. R1 = 1+3+3+7 = 14,
  // U = 14 - 10 = 4; mean 10; variance 20/12 (10 - 24/72) = 16.111; z = 5.5 / 4.0139 = 1.37025;
  // p = erfc(z / sqrt 2) = 0.170609 (SciPy: mannwhitneyu(x, y, method="asymptotic") agrees).
  const RankTest t = mann_whitney_u({1, 2, 2, 5}, {2, 3, 4, 6, 7});
  EXPECT_DOUBLE_EQ(t.statistic, 4.0);
  EXPECT_NEAR(t.p_value, 0.17060874485, 1e-9);
  // Symmetric in its samples, and 1 when all values tie or a sample is empty.
  EXPECT_NEAR(mann_whitney_u({2, 3, 4, 6, 7}, {1, 2, 2, 5}).p_value, t.p_value, 1e-12);
  EXPECT_EQ(mann_whitney_u({5, 5, 5}, {5, 5}).p_value, 1.0);
  EXPECT_EQ(mann_whitney_u({}, {1, 2}).p_value, 1.0);
  // 15 against 15, fully separated: U = 0, mean 112.5, variance 15·15·31/12 = 581.25,
  // z = 112 / 24.109 = 4.6455, p = 3.3918e-6.
  EXPECT_NEAR(mann_whitney_u(ramp(15), ramp(15, 1.2)).p_value, 3.391821390825e-06, 1e-15);
}

TEST(RankTests, WilcoxonSignedRankMatchesAHandComputedValue) {
  // |d| ranks 1..6, W+ = 1 + 3 + 4 + 5 = 13, mean 10.5, variance 6·7·13/24 = 22.75,
  // z = 2 / 4.7697 = 0.41932, p = 0.674987 (SciPy: wilcoxon(d, correction=True, mode="approx")).
  const RankTest t = wilcoxon_signed_rank({1, -2, 3, 4, 5, -6});
  EXPECT_DOUBLE_EQ(t.statistic, 13.0);
  EXPECT_NEAR(t.p_value, 0.67498671397, 1e-9);
  EXPECT_EQ(wilcoxon_signed_rank({0, 0}).p_value, 1.0);  // zeros dropped: nothing left
}

TEST(Compare, IdenticalTimesAreNotFlagged) {
  const json base = report({result("gjk", "c1", "pass", ramp(15))});
  const json c = compare_reports(base, base, compare_options());
  const json& row = row_of(c, "case", "c1");
  EXPECT_EQ(row["flag"], "unchanged");
  EXPECT_DOUBLE_EQ(row["ratio"].get<double>(), 1.0);
  EXPECT_NEAR(row["p_value"].get<double>(), 1.0, 1e-12);
  EXPECT_EQ(row["base_repetitions"], 15);
  EXPECT_EQ(c["summary"]["timing_regressions"], 0);
  EXPECT_EQ(c["summary"]["correctness_regressions"], 0);
  EXPECT_TRUE(c["summary"]["warnings"].empty()) << c["summary"]["warnings"];
  EXPECT_EQ(compare_exit_status(c, FailOn::any), 0);
}

TEST(Compare, ATwentyPercentSlowdownIsFlaggedAndFailsTheTimeGate) {
  const json c =
      compare_reports(report({result("gjk", "c1", "pass", ramp(15))}),
                      report({result("gjk", "c1", "pass", ramp(15, 1.2))}), compare_options());
  const json& row = row_of(c, "case", "c1");
  EXPECT_EQ(row["flag"], "slower");
  EXPECT_NEAR(row["ratio"].get<double>(), 1.2, 1e-12);
  EXPECT_NEAR(row["p_value"].get<double>(), 3.391821390825e-06, 1e-15);
  EXPECT_EQ(row_of(c, "family", "fam")["flag"], "slower");  // a family of one case is that case
  EXPECT_EQ(c["summary"]["timing_regressions"], 1);         // counted once
  EXPECT_NEAR(c["summary"]["geomean_ratio"].get<double>(), 1.2, 1e-12);
  EXPECT_EQ(compare_exit_status(c, FailOn::any), 1);
  EXPECT_EQ(compare_exit_status(c, FailOn::time), 1);
  EXPECT_EQ(compare_exit_status(c, FailOn::correctness), 0);
  EXPECT_EQ(compare_exit_status(c, FailOn::none), 0);
}

TEST(Compare, ASignificantChangeUnderTheMinimumEffectIsNotFlagged) {
  // 3% slower, every new time above every old one: p = 3.4e-6, but 1.03 < 1 + 5%.
  const json base = report({result("gjk", "c1", "pass", ramp(15))});
  const json next = report({result("gjk", "c1", "pass", ramp(15, 1.03))});
  const json c = compare_reports(base, next, compare_options());
  const json& row = row_of(c, "case", "c1");
  EXPECT_LT(row["p_value"].get<double>(), 1e-5);
  EXPECT_EQ(row["flag"], "unchanged");
  // The same change with a 2% minimum effect is flagged.
  const json strict = compare_reports(base, next, compare_options(0.05, 0.02));
  EXPECT_EQ(row_of(strict, "case", "c1")["flag"], "slower");
}

TEST(Compare, FasterIsReportedButNotARegression) {
  const json c =
      compare_reports(report({result("gjk", "c1", "pass", ramp(15))}),
                      report({result("gjk", "c1", "pass", ramp(15, 0.8))}), compare_options());
  EXPECT_EQ(row_of(c, "case", "c1")["flag"], "faster");
  EXPECT_EQ(compare_exit_status(c, FailOn::any), 0);
}

// A linear congruential generator (Knuth's MMIX constants): the same numbers everywhere.
struct Lcg {
  std::uint64_t state;
  double next() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state >> 11) / 9007199254740992.0;  // [0, 1)
  }
};

TEST(Compare, NoisySamplesOfOneDistributionAreNotFlagged) {
  // Twenty pairs of 15 times each, uniform in [1000, 1400): 40% noise, so the medians of some
  // pairs differ by more than the minimum effect and the U test must keep them unflagged.
  int beyond_effect = 0, flagged = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Lcg rng{seed};
    std::vector<double> a, b;
    for (int i = 0; i < 15; ++i) a.push_back(1000 + 400 * rng.next());
    for (int i = 0; i < 15; ++i) b.push_back(1000 + 400 * rng.next());
    const json c = compare_reports(report({result("gjk", "c", "pass", a)}),
                                   report({result("gjk", "c", "pass", b)}), compare_options());
    const json& row = row_of(c, "case", "c");
    beyond_effect += std::abs(row["ratio"].get<double>() - 1.0) > 0.05;
    flagged += row["flag"] != "unchanged";
  }
  // These seeds: 8 of the 20 median ratios are beyond 5% and one pair has p < 0.05 (alpha lets
  // about one in twenty through: the minimum effect and the test together are the guard).
  EXPECT_GE(beyond_effect, 4);  // the minimum effect alone would flag these
  EXPECT_LE(flagged, 1);
}

TEST(Compare, AVerdictThatGotWorseIsAlwaysFlagged) {
  const json c = compare_reports(
      report({result("gjk", "c1", "pass", ramp(15)), result("gjk", "c2", "fail", ramp(15))}),
      report({result("gjk", "c1", "fail", ramp(15)), result("gjk", "c2", "unsupported", ramp(15))}),
      {});
  EXPECT_EQ(row_of(c, "case", "c1")["flag"], "correctness");
  EXPECT_EQ(row_of(c, "case", "c1")["new_verdict"], "fail");
  EXPECT_EQ(row_of(c, "case", "c2")["flag"], "unchanged");  // a failure declared unsupported
  const json& family = row_of(c, "family", "fam");
  EXPECT_EQ(family["flag"], "correctness");
  EXPECT_EQ(family["base_verdict"], "fail");  // the worst of pass and fail
  EXPECT_EQ(c["summary"]["correctness_regressions"], 1);
  EXPECT_EQ(c["summary"]["per_algorithm"][0]["correctness_regressions"], 1);
  EXPECT_EQ(compare_exit_status(c, FailOn::correctness), 1);
  EXPECT_EQ(compare_exit_status(c, FailOn::time), 0);
}

TEST(Compare, DisappearedResultsAndNewErrorsAreCorrectnessRegressions) {
  const json c = compare_reports(
      report({result("gjk", "gone", "pass", ramp(15))}),
      report({result("gjk", "new-ok", "pass", ramp(15)), result("gjk", "new-error", "error", {})}),
      compare_options());
  EXPECT_EQ(row_of(c, "case", "gone")["flag"], "removed");
  EXPECT_TRUE(row_of(c, "case", "gone")["new_verdict"].is_null());
  EXPECT_EQ(row_of(c, "case", "new-ok")["flag"], "added");
  EXPECT_EQ(row_of(c, "case", "new-error")["flag"], "correctness");
  EXPECT_EQ(c["summary"]["correctness_regressions"], 2);
}

// Ten cases c0..c9 of the family `fam`, each exactly 25% slower in `next` (equal log ratios) over
// `repetitions` repetitions.
struct SlowerFamily {
  json base, next;
};
SlowerFamily slower_family(int repetitions) {
  std::vector<json> base, next;
  const std::vector<std::string> names{"c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"};
  for (int i = 0; i < 10; ++i) {
    base.push_back(result("gjk", names[i], "pass", ramp(repetitions, 1.0 + i)));
    next.push_back(result("gjk", names[i], "pass", ramp(repetitions, 1.25 * (1.0 + i))));
  }
  return {report(base), report(next)};
}

TEST(Compare, FamiliesPoolTheirCasesAndAreTestedAtCaseLevel) {
  // Ten cases, each 25% slower (exactly: equal log ratios) over 3 repetitions: no case is
  // significant alone (3 against 3, fully separated: p = 0.0809), the family is (ten equal
  // positive log ratios: W+ = 55, mean 27.5, variance 96.25 - 990/48 = 75.625, p = 0.001904).
  const SlowerFamily runs = slower_family(3);
  const json c = compare_reports(runs.base, runs.next, compare_options());
  const json& one = row_of(c, "case", "c0");
  EXPECT_NEAR(one["p_value"].get<double>(), 0.0808555983700, 1e-9);
  EXPECT_EQ(one["flag"], "unchanged");
  const json& family = row_of(c, "family", "fam");
  EXPECT_NEAR(family["ratio"].get<double>(), 1.25, 1e-12);
  EXPECT_NEAR(family["p_value"].get<double>(), 0.0019041950430, 1e-9);
  EXPECT_EQ(family["flag"], "slower");
  EXPECT_EQ(family["base_repetitions"], 10);
  EXPECT_EQ(c["summary"]["timing_regressions"], 1);
  // Fewer than 9 repetitions per side: one warning saying so.
  const json& warnings = c["summary"]["warnings"];
  ASSERT_EQ(warnings.size(), 1u) << warnings;
  EXPECT_NE(warnings[0].get<std::string>().find("fewer than 9 repetitions"), std::string::npos);
}

TEST(Compare, ManyTestsAreAdjustedWithBenjaminiHochberg) {
  // One case 25% slower over 5 repetitions (fully separated: U = 0, mean 12.5, variance
  // 25·11/12, p = erfc(12 / 4.7871 / sqrt 2) = 0.0121858) among nine unchanged ones (p = 1).
  // Alone it is flagged; among ten tests its q is 10 · 0.0121858 = 0.121858 > 0.05.
  std::vector<json> base, next;
  const std::vector<std::string> names{"c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"};
  for (int i = 0; i < 10; ++i) {
    base.push_back(result("gjk", names[i], "pass", ramp(5)));
    next.push_back(result("gjk", names[i], "pass", ramp(5, i == 0 ? 1.25 : 1.0)));
  }
  const json alone = compare_reports(report({base[0]}), report({next[0]}), compare_options());
  EXPECT_NEAR(row_of(alone, "case", "c0")["p_value"].get<double>(), 0.0121857803553, 1e-10);
  EXPECT_EQ(row_of(alone, "case", "c0")["flag"], "slower");
  const json adjusted = compare_reports(report(base), report(next), compare_options());
  EXPECT_NEAR(row_of(adjusted, "case", "c0")["q_value"].get<double>(), 0.121857803553, 1e-9);
  EXPECT_EQ(row_of(adjusted, "case", "c0")["flag"], "unchanged");
  EXPECT_DOUBLE_EQ(row_of(adjusted, "case", "c5")["q_value"].get<double>(), 1.0);
  const json raw = compare_reports(report(base), report(next), compare_options(0.05, 0.05, false));
  EXPECT_EQ(row_of(raw, "case", "c0")["flag"], "slower");
}

TEST(Compare, VersionOneReportsAreReadButTimingIsNotTested) {
  json v1 = report({result("gjk", "c1", "pass", ramp(15))});
  v1["format"] = "touchstone-report/1";
  v1["results"][0]["timing"].erase("times_ns");
  const json c =
      compare_reports(v1, report({result("gjk", "c1", "pass", ramp(15, 2.0))}), compare_options());
  const json& row = row_of(c, "case", "c1");
  EXPECT_TRUE(row["p_value"].is_null());
  EXPECT_EQ(row["flag"], "unchanged");
  EXPECT_EQ(row["base_repetitions"], 0);
  ASSERT_EQ(c["summary"]["warnings"].size(), 1u);
  EXPECT_NE(c["summary"]["warnings"][0].get<std::string>().find("timing significance not tested"),
            std::string::npos);
}

TEST(Compare, ABrokenReportIsRejectedNamingTheField) {
  const json good = report({result("gjk", "c1", "pass", ramp(3))});
  json bad = good;
  bad["results"][0]["timing"]["times_ns"] = "fast";
  try {
    compare_reports(good, bad, compare_options());
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "new: results[0].timing.times_ns: not an array of numbers");
  }
  bad = good;
  bad["format"] = "touchstone-case/1";
  EXPECT_THROW(compare_reports(bad, good, compare_options()), std::invalid_argument);
  bad = good;
  bad["results"][0]["verdict"] = "maybe";
  EXPECT_THROW(compare_reports(good, bad, compare_options()), std::invalid_argument);
}

// A machine 1.5x slower on the new side (every time of case c0 and c1 scaled, as a loaded
// machine does): without a control both algorithms are "slower"; with gjk as the control, vclip's
// times are divided by gjk's per-case drift (exactly 1.5) and are unchanged, while a real 2x
// slowdown of vclip on top of the drift is still found, with its true ratio 2.
TEST(Compare, AControlDividesOutTheMachinesDrift) {
  const auto both = [](double gjk_scale, double vclip_scale) {
    return report({result("gjk", "c0", "pass", ramp(15, gjk_scale)),
                   result("vclip", "c0", "pass", ramp(15, vclip_scale)),
                   result("gjk", "c1", "pass", ramp(15, 2 * gjk_scale)),
                   result("vclip", "c1", "pass", ramp(15, 2 * vclip_scale))});
  };
  const json base = both(1.0, 1.0);
  const json drifted = both(1.5, 1.5);
  const json plain = compare_reports(base, drifted, compare_options());
  EXPECT_EQ(row_of(plain, "case", "c0")["flag"], "slower");
  EXPECT_EQ(plain["summary"]["timing_regressions"], 4);

  CompareOptions with_control = compare_options();
  with_control.control = "gjk";
  const json c = compare_reports(base, drifted, with_control);
  EXPECT_EQ(c["summary"]["timing_regressions"], 0);
  for (const json& row : c["rows"]) {
    EXPECT_EQ(row["flag"], "unchanged") << row;
    if (row["algorithm"] == "gjk") {
      EXPECT_TRUE(row["p_value"].is_null()) << row;  // the yardstick is not tested
      if (row["level"] == "case") {
        EXPECT_TRUE(row["control"].get<bool>());
      }
    } else {
      EXPECT_DOUBLE_EQ(row["ratio"].get<double>(), 1.0) << row;
    }
  }
  EXPECT_DOUBLE_EQ(row_of(c, "case", "c0")["drift"].get<double>(), 1.5);
  EXPECT_DOUBLE_EQ(c["summary"]["geomean_ratio"].get<double>(), 1.0);  // the drift left out

  const json slowed = compare_reports(base, both(1.5, 3.0), with_control);
  EXPECT_EQ(slowed["summary"]["timing_regressions"], 2);
  for (const json& row : slowed["rows"])
    if (row["algorithm"] == "vclip") {
      // two cases are too few for the family's signed-rank test: the cases carry the flags
      EXPECT_EQ(row["flag"], row["level"] == "case" ? "slower" : "unchanged") << row;
      EXPECT_NEAR(row["ratio"].get<double>(), 2.0, 1e-12) << row;
    }
}

TEST(Compare, AControlMissingFromACaseOrAReport) {
  CompareOptions o = compare_options();
  o.control = "gjk";
  const json base =
      report({result("gjk", "c0", "pass", ramp(15)), result("vclip", "c0", "pass", ramp(15)),
              result("vclip", "c1", "pass", ramp(15))});
  const json c = compare_reports(base, base, o);
  EXPECT_TRUE(row_of(c, "case", "c1")["p_value"].is_null());  // no drift to divide out
  const json& warnings = c["summary"]["warnings"];
  EXPECT_EQ(std::count_if(warnings.begin(), warnings.end(),
                          [](const json& w) {
                            return w.get<std::string>().rfind(
                                       "1 result pairs are on cases without a timed result of the "
                                       "control gjk on both sides (first: vclip / c1)",
                                       0) == 0;
                          }),
            1)
      << warnings;
  o.control = "lin-canny";
  try {
    compare_reports(base, base, o);
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "base: control: no results of algorithm \"lin-canny\"");
  }
}

// Every case of a family 25% slower over 15 repetitions: at the default level each case is
// flagged; at family level the cases keep their p-values but only the family row is flagged, and
// it is counted once.
TEST(Compare, FamilyTimingLevelFlagsFamilyRowsOnly) {
  const SlowerFamily runs = slower_family(15);
  const json cases = compare_reports(runs.base, runs.next, compare_options());
  EXPECT_EQ(row_of(cases, "case", "c3")["flag"], "slower");
  EXPECT_EQ(cases["summary"]["timing_regressions"], 10);
  CompareOptions o = compare_options();
  o.timing_level = TimingLevel::family;
  const json families = compare_reports(runs.base, runs.next, o);
  EXPECT_EQ(row_of(families, "case", "c3")["flag"], "unchanged");
  EXPECT_LT(row_of(families, "case", "c3")["q_value"].get<double>(), 0.05);
  EXPECT_EQ(row_of(families, "family", "fam")["flag"], "slower");
  EXPECT_EQ(families["summary"]["timing_regressions"], 1);
  EXPECT_EQ(families["options"]["timing_level"], "family");
}

// Two runs of the same build on real cases: every result pairs with itself, nothing is flagged
// (correctness is deterministic; a minimum effect of 1000% keeps machine noise out of the test),
// and the real report carries the raw times the schema (version 2) requires.
TEST(CompareEndToEnd, TwoRunsOfTheSameBuildAreNotFlagged) {
  const auto loaded = load_cases(std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/examples");
  std::vector<const ProximityAlgorithmInfo*> algorithms{ProximityRegistry::builtin().find("gjk"),
                                                        ProximityRegistry::builtin().find("vclip")};
  ReferenceCache cache;
  ProximityRunOptions options;
  options.repetitions = 9;
  options.isolation = Isolation::none;
  const ProximityRunResults first = run_proximity(loaded.proximity, algorithms, options, cache);
  const ProximityRunResults second = run_proximity(loaded.proximity, algorithms, options, cache);
  const json base = make_report(first, options, {"touchstone run --test", 1});
  const json next = make_report(second, options, {"touchstone run --test", 1});
  ASSERT_FALSE(base["results"].empty());
  EXPECT_EQ(base["results"][0]["timing"]["times_ns"].size(), 9u);

  const json c = compare_reports(base, next, compare_options(0.05, 10.0));
  std::size_t case_rows = 0;
  for (const json& row : c["rows"]) {
    EXPECT_EQ(row["flag"], "unchanged") << row;
    case_rows += row["level"] == "case";
  }
  EXPECT_EQ(case_rows, base["results"].size());
  EXPECT_EQ(compare_exit_status(c, FailOn::any), 0);

  EXPECT_TRUE(test_support::matches_report_schema(base, "compare-v2"));
  json no_times = base;  // version 2 requires the raw times...
  no_times["results"][0]["timing"].erase("times_ns");
  EXPECT_TRUE(test_support::rejected_by_report_schema(no_times, "compare-v2-no-times"));
  no_times["format"] = "touchstone-report/1";  // ...version 1 does not
  EXPECT_TRUE(test_support::matches_report_schema(no_times, "compare-v1"));
}

TEST(CompareCli, ExitStatusAndErrors) {
  TempDir dir("touchstone-compare-cli");
  std::ofstream(dir / "base.json") << report({result("gjk", "c1", "pass", ramp(15))}).dump();
  std::ofstream(dir / "slow.json") << report({result("gjk", "c1", "pass", ramp(15, 1.3))}).dump();
  std::ofstream(dir / "broken.json") << "{\"format\": \"touchstone-report/2\", \"results\": [";

  const auto same = run_cli({"compare", dir / "base.json", dir / "base.json", "--within-run"});
  EXPECT_EQ(same.code, 0) << same.err;
  // One run per side: the 1.3x ratio is shown, not failed on, and the output says why.
  const auto untested = run_cli({"compare", dir / "base.json", dir / "slow.json"});
  EXPECT_EQ(untested.code, 0) << untested.err;
  EXPECT_NE(untested.out.find("1.300"), std::string::npos) << untested.out;
  EXPECT_NE(untested.out.find("warning: timing not tested: 1 base and 1 new reports. One run per "
                              "side cannot separate a slowdown from the machine's drift"),
            std::string::npos)
      << untested.out;
  const auto slow = run_cli(
      {"compare", dir / "base.json", dir / "slow.json", "--json", dir / "c.json", "--within-run"});
  EXPECT_EQ(slow.code, 1) << slow.err;
  EXPECT_NE(slow.out.find("slower"), std::string::npos) << slow.out;
  const json written = json::parse(test_support::read_text(dir / "c.json"));
  EXPECT_EQ(written["summary"]["timing_regressions"], 1);
  EXPECT_EQ(run_cli({"compare", dir / "base.json", dir / "slow.json", "--fail-on", "correctness",
                     "--within-run"})
                .code,
            0);
  // A gzip report (written by write_json_file for a *.gz path) reads as the plain one does.
  ASSERT_TRUE(write_json_file(dir / "slow.json.gz",
                              json::parse(test_support::read_text(dir / "slow.json"))));
  const auto gz = run_cli({"compare", dir / "base.json", dir / "slow.json.gz", "--within-run"});
  EXPECT_EQ(gz.code, 1) << gz.err;
  EXPECT_NE(gz.out.find("slower"), std::string::npos) << gz.out;
  const auto broken = run_cli({"compare", dir / "base.json", dir / "broken.json"});
  EXPECT_EQ(broken.code, 2);
  EXPECT_NE(broken.err.find("broken.json"), std::string::npos) << broken.err;
  EXPECT_EQ(run_cli({"compare", dir / "base.json", dir / "slow.json", "--alpha", "2"}).code, 2);
  // --within-run needs one report per side.
  const auto two = run_cli({"compare", "--base", dir / "base.json", dir / "base.json", "--new",
                            dir / "slow.json", "--within-run"});
  EXPECT_EQ(two.code, 2);
  EXPECT_NE(two.err.find("--within-run: needs one report per side (2 base, 1 new)"),
            std::string::npos)
      << two.err;
}

}  // namespace
}  // namespace touchstone
