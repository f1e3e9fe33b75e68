// regions-brepindex (seed 000 §4): MSP tree sizes and contact regions on hand-computed pairs.
// Every expected count, region and normal below is worked out by hand in the comment above it.
#include "algorithms/regions/brepindex/brepindex.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "tests/support/prisms.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

using test_support::at;
using test_support::box;
using test_support::prism;
using Vec2 = Eigen::Vector2d;

struct Motion {
  std::optional<BodyVelocity> a, b;
};

RegionResult run(const Polytope& a, const Pose& pa, const Polytope& b, const Pose& pb,
                 const brepindex::Options& options = {}, Motion motion = {},
                 std::span<const ContactRegion> previous = {}) {
  const auto algorithm = brepindex::make(options);
  const auto sa = algorithm->prepare(a);
  const auto sb = algorithm->prepare(b);
  RegionQuery q;
  q.a = sa.get();
  q.b = sb.get();
  q.pose_a = pa;
  q.pose_b = pb;
  q.previous = previous;
  q.velocity_a = motion.a;
  q.velocity_b = motion.b;
  return algorithm->query(q);
}

const brepindex::Options kSupport{};
const brepindex::Options kBalanced{.cuts = brepindex::CutPolicy::balanced};

void expect_points(const std::vector<Vec3>& points, const std::vector<Vec3>& expected) {
  ASSERT_EQ(points.size(), expected.size());
  for (const Vec3& e : expected)
    EXPECT_TRUE(std::any_of(points.begin(), points.end(),
                            [&](const Vec3& p) { return (p - e).norm() < 1e-9; }))
        << "missing point " << e.transpose();
}

void expect_normals(const ContactRegion& g, const std::vector<Vec3>& expected) {
  ASSERT_EQ(g.normals.size(), expected.size());
  for (const Vec3& e : expected)
    EXPECT_TRUE(std::any_of(g.normals.begin(), g.normals.end(),
                            [&](const Vec3& n) { return (n - e).norm() < 1e-9; }))
        << "missing normal " << e.transpose();
}

const Vec3 kUp(0, 0, 1);

Polytope icosahedron() {
  const double g = (1 + std::sqrt(5.0)) / 2;
  std::vector<Vec3> p;
  for (double s : {-1.0, 1.0})
    for (double t : {-g, g}) p.insert(p.end(), {{0, s, t}, {s, t, 0}, {t, 0, s}});
  return Polytope::from_points(p);
}

// Seed 000 §4.2: a convex solid's Brep-index with support-plane cuts has v + e + f internal nodes,
// one per entity (each face plane cuts once in 3D, each edge's line once inside the first face
// plane holding it, each vertex once on the first edge line through it). A ternary tree with I
// internal nodes has 2I + 1 leaves. The 3D cuts form a chain of f nodes, so the deepest 3D path
// holds f of them.
TEST(BrepIndexTree, ConvexSolidsHaveOneInternalNodePerEntity) {
  const Polytope tetra =
      Polytope::from_points(std::vector<Vec3>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  const brepindex::TreeStats t = brepindex::tree_stats(tetra, brepindex::CutPolicy::support_planes);
  EXPECT_EQ(t.internal_nodes, 14);  // 4 + 6 + 4
  EXPECT_EQ(t.leaves, 29);
  EXPECT_EQ(t.max_depth_3d, 4);
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  EXPECT_EQ(brepindex::tree_stats(cube, brepindex::CutPolicy::support_planes).internal_nodes,
            26);  // 8 + 12 + 6
  const brepindex::TreeStats ico =
      brepindex::tree_stats(icosahedron(), brepindex::CutPolicy::support_planes);
  EXPECT_EQ(ico.internal_nodes, 62);  // 12 + 30 + 20
  EXPECT_EQ(ico.max_depth_3d, 20);
  // Balanced initial cuts (not support planes) split the 20 faces roughly in half first: the 3D
  // chain gets shorter, and the fragments make the tree larger than v + e + f.
  const brepindex::TreeStats bal =
      brepindex::tree_stats(icosahedron(), brepindex::CutPolicy::balanced);
  EXPECT_LT(bal.max_depth_3d, 20);
  EXPECT_GT(bal.internal_nodes, 62);
}

// Two unit cubes face to face. 𝓘 (9 regions: the square, 4 edge–edge segments, 4 corner–corner
// points) reduces to 𝓡 = the square: each edge's wedge and each corner's cone lies inside the
// halfspace of the face of the adjacent 2D region, on both sides (eq. (3)–(4)).
TEST(BrepIndexRegions, CubesFaceOnFace) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  for (const auto& options : {kSupport, kBalanced}) {
    const RegionResult r = run(cube, at(0, 0, 1), cube, at(0, 0, 0), options);
    ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
    EXPECT_EQ(r.relation, Relation::touching);
    EXPECT_EQ(r.subset, RegionSubset::sufficient);
    ASSERT_EQ(r.regions.size(), 1u);
    EXPECT_EQ(r.regions[0].a->kind, FeatureKind::face);
    EXPECT_EQ(r.regions[0].b->kind, FeatureKind::face);
    expect_points(r.regions[0].points, {{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}});
    expect_normals(r.regions[0], {kUp});
  }
}

