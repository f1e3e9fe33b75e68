// The report: real output validates against reports/touchstone-report-1.schema.json (with
// Debian's python3-jsonschema), never carries NaN or Infinity, and the terminal table shows every
// algorithm and family.
#include "harness/proximity/report.hpp"

#include <gtest/gtest.h>

#include "cases/format/case_loader.hpp"
#include "tests/support/schema_check.hpp"

namespace touchstone {
namespace {

TEST(Report, RealOutputValidatesAgainstSchema) {
  auto loaded = load_cases(std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/examples");
  std::vector<const ProximityAlgorithmInfo*> algorithms;
  for (const auto& a : ProximityRegistry::builtin().all()) algorithms.push_back(&a);
  ReferenceCache cache;
  RunOptions options;
  options.repetitions = 2;
  RunResults run = run_proximity(loaded.cases, algorithms, options, cache);
  run.load_errors.push_back({"x.json", "c", "shapes.A", "example load error"});
  const auto report = make_report(run, options, {"touchstone run --test", 7});

  const std::string text = report.dump(1);
  EXPECT_EQ(text.find("NaN"), std::string::npos);
  EXPECT_EQ(text.find("Infinity"), std::string::npos);
  EXPECT_EQ(report["results"].size(), loaded.cases.size() * algorithms.size());
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
  auto mixed = report;
  mixed["force_cases"] = nlohmann::json::array();
  EXPECT_TRUE(test_support::rejected_by_report_schema(mixed, "proximity-mixed"));
}

TEST(Report, TerminalTableListsAlgorithmsAndFamilies) {
  auto loaded = load_cases(std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/examples");
  std::vector<const ProximityAlgorithmInfo*> algorithms;
  for (const auto& a : ProximityRegistry::builtin().all()) algorithms.push_back(&a);
  ReferenceCache cache;
  const RunResults run = run_proximity(loaded.cases, algorithms, {}, cache);
  const std::string table = terminal_table(run);
  for (const auto* a : algorithms) EXPECT_NE(table.find(a->name), std::string::npos);
  for (const auto& c : run.cases) EXPECT_NE(table.find(c.spec.family), std::string::npos);
  int total = 0;
  for (const auto& s : summarize(run))
    if (s.family == "*") total += s.verdicts.total();
  EXPECT_EQ(total, static_cast<int>(run.results.size()));
}

}  // namespace
}  // namespace touchstone
