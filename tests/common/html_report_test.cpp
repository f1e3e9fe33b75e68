// `touchstone report` (harness/html): the page made from a hand-written report whose every count
// is worked out below, escaping of what reports carry (case ids, reasons), each kind's degraded
// sections, the comparison section from a hand-written compare document, and the page rendered
// by headless Chromium (no console message, the sections in the DOM, a screenshot kept in the
// build folder as html_report_screenshot.png). The Chromium test skips only when `chromium` is
// not installed.
#include "harness/html/html_report.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cases/format/case_loader.hpp"
#include "harness/html/cli.hpp"
#include "harness/html/markup.hpp"
#include "harness/html/plots.hpp"
#include "harness/html/replay.hpp"
#include "harness/html/report_model.hpp"
#include "harness/proximity/report.hpp"
#include "tests/support/chromium.hpp"

namespace touchstone {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Two algorithms on four cases in two families. Verdicts (algorithm × family):
//   alpha fam-a: pass (c1), fail (c2)      alpha fam-b: pass (c3), ambiguous (c4)
//   beta  fam-a: pass, pass                beta  fam-b: error (c3), unsupported (c4)
// Sizes (vertices of both shapes): c1 8, c2 16, c3 32, c4 32.
json hand_made_report() {
  return json::parse(R"({
  "format": "touchstone-report/1",
  "context": {"tool_version": "0.1.0", "git_sha": "abc123", "date": "2026-11-23T08:00:00Z",
              "host_name": "testhost", "cpu": "Test CPU", "compiler": "g++ 12.2.0",
              "build_type": "release", "libraries": {"cgal": "5.5.1", "eigen": "3.4.0"},
              "command_line": "/opt/ts/touchstone run --quiet --seed 7 --out out/r.json --cases fam-* --algorithms alpha,beta --tol-distance 1e-6",
              "seed": 7},
  "config": {"repetitions": 5, "timing": "per query"},
  "algorithms": [],
  "cases": [
    {"id": "fam-a/s7/i0", "family": "fam-a", "vertex_counts": [4, 4],
     "origin": {"family": "fam-a", "seed": 7, "index": 0}},
    {"id": "fam-a/s7/i1", "family": "fam-a", "vertex_counts": [8, 8],
     "origin": {"family": "fam-a", "seed": 7, "index": 1}},
    {"id": "<script>alert(1)</script>", "family": "fam-b", "vertex_counts": [16, 16],
     "origin": {"file": "mine.json", "index": 0}},
    {"id": "fam-b/s7/i3", "family": "fam-b", "vertex_counts": [16, 16],
     "origin": {"family": "fam-b", "seed": 7, "index": 3}}
  ],
  "results": [
    {"algorithm": "alpha", "case": "fam-a/s7/i0", "family": "fam-a", "verdict": "pass",
     "reason": "", "timing": {"median_ns": 100, "min_ns": 80, "max_ns": 120, "repetitions": 5,
                              "times_ns": [80, 90, 100, 110, 120]}},
    {"algorithm": "alpha", "case": "fam-a/s7/i1", "family": "fam-a", "verdict": "fail",
     "reason": "distance: error 1e-3 exceeds tolerance",
     "timing": {"median_ns": 200, "min_ns": 200, "max_ns": 200, "repetitions": 1}},
    {"algorithm": "alpha", "case": "<script>alert(1)</script>", "family": "fam-b",
     "verdict": "pass", "reason": "",
     "timing": {"median_ns": 400, "min_ns": 400, "max_ns": 400, "repetitions": 1}},
    {"algorithm": "alpha", "case": "fam-b/s7/i3", "family": "fam-b", "verdict": "ambiguous",
     "reason": "relation: inside the band",
     "timing": {"median_ns": 400, "min_ns": 400, "max_ns": 400, "repetitions": 1}},
    {"algorithm": "beta", "case": "fam-a/s7/i0", "family": "fam-a", "verdict": "pass",
     "reason": "", "timing": {"median_ns": 1000, "min_ns": 1000, "max_ns": 1000, "repetitions": 1}},
    {"algorithm": "beta", "case": "fam-a/s7/i1", "family": "fam-a", "verdict": "pass",
     "reason": "", "timing": {"median_ns": 2000, "min_ns": 2000, "max_ns": 2000, "repetitions": 1}},
    {"algorithm": "beta", "case": "<script>alert(1)</script>", "family": "fam-b",
     "verdict": "error", "reason": "<img src=x onerror=alert(2)>",
     "timing": {"median_ns": 0, "min_ns": 0, "max_ns": 0, "repetitions": 0}},
    {"algorithm": "beta", "case": "fam-b/s7/i3", "family": "fam-b", "verdict": "unsupported",
     "reason": "not declared",
     "timing": {"median_ns": 0, "min_ns": 0, "max_ns": 0, "repetitions": 0}}
  ],
  "summary": [], "benchmarks": [],
  "load_errors": [{"file": "bad.json", "case": "x<y", "field": "shapes.A", "message": "missing"}]
})");
}