// A cube turned 45° about x lies on a floor along its lowest edge: 𝓘 = the edge on the floor's
// face (1D, (−½, 0, 0)–(½, 0, 0)) and its two ends (0D); each end's cone lies in the edge's wedge
// and the floor face's halfspace is B's own cone, so 𝓡 = the segment, normal (0, 0, 1).
TEST(BrepIndexRegions, CubeEdgeOnFace) {
  const Polytope cube = box(Vec3(-0.5, -0.5, -0.5), Vec3(0.5, 0.5, 0.5));
  const Polytope floor = box(Vec3(-1, -1, -1), Vec3(1, 1, 0));
  const double c = std::cos(std::numbers::pi / 8), s = std::sin(std::numbers::pi / 8);
  const Pose pa = Pose::from_quaternion({c, s, 0, 0}, Vec3(0, 0, std::sqrt(0.5)));
  const RegionResult r = run(cube, pa, floor, Pose::identity());
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::touching);
  ASSERT_EQ(r.regions.size(), 1u);
  EXPECT_EQ(r.regions[0].a->kind, FeatureKind::edge);
  EXPECT_EQ(r.regions[0].b->kind, FeatureKind::face);
  expect_points(r.regions[0].points, {{-0.5, 0, 0}, {0.5, 0, 0}});
  expect_normals(r.regions[0], {kUp});
}

// A square pyramid, apex (0, 0, 0) down, on a floor: one vertex–face point, in 𝓡 (nothing
// higher-dimensional is adjacent), normal (0, 0, 1).
TEST(BrepIndexRegions, VertexOnFace) {
  const Polytope down = Polytope::from_points(
      std::vector<Vec3>{{0, 0, 0}, {-1, -1, 1}, {1, -1, 1}, {1, 1, 1}, {-1, 1, 1}});
  const Polytope floor = box(Vec3(-2, -2, -1), Vec3(2, 2, 0));
  const RegionResult r = run(down, Pose::identity(), floor, Pose::identity());
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  ASSERT_EQ(r.regions.size(), 1u);
  EXPECT_EQ(r.regions[0].a->kind, FeatureKind::vertex);
  EXPECT_EQ(r.regions[0].b->kind, FeatureKind::face);
  EXPECT_LT(r.regions[0].points[0].norm(), 1e-12);
  expect_normals(r.regions[0], {kUp});
}

// A ½-cube sunk ¼ into a unit cube (its vertical edges cross the top face): penetrating; a
// ¼-cube deep inside (no boundary contact; point location finds its corners inside) is nested:
// penetrating; 1.5 apart: separated with no regions.
TEST(BrepIndexRegions, PenetratingNestedSeparated) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const Polytope half = box(Vec3(0, 0, 0), Vec3(0.5, 0.5, 0.5));
  const Polytope quarter = box(Vec3(0, 0, 0), Vec3(0.25, 0.25, 0.25));
  for (const auto& options : {kSupport, kBalanced}) {
    EXPECT_EQ(run(half, at(0.25, 0.25, 0.75), cube, Pose::identity(), options).relation,
              Relation::penetrating);
    const RegionResult nested = run(quarter, at(0.4, 0.4, 0.4), cube, Pose::identity(), options);
    EXPECT_EQ(nested.relation, Relation::penetrating);
    EXPECT_TRUE(nested.regions.empty());
    const RegionResult apart = run(cube, at(0, 0, 1.5), cube, at(0, 0, 0), options);
    EXPECT_EQ(apart.relation, Relation::separated);
    EXPECT_TRUE(apart.regions.empty());
  }
}

