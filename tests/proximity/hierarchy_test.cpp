// The bounding-volume hierarchies (algorithms/hierarchy/, seed 004 §2.2–2.4) on small inputs:
// every volume's bound is below the distance of what it encloses, the build holds every face once,
// budgets end every traversal with a reason, bad input is refused, and the harness verifies
// non-convex proximity cases exactly. The sweeps over every region-family case are in
// hierarchy_long_test.cpp.
#include "algorithms/hierarchy/hierarchy.hpp"

#include <gmp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "cases/format/case_loader.hpp"
#include "cases/region_families.hpp"
#include "cases/scalable_shapes.hpp"
#include "harness/common/case_shapes.hpp"
#include "harness/proximity/runner.hpp"
#include "reference/exact_features.hpp"
#include "reference/exact_regions.hpp"
#include "tests/support/region_shapes.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

using namespace hierarchy;  // Budget, CollideStop, Strategy, VolumeType

TEST(HierarchyVolumes, EveryBoundIsBelowTheDistanceOfWhatItEncloses) {
  std::mt19937 rng(29);
  std::uniform_real_distribution<double> u(-1, 1);
  const auto cloud = [&](const Vec3& at) {
    std::vector<Vec3> p;
    for (int i = 0; i < 12; ++i) p.push_back(at + Vec3(u(rng), 0.3 * u(rng), 2 * u(rng)));
    return p;
  };
  const auto check = [&]<class V>(V) {
    for (int trial = 0; trial < 200; ++trial) {
      const std::vector<Vec3> p = cloud(Vec3::Zero()),
                              q = cloud(Vec3(3 * u(rng), 3 * u(rng), 5 * u(rng)));
      double d = std::numeric_limits<double>::infinity();
      for (const Vec3& x : p)
        for (const Vec3& y : q) d = std::min(d, (x - y).norm());
      const V a = V::fit(p), b = V::fit(q);
      EXPECT_LE(hierarchy::lower_bound(a, b), d + 1e-12) << V::kName;
      if (hierarchy::lower_bound(a, b) > 0) {
        EXPECT_FALSE(hierarchy::overlap(a, b)) << V::kName;
      }
    }
  };
  check(hierarchy::Sphere{});
  check(hierarchy::Aabb{});
  check(hierarchy::Obb{});
  check(hierarchy::Kdop<6>{});
  check(hierarchy::Kdop<14>{});
  check(hierarchy::Kdop<18>{});
  check(hierarchy::Kdop<26>{});
}

TEST(HierarchyBuild, EveryFaceIsOneLeafAndEveryVolumeHoldsItsFaces) {
  const Polytope s = test_support::notched_cube();
  const auto tree = hierarchy::build<hierarchy::Obb>(s);
  std::vector<int> seen(s.faces().size(), 0);
  for (const hierarchy::Node& n : tree.nodes)
    if (n.leaf()) ++seen[static_cast<std::size_t>(n.face)];
  for (int c : seen) EXPECT_EQ(c, 1);
  EXPECT_EQ(tree.nodes.size(), 2 * s.faces().size() - 1);
}

TEST(HierarchyBadInput, NonFinitePoseFailsWithAReason) {
  const Polytope cube = test_support::unit_cube();
  const auto algorithm = hierarchy::make({VolumeType::sphere, Strategy::best_first});
  const auto p = algorithm->prepare(cube);
  Pose bad = Pose::from_translation(Vec3(std::nan(""), 0, 0));
  const ProximityResult r = algorithm->query(*p, Pose{}, *p, bad, nullptr);
  EXPECT_EQ(r.status, QueryStatus::failed);
  EXPECT_NE(r.reason.find("not finite"), std::string::npos) << r.reason;
}

TEST(HierarchyBadInput, ABudgetEndsTheQueryWithAReasonAndAnInterval) {
  const Polytope cube = test_support::unit_cube();
  hierarchy::Options o{VolumeType::obb, Strategy::best_first, Budget{2}};
  const auto algorithm = hierarchy::make(o);
  const auto p = algorithm->prepare(cube);
  const ProximityResult r =
      algorithm->query(*p, Pose{}, *p, Pose::from_translation(Vec3(5, 0.5, 0.25)), nullptr);
  EXPECT_EQ(r.status, QueryStatus::failed);
  EXPECT_NE(r.reason.find("distance in ["), std::string::npos) << r.reason;
}

