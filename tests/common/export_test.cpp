// `touchstone export`: a report's summary as Google Benchmark JSON, github-action-benchmark's
// customSmallerIsBetter array and Bencher's BMF, each with time and correctness measures; the
// expected documents are written out by hand from the summary below; several runs of one build
// with their interval over the runs.
#include "harness/compare/export.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "tests/support/cli_process.hpp"

namespace touchstone {
namespace {

using nlohmann::json;
using test_support::run_cli;
using test_support::TempDir;

json summary_row(const std::string& family, int pass, int fail, int ambiguous, int error,
                 json median) {
  return {{"algorithm", "gjk"},     {"family", family},
          {"pass", pass},           {"fail", fail},
          {"ambiguous", ambiguous}, {"unsupported", 0},
          {"error", error},         {"total", pass + fail + ambiguous + error},
          {"median_ns", median}};
}

// gjk on two families: fam-a 3 pass and 1 fail at 1200 ns, fam-b 1 ambiguous and 1 error at
// 800 ns; "*" sums them (median 1000 ns over the timed results).
json sample_report() {
  return {{"format", "touchstone-report/2"},
          {"context", {{"host_name", "h"}, {"num_cpus", 2}}},
          {"summary",
           {summary_row("*", 3, 1, 1, 1, 1000.0), summary_row("fam-a", 3, 1, 0, 0, 1200.0),
            summary_row("fam-b", 0, 0, 1, 1, 800.0)}}};
}

TEST(Export, GoogleBenchmarkEntriesPerAlgorithmAndFamilyWithCorrectnessCounters) {
  const json out = export_report(sample_report(), ExportFormat::gbench);
  EXPECT_EQ(out["context"]["host_name"], "h");
  ASSERT_EQ(out["benchmarks"].size(), 2u);
  const json& a = out["benchmarks"][0];
  EXPECT_EQ(a["name"], "gjk/fam-a");
  EXPECT_EQ(a["run_type"], "iteration");
  EXPECT_EQ(a["iterations"], 4);
  EXPECT_EQ(a["real_time"], 1200.0);
  EXPECT_EQ(a["cpu_time"], 1200.0);
  EXPECT_EQ(a["time_unit"], "ns");
  EXPECT_EQ(a["failures"], 1);
  EXPECT_EQ(a["fail"], 1);
  EXPECT_EQ(a["ambiguous"], 0);
  EXPECT_EQ(a["error"], 0);
  const json& b = out["benchmarks"][1];
  EXPECT_EQ(b["name"], "gjk/fam-b");
  EXPECT_EQ(b["real_time"], 800.0);
  EXPECT_EQ(b["failures"], 1);  // the error
  EXPECT_EQ(b["ambiguous"], 1);
  EXPECT_EQ(b["error"], 1);
}

TEST(Export, CustomSmallerIsBetterArray) {
  const std::string extra_all = "pass 3, fail 1, ambiguous 1, unsupported 0, error 1 of 6 results";
  const json expected = json::parse(R"([
    {"name": "gjk/*/median", "unit": "ns", "value": 1000.0,
     "extra": "pass 3, fail 1, ambiguous 1, unsupported 0, error 1 of 6 results"},
    {"name": "gjk/fam-a/median", "unit": "ns", "value": 1200.0,
     "extra": "pass 3, fail 1, ambiguous 0, unsupported 0, error 0 of 4 results"},
    {"name": "gjk/fam-b/median", "unit": "ns", "value": 800.0,
     "extra": "pass 0, fail 0, ambiguous 1, unsupported 0, error 1 of 2 results"},
    {"name": "gjk/fail", "unit": "results", "value": 1,
     "extra": "pass 3, fail 1, ambiguous 1, unsupported 0, error 1 of 6 results"},
    {"name": "gjk/ambiguous", "unit": "results", "value": 1,
     "extra": "pass 3, fail 1, ambiguous 1, unsupported 0, error 1 of 6 results"},
    {"name": "gjk/error", "unit": "results", "value": 1,
     "extra": "pass 3, fail 1, ambiguous 1, unsupported 0, error 1 of 6 results"}
  ])");
  EXPECT_EQ(export_report(sample_report(), ExportFormat::custom), expected);
  EXPECT_EQ(expected[0]["extra"], extra_all);
}

TEST(Export, BencherMetricFormat) {
  const json expected = json::parse(R"({
    "gjk": {"latency": {"value": 1000.0}, "fail-count": {"value": 1},
            "ambiguous-count": {"value": 1}, "error-count": {"value": 1}},
    "gjk/fam-a": {"latency": {"value": 1200.0}},
    "gjk/fam-b": {"latency": {"value": 800.0}}
  })");
  EXPECT_EQ(export_report(sample_report(), ExportFormat::bmf), expected);
}

TEST(Export, AFamilyWithoutTimesKeepsItsCountsButGetsNoTime) {
  json report = sample_report();
  report["summary"][2]["median_ns"] = nullptr;  // every fam-b result an error, say
  const json bmf = export_report(report, ExportFormat::bmf);
  EXPECT_FALSE(bmf.contains("gjk/fam-b"));
  EXPECT_EQ(bmf["gjk"]["error-count"]["value"], 1);
  EXPECT_EQ(export_report(report, ExportFormat::custom).size(), 5u);
}