// A compare document as harness/compare writes it: one correctness regression, one slower
// family, one unchanged case row (not listed) and one unchanged family row.
json hand_made_comparison() {
  return json::parse(R"({
  "rows": [
    {"algorithm": "beta", "case": "fam-a/s7/i0", "level": "case", "base_verdict": "pass",
     "new_verdict": "pass", "base_median_ns": 1000, "new_median_ns": 1000, "ratio": 1.0,
     "p_value": 0.9, "base_repetitions": 5, "new_repetitions": 5, "flag": "unchanged"},
    {"algorithm": "beta", "family": "fam-a", "level": "family", "base_verdict": "pass",
     "new_verdict": "pass", "base_median_ns": 1500, "new_median_ns": 1500, "ratio": 1.0,
     "p_value": 0.8, "base_repetitions": 10, "new_repetitions": 10, "flag": "unchanged"},
    {"algorithm": "alpha", "family": "fam-b", "level": "family", "base_verdict": "pass",
     "new_verdict": "pass", "base_median_ns": 300, "new_median_ns": 400, "ratio": 1.333,
     "p_value": 0.001, "base_repetitions": 10, "new_repetitions": 10, "flag": "slower"},
    {"algorithm": "alpha", "case": "fam-a/s7/i1", "level": "case", "base_verdict": "pass",
     "new_verdict": "fail", "base_median_ns": 200, "new_median_ns": 200, "ratio": 1.0,
     "p_value": 1.0, "base_repetitions": 1, "new_repetitions": 1, "flag": "correctness"}
  ],
  "summary": {"per_algorithm": [
      {"algorithm": "alpha", "geomean_ratio": 1.23, "correctness_regressions": 1,
       "timing_regressions": 1},
      {"algorithm": "beta", "geomean_ratio": 0.98, "correctness_regressions": 0,
       "timing_regressions": 0}],
    "geomean_ratio": 1.1, "correctness_regressions": 1, "timing_regressions": 1,
    "warnings": ["fewer than 9 repetitions: <alpha> p-values are coarse"]}
})");
}

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::string page_of(const json& report, const json* comparison = nullptr) {
  return html_report(read_report_model(report), comparison, {"r.json", "base.json", 50});
}

TEST(HtmlReport, EscapesEveryMarkupCharacter) {
  EXPECT_EQ(html_escape("<a href='x'>&\"</a>"), "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;");
  EXPECT_EQ(html_escape(std::string("ok\xff")), "ok\\xff");  // invalid UTF-8 made visible
}