TEST(HierarchyBadInput, EveryTraversalStopsOnItsBudget) {
  // Two racks of ~1,000 faces each tooth tip on tooth tip (every tooth touching), and the same
  // 0.5 apart (every tip pair equally near): a budget of 50 node pairs, or of no time at all, ends
  // each traversal there, marked incomplete, with the lower bound under the upper.
  const RegionCase c = cases::scaling_case(cases::PairKind::nonconvex, 1000);
  const Polytope a = build_case_shape(c.a), b = build_case_shape(c.b);
  const auto pa = hierarchy::prepare(a, VolumeType::obb),
             pb = hierarchy::prepare(b, VolumeType::obb);
  const Pose& touching = c.steps[0].pose_a;
  const auto col = hierarchy::collide_shapes(*pa, touching, *pb, c.steps[0].pose_b,
                                             CollideStop::all, Budget{50});
  EXPECT_FALSE(col.complete);
  EXPECT_EQ(col.counters.nodes_visited, 50);
  // A's tips face B's along y (A above): move A up.
  Pose apart = touching;
  apart.translation.y() += 0.5;
  ASSERT_EQ(hierarchy::make({VolumeType::obb, Strategy::best_first})
                ->query(*pa, apart, *pb, c.steps[0].pose_b, nullptr)
                .relation,
            Relation::separated);
  for (Strategy st : {Strategy::best_first, Strategy::greedy}) {
    const auto by_nodes =
        hierarchy::distance_shapes(*pa, apart, *pb, c.steps[0].pose_b, st, Budget{50});
    EXPECT_FALSE(by_nodes.complete);
    EXPECT_EQ(by_nodes.counters.nodes_visited, 50);
    EXPECT_LE(by_nodes.lower, by_nodes.upper);
    const auto by_time =
        hierarchy::distance_shapes(*pa, apart, *pb, c.steps[0].pose_b, st,
                                   Budget{std::numeric_limits<std::int64_t>::max(), 0.0});
    EXPECT_FALSE(by_time.complete);
    EXPECT_EQ(by_time.counters.nodes_visited, 0);
  }
}

TEST(HierarchyRegistry, DeclaresNonConvexDistance) {
  const ProximityAlgorithmInfo* info = ProximityRegistry::builtin().find("bvh-obb");
  ASSERT_NE(info, nullptr);
  EXPECT_TRUE(info->capabilities.nonconvex && info->capabilities.distance);
  EXPECT_NE(ProximityRegistry::builtin().find("bvh-obb-greedy"), nullptr);
}

// The proximity harness verifies non-convex pairs against the region reference: the hierarchies
// pass there, and the convex-only algorithms say unsupported rather than fail.
TEST(HierarchyHarness, NonConvexProximityCasesAreVerifiedExactly) {
  std::vector<ProximityCase> cases;
  for (const RegionCase& c : default_region_suite(3)) {
    if (cases.size() >= 60) break;
    ProximityCase p;
    p.id = c.id;
    p.family = c.family;
    p.a = c.a;
    p.b = c.b;
    p.pose_a = c.steps[0].pose_a;
    p.pose_b = c.steps[0].pose_b;
    const Polytope a = build_case_shape(p.a), b = build_case_shape(p.b);
    if (a.is_solid() && b.is_solid() && (!a.is_convex() || !b.is_convex())) cases.push_back(p);
  }
  ASSERT_EQ(cases.size(), 60u);
  const auto& registry = ProximityRegistry::builtin();
  const std::vector<const ProximityAlgorithmInfo*> algorithms{
      registry.find("bvh-obb"), registry.find("bvh-obb-greedy"), registry.find("gjk")};
  ReferenceCache cache;
  ProximityRunOptions options;
  options.repetitions = 1;
  options.reference_timeout_seconds = 0;
  const ProximityRunResults run = run_proximity(cases, algorithms, options, cache);
  int separated = 0;
  for (const ProximityCaseRecord& c : run.cases) {
    EXPECT_TRUE(c.problems.empty()) << c.spec.id << ": " << c.problems.front();
    separated += c.reference && c.reference->relation == Relation::separated;
  }
  EXPECT_GT(separated, 10);
  for (const ProximityResultRecord& r : run.results) {
    const std::string where = r.algorithm + " on " + run.cases[r.case_index].spec.id;
    if (r.algorithm == "gjk")
      EXPECT_EQ(r.verification.verdict, Verdict::unsupported) << where;
    else
      EXPECT_EQ(r.verification.verdict, Verdict::pass) << where << ": " << r.verification.reason;
  }
}

TEST(HierarchyBadInput, ShapesThatAreNotSolidsAreRefused) {
  // A polygon has no volume to bound: prepare throws, and the harness says unsupported before.
  const Polytope square = Polytope::from_points(
      std::vector<Vec3>{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 0)});
  EXPECT_THROW(hierarchy::prepare(square, VolumeType::obb), GeometryError);
  const auto algorithm = hierarchy::make({VolumeType::obb, Strategy::best_first});
  EXPECT_THROW(algorithm->prepare(square), GeometryError);
  const auto info = ProximityRegistry::builtin().find("bvh-obb");
  ASSERT_NE(info, nullptr);
  EXPECT_TRUE(unsupported_input(info->capabilities, square, square).has_value());
}

}  // namespace
}  // namespace touchstone
