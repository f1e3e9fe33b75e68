// Peers (algorithms/proximity/peers/): each registered peer's sign conventions against
// hand-derived answers on boxes, and a case where a peer is known wrong shows as `fail` with the
// failing check named: the harness never hides a peer's failure.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "cases/families.hpp"
#include "harness/proximity/runner.hpp"
#include "tests/support/param_names.hpp"
#include "tests/support/proximity_runs.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

using test_support::box_corners;
using test_support::unit_cube;

std::vector<std::string> peer_names() {
  std::vector<std::string> names;
  for (const auto& a : ProximityRegistry::builtin().all())
    if (a.family == "peer") names.push_back(a.name);
  if (names.empty()) names.push_back("none");  // every peer switched off at configure time
  return names;
}

class PeerConventions : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    info_ = ProximityRegistry::builtin().find(GetParam());
    if (!info_) GTEST_SKIP() << "no peer registered";
    algo_ = info_->make();
  }
  ProximityResult query(const Polytope& a, const Pose& pa, const Polytope& b, const Pose& pb) {
    const auto prepared_a = algo_->prepare(a), prepared_b = algo_->prepare(b);
    return algo_->query(*prepared_a, pa, *prepared_b, pb, nullptr);
  }
  // Penetrating by `depth`; B leaves A fastest along `direction`. A is at `pose_a`.
  void expect_penetration(const ProximityResult& r, double depth, Vec3 direction,
                          const Pose& pose_a) {
    ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
    EXPECT_EQ(r.relation, Relation::penetrating);
    ASSERT_TRUE(r.penetration_depth);
    ASSERT_TRUE(r.penetration_direction);
    if (GetParam().rfind("fcl-indep", 0) == 0) {  // fcl-indep and fcl-indep-tight
      // FCL 0.7 GJKSolver_indep::shapeIntersect stores -depth in ContactPoint::penetration_depth
      // (documented as the depth) and leaves the normal in A's frame (gjk_solver_indep-inl.h):
      // the adapter passes both on, and the suite shows every depth of it as a failure.
      depth = -depth;
      direction = pose_a.rotation.transpose() * direction;
    }
    EXPECT_NEAR(*r.penetration_depth, depth, 1e-6);
    EXPECT_GT(r.penetration_direction->dot(direction), 0.999)
        << r.penetration_direction->transpose();
  }
  const ProximityAlgorithmInfo* info_ = nullptr;
  std::unique_ptr<ProximityAlgorithm> algo_;
};

// Unit cubes; B at x = 1.5: 0.5 apart, closest points on A's face x = 1 and B's face x = 1.5.
TEST_P(PeerConventions, SeparatedCubes) {
  const Polytope cube = unit_cube();
  const ProximityResult r =
      query(cube, Pose::identity(), cube, Pose::from_translation(Vec3(1.5, 0.25, 0.125)));
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::separated);
  if (info_->capabilities.distance) {
    ASSERT_TRUE(r.distance);
    EXPECT_NEAR(*r.distance, 0.5, 1e-6);
  }
  if (info_->capabilities.witness_points) {
    ASSERT_TRUE(r.witness_a && r.witness_b);
    EXPECT_NEAR(r.witness_a->x(), 1.0, 1e-6);
    EXPECT_NEAR(r.witness_b->x(), 1.5, 1e-6);
    EXPECT_NEAR((*r.witness_b - *r.witness_a - Vec3(0.5, 0, 0)).norm(), 0.0, 1e-6);
  }
}

// B overlaps A by 0.1 in x (0.75 in y, 0.875 in z): depth 0.1, B leaves along +x.
TEST_P(PeerConventions, PenetratingAlongPlusX) {
  if (!info_->capabilities.penetration_depth) GTEST_SKIP() << "no penetration depth declared";
  const Polytope cube = unit_cube();
  expect_penetration(
      query(cube, Pose::identity(), cube, Pose::from_translation(Vec3(0.9, 0.25, 0.125))), 0.1,
      Vec3(1, 0, 0), Pose::identity());
}

// B overlaps A by 0.2 in y from below: depth 0.2, B leaves along -y. A is the same cube given
// by a quarter turn about z and a translation, so poses of A are honoured.
TEST_P(PeerConventions, PenetratingAlongMinusYWithRotatedA) {
  if (!info_->capabilities.penetration_depth) GTEST_SKIP() << "no penetration depth declared";
  const Polytope cube = unit_cube();
  const double h = std::numbers::sqrt2 / 2;
  const Pose pa = Pose::from_quaternion({h, 0, 0, h}, Vec3(1, 0, 0));  // (x,y) -> (1-y, x)
  expect_penetration(query(cube, pa, cube, Pose::from_translation(Vec3(0.25, -0.8, 0.125))), 0.2,
                     Vec3(0, -1, 0), pa);
}

