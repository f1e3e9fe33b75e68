// Points, segments and polygons (issue 14 part 5): the exact reference on hand-computed pairs
// (both routes), GJK on the same pairs, the harness's one `unsupported` rule for algorithms that
// need solids, and the `low-dimensional` family against the exact reference. Every expected value
// is worked out by hand in the comments.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/proximity/registry.hpp"
#include "cases/families.hpp"
#include "harness/common/case_shapes.hpp"
#include "reference/exact_proximity.hpp"
#include "tests/support/gjk_variants.hpp"
#include "tests/support/proximity_runs.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

std::vector<Vec3> unit_cube() { return test_support::box_corners(Vec3(0, 0, 0), Vec3(1, 1, 1)); }

struct Pair {
  const char* what;
  std::vector<Vec3> a, b;
  Relation relation;
  std::string distance_sq;              // exact, "0" in contact
  std::optional<std::string> depth_sq;  // penetrating pairs with a hand-computed depth
};

// T = the triangle (0,0,0), (2,0,0), (0,2,0) in the plane z = 0.
const std::vector<Vec3> kTriangle{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};

std::vector<Pair> hand_computed_pairs() {
  return {
      // Point to hull: (3, 0.5, 0.5) is 2 from the face x = 1 (d² = 4); (2, 2, 0.5) is nearest
      // the edge x = y = 1 (d² = 1 + 1 = 2).
      {"point off a face", {{3, 0.5, 0.5}}, unit_cube(), Relation::separated, "4", {}},
      {"point off an edge", {{2, 2, 0.5}}, unit_cube(), Relation::separated, "2", {}},
      // On the face x = 1: the plane x = 1 supports both, so no interior overlap: touching.
      {"point exactly on a face", {{1, 0.5, 0.25}}, unit_cube(), Relation::touching, "0", {}},
      // Strictly inside: nearest face x = 0 at 0.25, so the point leaves the cube by 1/4.
      {"point inside",
       {{0.25, 0.5, 0.5}},
       unit_cube(),
       Relation::penetrating,
       "0",
       std::string("1/16")},
      // Segment x = 2, z = 0.5, y from -1 to 2: 1 from the face x = 1.
      {"segment off a face",
       {{2, -1, 0.5}, {2, 2, 0.5}},
       unit_cube(),
       Relation::separated,
       "1",
       {}},
      // Through the cube along x at y = 0.25: the shortest way out is −y by 1/4 (along x it would
      // take 2, along z 1/2).
      {"segment through the cube",
       {{-1, 0.25, 0.5}, {2, 0.25, 0.5}},
       unit_cube(),
       Relation::penetrating,
       "0",
       std::string("1/16")},
      // One end on the face x = 1, the rest outside: touching.
      {"segment ending on a face",
       {{1, 0.5, 0.5}, {2, 0.5, 0.75}},
       unit_cube(),
       Relation::touching,
       "0",
       {}},
      // Coplanar triangles overlapping in area: A − B lies in z = 0, no interior in 3D.
      {"coplanar triangles overlapping",
       kTriangle,
       {{0.5, 0.5, 0}, {3, 0.5, 0}, {0.5, 3, 0}},
       Relation::touching,
       "0",
       {}},
      // The same triangle lifted to z = 1/4: separated by 1/4 (d² = 1/16).
      {"parallel triangles",
       kTriangle,
       {{0.5, 0.5, 0.25}, {3, 0.5, 0.25}, {0.5, 3, 0.25}},
       Relation::separated,
       "1/16",
       {}},
      // A triangle standing in the plane x = 1/2 piercing T's interior along y = 1/4 .. 1/2 at
      // z = 0: the crossing survives every small translation (A − B spans 3D).
      {"triangle piercing a triangle",
       kTriangle,
       {{0.5, 0.25, -1}, {0.5, 0.25, 1}, {0.5, 1, 0}},
       Relation::penetrating,
       "0",
       {}},
      // Point on T (flat difference) and off it by 3 along z.
      {"point on a triangle", {{0.5, 0.5, 0}}, kTriangle, Relation::touching, "0", {}},
      {"point above a triangle", {{0.5, 0.5, 3}}, kTriangle, Relation::separated, "9", {}},
      // Segments crossing at the origin, and the same 2 apart along z (skew: d² = 4).
      {"crossing segments",
       {{-1, 0, 0}, {1, 0, 0}},
       {{0, -1, 0}, {0, 1, 0}},
       Relation::touching,
       "0",
       {}},
      {"skew segments",
       {{-1, 0, 0}, {1, 0, 0}},
       {{0, -1, 2}, {0, 1, 2}},
       Relation::separated,
       "4",
       {}},
      // Points: the same point touches; (0,0,0) to (3,4,0) is 5 (d² = 25).
      {"one point twice", {{1, 2, 3}}, {{1, 2, 3}}, Relation::touching, "0", {}},
      {"two points", {{0, 0, 0}}, {{3, 4, 0}}, Relation::separated, "25", {}},
  };
}

