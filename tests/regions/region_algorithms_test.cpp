// Contact-region algorithms: the registry and regions-allpairs on hand-computed configurations
// (seed 000 §3). Every expected region, polygon and normal below is worked out by hand in the
// comment above it, never taken from the code under test.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "algorithms/regions/allpairs/allpairs.hpp"
#include "algorithms/regions/common/overlap2d.hpp"
#include "algorithms/regions/registry.hpp"
#include "cases/region_families.hpp"
#include "tests/support/prisms.hpp"
#include "tests/support/region_expect.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

using namespace test_support;  // the shared shapes and expectations (tests/support/)
using Vec2 = Eigen::Vector2d;

RegionResult run(const Polytope& a, const Pose& pa, const Polytope& b, const Pose& pb,
                 std::span<const ContactRegion> previous = {},
                 const allpairs::Options& options = {}) {
  return test_support::query_pair(*allpairs::make(options), a, pa, b, pb, previous);
}

std::size_t count(const RegionResult& r, FeatureKind ka, FeatureKind kb, int dim) {
  return static_cast<std::size_t>(std::count_if(r.regions.begin(), r.regions.end(), [&](auto& g) {
    return g.a->kind == ka && g.b->kind == kb && g.dimension() == dim;
  }));
}

const ContactRegion* find_dim(const RegionResult& r, int dim) {
  for (const auto& g : r.regions)
    if (g.dimension() == dim) return &g;
  return nullptr;
}

// An edge of A lying along a feature of kind `b_kind` of B: 3 regions, the edge itself (1D, its
// points `ends`) and its two ends (0D, vertex–`b_kind`), each carrying exactly `normals`.
void expect_edge_along(const RegionResult& r, FeatureKind b_kind, const std::vector<Vec3>& ends,
                       const std::vector<Vec3>& normals) {
  ASSERT_NO_FATAL_FAILURE(expect_touching(r, 3));
  EXPECT_EQ(count(r, FeatureKind::edge, b_kind, 1), 1u);
  EXPECT_EQ(count(r, FeatureKind::vertex, b_kind, 0), 2u);
  const ContactRegion* line = find_dim(r, 1);
  ASSERT_NE(line, nullptr);
  expect_same_points(line->points, ends);
  for (const auto& g : r.regions) expect_normals(g, normals);
}

double area(const std::vector<Vec3>& poly) {
  Vec3 sum = Vec3::Zero();
  for (std::size_t i = 0; i < poly.size(); ++i) sum += poly[i].cross(poly[(i + 1) % poly.size()]);
  return sum.norm() / 2;
}

const Vec3 kUp(0, 0, 1);

TEST(RegionRegistry, BuiltinHasTheBaselineAndRejectsDuplicates) {
  const auto* info = RegionRegistry::builtin().find("regions-allpairs");
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->family, "baseline");
  EXPECT_TRUE(info->capabilities.intersection_set && info->capabilities.nonconvex &&
              info->capabilities.normals && info->capabilities.temporal_coherence &&
              info->capabilities.relation && info->capabilities.entities);
  EXPECT_FALSE(info->capabilities.back_face_culling);
  EXPECT_EQ(info->parameters.at("epsilon"), 1e-9);
  RegionRegistry r;
  r.add(allpairs::info());
  EXPECT_THROW(r.add(allpairs::info()), std::invalid_argument);
  EXPECT_EQ(to_string(RegionSubset::intersection), "intersection");
  EXPECT_EQ(to_string(RegionSubset::sufficient), "sufficient");
}

// Unit cube A on unit cube B, face on face. 𝓘 by hand: bottom face × top face (the unit square),
// the four bottom edges × the four top edges lying on them (1D), the four bottom corners × the
// four top corners (0D): 9 regions. Every normal is (0, 0, 1): for the square it is B's top face;
// for the edge pairs the wedges leave only n ⊥ edge with n_y (or n_x) = 0 and n_z ≥ 0; for the
// corners n_x = n_y = 0.
TEST(RegionsAllPairs, CubesFaceOn) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const RegionResult r = run(cube, at(0, 0, 1), cube, at(0, 0, 0));
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::touching);
  EXPECT_EQ(r.subset, RegionSubset::intersection);
  EXPECT_EQ(r.regions.size(), 9u);
  EXPECT_EQ(count(r, FeatureKind::face, FeatureKind::face, 2), 1u);
  EXPECT_EQ(count(r, FeatureKind::edge, FeatureKind::edge, 1), 4u);
  EXPECT_EQ(count(r, FeatureKind::vertex, FeatureKind::vertex, 0), 4u);
  const ContactRegion* square = find_dim(r, 2);
  ASSERT_NE(square, nullptr);
  expect_same_points(square->points, {{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}});
  for (const auto& g : r.regions) expect_normals(g, {kUp});
}

