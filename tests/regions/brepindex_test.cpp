// regions-brepindex (seed 000 §4): MSP tree sizes and contact regions on hand-computed pairs; and
// regions-bvh, which settles its candidates with the Brep-index's code, on the same pairs and on a
// family sample against the exact reference.
// Every expected count, region and normal below is worked out by hand in the comment above it.
#include "algorithms/regions/brepindex/brepindex.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "algorithms/regions/bvh/bvh.hpp"
#include "cases/region_families.hpp"
#include "harness/common/reference_cache.hpp"
#include "harness/regions/culling_excuse.hpp"
#include "harness/regions/runner.hpp"
#include "tests/support/prisms.hpp"
#include "tests/support/region_expect.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

using namespace test_support;  // the shared shapes and expectations (tests/support/)
using Vec2 = Eigen::Vector2d;

struct Motion {
  std::optional<BodyVelocity> a, b;
};

RegionResult run(const Polytope& a, const Pose& pa, const Polytope& b, const Pose& pb,
                 const brepindex::Options& options = {}, Motion motion = {},
                 std::span<const ContactRegion> previous = {}) {
  return test_support::query_pair(*brepindex::make(options), a, pa, b, pb, previous, motion.a,
                                  motion.b);
}

const brepindex::Options kSupport{.cuts = brepindex::CutPolicy::support_planes};
const brepindex::Options kBalanced{.cuts = brepindex::CutPolicy::balanced};

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
    expect_same_points(r.regions[0].points, {{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}});
    expect_normals(r.regions[0], {kUp});
  }
}

// A cube turned 45° about x lies on a floor along its lowest edge: 𝓘 = the edge on the floor's
// face (1D, (−½, 0, 0)–(½, 0, 0)) and its two ends (0D); each end's cone lies in the edge's wedge
// and the floor face's halfspace is B's own cone, so 𝓡 = the segment, normal (0, 0, 1).
TEST(BrepIndexRegions, CubeEdgeOnFace) {
  const test_support::RegionPair p = test_support::cube_edge_on_floor();
  const RegionResult r = run(p.a, p.pose_a, p.b, p.pose_b);
  ASSERT_NO_FATAL_FAILURE(expect_touching(r, 1));
  EXPECT_EQ(r.regions[0].a->kind, FeatureKind::edge);
  EXPECT_EQ(r.regions[0].b->kind, FeatureKind::face);
  expect_same_points(r.regions[0].points, {{-0.5, 0, 0}, {0.5, 0, 0}});
  expect_normals(r.regions[0], {kUp});
}

// A square pyramid, apex (0, 0, 0) down, on a floor: one vertex–face point, in 𝓡 (nothing
// higher-dimensional is adjacent), normal (0, 0, 1).
TEST(BrepIndexRegions, VertexOnFace) {
  const test_support::RegionPair p = test_support::pyramid_on_floor();
  const RegionResult r = run(p.a, p.pose_a, p.b, p.pose_b);
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
    expect_same_points(r.regions[0].points, corners);
  }
}

// A 60° wedge resting in the reflex edge of an L: 𝓘 = apex edge on the reflex edge (1D,
// (0,0,0)–(0,1,0)) and its two ends in the open reflex edge (0D). Each end's cone lies in the
// wedge's edge cone, and B's cone there is the reflex edge's own: 𝓡 = the segment, with the
// reflex edge's two face normals (0,0,1) and (1,0,0) (seed 000 Fig. 7).
TEST(BrepIndexRegions, WedgeInReflexEdge) {
  const test_support::RegionPair p = test_support::wedge_in_reflex_edge();
  const RegionResult r = run(p.a, p.pose_a, p.b, p.pose_b);
  ASSERT_NO_FATAL_FAILURE(expect_touching(r, 1));
  expect_same_points(r.regions[0].points, {{0, 0, 0}, {0, 1, 0}});
  expect_normals(r.regions[0], {kUp, Vec3(1, 0, 0)});
}

RegionResult run_family(const char* family, int index) {
  const RegionCase c = find_region_family(family)->generate(1, index);
  const Polytope a = Polytope::from_faces(c.a.vertices, *c.a.faces);
  const Polytope b = Polytope::from_faces(c.b.vertices, *c.b.faces);
  return run(a, c.steps[0].pose_a, b, c.steps[0].pose_b);
}