TEST(HtmlReport, ReportTextNeverBecomesMarkup) {
  const std::string page = page_of(hand_made_report());
  EXPECT_NE(page.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(page.find("&lt;img src=x onerror=alert(2)&gt;"), std::string::npos);
  EXPECT_EQ(page.find("<img"), std::string::npos);
  EXPECT_EQ(occurrences(page, "<script"), 1u);        // the page's own filter script only
  EXPECT_NE(page.find("x&lt;y"), std::string::npos);  // a load error's case id
  // Nothing to fetch: no link, no source, no address.
  EXPECT_EQ(page.find("http"), std::string::npos);
  EXPECT_EQ(page.find("src=\""), std::string::npos);
  EXPECT_EQ(page.find("href=\""), std::string::npos);
}

TEST(HtmlReport, SectionsAndMatrixCounts) {
  const std::string page = page_of(hand_made_report());
  for (const char* id : {"summary", "verdict-matrix", "time-distributions", "scaling", "failures",
                         "context", "load-errors"})
    EXPECT_NE(page.find("<section id=\"" + std::string(id) + "\""), std::string::npos) << id;
  EXPECT_EQ(page.find("id=\"comparison\""), std::string::npos);  // no BASE, no comparison
  for (const char* cell :
       {"alpha × fam-a: 1 pass, 0 ambiguous, 0 unsupported, 1 fail, 0 error",
        "alpha × fam-b: 1 pass, 1 ambiguous, 0 unsupported, 0 fail, 0 error",
        "beta × fam-a: 2 pass, 0 ambiguous, 0 unsupported, 0 fail, 0 error",
        "beta × fam-b: 0 pass, 0 ambiguous, 1 unsupported, 0 fail, 1 error",
        "alpha × all families: 2 pass, 1 ambiguous, 0 unsupported, 1 fail, 0 error",
        "beta × all families: 2 pass, 0 ambiguous, 1 unsupported, 0 fail, 1 error"})
    EXPECT_NE(page.find("title=\"" + std::string(cell) + "\""), std::string::npos) << cell;
  // The worst verdict colours a cell.
  EXPECT_NE(page.find("<td class=\"cell v-fail\" title=\"alpha × fam-a"), std::string::npos);
  EXPECT_NE(page.find("<td class=\"cell v-error\" title=\"beta × fam-b"), std::string::npos);
  EXPECT_NE(page.find("<td class=\"cell v-pass\" title=\"beta × fam-a"), std::string::npos);
  for (const char* total :
       {"total-pass\">4 pass", "total-ambiguous\">1 ambiguous", "total-unsupported\">1 unsupported",
        "total-fail\">1 fail", "total-error\">1 error"})
    EXPECT_NE(page.find(total), std::string::npos) << total;
  EXPECT_NE(page.find("Failures and errors (2)"), std::string::npos);
  // More families than algorithms: families run down the page, "all families" is the last row;
  // the counts stay the same.
  json wide = hand_made_report();
  wide["results"][0]["family"] = "fam-c";
  const std::string transposed = page_of(wide);
  EXPECT_NE(transposed.find("<table id=\"verdict-matrix-table\"><thead><tr><th>family</th>"),
            std::string::npos);
  EXPECT_NE(transposed.find("<tr><th>all families</th>"), std::string::npos);
  EXPECT_NE(transposed.find("title=\"alpha × fam-c: 1 pass, 0 ambiguous, 0 unsupported, 0 fail, "
                            "0 error\""),
            std::string::npos);
  EXPECT_NE(transposed.find("title=\"alpha × all families: 2 pass, 1 ambiguous, 0 unsupported, 1 "
                            "fail, 0 error\""),
            std::string::npos);
  EXPECT_NE(page.find("<th>libraries.cgal</th><td><code>5.5.1</code>"), std::string::npos);
}

// The page reads what the runners write today (touchstone-report/2, with raw repetition times),
// not only the hand-made version-1 report above: a real run of the example cases.
TEST(HtmlReport, ReadsTheReportTheRunnerWrites) {
  const auto loaded = load_cases(std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/examples");
  std::vector<const ProximityAlgorithmInfo*> algorithms{ProximityRegistry::builtin().find("gjk")};
  ReferenceCache cache;
  ProximityRunOptions options;
  options.repetitions = 3;
  options.isolation = Isolation::none;
  const json report = make_report(run_proximity(loaded.proximity, algorithms, options, cache),
                                  options, {"touchstone run --test", 1});
  ASSERT_EQ(report["format"], "touchstone-report/2");
  const std::string page = page_of(report);
  EXPECT_NE(page.find("<section id=\"verdict-matrix\""), std::string::npos);
  EXPECT_NE(page.find("title=\"gjk × all families: "), std::string::npos);
}

TEST(HtmlReport, FailuresCarryTheCommandThatReplaysThem) {
  const std::string page = page_of(hand_made_report());
  // The recorded command keeps its options; --out, --cases and --algorithms are replaced.
  EXPECT_NE(page.find("<code>/opt/ts/touchstone run --quiet --seed 7 --tol-distance 1e-6 "
                      "--algorithms alpha --cases fam-a --out replay.json</code>"),
            std::string::npos);
  EXPECT_NE(page.find("<code>/opt/ts/touchstone run --quiet --seed 7 --tol-distance 1e-6 "
                      "--algorithms beta --cases mine.json --out replay.json</code>"),
            std::string::npos);
  // The cap per algorithm counts what it leaves out.
  const std::string capped =
      html_report(read_report_model(hand_made_report()), nullptr, {"r.json", "", 0});
  EXPECT_NE(capped.find("not shown: alpha 1; beta 1;"), std::string::npos);
}

TEST(HtmlReport, ReplayOfEachKind) {
  EXPECT_EQ(replay_command({"motion",
                            "touchstone motion --omega 1,2 --out m.json",
                            "gjk/warm",
                            "motion-cube/s1/i0/w0/f0",
                            json{{"family", "motion-cube"}, {"seed", 1}},
                            {}}),
            "touchstone motion --omega 1,2 --algorithms gjk --modes warm --families motion-cube "
            "--seed 1 --out replay.json");
  EXPECT_EQ(
      replay_command({"motion", "", "vclip/cold", "x", json{{"file", "my cases.json"}}, {}}),
      "touchstone motion --algorithms vclip --modes cold --families '' --cases 'my cases.json' "
      "--out replay.json");
  EXPECT_EQ(replay_command({"forces",
                            "ts forces --solvers a,b --repetitions 3",
                            "lemke",
                            "pile/n10",
                            json{{"scene", "pile/n7"}},
                            {}}),
            "ts forces --repetitions 3 --solvers lemke --cases pile/n10 --out replay.json");
  EXPECT_EQ(replay_command({"regions",
                            "ts regions --families 'l-*' --seed 2",
                            "allpairs",
                            "l/s2/i0",
                            json{{"family", "l-block"}, {"seed", 2}},
                            {}}),
            "ts regions --seed 2 --algorithms allpairs --families l-block --out replay.json");
  // Nothing known to run again: no command.
  EXPECT_EQ(replay_command({"run", "ts run", "gjk", "x", json::object(), {}}), "");
  EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
}

TEST(HtmlReport, RobustnessReport) {
  const json report = json::parse(R"({
    "format": "touchstone-robustness/1", "experiment": "two cubes", "seed": 3, "trials": 10,
    "first_trial": 0, "seconds": 1.5, "isolation": "all",
    "tolerances": {"distance_relative": 1e-9, "band_relative": 1e-9},
    "algorithms": [
      {"name": "a", "mode": "warm", "trials": 10, "problems": 3, "error": 1, "ambiguous": 2,
       "unsupported": 0},
      {"name": "b", "mode": "cold", "trials": 10, "problems": 1, "error": 1, "ambiguous": 0,
       "unsupported": 0}],
    "failing_trials": [{"case": "robustness-face/s3/i17",
      "origin": {"family": "robustness-face", "seed": 3, "index": 17},
      "problems": "a: failed: cycling; b: threw: boom"}]})");
  const ReportModel model = read_report_model(report);
  ASSERT_EQ(model.rows.size(), 2u);
  EXPECT_EQ(model.rows[0].algorithm, "a");
  EXPECT_EQ(model.rows[0].verdict, "fail");
  EXPECT_EQ(model.rows[0].reason, "failed: cycling");
  EXPECT_EQ(model.rows[1].verdict, "error");
  EXPECT_EQ(model.rows[1].reason, "threw: boom");
  EXPECT_EQ(model.rows[0].replay,
            "touchstone robustness --tol-distance 1e-09 --band 1e-09 --algorithms a "
            "--first-trial 17 --trials 1 --seed 3 --out replay.json");
  // a: 10 trials, 3 problems of which 1 error, 2 ambiguous: 5 pass, 2 fail.
  const std::string page = html_report(model, nullptr, {});
  EXPECT_NE(page.find("a × robustness: 5 pass, 2 ambiguous, 0 unsupported, 2 fail, 1 error"),
            std::string::npos);
  EXPECT_NE(page.find("No timings in this report."), std::string::npos);
  EXPECT_NE(page.find("<th>experiment</th><td><code>two cubes</code>"), std::string::npos);
}

// A strict-mode robustness failure replays in strict mode; a proximity report's summary quantiles
// of errors in ulps become the table algorithm × family (median / p99 / max; null is ∞).
TEST(HtmlReport, StrictModeReplayAndErrorsInUlps) {
  const json robustness = json::parse(R"({
    "format": "touchstone-robustness/1", "experiment": "two cubes", "seed": 3, "trials": 1,
    "first_trial": 0, "seconds": 1.5, "isolation": "all",
    "tolerances": {"distance_relative": 1e-9, "band_relative": 1e-9, "mode": "ulps", "ulps": 16},
    "algorithms": [{"name": "a", "mode": "warm", "trials": 1, "problems": 1, "error": 0,
                    "ambiguous": 0, "unsupported": 0}],
    "failing_trials": [{"case": "robustness-face/s3/i0",
      "origin": {"family": "robustness-face", "seed": 3, "index": 0}, "problems": "a: x"}]})");
  EXPECT_EQ(read_report_model(robustness).rows.at(0).replay,
            "touchstone robustness --tol-distance 1e-09 --band 1e-09 --tolerance-mode ulps "
            "--tol-ulps 16 --algorithms a --first-trial 0 --trials 1 --seed 3 --out replay.json");
  json report = hand_made_report();
  report["summary"] = json::parse(R"([
    {"algorithm": "alpha", "family": "fam-a", "error_ulps": {"count": 2, "p50": 0.5, "p99": 3,
                                                            "max": 12}},
    {"algorithm": "alpha", "family": "*", "error_ulps": {"count": 4, "p50": 1, "p99": 12,
                                                        "max": null}},
    {"algorithm": "beta", "family": "*", "error_ulps": {"count": 0}}])");
  const std::string page = page_of(report);
  EXPECT_NE(page.find("<section id=\"error-ulps\""), std::string::npos);
  EXPECT_NE(page.find("<tr><th>alpha</th><td>0.5 / 3 / 12</td><td>–</td><td>1 / 12 / ∞</td></tr>"),
            std::string::npos);
  EXPECT_NE(page.find("<tr><th>beta</th><td>–</td><td>–</td><td>–</td></tr>"), std::string::npos);
  EXPECT_EQ(page_of(hand_made_report()).find("id=\"error-ulps\""), std::string::npos);
}

