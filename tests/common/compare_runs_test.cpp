// `touchstone compare` with the run as the unit of replication (compare_runs, issue 32): Welch's
// test against values derived by hand, hand-made sets of runs whose machine drift differs per
// algorithm and per run (unchanged: never flagged; one algorithm 1.5x slower: that algorithm
// alone flagged), one run per side (shown, never failed), every one-rank verdict drop flagged,
// the command on directories and lists of reports, and the CI script end to end. (compare_test.cpp
// pins --within-run.)
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "harness/compare/compare.hpp"
#include "harness/compare/statistics.hpp"
#include "tests/support/cli_process.hpp"

namespace touchstone {
namespace {

using nlohmann::json;
using test_support::run_cli;
using test_support::TempDir;

TEST(WelchTest, MatchesValuesDerivedByHand) {
  // x = {0, 2}, y = {3, 5}: difference 3, variances 2, se² = 1 + 1, df = 2 (equal sizes and
  // variances: 2(n − 1)). Student's t with 2 degrees of freedom has a closed form: the upper tail
  // at t is (1 − t/√(2 + t²))/2, so p = 1 − √(4.5/6.5) = 0.1679497056; the 0.975 quantile is
  // (2·0.975 − 1)/√(2·0.975·0.025) = 4.302652730, the interval 3 ± 4.302652730·√2.
  const WelchTest t = welch_t_test({0, 2}, {3, 5}, 0.95);
  EXPECT_DOUBLE_EQ(t.difference, 3.0);
  EXPECT_NEAR(t.df, 2.0, 1e-12);
  EXPECT_NEAR(t.p_value, 1.0 - std::sqrt(4.5 / 6.5), 1e-9);
  EXPECT_NEAR(t.high - t.difference, 4.302652730 * std::sqrt(2.0), 1e-6);
  EXPECT_NEAR(t.difference - t.low, t.high - t.difference, 1e-12);
  // Unequal: x = {0, 2} (var 2, n 2), y = {1, 2, 3, 4} (var 5/3, n 4): se² = 1 + 5/12,
  // df = (17/12)² / (1 + (5/12)²/3) = 1.897153...
  EXPECT_NEAR(welch_t_test({0, 2}, {1, 2, 3, 4}, 0.95).df, (289.0 / 144) / (1 + 25.0 / 432), 1e-9);
  // No spread at all: p is 1 for equal samples, 0 for different ones.
  EXPECT_EQ(welch_t_test({1, 1}, {1, 1, 1}, 0.95).p_value, 1.0);
  EXPECT_EQ(welch_t_test({1, 1}, {2, 2}, 0.95).p_value, 0.0);
  EXPECT_THROW(welch_t_test({1}, {2, 3}, 0.95), std::invalid_argument);
}

// A linear congruential generator (Knuth's MMIX constants): the same numbers everywhere.
struct Lcg {
  std::uint64_t state;
  double next() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state >> 11) / 9007199254740992.0;  // [0, 1)
  }
};

// One run's report, made by hand: gjk and vclip on families fa and fb of 6 cases each; case k's
// time is (1 + k) µs × the algorithm's drift in this run × `slow` (gjk only) × a per-case noise
// of ±3%, over 9 repetitions spread ±1% around it; gjk on fa-0 has verdict `gjk_verdict`.
json run_report(double gjk_drift, double vclip_drift, double gjk_slow, std::uint64_t seed,
                const std::string& gjk_verdict = "pass") {
  Lcg rng{seed};
  json results = json::array();
  for (const std::string family : {"fa", "fb"})
    for (int k = 0; k < 6; ++k)
      for (const std::string algorithm : {"gjk", "vclip"}) {
        const double scale = algorithm == "gjk" ? gjk_drift * gjk_slow : vclip_drift;
        const double centre = 1000.0 * (1 + k) * scale * (0.97 + 0.06 * rng.next());
        std::vector<double> times;
        for (int i = 0; i < 9; ++i) times.push_back(centre * (0.99 + 0.0025 * i));
        const std::string verdict =
            algorithm == "gjk" && family == "fa" && k == 0 ? gjk_verdict : "pass";
        results.push_back({{"algorithm", algorithm},
                           {"case", family + "-" + std::to_string(k)},
                           {"family", family},
                           {"verdict", verdict},
                           {"timing", {{"median_ns", times[4]}, {"times_ns", times}}}});
      }
  return {{"format", "touchstone-report/2"}, {"results", results}};
}