// A unit cube centred at the origin, turned 45° about x, has its lowest edge along x at
// z = −√2/2, y = 0; the same cube turned 45° about y has its highest edge along y at z = √2/2,
// x = 0. Lifted and lowered by √2/2, the two edges cross at the origin, inside both: one 0D
// edge–edge region, normal ±(x × y) oriented from B into A = (0, 0, 1).
TEST(RegionsAllPairs, CubesEdgeOnEdge) {
  const Polytope cube = box(Vec3(-0.5, -0.5, -0.5), Vec3(0.5, 0.5, 0.5));
  const double c = std::cos(std::numbers::pi / 8), s = std::sin(std::numbers::pi / 8);
  const double h = std::sqrt(0.5);
  const Pose pa = Pose::from_quaternion({c, s, 0, 0}, Vec3(0, 0, h));
  const Pose pb = Pose::from_quaternion({c, 0, s, 0}, Vec3(0, 0, -h));
  const RegionResult r = run(cube, pa, cube, pb);
  ASSERT_NO_FATAL_FAILURE(expect_touching(r, 1));
  EXPECT_EQ(count(r, FeatureKind::edge, FeatureKind::edge, 0), 1u);
  EXPECT_LT(r.regions[0].points[0].norm(), 1e-9);
  expect_normals(r.regions[0], {kUp});
}

// The first cube above on a 2 × 2 floor (top face z = 0): its lowest edge lies in the floor's
// open top face (1D, from (−½, 0, 0) to (½, 0, 0)) and so do its two ends (0D): 3 regions, each
// with the floor's normal.
TEST(RegionsAllPairs, CubeEdgeOnFace) {
  const test_support::RegionPair p = test_support::cube_edge_on_floor();
  expect_edge_along(run(p.a, p.pose_a, p.b, p.pose_b), FeatureKind::face,
                    {{-0.5, 0, 0}, {0.5, 0, 0}}, {kUp});
}

// A square pyramid with its apex (0, 0, 0) down and base corners (±1, ±1, 1): on the floor the
// apex is one 0D vertex–face region; on an upward pyramid's apex it is one vertex–vertex region
// whose normal must separate the two cones: n · (±1, ±1, 1) ≥ 0 for A's edge directions and
// n · (±1, ±1, −1) ≤ 0 for B's.
TEST(RegionsAllPairs, PyramidVertexOn) {
  const test_support::RegionPair p = test_support::pyramid_on_floor();
  const Polytope& down = p.a;
  const Polytope up = Polytope::from_points(
      std::vector<Vec3>{{0, 0, 0}, {-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1}});
  const RegionResult on_floor = run(down, p.pose_a, p.b, p.pose_b);
  ASSERT_EQ(on_floor.regions.size(), 1u);
  EXPECT_EQ(count(on_floor, FeatureKind::vertex, FeatureKind::face, 0), 1u);
  EXPECT_LT(on_floor.regions[0].points[0].norm(), 1e-12);
  expect_normals(on_floor.regions[0], {kUp});

  const RegionResult tip = run(down, Pose::identity(), up, Pose::identity());
  ASSERT_EQ(tip.status, QueryStatus::ok) << tip.reason;
  EXPECT_EQ(tip.relation, Relation::touching);
  ASSERT_EQ(tip.regions.size(), 1u);
  EXPECT_EQ(count(tip, FeatureKind::vertex, FeatureKind::vertex, 0), 1u);
  ASSERT_EQ(tip.regions[0].normals.size(), 1u);
  const Vec3 n = tip.regions[0].normals[0];
  EXPECT_NEAR(n.norm(), 1.0, 1e-12);
  for (double x : {-1.0, 1.0})
    for (double y : {-1.0, 1.0}) {
      EXPECT_GE(n.dot(Vec3(x, y, 1)), -1e-12);
      EXPECT_LE(n.dot(Vec3(x, y, -1)), 1e-12);
    }
}