TEST(LowDimensionalReference, HandComputedPairsOnBothRoutes) {
  for (const Pair& p : hand_computed_pairs()) {
    for (const bool certified : {true, false}) {
      SCOPED_TRACE(std::string(p.what) + (certified ? " (certified route first)" : " (full)"));
      const ExactProximity r = exact_proximity(p.a, Pose{}, p.b, Pose{},
                                               {.compute_depth = true, .certified = certified});
      EXPECT_EQ(r.relation, p.relation) << r.method;
      EXPECT_EQ(r.distance_sq_exact, p.distance_sq) << r.method;
      if (p.depth_sq) {
        ASSERT_TRUE(r.depth_sq_exact.has_value()) << r.method;
        EXPECT_EQ(*r.depth_sq_exact, *p.depth_sq) << r.method;
      }
    }
  }
}

// The flat-difference rule itself: without it the separating-plane LP compares relative
// interiors and calls overlapping coplanar triangles penetrating.
TEST(LowDimensionalReference, FlatDifferenceIsTouchingOnTheFullRoute) {
  const ExactProximity r =
      exact_proximity(kTriangle, Pose{}, std::vector<Vec3>{{0.5, 0.5, 0}, {3, 0.5, 0}, {0.5, 3, 0}},
                      Pose{}, {.compute_depth = true, .certified = false});
  EXPECT_EQ(r.relation, Relation::touching);
  EXPECT_EQ(r.method, "polytope_distance_d+flat_difference");
  EXPECT_FALSE(r.depth_sq_exact.has_value());
}

TEST(LowDimensionalGjk, HandComputedPairs) {
  const auto gjk = test_support::builtin_gjk().make();
  for (const Pair& p : hand_computed_pairs()) {
    SCOPED_TRACE(p.what);
    const Polytope a = Polytope::from_points(p.a), b = Polytope::from_points(p.b);
    const auto pa = gjk->prepare(a), pb = gjk->prepare(b);
    const ProximityResult r = gjk->query(*pa, Pose{}, *pb, Pose{}, nullptr);
    ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
    EXPECT_EQ(r.relation, p.relation);
    const double d2 = p.distance_sq == "1/16" ? 1.0 / 16 : std::stod(p.distance_sq);
    ASSERT_TRUE(r.distance.has_value());
    EXPECT_NEAR(*r.distance, std::sqrt(d2), 1e-12);
    if (p.depth_sq) {
      ASSERT_TRUE(r.penetration_depth.has_value());
      EXPECT_NEAR(*r.penetration_depth, 0.25, 1e-12);  // both depths above are 1/4
    }
  }
}

// Contacts whose A − B is flat although the dimensions sum to 3 or more (coplanar polygons, a
// segment in a polygon's plane), identity and rotated poses: EPA finds no full-dimensional start,
// and GJK must prove the contact touching along the flat set's normal, not fail.
TEST(LowDimensionalGjk, FlatDifferencesInContactTouch) {
  const auto gjk = test_support::builtin_gjk().make();
  const std::vector<std::pair<std::vector<Vec3>, std::vector<Vec3>>> pairs = {
      {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {{1, 0, 0}, {0, 1, 0}, {1, 1, 0}}},  // shared edge
      {{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}},
       {{1, 0, 0}, {2, 0, 0}, {2, 1, 0}, {1, 1, 0}}},          // squares side by side
      {kTriangle, {{-1, 0.5, 0}, {3, 0.5, 0}}},                // segment across, in plane
      {kTriangle, {{0.5, 0, 0}, {1.5, 0, 0}}},                 // segment on an edge
      {kTriangle, {{0.5, 0.5, 0}, {3, 0.5, 0}, {0.5, 3, 0}}},  // overlapping triangles
  };
  const std::vector<Pose> poses = {
      Pose{}, Pose::from_quaternion({0.9, 0.3, -0.2, 0.1}, Vec3(0.1, 0.2, 0.3))};
  for (std::size_t k = 0; k < pairs.size(); ++k)
    for (const Pose& pose : poses) {
      SCOPED_TRACE("pair " + std::to_string(k));
      const Polytope a = Polytope::from_points(pairs[k].first);
      const Polytope b = Polytope::from_points(pairs[k].second);
      const auto pa = gjk->prepare(a), pb = gjk->prepare(b);
      const ProximityResult r = gjk->query(*pa, pose, *pb, pose, nullptr);
      ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
      EXPECT_EQ(r.relation, Relation::touching);
    }
}

