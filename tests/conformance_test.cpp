// Conformance suite: every registered proximity algorithm runs through the same checks on the
// shipped example cases and a sample of every degenerate family. A new algorithm is tested here
// by default, on what it declares. No `fail` and no `error` is allowed; `ambiguous` only inside
// the band.
#include <gtest/gtest.h>

#include <set>

#include "tests/support/param_names.hpp"
#include "tests/support/proximity_runs.hpp"

namespace touchstone {
namespace {

class Conformance : public testing::TestWithParam<std::string> {};

// Algorithms allowed to answer `failed` on some degenerate cases: Lin-Canny cycles in degenerate
// configurations (seed 003 §2) and has no features to give when one polytope contains the other.
// Such a failure must be an honest `failed` status with a reason, never a wrong answer claimed ok,
// and stay under a tenth of the sample.
const std::set<std::string> kMayReportFailure = {"lin-canny"};

TEST_P(Conformance, NoFailOrErrorOnExamplesAndFamilySample) {
  const auto* info = ProximityRegistry::builtin().find(GetParam());
  ASSERT_NE(info, nullptr);
  const RunResults run = test_support::run_once(test_support::conformance_cases(), {info});
  int passed = 0, reported_failures = 0;
  for (const auto& r : run.results) {
    const auto& c = run.cases[r.case_index];
    EXPECT_TRUE(c.problems.empty()) << c.spec.id << ": " << c.problems.front();
    if (kMayReportFailure.count(GetParam()) && r.verification.verdict == Verdict::fail &&
        r.output.status == QueryStatus::failed && !r.output.reason.empty()) {
      ++reported_failures;
      continue;
    }
    EXPECT_NE(r.verification.verdict, Verdict::fail) << c.spec.id << ": " << r.verification.reason;
    EXPECT_NE(r.verification.verdict, Verdict::error) << c.spec.id << ": " << r.verification.reason;
    passed += r.verification.verdict == Verdict::pass;
  }
  EXPECT_GT(passed, static_cast<int>(run.results.size()) / 2) << "mostly ambiguous or unsupported";
  EXPECT_LE(reported_failures, static_cast<int>(run.results.size()) / 10);
}

std::vector<std::string> registered_names() {
  std::vector<std::string> names;
  // Peers are held to what they do (peer_conformance_test.cpp), not to this bar.
  for (const auto& a : ProximityRegistry::builtin().all())
    if (a.family != "peer") names.push_back(a.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Registry, Conformance, testing::ValuesIn(registered_names()),
                         test_support::param_name);

}  // namespace
}  // namespace touchstone