const std::vector<Vec2> kL{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};  // area 3

// An L-block (non-convex faces, one reflex edge) lying on its L face on a floor: the 2D region is
// the whole L (6 corners, area 3), its 6 bottom edges lie in the floor's open face (1D) and so do
// its 6 bottom corners (0D): 13 regions, all with normal (0, 0, 1).
TEST(RegionsAllPairs, LBlockOnFloor) {
  const Polytope l = prism(kL, 0, 1);
  EXPECT_FALSE(l.is_convex());
  const Polytope floor = box(Vec3(-1, -1, -1), Vec3(3, 3, 0));
  const RegionResult r = run(l, Pose::identity(), floor, Pose::identity());
  ASSERT_NO_FATAL_FAILURE(expect_touching(r, 13));
  EXPECT_EQ(count(r, FeatureKind::edge, FeatureKind::face, 1), 6u);
  EXPECT_EQ(count(r, FeatureKind::vertex, FeatureKind::face, 0), 6u);
  const ContactRegion* l_region = find_dim(r, 2);
  ASSERT_NE(l_region, nullptr);
  std::vector<Vec3> corners;
  for (const Vec2& p : kL) corners.emplace_back(p.x(), p.y(), 0);
  expect_same_points(l_region->points, corners);
  EXPECT_NEAR(area(l_region->points), 3.0, 1e-12);
  for (const auto& g : r.regions) expect_normals(g, {kUp});
}

// The L on a block whose top face is [½, 3]²: the overlap is the non-convex hexagon
// (½,½) (2,½) (2,1) (1,1) (1,2) (½,2), area 1.5 · ½ + ½ · 1 = 1.25.
TEST(RegionsAllPairs, LBlockOverlapIsNonConvex) {
  const Polytope l = prism(kL, 0, 1);
  const Polytope block = box(Vec3(0.5, 0.5, -1), Vec3(3, 3, 0));
  const RegionResult r = run(l, Pose::identity(), block, Pose::identity());
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  const ContactRegion* g = find_dim(r, 2);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(count(r, FeatureKind::face, FeatureKind::face, 2), 1u);
  expect_same_points(g->points,
                     {{0.5, 0.5, 0}, {2, 0.5, 0}, {2, 1, 0}, {1, 1, 0}, {1, 2, 0}, {0.5, 2, 0}});
  EXPECT_NEAR(area(g->points), 1.25, 1e-12);
}

// A U and a bar across both prongs overlap in two squares [0,1]×[2,2.5] and [2,3]×[2,2.5].
TEST(RegionsAllPairs, PolygonOverlapHasSeveralComponents) {
  const std::vector<Vec2> u{{0, 0}, {3, 0}, {3, 3}, {2, 3}, {2, 1}, {1, 1}, {1, 3}, {0, 3}};
  const std::vector<Vec2> bar{{-1, 2}, {4, 2}, {4, 2.5}, {-1, 2.5}};
  const auto overlap = region_common::polygon_overlap(u, bar, 1e-9);
  EXPECT_FALSE(overlap.failure);
  ASSERT_EQ(overlap.polygons.size(), 2u);
  for (const auto& poly : overlap.polygons) {
    ASSERT_EQ(poly.size(), 4u);
    double twice = 0;
    for (std::size_t i = 0; i < poly.size(); ++i)
      twice += poly[i].x() * poly[(i + 1) % 4].y() - poly[i].y() * poly[(i + 1) % 4].x();
    EXPECT_NEAR(twice / 2, 0.5, 1e-12);  // counter-clockwise, area ½
  }
  // The segment y = 2.25 across the U: inside for x in (0, 1) and (2, 3).
  const auto pieces = region_common::segment_in_polygon({-1, 2.25}, {4, 2.25}, u, 1e-9);
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_NEAR(pieces[0].first.x(), 0, 1e-12);
  EXPECT_NEAR(pieces[0].second.x(), 1, 1e-12);
  EXPECT_NEAR(pieces[1].first.x(), 2, 1e-12);
  EXPECT_NEAR(pieces[1].second.x(), 3, 1e-12);
}