// One rule in the harness: an algorithm without `lower_dimensional` is `unsupported` on such a
// case, with the reason naming the shape; gjk (which declares it) answers.
TEST(LowDimensionalHarness, SolidOnlyAlgorithmsAreUnsupported) {
  ProximityCase c;
  c.id = "segment-cube";
  c.a.name = "A";
  c.a.vertices = {{2, -1, 0.5}, {2, 2, 0.5}};
  c.b.name = "B";
  c.b.vertices = unit_cube();
  const ProximityRegistry& registry = ProximityRegistry::builtin();
  const ProximityAlgorithmInfo* vclip = registry.find("vclip");
  ASSERT_NE(vclip, nullptr);
  EXPECT_FALSE(vclip->capabilities.lower_dimensional);
  EXPECT_TRUE(test_support::builtin_gjk().capabilities.lower_dimensional);
  const ProximityRunResults run =
      test_support::run_once({c}, {vclip, &test_support::builtin_gjk()});
  ASSERT_EQ(run.results.size(), 2u);
  EXPECT_EQ(run.results[0].verification.verdict, Verdict::unsupported);
  EXPECT_EQ(run.results[0].verification.reason, "needs solids: shape A is a segment");
  EXPECT_EQ(run.results[1].verification.verdict, Verdict::pass);
}

// Every case of the family has the dimensions its configuration names, its constructed
// expectation (relation, and distance |gap| when separated) is what the exact reference says, and
// the certified and full routes give the same relation, distance² and depth².
TEST(LowDimensionalFamily, ConstructionsAgreeWithTheExactReference) {
  const std::map<std::string, std::pair<int, int>> dimensions = {
      {"point-on-face", {0, 3}},           {"point-at-vertex", {0, 3}},
      {"segment-across-edge", {1, 3}},     {"segment-into-face", {1, 3}},
      {"segment-across-face", {1, 3}},     {"polygon-edge-on-face", {2, 3}},
      {"polygon-edge-on-polygon", {2, 2}}, {"coplanar-polygons", {2, 2}},
      {"crossing-segments", {1, 1}},       {"point-on-polygon", {0, 2}}};
  const CaseFamily* family = find_case_family("low-dimensional");
  ASSERT_NE(family, nullptr);
  std::map<Relation, int> relations;
  int certified = 0;
  for (int i = 0; i < family->default_count; ++i) {
    const ProximityCase c = family->generate(1, i);
    SCOPED_TRACE(c.id);
    const Polytope a = build_case_shape(c.a), b = build_case_shape(c.b);
    const auto expected = dimensions.at(c.origin.at("configuration").get<std::string>());
    const std::pair<int, int> found{std::min(a.dimension(), b.dimension()),
                                    std::max(a.dimension(), b.dimension())};
    EXPECT_EQ(found, expected);
    ASSERT_TRUE(c.expected_relation.has_value());
    const ExactProximity r = exact_proximity(a.vertices(), c.pose_a, b.vertices(), c.pose_b);
    EXPECT_EQ(r.relation, *c.expected_relation) << r.method;
    // The certified route (tried first above) and the full construction agree exactly.
    const ExactProximity full = exact_proximity(a.vertices(), c.pose_a, b.vertices(), c.pose_b,
                                                {.compute_depth = true, .certified = false});
    EXPECT_EQ(full.relation, r.relation) << full.method;
    EXPECT_EQ(full.distance_sq_exact, r.distance_sq_exact) << full.method;
    EXPECT_EQ(full.depth_sq_exact, r.depth_sq_exact) << r.method << " / " << full.method;
    certified += r.route == "certified";
    if (r.relation == Relation::separated) {
      EXPECT_EQ(r.distance, *c.expected_distance);
    }
    ++relations[r.relation];
  }
  // 10 configurations × 11 gaps: 7 of them penetrate on the 5 negative gaps.
  EXPECT_EQ(relations[Relation::penetrating], 35);
  EXPECT_EQ(relations[Relation::touching], 10);
  EXPECT_EQ(relations[Relation::separated], 65);
  RecordProperty("certified_route", certified);
}

}  // namespace
}  // namespace touchstone