TEST(HtmlReport, TimeDistributionsAndScaling) {
  // Quartiles by linear interpolation: {1, 2, 3, 4} -> 1.75, 2.5, 3.25.
  const auto b = box_stats({4, 1, 3, 2});
  ASSERT_TRUE(b);
  EXPECT_DOUBLE_EQ(b->q1, 1.75);
  EXPECT_DOUBLE_EQ(b->median, 2.5);
  EXPECT_DOUBLE_EQ(b->q3, 3.25);
  EXPECT_FALSE(box_stats({}));
  const std::string page = page_of(hand_made_report());
  // alpha on fam-a: c1's five repetitions and c2's median: {80, 90, 100, 110, 120, 200}.
  EXPECT_NE(page.find("alpha: n=6, min 80 ns"), std::string::npos);
  EXPECT_NE(page.find("median 105 ns"), std::string::npos);
  EXPECT_NE(page.find("max 200 ns"), std::string::npos);
  EXPECT_NE(page.find("id=\"box-all\""), std::string::npos);
  EXPECT_NE(page.find("id=\"box-family-1\""), std::string::npos);
  // Three sizes (8, 16, 32): the vertex plot; no contacts in a proximity report.
  EXPECT_NE(page.find("id=\"scaling-vertices\""), std::string::npos);
  EXPECT_NE(page.find("alpha: 32, 400 ns"), std::string::npos);
  EXPECT_EQ(page.find("id=\"scaling-contacts\""), std::string::npos);
  // Two sizes do not make a plot.
  json two = hand_made_report();
  two["cases"][2]["vertex_counts"] = json::array({8, 8});
  two["cases"][3]["vertex_counts"] = json::array({8, 8});
  EXPECT_NE(page_of(two).find("do not vary their vertex or contact count"), std::string::npos);
}