// The machine's drift per run: different for the two algorithms, and between runs (up to 18%).
// gjk's unchanged ratio of geometric means is (1.12·0.96·1.18 / 1.15·0.92)^(1/3) = 1.0624, beyond
// the 5% minimum effect: only the test over runs (t = 0.67, p = 0.54) keeps it unflagged.
constexpr double kGjkBase[] = {1.00, 1.15, 0.92}, kGjkNew[] = {1.12, 0.96, 1.18};
constexpr double kVclipBase[] = {1.10, 0.92, 1.04}, kVclipNew[] = {0.90, 1.07, 1.00};

std::vector<json> runs(bool is_new, double gjk_slow, std::uint64_t seed) {
  std::vector<json> out;
  for (int r = 0; r < 3; ++r)
    out.push_back(run_report(is_new ? kGjkNew[r] : kGjkBase[r],
                             is_new ? kVclipNew[r] : kVclipBase[r], gjk_slow, seed + 10 * r));
  return out;
}

const json& row_of(const json& c, const std::string& algorithm, const std::string& level,
                   const std::string& name) {
  for (const json& row : c["rows"])
    if (row["algorithm"] == algorithm && row["level"] == level && row[level] == name) return row;
  static const json none;
  ADD_FAILURE() << "no " << level << " row " << algorithm << " / " << name;
  return none;
}

int timing_regressions(const json& c, const std::string& algorithm) {
  for (const json& a : c["summary"]["per_algorithm"])
    if (a["algorithm"] == algorithm) return a["timing_regressions"];
  ADD_FAILURE() << "no algorithm " << algorithm;
  return -1;
}

TEST(CompareRuns, UnchangedRunsWithPerAlgorithmDriftAreNotFlagged) {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const json c = compare_runs(runs(false, 1.0, seed), runs(true, 1.0, seed + 1000), {});
    EXPECT_EQ(c["summary"]["timing_regressions"], 0) << seed;
    EXPECT_EQ(c["summary"]["correctness_regressions"], 0) << seed;
    EXPECT_TRUE(c["summary"]["timing_tested"].get<bool>());
    for (const json& row : c["rows"]) {
      EXPECT_NE(row["flag"], "slower") << row;
      EXPECT_TRUE(row["p_value"].is_number()) << row;  // tested, not skipped
      EXPECT_EQ(row["base_runs"], 3) << row;
    }
    EXPECT_EQ(compare_exit_status(c, FailOn::any), 0);
  }
  // The same data read as one run per side with the repetition test (--within-run): the drift
  // between two runs is taken for a change, which is why runs are the samples.
  CompareOptions within;
  within.within_run = true;
  const json pseudo =
      compare_reports(runs(false, 1.0, 1)[0], runs(true, 1.0, 1001)[2], within);  // gjk 1.18
  EXPECT_GT(timing_regressions(pseudo, "gjk"), 0);
}