TEST(Export, ABrokenReportIsRejectedNamingTheField) {
  json report = sample_report();
  report["summary"][1]["fail"] = -1;
  try {
    export_report(report, ExportFormat::bmf);
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "summary[1].fail: missing or not a count");
  }
  report = sample_report();
  report.erase("format");
  EXPECT_THROW(export_report(report, ExportFormat::gbench), std::invalid_argument);
}

// Three runs of one build whose fam-a times are 1000, 1100 and 1210 ns (log steps of ln 1.1):
// geometric mean 1100, sample sd of the logs ln 1.1, so the 95% interval is
// 1100 · exp(±4.302652730 · ln 1.1 / √3) (4.3026... is Student's t 0.975 quantile with 2 degrees
// of freedom, (2·0.975 − 1)/√(2·0.975·0.025)); counts are the largest over the runs.
std::vector<json> three_runs() {
  std::vector<json> runs;
  for (int r = 0; r < 3; ++r) {
    json report = sample_report();
    report["summary"][1]["median_ns"] = 1000.0 * std::pow(1.1, r);
    report["summary"][1]["fail"] = r == 1 ? 2 : 1;
    runs.push_back(report);
  }
  return runs;
}

TEST(Export, SeveralRunsGiveTheGeometricMeanAndItsIntervalOverRuns) {
  const double half = 4.302652730 * std::log(1.1) / std::sqrt(3.0);
  const double low = 1100.0 * std::exp(-half), high = 1100.0 * std::exp(half);
  const json bmf = export_runs(three_runs(), ExportFormat::bmf);
  const json& latency = bmf["gjk/fam-a"]["latency"];
  EXPECT_NEAR(latency["value"].get<double>(), 1100.0, 1e-9);
  EXPECT_NEAR(latency["lower_value"].get<double>(), low, 1e-5);
  EXPECT_NEAR(latency["upper_value"].get<double>(), high, 1e-5);
  // fam-b has the same time in every run: a zero-width interval.
  EXPECT_NEAR(bmf["gjk/fam-b"]["latency"]["lower_value"].get<double>(), 800.0, 1e-9);
  const json custom = export_runs(three_runs(), ExportFormat::custom);
  EXPECT_EQ(custom[1]["name"], "gjk/fam-a/median");
  char range[96];
  std::snprintf(range, sizeof range, "95%% over 3 runs: %.1f-%.1f ns", low, high);
  EXPECT_EQ(custom[1]["range"], range);
  EXPECT_EQ(custom[1]["extra"], "pass 3, fail 2, ambiguous 0, unsupported 0, error 0 of 5 results");
  const json gbench = export_runs(three_runs(), ExportFormat::gbench);
  EXPECT_EQ(gbench["benchmarks"][0]["runs"], 3);
  EXPECT_NEAR(gbench["benchmarks"][0]["run_high_ns"].get<double>(), high, 1e-5);
  // One report: export_report, no interval.
  EXPECT_EQ(export_runs({sample_report()}, ExportFormat::bmf),
            export_report(sample_report(), ExportFormat::bmf));
  std::vector<json> broken = three_runs();
  broken[2]["summary"][0]["pass"] = "x";
  try {
    export_runs(broken, ExportFormat::bmf);
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "run 3: summary[0].pass: missing or not a count");
  }
}

TEST(ExportCli, WritesTheFileAndRejectsBadInput) {
  TempDir dir("touchstone-export-cli");
  std::ofstream(dir / "r.json") << sample_report().dump();
  const auto ok = run_cli({"export", dir / "r.json", "--format", "bmf", "-o", dir / "out.json"});
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_EQ(json::parse(test_support::read_text(dir / "out.json")),
            export_report(sample_report(), ExportFormat::bmf));
  EXPECT_EQ(run_cli({"export", dir / "r.json", "--format", "csv", "-o", dir / "x.json"}).code, 2);
  std::ofstream(dir / "bad.json") << R"({"format": "touchstone-report/2", "summary": 3})";
  const auto bad = run_cli({"export", dir / "bad.json", "--format", "custom", "-o", dir / "x"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("bad.json: summary: missing or not an array"), std::string::npos)
      << bad.err;
  // A directory of runs, and a broken run named by its file.
  std::filesystem::create_directories(dir / "runs");
  const std::vector<json> runs = three_runs();
  for (int r = 0; r < 3; ++r)
    std::ofstream(dir / ("runs/r" + std::to_string(r) + ".json")) << runs[r].dump();
  EXPECT_EQ(run_cli({"export", dir / "runs", "--format", "bmf", "-o", dir / "runs.json"}).code, 0);
  EXPECT_EQ(json::parse(test_support::read_text(dir / "runs.json")),
            export_runs(runs, ExportFormat::bmf));
  const auto listed = run_cli({"export", dir / "runs/r0.json", dir / "runs/r1.json",
                               dir / "bad.json", "--format", "bmf", "-o", dir / "y.json"});
  EXPECT_EQ(listed.code, 2);
  EXPECT_NE(listed.err.find("bad.json: run 3: summary: missing or not an array"), std::string::npos)
      << listed.err;
}

}  // namespace
}  // namespace touchstone