TEST(HtmlReport, DegradesWhenSectionsHaveNoData) {
  const json forces = json::parse(R"({"format": "touchstone-report/1", "context": {},
    "force_cases": [{"id": "table", "family": "table", "contacts": 4}],
    "force_results": [{"algorithm": "lemke", "case": "table", "verdict": "pass", "reason": "",
                       "timing": {"median_ns": 0, "repetitions": 0}}]})");
  const std::string page = page_of(forces);
  EXPECT_NE(page.find("No timings in this report."), std::string::npos);
  EXPECT_NE(page.find("No result failed or raised an error."), std::string::npos);
  EXPECT_NE(page.find("This report records no context."), std::string::npos);
  EXPECT_EQ(read_report_model(forces).kind, "forces");
  const std::string empty =
      page_of(json::parse(R"({"format": "touchstone-report/1", "region_results": []})"));
  EXPECT_NE(empty.find("No results in this report."), std::string::npos);
  EXPECT_EQ(empty.find("Inside the ε band"), std::string::npos);
}

// Regions inside the ε band: the section counts the answers carrying an ε-closure check by
// verdict and names the checks left ambiguous.
TEST(HtmlReport, BandSectionNamesUndecidedChecks) {
  const json report = json::parse(R"({"format": "touchstone-report/1", "region_results": [
    {"algorithm": "x", "case": "c1", "verdict": "pass", "checks": [
      {"name": "ε-closure", "verdict": "pass"}, {"name": "points", "verdict": "pass"}]},
    {"algorithm": "x", "case": "c2", "verdict": "ambiguous", "checks": [
      {"name": "ε-closure", "verdict": "pass"}, {"name": "missing region", "verdict": "ambiguous"}]},
    {"algorithm": "x", "case": "c3", "verdict": "ambiguous", "checks": [
      {"name": "relation", "verdict": "ambiguous"}]}]})");
  const std::string page = page_of(report);
  const auto at = page.find("<section id=\"band\">");
  ASSERT_NE(at, std::string::npos);
  EXPECT_NE(page.find("<td>x</td><td>1</td><td>0</td><td>1</td><td>missing region 1</td>", at),
            std::string::npos)
      << page.substr(at, 800);
}