// Gear teeth meshed flank to flank (gear-teeth i11, exact contact): two flank-on-flank squares,
// and along each plate end the flank edges of A and B (each between a flank and an end face,
// perpendicular planes: convex 90° edges) meet edge on edge. Each such edge's wedge lies in its
// own flank's halfspace, removed by the adjacent 2D region on both sides, so 𝓡 = the 2 squares.
// (Edge::reflex flags B's edges reflex, their end face being a non-convex polygon: 𝓡 then kept
// 4 edge pairs too.)
TEST(BrepIndexRegions, GearFlanksEndEdgesAreConvex) {
  const RegionResult r = run_family("gear-teeth", 11);
  ASSERT_NO_FATAL_FAILURE(expect_touching(r, 2));
  for (const ContactRegion& g : r.regions) EXPECT_EQ(g.dimension(), 2);
}

// gear-teeth i4 sinks the teeth 4e-12 into each other: the flanks are coplanar within the
// overlay's tolerance but their overlay does not close at ε; retried at a coarser tolerance the
// query answers instead of failing. The overlap is shallow (below the verifier's τ, so touching
// and penetrating are both accepted), and every vertex of each lies on the other's end planes:
// not more than ε inside, so within ε-contact it is not called separated.
TEST(BrepIndexRegions, NearlyCoplanarFlanksDoNotFailTheQuery) {
  const RegionResult r = run_family("gear-teeth", 4);
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_NE(r.relation, Relation::separated);
  EXPECT_FALSE(r.regions.empty());
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

int face_with_normal(const Polytope& p, const Vec3& n) {
  for (std::size_t f = 0; f < p.faces().size(); ++f)
    if ((p.faces()[f].plane.normal - n).norm() < 1e-12) return static_cast<int>(f);
  return -1;
}

// The verifier's excuse (harness/regions/culling_excuse.hpp), from the case's motion alone. The
// cube lifting off the floor: relative to B its bottom face moves along +z against the normal
// (0, 0, −1) (eq. (13): culled), and B's top face moves along −z against (0, 0, 1): the face pair
// is excused; a bottom edge of the cube has a side face with relative velocity · normal = 0, but
// its pair with the floor's top face is excused by B's side. Sliding along x culls neither face;
// without velocities nothing is excused.
TEST(BrepIndexRegions, VerifierExcusesOnlyCulledRegions) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const Polytope floor = box(Vec3(-1, -1, -1), Vec3(2, 2, 0));
  const int bottom = face_with_normal(cube, -kUp), top = face_with_normal(floor, kUp);
  ASSERT_GE(bottom, 0);
  ASSERT_GE(top, 0);
  int edge = -1;
  for (std::size_t e = 0; e < cube.edges().size(); ++e)
    if (cube.edges()[e].left_face == bottom) edge = static_cast<int>(e);
  ASSERT_GE(edge, 0);
  ExactRegion faces, edge_on_face;
  faces.a = {FeatureKind::face, bottom};
  faces.b = {FeatureKind::face, top};
  edge_on_face.a = {FeatureKind::edge, edge};
  edge_on_face.b = faces.b;
  RegionStep lift{Pose::identity(), Pose::identity(), BodyVelocity{kUp, Vec3::Zero()},
                  BodyVelocity{}};
  RegionStep slide = lift;
  slide.velocity_a = BodyVelocity{Vec3(1, 0, 0), Vec3::Zero()};
  RegionStep still = lift;
  still.velocity_a.reset();
  RegionVerificationInput in{nullptr, 1.0, &cube, &floor, {}, &lift};
  EXPECT_TRUE(culled_by_motion(faces, in));
  EXPECT_TRUE(culled_by_motion(edge_on_face, in));
  in.step = &slide;
  EXPECT_FALSE(culled_by_motion(faces, in));
  in.step = &still;
  EXPECT_FALSE(culled_by_motion(faces, in));
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

// regions-bvh on the hand pairs above: the same 𝓡, normals and relations. The nested ¼-cube meets
// no face of the cube, so only the inside test of a component's vertex finds it.
TEST(BvhRegions, HandPairsAsTheBrepIndex) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  for (auto volume : {hierarchy::VolumeType::obb, hierarchy::VolumeType::kdop14}) {
    const auto algorithm = bvh_regions::make({.volume = volume});
    const auto ask = [&](const Polytope& a, const Pose& pa, const Polytope& b, const Pose& pb) {
      return test_support::query_pair(*algorithm, a, pa, b, pb, {}, std::nullopt, std::nullopt);
    };
    const RegionResult face = ask(cube, at(0, 0, 1), cube, at(0, 0, 0));
    ASSERT_EQ(face.status, QueryStatus::ok) << face.reason;
    EXPECT_EQ(face.relation, Relation::touching);
    ASSERT_EQ(face.regions.size(), 1u);
    expect_same_points(face.regions[0].points, {{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}});
    expect_normals(face.regions[0], {kUp});
    const test_support::RegionPair edge = test_support::cube_edge_on_floor();
    const RegionResult e = ask(edge.a, edge.pose_a, edge.b, edge.pose_b);
    ASSERT_EQ(e.regions.size(), 1u);
    EXPECT_EQ(e.regions[0].a->kind, FeatureKind::edge);
    expect_same_points(e.regions[0].points, {{-0.5, 0, 0}, {0.5, 0, 0}});
    const test_support::RegionPair apex = test_support::pyramid_on_floor();
    const RegionResult v = ask(apex.a, apex.pose_a, apex.b, apex.pose_b);
    ASSERT_EQ(v.regions.size(), 1u);
    EXPECT_EQ(v.regions[0].a->kind, FeatureKind::vertex);
    const Polytope half = box(Vec3(0, 0, 0), Vec3(0.5, 0.5, 0.5));
    const Polytope quarter = box(Vec3(0, 0, 0), Vec3(0.25, 0.25, 0.25));
    EXPECT_EQ(ask(half, at(0.25, 0.25, 0.75), cube, Pose::identity()).relation,
              Relation::penetrating);
    const RegionResult nested = ask(quarter, at(0.4, 0.4, 0.4), cube, Pose::identity());
    EXPECT_EQ(nested.relation, Relation::penetrating);
    EXPECT_TRUE(nested.regions.empty());
    EXPECT_EQ(ask(cube, Pose::identity(), quarter, at(0.4, 0.4, 0.4)).relation,
              Relation::penetrating);
    EXPECT_EQ(ask(quarter, at(1.2, 0.4, 0.4), cube, Pose::identity()).relation,
              Relation::separated);
  }
}