// Non-convex: an L-block (one vertical reflex edge, L-shaped faces) on a floor. 𝓘 has the L
// (area 3), 6 edge segments and 6 corner points; every bottom edge is convex and every corner
// cone (the inner corner's too: it lies in z ≥ 0) is inside the bottom face's halfspace, so
// 𝓡 = the L alone.
TEST(BrepIndexRegions, NonConvexLBlockOnFloor) {
  const std::vector<Vec2> l_shape{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
  const Polytope l = prism(l_shape, 0, 1);
  const Polytope floor = box(Vec3(-1, -1, -1), Vec3(3, 3, 0));
  for (const auto& options : {kSupport, kBalanced}) {
    const RegionResult r = run(l, Pose::identity(), floor, Pose::identity(), options);
    ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
    ASSERT_EQ(r.regions.size(), 1u);
    std::vector<Vec3> corners;
    for (const Vec2& p : l_shape) corners.emplace_back(p.x(), p.y(), 0);
    expect_points(r.regions[0].points, corners);
  }
}

// A 60° wedge resting in the reflex edge of an L: 𝓘 = apex edge on the reflex edge (1D,
// (0,0,0)–(0,1,0)) and its two ends in the open reflex edge (0D). Each end's cone lies in the
// wedge's edge cone, and B's cone there is the reflex edge's own: 𝓡 = the segment, with the
// reflex edge's two face normals (0,0,1) and (1,0,0) (seed 000 Fig. 7).
TEST(BrepIndexRegions, WedgeInReflexEdge) {
  const double d15 = std::numbers::pi / 12, d75 = 5 * std::numbers::pi / 12;
  const Polytope wedge =
      prism({{0, 0}, {std::cos(d15), std::sin(d15)}, {std::cos(d75), std::sin(d75)}}, -1, 0, true);
  const Polytope l = prism({{-1, -1}, {2, -1}, {2, 0}, {0, 0}, {0, 2}, {-1, 2}}, -2, 1, true);
  const RegionResult r = run(wedge, Pose::identity(), l, Pose::identity());
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::touching);
  ASSERT_EQ(r.regions.size(), 1u);
  expect_points(r.regions[0].points, {{0, 0, 0}, {0, 1, 0}});
  expect_normals(r.regions[0], {kUp, Vec3(1, 0, 0)});
}

// Back-face culling (§4.1) on a unit cube A resting on a 3 × 3 floor B (equal entity counts: B's
// entities go through A's tree). A lifting off (velocity (0, 0, 1)): relative to A, B's top face
// moves along −z, against its normal (0, 0, 1) at every vertex — culled (eq. (13)); every other
// face of B has relative velocity · normal ≥ 0 and stays, so no edge or vertex is culled. The
// face pair is dropped; nothing else of B meets A, so no region is returned, and the culled
// entities still tell that the pair touches. Without culling, or sliding along x (relative
// velocity · normal = 0 on the top face: not culled), 𝓡 = the bottom square.
TEST(BrepIndexRegions, BackFaceCulling) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const Polytope floor = box(Vec3(-1, -1, -1), Vec3(2, 2, 0));
  const Motion lift{BodyVelocity{kUp, Vec3::Zero()}, BodyVelocity{}};
  const Motion slide{BodyVelocity{Vec3(1, 0, 0), Vec3::Zero()}, BodyVelocity{}};
  const RegionResult culled = run(cube, Pose::identity(), floor, Pose::identity(), {}, lift);
  ASSERT_EQ(culled.status, QueryStatus::ok) << culled.reason;
  EXPECT_EQ(culled.relation, Relation::touching);
  EXPECT_TRUE(culled.regions.empty());
  brepindex::Options off;
  off.back_face_culling = false;
  EXPECT_EQ(run(cube, Pose::identity(), floor, Pose::identity(), off, lift).regions.size(), 1u);
  EXPECT_EQ(run(cube, Pose::identity(), floor, Pose::identity(), {}, slide).regions.size(), 1u);
}

// Temporal coherence (condition (6)): the same face pair keeps the previous normal.
TEST(BrepIndexRegions, TemporalCoherenceKeepsPreviousNormals) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const Polytope floor = box(Vec3(-1, -1, -1), Vec3(2, 2, 0));
  const RegionResult first = run(cube, Pose::identity(), floor, Pose::identity());
  ASSERT_EQ(first.regions.size(), 1u);
  ContactRegion before = first.regions[0];
  const Vec3 tilted(0.6, 0, 0.8);
  before.normals = {tilted};
  const RegionResult kept =
      run(cube, at(0.25, 0, 0), floor, Pose::identity(), {}, {}, {&before, 1});
  ASSERT_EQ(kept.regions.size(), 1u);
  expect_normals(kept.regions[0], {tilted});
}

// The node cap: a cap of 1 visited node fails with a reason naming it.
TEST(BrepIndexRegions, NodeCapFailsWithAReason) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  brepindex::Options tiny;
  tiny.max_nodes = 1;
  const RegionResult r = run(cube, at(0, 0, 1), cube, Pose::identity(), tiny);
  EXPECT_EQ(r.status, QueryStatus::failed);
  EXPECT_NE(r.reason.find("max_nodes"), std::string::npos) << r.reason;
}

}  // namespace
}  // namespace touchstone