// A 60° wedge (apex edge along y at the origin, sides at 15° and 75° from +x in the xz-plane)
// resting in the reflex edge of an L-block whose floor is z = 0 (x > 0) and wall x = 0 (z > 0):
// the apex edge lies on the reflex edge (1D, (0,0,0)–(0,1,0)) and its two ends in the open reflex
// edge (0D): 3 regions, each with the reflex edge's two face normals (0,0,1) and (1,0,0).
TEST(RegionsAllPairs, WedgeInReflexEdgeGetsBothFaceNormals) {
  const test_support::RegionPair p = test_support::wedge_in_reflex_edge();
  expect_edge_along(run(p.a, p.pose_a, p.b, p.pose_b), FeatureKind::edge, {{0, 0, 0}, {0, 1, 0}},
                    {kUp, Vec3(1, 0, 0)});
}

TEST(RegionsAllPairs, SeparatedPairHasNoRegions) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const RegionResult r = run(cube, at(0, 0, 1.5), cube, at(0, 0, 0));
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_TRUE(r.regions.empty());
}

// Gear racks meshed with a positive gap (1e-6 and 1e-3 of their size, the family's construction
// and the exact reference agree: separated): their vertices lie in the planes of each other's
// non-convex side faces, beside them. A fan triangle of such a face seen edge-on must add no
// solid angle (atan2(±0, x < 0) once added 2π each, and the pair was called penetrating).
TEST(RegionsAllPairs, VerticesInThePlaneOfANonConvexFaceAreOutside) {
  for (int index : {7, 9, 18, 20}) {
    const RegionCase c = find_region_family("gear-teeth")->generate(1, index);
    ASSERT_EQ(c.expected_relation, Relation::separated) << c.id;
    const Polytope a = Polytope::from_faces(c.a.vertices, *c.a.faces);
    const Polytope b = Polytope::from_faces(c.b.vertices, *c.b.faces);
    const RegionResult r = run(a, c.steps[0].pose_a, b, c.steps[0].pose_b);
    ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
    EXPECT_EQ(r.relation, Relation::separated) << c.id;
    EXPECT_TRUE(r.regions.empty()) << c.id;
  }
}

// Reflex edges are decided locally: a convex edge beside a non-convex face (the L-shaped caps of
// an L-prism, the comb-shaped caps of a U) is not reflex although far vertices of that face lie
// above the other face's plane (the flag used to say reflex there, which gave the gear-teeth
// vertex-on-edge regions the two-piece normals of a reflex edge). Hand count: an L has one
// reflex vertical edge, a U two.
TEST(RegionsAllPairs, OnlyTheInnerCornersOfAPrismAreReflex) {
  using V = Eigen::Vector2d;
  const auto reflex_edges = [](const Polytope& p) {
    int n = 0;
    for (const Edge& e : p.edges()) n += e.reflex;
    return n;
  };
  // The sides listed first, so each cap is the right face of its edges (the case the old test
  // got wrong: it looked at every vertex of the right face).
  const auto sides_first = [](const Polytope& p) {
    std::vector<std::vector<int>> faces;
    for (std::size_t f = p.faces().size(); f-- > 0;) faces.push_back(p.faces()[f].vertices);
    return Polytope::from_faces(p.vertices(), faces);
  };
  const Polytope l =
      sides_first(prism({V(0, 0), V(2, 0), V(2, 1), V(1, 1), V(1, 2), V(0, 2)}, 0, 1));
  EXPECT_EQ(reflex_edges(l), 1);
  const Polytope u = sides_first(
      prism({V(0, 0), V(3, 0), V(3, 2), V(2, 2), V(2, 1), V(1, 1), V(1, 2), V(0, 2)}, 0, 1));
  EXPECT_EQ(reflex_edges(u), 2);
  EXPECT_FALSE(u.is_convex());
}

// A gap of 1e-12 is within ε = 1e-9 × the pair's diagonal (ε-contact); a gap of 1e-6 is not.
TEST(RegionsAllPairs, GapWithinEpsilonCountsAsTouching) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  EXPECT_EQ(run(cube, at(0, 0, 1 + 1e-12), cube, at(0, 0, 0)).relation, Relation::touching);
  EXPECT_EQ(run(cube, at(0, 0, 1 + 1e-6), cube, at(0, 0, 0)).relation, Relation::separated);
  // diagonal of [0,1]×[0,1]×[0,2] is √6
  EXPECT_NEAR(region_common::absolute_epsilon(cube, at(0, 0, 1), cube, at(0, 0, 0), 1e-9),
              1e-9 * std::sqrt(6.0), 1e-24);
}