// Region and proximity reports: each failing and each ambiguous row carries the `touchstone show`
// command for its case and algorithm (docs/show.md), run by the program that wrote the report;
// other kinds' rows do not.
TEST(HtmlReport, RegionRowsCarryTheShowCommand) {
  const json report = json::parse(R"({"format": "touchstone-report/1",
    "context": {"command_line": "/opt/ts/touchstone regions --families 'l-*'"},
    "region_results": [
      {"algorithm": "x", "case": "c1", "verdict": "pass", "checks": []},
      {"algorithm": "x", "case": "my case", "verdict": "fail", "checks": []},
      {"algorithm": "y", "case": "c3", "verdict": "ambiguous", "checks": []}]})");
  const std::string page = html_report(read_report_model(report), nullptr, {"out/r.json", "", 50});
  const auto failures = page.find("<section id=\"failures\">");
  const auto ambiguous = page.find("<section id=\"ambiguous\">");
  ASSERT_NE(failures, std::string::npos);
  ASSERT_NE(ambiguous, std::string::npos) << "no ambiguous section";
  EXPECT_NE(
      page.find("<code>/opt/ts/touchstone show &#39;my case&#39; --report out/r.json --algorithm x "
                "-o show.html</code>",
                failures),
      std::string::npos);
  EXPECT_NE(page.find("<code>/opt/ts/touchstone show c3 --report out/r.json --algorithm y -o "
                      "show.html</code>",
                      ambiguous),
            std::string::npos);
  EXPECT_NE(page.find("Ambiguous answers (1)"), std::string::npos);
  EXPECT_EQ(page.find("show c1 "), std::string::npos);  // passing rows have none
  // A proximity report's failing and ambiguous rows carry it too (page_of: source r.json).
  const std::string proximity = page_of(hand_made_report());
  EXPECT_NE(proximity.find("<code>/opt/ts/touchstone show fam-a/s7/i1 --report r.json --algorithm "
                           "alpha -o show.html</code>",
                           proximity.find("<section id=\"failures\">")),
            std::string::npos);
  EXPECT_NE(proximity.find("<code>/opt/ts/touchstone show fam-b/s7/i3 --report r.json --algorithm "
                           "alpha -o show.html</code>",
                           proximity.find("<section id=\"ambiguous\">")),
            std::string::npos);
  // Kinds show does not draw have no show column.
  json forces = json::parse(R"({"format": "touchstone-report/1", "force_results": [
      {"algorithm": "x", "case": "c1", "verdict": "fail", "checks": []}]})");
  EXPECT_EQ(page_of(forces).find("<th>show</th>"), std::string::npos);
}

