// The conformance bar as a library function (harness/proximity/conformance.hpp), which an outside
// project runs on its own algorithm: it passes gjk on the shipped examples and catches an
// algorithm that answers wrongly, one that only reports failure, and a case with a problem.
#include <gtest/gtest.h>

#include "tests/support/gjk_variants.hpp"
#include "tests/support/proximity_runs.hpp"

namespace touchstone {
namespace {

// gjk, with the answer changed by `edit`.
class Edited final : public test_support::OverGjk {
 public:
  explicit Edited(void (*edit)(ProximityResult&)) : edit_(edit) {}
  ProximityResult query(const ProximityQuery& in) const override {
    ProximityResult r = gjk_->query(in);
    edit_(r);
    return r;
  }

 private:
  void (*edit_)(ProximityResult&);
};

ProximityAlgorithmInfo edited(const std::string& name, void (*edit)(ProximityResult&)) {
  return test_support::gjk_variant(name, [edit] { return std::make_unique<Edited>(edit); });
}

TEST(ConformanceCheck, PassesGjkAndCatchesWrongAnswersAndFailures) {
  const std::vector<ProximityCase> cases = test_support::example_cases();
  const int n = static_cast<int>(cases.size());
  ASSERT_GT(n, 2);
  const ProximityAlgorithmInfo far =
      edited("far", [](ProximityResult& r) { r.distance = r.distance.value_or(0) + 1.0; });
  const ProximityAlgorithmInfo gives_up = edited("gives-up", [](ProximityResult& r) {
    r.status = QueryStatus::failed;
    r.reason = "iteration cap";
  });
  const ProximityRunResults run =
      test_support::run_once(cases, {ProximityRegistry::builtin().find("gjk"), &far, &gives_up});

  const ConformanceReport gjk = check_conformance(run, "gjk", false);
  EXPECT_EQ(gjk.results, n);
  EXPECT_TRUE(gjk.ok()) << gjk.violations.front();

  // Every answer 1 further than the truth: every case fails, and none passes.
  const ConformanceReport wrong = check_conformance(run, "far", false);
  EXPECT_EQ(wrong.results, n);
  EXPECT_EQ(wrong.passed, 0);
  ASSERT_EQ(wrong.violations.size(), static_cast<std::size_t>(n) + 1);
  EXPECT_NE(wrong.violations[0].find(cases[0].id + ": fail: "), std::string::npos)
      << wrong.violations[0];
  EXPECT_EQ(wrong.violations.back(),
            "(all): 0 of " + std::to_string(n) + " pass: mostly ambiguous or unsupported");

  // Honest failures are allowed to a tenth only: all n of them are too many.
  const ConformanceReport failures = check_conformance(run, "gives-up", true);
  EXPECT_EQ(failures.reported_failures, n);
  EXPECT_EQ(failures.violations.back(), "(all): " + std::to_string(n) + " of " + std::to_string(n) +
                                            " reported failures: more than a tenth");
  // Without the allowance each of them is a fail.
  EXPECT_EQ(check_conformance(run, "gives-up", false).violations.size(),
            static_cast<std::size_t>(n) + 1);

  // A case with a problem breaks the bar whatever the verdicts.
  ProximityRunResults broken = run;
  broken.cases[0].problems.push_back("case is broken");
  const ConformanceReport problem = check_conformance(broken, "gjk", false);
  ASSERT_EQ(problem.violations.size(), 1u);
  EXPECT_EQ(problem.violations[0], cases[0].id + ": case problem: case is broken");
}

}  // namespace
}  // namespace touchstone