// Bad input and budgets: a segment (no face to build a hierarchy on), a non-finite pose and a
// node cap of 1 each fail with a reason; nothing throws.
TEST(BvhRegions, BadInputAndBudgetsFailWithAReason) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const std::vector<Vec3> ends{{0, 0, 0}, {1, 0, 0}};
  const Polytope segment = Polytope::from_points(ends);
  const auto ask = [&](const bvh_regions::Options& o, const Polytope& a, const Pose& pa) {
    return test_support::query_pair(*bvh_regions::make(o), a, pa, cube, Pose::identity(), {},
                                    std::nullopt, std::nullopt);
  };
  const RegionResult seg = ask({}, segment, at(0, 0, 1));
  EXPECT_EQ(seg.status, QueryStatus::failed);
  EXPECT_NE(seg.reason.find("segment"), std::string::npos) << seg.reason;
  const RegionResult nan = ask({}, cube, at(std::nan(""), 0, 1));
  EXPECT_EQ(nan.status, QueryStatus::failed);
  EXPECT_FALSE(nan.reason.empty());
  const RegionResult capped = ask({.max_nodes = 1}, cube, at(0, 0, 1));
  EXPECT_EQ(capped.status, QueryStatus::failed);
  EXPECT_NE(capped.reason.find("max_nodes"), std::string::npos) << capped.reason;
}

// A sample of the region families (the first case of each), verified against the exact
// reference by the harness's pipeline: regions-bvh passes wherever regions-brepindex does and is
// never worse (the gear families hold a step the verifier cannot decide for either).
TEST(BvhRegions, FamilySampleAgreesWithTheExactReference) {
  std::vector<RegionCase> sample;
  for (const RegionFamily& f : region_families())
    if (f.default_count > 0) sample.push_back(f.generate(1, 0));
  const RegionRegistry& registry = RegionRegistry::builtin();
  RegionRunOptions options;
  options.repetitions = 1;
  options.isolation = Isolation::none;
  ReferenceCache cache;
  const RegionRunResults run = run_regions(
      sample, {registry.find("regions-bvh"), registry.find("regions-brepindex")}, options, cache);
  std::map<std::size_t, Verdict> brepindex;
  for (const RegionResultRecord& r : run.results)
    if (r.algorithm == "regions-brepindex") brepindex[r.case_index] = r.verification.verdict;
  int passed = 0;
  for (const RegionResultRecord& r : run.results) {
    if (r.algorithm != "regions-bvh") continue;
    const std::string& id = sample[r.case_index].id;
    if (r.verification.verdict == Verdict::pass) {
      ++passed;
      continue;
    }
    EXPECT_EQ(r.verification.verdict, Verdict::ambiguous) << id << ": " << r.verification.reason;
    EXPECT_EQ(brepindex[r.case_index], r.verification.verdict) << id;
  }
  EXPECT_GE(passed, static_cast<int>(sample.size()) - 2);
}

}  // namespace
}  // namespace touchstone