INSTANTIATE_TEST_SUITE_P(Registry, PeerConventions, testing::ValuesIn(peer_names()),
                         test_support::param_name);

ProximityCase box_case(const std::string& id, const Vec3& a, const Vec3& b, const Vec3& t) {
  ProximityCase c;
  c.id = id;
  c.family = "hand";
  for (const auto& [spec, size] : {std::pair{&c.a, a}, std::pair{&c.b, b}}) {
    spec->name = spec == &c.a ? "A" : "B";
    spec->vertices = box_corners(Vec3(0, 0, 0), size);
  }
  c.pose_b = Pose::from_translation(t);
  return c;
}

// A = [0,1]x[0,4]x[0,1], B = unit cube at (0.9, 3.8, 0): overlaps 0.1 in x, 0.2 in y, 1 in z, so
// the depth is 0.1 (B leaves along +x). MPR searches along the line through the centres (A's
// (0.5, 2, 0.5), B's (1.4, 4.3, 0.5)), which leaves the Minkowski difference through its y face:
// libccd's MPR answers 0.2. The harness must say `fail` on the depth check, naming it.
TEST(PeerFailures, KnownWrongDepthShowsAsFail) {
  const auto* mpr = ProximityRegistry::builtin().find("ccd-mpr");
  if (!mpr) GTEST_SKIP() << "libccd switched off";
  const ProximityRunResults run = test_support::run_once(
      {box_case("mpr-long-box", Vec3(1, 4, 1), Vec3(1, 1, 1), Vec3(0.9, 3.8, 0))},
      {mpr, ProximityRegistry::builtin().find("gjk")});
  ASSERT_EQ(run.results.size(), 2u);
  ASSERT_TRUE(run.cases[0].reference);
  EXPECT_EQ(run.cases[0].reference->relation, Relation::penetrating);
  ASSERT_TRUE(run.cases[0].reference->depth);
  EXPECT_NEAR(*run.cases[0].reference->depth, 0.1, 1e-15);  // hand-derived above
  const ProximityResultRecord& peer = run.results[0];
  EXPECT_EQ(peer.verification.verdict, Verdict::fail);
  EXPECT_EQ(peer.verification.reason.rfind("depth: error", 0), 0u) << peer.verification.reason;
  ASSERT_TRUE(peer.output.penetration_depth);
  EXPECT_NEAR(*peer.output.penetration_depth, 0.2, 1e-6);
  EXPECT_EQ(run.results[1].verification.verdict, Verdict::pass)
      << run.results[1].verification.reason;
}

// FCL 0.7's EPA aborts on an assertion on this edge-edge-collinear case and throws on this
// vertex-edge one: each shows as `error` with the library's own words, and the next answers come.
TEST(PeerFailures, CrashAndExceptionInsideFclShowAsErrorsWithTheReason) {
  const auto* fcl = ProximityRegistry::builtin().find("fcl-libccd");
  if (!fcl) GTEST_SKIP() << "FCL switched off";
  const ProximityRunResults run =
      test_support::run_once({find_case_family("edge-edge-collinear")->generate(1, 10),
                              find_case_family("vertex-edge")->generate(1, 4),
                              find_case_family("random-generic")->generate(1, 1)},
                             {fcl});
  ASSERT_EQ(run.results.size(), 3u);
  const Verification& crash = run.results[0].verification;
  EXPECT_EQ(crash.verdict, Verdict::error);
  EXPECT_EQ(crash.reason.rfind("crashed (signal 6, SIGABRT): ", 0), 0u) << crash.reason;
  EXPECT_NE(crash.reason.find("Assertion"), std::string::npos) << crash.reason;
  const Verification& thrown = run.results[1].verification;
  EXPECT_EQ(thrown.verdict, Verdict::error);
  EXPECT_NE(thrown.reason.find("threw: Error with configuration"), std::string::npos)
      << thrown.reason;
  EXPECT_EQ(run.results[2].verification.verdict, Verdict::pass)
      << run.results[2].verification.reason;
}

}  // namespace
}  // namespace touchstone