TEST(HtmlReport, BadReportsNameTheField) {
  json bad = hand_made_report();
  bad["results"][1]["verdict"] = "maybe";
  try {
    read_report_model(bad);
    ADD_FAILURE() << "accepted a verdict 'maybe'";
  } catch (const ReportShapeError& e) {
    EXPECT_EQ(e.field(), "results[1].verdict");
  }
  bad = hand_made_report();
  bad["results"][0].erase("case");
  EXPECT_THROW(read_report_model(bad), ReportShapeError);
  try {
    read_report_model(json{{"format", "touchstone-case/1"}});
    ADD_FAILURE() << "accepted a case document";
  } catch (const ReportShapeError& e) {
    EXPECT_EQ(e.field(), "format");
  }
}

TEST(HtmlReport, ComparisonSection) {
  const json comparison = hand_made_comparison();
  const std::string page = page_of(hand_made_report(), &comparison);
  const auto section = page.find("<section id=\"comparison\">");
  ASSERT_NE(section, std::string::npos);
  EXPECT_NE(page.find("Comparison with base.json"), std::string::npos);
  // Correctness first, then slower, then unchanged families; unchanged cases are counted only.
  const auto correctness = page.find("<tr class=\"flag-correctness\"><td>correctness</td>");
  const auto slower = page.find("<tr class=\"flag-slower\"><td>slower</td>");
  const auto unchanged = page.find("<tr class=\"flag-unchanged\"><td>unchanged</td><td>family");
  ASSERT_NE(correctness, std::string::npos);
  EXPECT_LT(correctness, slower);
  EXPECT_LT(slower, unchanged);
  EXPECT_EQ(occurrences(page, "<tr class=\"flag-unchanged\">"), 1u);
  EXPECT_NE(page.find("1 unchanged case rows not listed"), std::string::npos);
  EXPECT_NE(page.find("<th>alpha</th><td class=\"num\">1.23</td>"), std::string::npos);
  EXPECT_NE(page.find("correctness regressions: <b>1</b>"), std::string::npos);
  EXPECT_NE(page.find("fewer than 9 repetitions: &lt;alpha&gt;"), std::string::npos);
}

