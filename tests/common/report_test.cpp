// The report: real output validates against reports/touchstone-report-1.schema.json (with
// Debian's python3-jsonschema), never carries NaN or Infinity, and the terminal table shows every
// algorithm and family.
#include "harness/proximity/report.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "cases/format/case_loader.hpp"
#include "tests/support/schema_check.hpp"

namespace touchstone {
namespace {

TEST(Report, RealOutputValidatesAgainstSchema) {
  auto loaded = load_cases(std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/examples");
  std::vector<const ProximityAlgorithmInfo*> algorithms;
  for (const auto& a : ProximityRegistry::builtin().all()) algorithms.push_back(&a);
  ReferenceCache cache;
  ProximityRunOptions options;
  options.repetitions = 2;
  ProximityRunResults run = run_proximity(loaded.proximity, algorithms, options, cache);
  run.load_errors.push_back({"x.json", "c", "shapes.A", "example load error"});
  const auto report = make_report(run, options, {"touchstone run --test", 7});

  const std::string text = report.dump(1);
  EXPECT_EQ(text.find("NaN"), std::string::npos);
  EXPECT_EQ(text.find("Infinity"), std::string::npos);
  EXPECT_EQ(report["results"].size(), loaded.proximity.size() * algorithms.size());
  for (const auto& r : report["results"]) {
    EXPECT_TRUE(r.contains("output"));
    EXPECT_TRUE(r["output"].contains("witness_a"));
  }

  EXPECT_TRUE(test_support::matches_report_schema(report, "proximity-report"));
  // The schema is not vacuous: a report with a bad verdict is rejected, and so is one that mixes
  // in another kind's sections.
  auto broken = report;
  broken["results"][0]["verdict"] = "probably";
  EXPECT_TRUE(test_support::rejected_by_report_schema(broken, "proximity-broken"));
  auto negative_ulps = report;  // an error in ulps is a magnitude
  negative_ulps["summary"][0]["error_ulps"]["p50"] = -1.0;
  EXPECT_TRUE(test_support::rejected_by_report_schema(negative_ulps, "proximity-negative-ulps"));
  auto mixed = report;
  mixed["force_cases"] = nlohmann::json::array();
  EXPECT_TRUE(test_support::rejected_by_report_schema(mixed, "proximity-mixed"));
}

TEST(Report, TerminalTableListsAlgorithmsAndFamilies) {
  auto loaded = load_cases(std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/examples");
  std::vector<const ProximityAlgorithmInfo*> algorithms;
  for (const auto& a : ProximityRegistry::builtin().all()) algorithms.push_back(&a);
  ReferenceCache cache;
  const ProximityRunResults run = run_proximity(loaded.proximity, algorithms, {}, cache);
  const std::string table = terminal_table(run);
  for (const auto* a : algorithms) EXPECT_NE(table.find(a->name), std::string::npos);
  for (const auto& c : run.cases) EXPECT_NE(table.find(c.spec.family), std::string::npos);
  int total = 0;
  for (const auto& s : summarize(run))
    if (s.family == "*") total += s.verdicts.total();
  EXPECT_EQ(total, static_cast<int>(run.results.size()));
}

// Nearest rank on a hand-made sample: 1..100 in reverse, so the p-quantile is 100·p itself.
TEST(Report, QuantilesAreNearestRank) {
  std::vector<double> v;
  for (int i = 100; i >= 1; --i) v.push_back(i);
  const auto q = quantiles(v);
  EXPECT_EQ(q["count"], 100);
  EXPECT_EQ(q["min"], 1.0);
  EXPECT_EQ(q["p50"], 50.0);
  EXPECT_EQ(q["p90"], 90.0);
  EXPECT_EQ(q["p99"], 99.0);
  EXPECT_EQ(q["p999"], 100.0);
  EXPECT_EQ(q["max"], 100.0);
  EXPECT_EQ(quantiles({}), nlohmann::json({{"count", 0}}));
  EXPECT_TRUE(quantiles({1.0, std::numeric_limits<double>::infinity()})["max"].is_null());
}

// Errors in ulps by hand: case f at M = 1 (ulp 2^-52), case g at M = 1000 (ulp 2^-43). Algorithm
// a is 5 ulps off on f (its worst check) and 7 on g; b measured nothing (declared but not
// returned) and c threw: neither has an error in ulps.
TEST(Report, SummaryAndTableShowErrorQuantilesInUlps) {
  ProximityRunResults run;
  run.cases.resize(2);
  run.cases[0].spec.id = "f0";
  run.cases[0].spec.family = "f";
  run.cases[0].magnitude = 1.0;
  run.cases[1].spec.id = "g0";
  run.cases[1].spec.family = "g";
  run.cases[1].magnitude = 1000.0;
  const double u1 = std::ldexp(1.0, -52), u1000 = std::ldexp(1.0, -43);
  const auto result = [](std::string algorithm, std::size_t c, std::vector<CheckResult> checks) {
    ProximityResultRecord r;
    r.algorithm = std::move(algorithm);
    r.case_index = c;
    r.verification.checks = std::move(checks);
    return r;
  };
  run.results.push_back(result("a", 0,
                               {{"relation", Verdict::pass, 0, 1, ""},
                                {"distance", Verdict::pass, 2 * u1, 1, ""},
                                {"witness_a", Verdict::pass, 5 * u1, 1, ""}}));
  run.results.push_back(result("a", 1,
                               {{"distance", Verdict::fail, 7 * u1000, 1, "x"},
                                {"features", Verdict::unsupported, 0, 0, "not declared"}}));
  run.results.push_back(
      result("b", 0, {{"distance", Verdict::fail, 0, 0, "declared but not returned"}}));
  run.results.push_back(error_result("c", 1, "threw"));

  const ErrorUlps groups = error_ulps_by_group(run);
  EXPECT_EQ(groups.at({"a", "f"}), std::vector<double>({5.0}));
  EXPECT_EQ(groups.at({"a", "g"}), std::vector<double>({7.0}));
  EXPECT_EQ(groups.at({"a", "*"}), std::vector<double>({5.0, 7.0}));
  EXPECT_EQ(groups.count({"b", "*"}), 0u);
  EXPECT_EQ(groups.count({"c", "*"}), 0u);

  const auto report = make_report(run, {}, {"touchstone run --test", 1});
  EXPECT_EQ(report["results"][0]["checks"][1]["error_ulps"], 2.0);
  EXPECT_EQ(report["results"][0]["error_ulps"], 5.0);
  EXPECT_FALSE(report["results"][2].contains("error_ulps"));
  EXPECT_FALSE(report["results"][1]["checks"][1].contains("error_ulps"));
  for (const auto& row : report["summary"]) {
    if (row["algorithm"] == "a" && row["family"] == "*") {
      EXPECT_EQ(row["error_ulps"]["count"], 2);
      EXPECT_EQ(row["error_ulps"]["p50"], 5.0);
      EXPECT_EQ(row["error_ulps"]["p99"], 7.0);
      EXPECT_EQ(row["error_ulps"]["max"], 7.0);
    }
    if (row["algorithm"] == "b") {
      EXPECT_EQ(row["error_ulps"]["count"], 0);
    }
  }
  const std::string table = terminal_table(run);
  EXPECT_NE(table.find("ulps p50/p99/max"), std::string::npos);
  EXPECT_NE(table.find("5/7/7"), std::string::npos) << table;
}

}  // namespace
}  // namespace touchstone