// A ½-cube sunk ¼ into a unit cube's top face: its vertical edges pass through the open top face
// (both ends ¼ from the plane), so penetrating; a ¼-cube deep inside is nested (no boundary
// contact, a vertex more than ε inside): penetrating with no regions.
TEST(RegionsAllPairs, PenetratingAndNested) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const Polytope half = box(Vec3(0, 0, 0), Vec3(0.5, 0.5, 0.5));
  const RegionResult sunk = run(half, at(0.25, 0.25, 0.75), cube, Pose::identity());
  ASSERT_EQ(sunk.status, QueryStatus::ok) << sunk.reason;
  EXPECT_EQ(sunk.relation, Relation::penetrating);
  EXPECT_EQ(count(sunk, FeatureKind::edge, FeatureKind::face, 0), 4u);  // 4 vertical edges
  const Polytope quarter = box(Vec3(0, 0, 0), Vec3(0.25, 0.25, 0.25));
  const RegionResult nested = run(quarter, at(0.4, 0.4, 0.4), cube, Pose::identity());
  EXPECT_EQ(nested.relation, Relation::penetrating);
  EXPECT_TRUE(nested.regions.empty());
}

// A unit cube on a 3 × 3 floor: 𝓘 = bottom face × floor face, 4 bottom edges × floor face, 4
// bottom corners × floor face. With a previous region (bottom face, floor face) carrying the
// normal (0.6, 0, 0.8), the face pair keeps it by condition (6) and the 8 others by (7) (each
// bottom edge and corner is adjacent to the bottom face, the floor face is the same, both
// previous entities are faces). A previous region on the cube's top face matches nothing: the
// local normal (0, 0, 1) is used.
TEST(RegionsAllPairs, TemporalCoherenceKeepsPreviousNormals) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const Polytope floor = box(Vec3(-1, -1, -1), Vec3(2, 2, 0));
  const RegionResult first = run(cube, Pose::identity(), floor, Pose::identity());
  ASSERT_EQ(first.regions.size(), 9u);
  const ContactRegion* square = find_dim(first, 2);
  ASSERT_NE(square, nullptr);
  const Vec3 tilted(0.6, 0, 0.8);
  ContactRegion before = *square;
  before.normals = {tilted};
  const RegionResult kept = run(cube, at(0.25, 0, 0), floor, Pose::identity(), {&before, 1});
  ASSERT_EQ(kept.regions.size(), 9u);
  for (const auto& g : kept.regions) expect_normals(g, {tilted});

  // The face of the cube opposite the bottom one (normal (0,0,1) in the cube's frame).
  int top = -1;
  for (std::size_t f = 0; f < cube.faces().size(); ++f)
    if (cube.faces()[f].plane.normal.z() > 0.5) top = static_cast<int>(f);
  ASSERT_GE(top, 0);
  ContactRegion unrelated = before;
  unrelated.a = Feature{FeatureKind::face, top};
  const RegionResult fresh = run(cube, at(0.25, 0, 0), floor, Pose::identity(), {&unrelated, 1});
  for (const auto& g : fresh.regions) expect_normals(g, {kUp});
}

TEST(RegionsAllPairs, WorkCapFailsWithAReason) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  // 26 entities each: 26² + 2 · 8 · 6 = 772 pairs.
  const RegionResult capped =
      run(cube, at(0, 0, 1), cube, Pose::identity(), {}, {.epsilon = 1e-9, .max_pairs = 771});
  EXPECT_EQ(capped.status, QueryStatus::failed);
  EXPECT_NE(capped.reason.find("max_pairs"), std::string::npos) << capped.reason;
  const RegionResult enough =
      run(cube, at(0, 0, 1), cube, Pose::identity(), {}, {.epsilon = 1e-9, .max_pairs = 772});
  EXPECT_EQ(enough.status, QueryStatus::ok);
}

}  // namespace
}  // namespace touchstone
