// The runner keeps going: an exact reference that does not finish in time becomes a problem of
// its case (and `error` results), and the isolated reference gives the same answer as in-process.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "cases/families.hpp"
#include "harness/proximity/reference.hpp"
#include "harness/proximity/runner.hpp"

namespace touchstone {
namespace {

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
  // The first case's reference never returns (a test reference that sleeps for ever), so the
  // deadline always expires, however fast or loaded the machine; the second case's reference is
  // already in the cache, so no deadline applies to it.
  const CaseFamily* family = find_case_family("vertex-face");
  std::vector<ProximityCase> cases = {family->generate(1, 1), family->generate(1, 0)};
  ProximityRunOptions options;
  options.repetitions = 1;
  options.reference_timeout_seconds = 0.5;
  const auto real_reference = options.exact_reference;
  const std::vector<Vec3> hanging_vertices = cases[0].a.vertices;
  options.exact_reference = [&](const Polytope& a, const Pose& pa, const Polytope& b,
                                const Pose& pb) {
    if (a.vertices().size() == hanging_vertices.size() &&
        std::equal(hanging_vertices.begin(), hanging_vertices.end(), a.vertices().begin()))
      for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
    return real_reference(a, pa, b, pb);
  };
  ASSERT_NE(cases[0].a.vertices, cases[1].a.vertices);
  ReferenceCache cache;
  const Polytope a = Polytope::from_points(cases[1].a.vertices);
  const Polytope b = Polytope::from_points(cases[1].b.vertices);
  store_proximity_reference(cache, case_input_hash(cases[1]),
                            exact_reference_isolated(a, cases[1].pose_a, b, cases[1].pose_b, 0));
  const ProximityRunResults run =
      run_proximity(cases, {ProximityRegistry::builtin().find("gjk")}, options, cache);
  ASSERT_EQ(run.results.size(), 2u);
  ASSERT_FALSE(run.cases[0].problems.empty());
  EXPECT_NE(run.cases[0].problems[0].find("timed out"), std::string::npos)
      << run.cases[0].problems[0];
  EXPECT_EQ(run.results[0].verification.verdict, Verdict::error);
  EXPECT_TRUE(run.cases[1].problems.empty());
  EXPECT_TRUE(run.cases[1].reference_from_cache);
  EXPECT_EQ(run.results[1].verification.verdict, Verdict::pass);
}

}  // namespace
}  // namespace touchstone