TEST(CompareRuns, AOneAndAHalfSlowdownOfOneAlgorithmIsFlaggedForItAlone) {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const json c = compare_runs(runs(false, 1.0, seed), runs(true, 1.5, seed + 1000), {});
    EXPECT_EQ(timing_regressions(c, "vclip"), 0) << seed;
    EXPECT_GT(timing_regressions(c, "gjk"), 0) << seed;
    for (const std::string family : {"fa", "fb"}) {
      const json& gjk = row_of(c, "gjk", "family", family);
      EXPECT_EQ(gjk["flag"], "slower") << gjk;
      // The drifts' 1.0624 on top of the 1.5, and the cases' noise (at most ±3%).
      EXPECT_NEAR(gjk["ratio"].get<double>(), 1.5 * 1.0624, 0.06) << gjk;
      EXPECT_LT(gjk["ratio_low"].get<double>(), gjk["ratio"].get<double>());
      EXPECT_GT(gjk["ratio_low"].get<double>(), 1.0) << gjk;
      EXPECT_GT(gjk["ratio_high"].get<double>(), gjk["ratio"].get<double>());
      EXPECT_NE(row_of(c, "vclip", "family", family)["flag"], "slower");
    }
    EXPECT_EQ(compare_exit_status(c, FailOn::time), 1);
    EXPECT_EQ(compare_exit_status(c, FailOn::correctness), 0);
  }
}

// A real but small change: gjk 3% slower on a steady machine (no drift) is significant, yet under
// the 5% minimum effect it is not a regression; with a 2% minimum effect it is.
TEST(CompareRuns, ASignificantChangeUnderTheMinimumEffectIsNotFlagged) {
  std::vector<json> base, next;
  for (int r = 0; r < 3; ++r) {
    base.push_back(run_report(1.0, 1.0, 1.0, 1 + 10 * r));
    next.push_back(run_report(1.0, 1.0, 1.03, 1001 + 10 * r));
  }
  const json c = compare_runs(base, next, {});
  const json& gjk = row_of(c, "gjk", "family", "fa");
  EXPECT_LT(gjk["q_value"].get<double>(), 0.05) << gjk;
  EXPECT_NEAR(gjk["ratio"].get<double>(), 1.03, 0.015) << gjk;
  EXPECT_EQ(gjk["flag"], "unchanged");
  EXPECT_EQ(c["summary"]["timing_regressions"], 0);
  CompareOptions strict;
  strict.min_effect = 0.02;
  EXPECT_EQ(row_of(compare_runs(base, next, strict), "gjk", "family", "fa")["flag"], "slower");
}

TEST(CompareRuns, OneRunPerSideShowsTimingAndNeverFailsOnIt) {
  const json c = compare_runs({runs(false, 1.0, 1)[0]}, {runs(true, 1.5, 1001)[0]}, {});
  const json& gjk = row_of(c, "gjk", "family", "fa");
  EXPECT_NEAR(gjk["ratio"].get<double>(), 1.5 * 1.12, 0.06);  // shown
  EXPECT_TRUE(gjk["p_value"].is_null());
  EXPECT_TRUE(gjk["ratio_low"].is_null());
  EXPECT_EQ(gjk["flag"], "unchanged");
  EXPECT_EQ(c["summary"]["timing_regressions"], 0);
  EXPECT_FALSE(c["summary"]["timing_tested"].get<bool>());
  EXPECT_EQ(compare_exit_status(c, FailOn::any), 0);
  const std::string warning = c["summary"]["warnings"][0];
  EXPECT_NE(warning.find("One run per side cannot separate a slowdown from the machine's drift"),
            std::string::npos)
      << warning;
  EXPECT_NE(compare_table(c).find("warning: timing not tested"), std::string::npos);
  // compare_reports (the HTML report's call) is the same comparison.
  EXPECT_EQ(compare_reports(runs(false, 1.0, 1)[0], runs(true, 1.5, 1001)[0], {}), c);
}

