// The runner keeps going: an exact reference that does not finish in time becomes a problem of
// its case (and `error` results), and the isolated reference gives the same answer as in-process.
#include "harness/proximity/runner.hpp"

#include <gtest/gtest.h>

#include "cases/families.hpp"
#include "harness/proximity/reference.hpp"

namespace touchstone {
namespace {

ProximityCase big_case() {
  const CaseFamily* f = find_case_family("high-vertex-count");
  // Index 33 draws the 10^4-vertex size (cases/README.md): its reference takes well over 50 ms.
  return f->generate(1, 33);
}

TEST(Runner, IsolatedReferenceMatchesInProcess) {
  const ProximityCase c = find_case_family("vertex-face")->generate(1, 9);
  const Polytope a = Polytope::from_points(c.a.vertices), b = Polytope::from_points(c.b.vertices);
  const ExactProximity direct = exact_reference_isolated(a, c.pose_a, b, c.pose_b, 0);
  const ExactProximity isolated = exact_reference_isolated(a, c.pose_a, b, c.pose_b, 60);
  EXPECT_EQ(direct.relation, isolated.relation);
  EXPECT_EQ(direct.distance_sq_exact, isolated.distance_sq_exact);
  EXPECT_EQ(direct.depth_sq_exact, isolated.depth_sq_exact);
  EXPECT_EQ(direct.witness_a, isolated.witness_a);
}

TEST(Runner, ReferenceTimeoutBecomesAnErrorAndTheRunGoesOn) {
  std::vector<ProximityCase> cases = {big_case(), find_case_family("vertex-face")->generate(1, 0)};
  ASSERT_GE(cases[0].a.vertices.size(), 5000u);
  RunOptions options;
  options.repetitions = 1;
  options.reference_timeout_seconds = 0.05;
  // The small case's reference comes from the cache, so only the 10^4-vertex reference (seconds
  // of work) meets the 50 ms deadline: the test does not depend on how loaded the machine is.
  ReferenceCache cache;
  const Polytope a = Polytope::from_points(cases[1].a.vertices);
  const Polytope b = Polytope::from_points(cases[1].b.vertices);
  store_proximity_reference(cache, case_input_hash(cases[1]),
                            exact_reference_isolated(a, cases[1].pose_a, b, cases[1].pose_b, 0));
  const RunResults run =
      run_proximity(cases, {ProximityRegistry::builtin().find("gjk")}, options, cache);
  ASSERT_EQ(run.results.size(), 2u);
  ASSERT_FALSE(run.cases[0].problems.empty());
  EXPECT_NE(run.cases[0].problems[0].find("timed out"), std::string::npos)
      << run.cases[0].problems[0];
  EXPECT_EQ(run.results[0].verification.verdict, Verdict::error);
  EXPECT_TRUE(run.cases[1].problems.empty());
  EXPECT_EQ(run.results[1].verification.verdict, Verdict::pass);
}

}  // namespace
}  // namespace touchstone
