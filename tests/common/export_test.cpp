// `touchstone export`: a report's summary as Google Benchmark JSON, github-action-benchmark's
// customSmallerIsBetter array and Bencher's BMF, each with time and correctness measures; the
// expected documents are written out by hand from the summary below.
#include "harness/compare/export.hpp"

#include <gtest/gtest.h>

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
}

}  // namespace
}  // namespace touchstone