// With a control each run's times are divided by the control's on the same case in the same run:
// a drift both algorithms share within a run (here every new run 1.3x slower for both, on top of
// the per-run drifts) cancels, leaving gjk's own 1.2x; the control's rows are shown, not tested.
TEST(CompareRuns, AControlDividesEachRunByItsTimeOnTheSameCase) {
  std::vector<json> base, next;
  for (int r = 0; r < 3; ++r) {
    base.push_back(run_report(kGjkBase[r], kGjkBase[r], 1.0, 1 + 10 * r));
    next.push_back(run_report(1.3 * kGjkNew[r], 1.3 * kGjkNew[r], 1.2, 1001 + 10 * r));
  }
  EXPECT_GT(timing_regressions(compare_runs(base, next, {}), "vclip"), 0);  // without: the drift
  CompareOptions o;
  o.control = "vclip";
  const json c = compare_runs(base, next, o);
  for (const std::string family : {"fa", "fb"}) {
    const json& gjk = row_of(c, "gjk", "family", family);
    // Only the 1.2 and the cases' ±3% noise (independent per algorithm) are left; without the
    // control the ratio would be 1.2 · 1.3 · 1.0624 = 1.66.
    EXPECT_NEAR(gjk["ratio"].get<double>(), 1.2, 0.03) << gjk;
    EXPECT_EQ(gjk["flag"], "slower") << gjk;
    const json& control = row_of(c, "vclip", "family", family);
    EXPECT_TRUE(control["control"].get<bool>());
    EXPECT_TRUE(control["p_value"].is_null());
    EXPECT_EQ(control["flag"], "unchanged");
  }
  EXPECT_EQ(timing_regressions(c, "vclip"), 0);
  o.control = "lin-canny";
  try {
    compare_runs(base, next, o);
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "base 1: control: no results of algorithm \"lin-canny\"");
  }
}

// Every drop of one rank (pass > ambiguous > unsupported > fail > error) is a correctness
// regression, in the run-level comparison and in --within-run, counted once.
TEST(CompareRuns, EveryOneRankVerdictDropIsACorrectnessRegression) {
  const std::vector<std::string> order{"pass", "ambiguous", "unsupported", "fail", "error"};
  for (std::size_t i = 0; i + 1 < order.size(); ++i) {
    const json base = run_report(1, 1, 1, 7, order[i]);
    const json next = run_report(1, 1, 1, 7, order[i + 1]);
    for (const bool within : {false, true}) {
      CompareOptions o;
      o.within_run = within;
      const json c = compare_reports(base, next, o);
      const std::string what = order[i] + " -> " + order[i + 1] + (within ? " (within)" : "");
      EXPECT_EQ(row_of(c, "gjk", "case", "fa-0")["flag"], "correctness") << what;
      EXPECT_EQ(row_of(c, "gjk", "family", "fa")["flag"], "correctness") << what;
      EXPECT_EQ(c["summary"]["correctness_regressions"], 1) << what;
      EXPECT_EQ(compare_exit_status(c, FailOn::correctness), 1) << what;
      // The reverse of each pair ranks higher: never flagged.
      const json back = compare_reports(next, base, o);
      EXPECT_EQ(back["summary"]["correctness_regressions"], 0) << what;
    }
  }
  // Over several runs the worst verdict of each side counts: one ambiguous run of three.
  std::vector<json> next = runs(true, 1.0, 1001);
  next[1] = run_report(kGjkNew[1], kVclipNew[1], 1.0, 1011, "ambiguous");
  const json c = compare_runs(runs(false, 1.0, 1), next, {});
  EXPECT_EQ(row_of(c, "gjk", "case", "fa-0")["new_verdict"], "ambiguous");
  EXPECT_EQ(c["summary"]["correctness_regressions"], 1);
  bool warned = false;
  for (const json& w : c["summary"]["warnings"])
    warned = warned || w.get<std::string>().find("differ between the runs") != std::string::npos;
  EXPECT_TRUE(warned) << c["summary"]["warnings"];
}