TEST(HtmlReport, CommandWritesThePageAndRejectsBadInput) {
  const fs::path dir = fs::temp_directory_path() / ("touchstone-html-" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "r.json") << hand_made_report().dump();
  std::ofstream(dir / "bad.json") << R"({"format": "touchstone-report/1", "results": [{}]})";
  ReportCli cli;
  cli.report = (dir / "r.json").string();
  cli.out = (dir / "out" / "r.html").string();
  EXPECT_EQ(run_report_command(cli), 0);
  EXPECT_TRUE(fs::exists(cli.out));
  cli.report = (dir / "bad.json").string();
  testing::internal::CaptureStderr();
  EXPECT_EQ(run_report_command(cli), 2);
  cli.report = (dir / "missing.json").string();
  EXPECT_EQ(run_report_command(cli), 2);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("bad.json: results[0].algorithm: expected a string"), std::string::npos)
      << err;
  EXPECT_NE(err.find("cannot read report " + cli.report), std::string::npos) << err;
  // With BASE and a control, the comparison divides the control's drift out; a control the
  // reports do not have is an error naming it.
  cli.report = (dir / "r.json").string();
  cli.base = (dir / "r.json").string();
  cli.control = "alpha";
  EXPECT_EQ(run_report_command(cli), 0);
  std::ifstream written(cli.out);
  const std::string page((std::istreambuf_iterator<char>(written)), {});
  EXPECT_NE(page.find("Comparison with"), std::string::npos);
  cli.control = "gamma";
  testing::internal::CaptureStderr();
  EXPECT_EQ(run_report_command(cli), 2);
  const std::string control_err = testing::internal::GetCapturedStderr();
  EXPECT_NE(control_err.find("control: no results of algorithm \"gamma\""), std::string::npos)
      << control_err;
  fs::remove_all(dir);
}

TEST(HtmlReportInChromium, RendersWithoutConsoleErrors) {
  if (!test_support::chromium_installed())
    GTEST_SKIP() << "chromium is not installed (Debian package chromium; "
                    "harness/scripts/install-deps.sh installs it)";
  const fs::path work =
      fs::temp_directory_path() / ("touchstone-chromium-" + std::to_string(getpid()));
  fs::create_directories(work);
  // The capture sees a console error when there is one (so its silence below means something).
  std::ofstream(work / "broken.html") << "<!DOCTYPE html><html><body><p id=\"x\">x</p><script>"
                                         "no_such_function();</script></body></html>";
  const test_support::Rendered broken =
      test_support::render_page(work / "broken.html", work / "broken.png", work);
  ASSERT_EQ(broken.status, 0) << broken.log;
  EXPECT_NE(test_support::console_lines(broken.log).find("Uncaught ReferenceError"),
            std::string::npos)
      << broken.log;

  const json comparison = hand_made_comparison();
  std::ofstream(work / "report.html") << page_of(hand_made_report(), &comparison);
  const fs::path screenshot = fs::absolute("html_report_screenshot.png");
  fs::remove(screenshot);
  const test_support::Rendered page =
      test_support::render_page(work / "report.html", screenshot, work);
  ASSERT_EQ(page.status, 0) << page.log;
  EXPECT_EQ(test_support::console_lines(page.log), "");
  for (const char* id :
       {"summary", "verdict-matrix", "verdict-matrix-table", "comparison", "comparison-table",
        "comparison-geomeans", "time-distributions", "box-all", "scaling-vertices", "failures",
        "failures-table", "failure-filter", "context", "context-table", "load-errors"})
    EXPECT_NE(page.dom.find("id=\"" + std::string(id) + "\""), std::string::npos) << id;
  // The browser made no element of the hostile case id or reason.
  EXPECT_EQ(occurrences(page.dom, "<script"), 1u);
  EXPECT_EQ(page.dom.find("<img"), std::string::npos);
  EXPECT_NE(page.dom.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_TRUE(fs::exists(screenshot) && fs::file_size(screenshot) > 10000)
      << "no screenshot at " << screenshot;
  fs::remove_all(work);
}

}  // namespace
}  // namespace touchstone