TEST(CompareRuns, ACommandOnDirectoriesAndLists) {
  TempDir dir("touchstone-compare-runs");
  std::filesystem::create_directories(dir / "base");
  std::filesystem::create_directories(dir / "slow");
  const std::vector<json> base = runs(false, 1.0, 1), slow = runs(true, 1.5, 1001);
  for (int r = 0; r < 3; ++r) {
    std::ofstream(dir / ("base/r" + std::to_string(r) + ".json")) << base[r].dump();
    std::ofstream(dir / ("slow/r" + std::to_string(r) + ".json")) << slow[r].dump();
  }
  const auto flagged = run_cli({"compare", dir / "base", dir / "slow", "--json", dir / "c.json"});
  EXPECT_EQ(flagged.code, 1) << flagged.err;
  EXPECT_NE(flagged.out.find("runs: 3 base, 3 new"), std::string::npos) << flagged.out;
  const json written = json::parse(test_support::read_text(dir / "c.json"));
  EXPECT_EQ(written["runs"]["new"], 3);
  EXPECT_EQ(timing_regressions(written, "vclip"), 0);
  const auto same = run_cli({"compare", "--base", dir / "base/r0.json", dir / "base/r1.json",
                             "--new", dir / "base/r2.json", dir / "base/r1.json"});
  EXPECT_EQ(same.code, 0) << same.err << same.out;
  // A broken third report is named.
  std::ofstream(dir / "slow/r2.json") << R"({"format": "touchstone-report/2", "results": [1]})";
  const auto broken = run_cli({"compare", dir / "base", dir / "slow"});
  EXPECT_EQ(broken.code, 2);
  EXPECT_NE(broken.err.find("slow/r2.json: new 3: results[0]: not an object"), std::string::npos)
      << broken.err;
  std::filesystem::create_directories(dir / "empty");
  EXPECT_EQ(run_cli({"compare", dir / "base", dir / "empty"}).code, 2);
}

// The CI recipe end to end (harness/scripts/ci-compare.sh): this build as base and new, two
// interleaved runs each on one family; correctness gates the exit (two runs are too few to gate
// timing), and the comparison and both exports carry the runs.
TEST(CompareRuns, TheCiScriptRunsInterleavedComparesAndExports) {
  TempDir dir("touchstone-ci-compare");
  const std::string script = std::string(TOUCHSTONE_SOURCE_DIR) + "/harness/scripts/ci-compare.sh";
  const std::string command = "COMPARE_OPTIONS='--fail-on correctness' bash " + script +
                              " -k 2 -o " + dir / "out" + " " + TOUCHSTONE_CLI + " " +
                              TOUCHSTONE_CLI +
                              " -- --algorithms gjk,vclip --cases vertex-vertex "
                              "--repetitions 3 --no-reference-cache > " +
                              dir / "log" + " 2>&1";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << test_support::read_text(dir / "log");
  const json c = json::parse(test_support::read_text(dir / "out/compare.json"));
  EXPECT_EQ(c["runs"], json({{"base", 2}, {"new", 2}}));
  EXPECT_TRUE(c["summary"]["timing_tested"].get<bool>());
  EXPECT_EQ(c["summary"]["correctness_regressions"], 0);
  const json bmf = json::parse(test_support::read_text(dir / "out/bmf.json"));
  ASSERT_TRUE(bmf.contains("gjk/vertex-vertex")) << bmf;
  EXPECT_TRUE(bmf["gjk/vertex-vertex"]["latency"].contains("upper_value"));
  const json custom = json::parse(test_support::read_text(dir / "out/custom.json"));
  EXPECT_NE(custom[0]["range"].get<std::string>().find("95% over 2 runs"), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(dir / "out/base/r2.json"));
  // A build directory without a touchstone binary is a usage error.
  const std::string bad = "bash " + script + " -k 2 -o " + dir / "bad" + " " + dir / "nowhere" +
                          " " + TOUCHSTONE_CLI + " > " + dir / "bad.log" + " 2>&1";
  const int bad_status = std::system(bad.c_str());
  EXPECT_EQ(WEXITSTATUS(bad_status), 2);
  EXPECT_NE(test_support::read_text(dir / "bad.log").find("neither a build directory"),
            std::string::npos);
}

}  // namespace
}  // namespace touchstone
