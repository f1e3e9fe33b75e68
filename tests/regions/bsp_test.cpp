// regions-bsp (algorithms/regions/bsp/): the Naylor tree's invariants, point classification, the
// regions a face-plane tree can name, relations, and the verifier's declared limits. Every
// expected value is worked out by hand in the comment above its test.
#include "algorithms/regions/bsp/bsp.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "algorithms/regions/bsp/tree.hpp"
#include "algorithms/regions/registry.hpp"
#include "cases/region_families.hpp"
#include "harness/regions/verifier.hpp"
#include "tests/support/prisms.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

using bsp::PointClass;
using test_support::at;
using test_support::box;
using test_support::prism;
using Vec2 = Eigen::Vector2d;

const std::vector<Vec2> kL{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};  // area 3

// The answer of regions-bsp, as registered, for A at pose pa and B at pose pb.
RegionResult answer(const Polytope& a, const Pose& pa, const Polytope& b, const Pose& pb) {
  const auto algorithm = RegionRegistry::builtin().find("regions-bsp")->make();
  const auto prepared_a = algorithm->prepare(a);
  const auto prepared_b = algorithm->prepare(b);
  RegionQuery q;
  q.a = prepared_a.get();
  q.b = prepared_b.get();
  q.pose_a = pa;
  q.pose_b = pb;
  return algorithm->query(q);
}

// The regions' kinds and dimensions, sorted: "fe1 ff2" is a face–edge 1D and a face–face 2D.
std::string kinds(const RegionResult& r) {
  std::vector<std::string> k;
  for (const ContactRegion& g : r.regions)
    k.push_back(std::string(1, to_string(g.a->kind)[0]) + to_string(g.b->kind)[0] +
                std::to_string(g.dimension()));
  std::sort(k.begin(), k.end());
  std::string out;
  for (const std::string& x : k) out += (out.empty() ? "" : " ") + x;
  return out;
}

// An ok answer, touching, with regions of exactly these kinds.
void expect_touching_with(const RegionResult& r, const std::string& expected) {
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::touching);
  EXPECT_EQ(r.subset, RegionSubset::intersection);
  EXPECT_EQ(kinds(r), expected);
}

double area(const std::vector<Vec3>& poly) {
  Vec3 sum = Vec3::Zero();
  for (std::size_t i = 0; i < poly.size(); ++i) sum += poly[i].cross(poly[(i + 1) % poly.size()]);
  return sum.norm() / 2;
}

int face_with_normal(const Polytope& p, const Vec3& n) {
  for (std::size_t f = 0; f < p.faces().size(); ++f)
    if ((p.faces()[f].plane.normal - n).norm() < 1e-12) return static_cast<int>(f);
  return -1;
}

int vertex_at(const Polytope& p, const Vec3& x) {
  for (std::size_t v = 0; v < p.vertices().size(); ++v)
    if ((p.vertices()[v] - x).norm() < 1e-12) return static_cast<int>(v);
  return -1;
}

int edge_between(const Polytope& p, const Vec3& x, const Vec3& y) {
  const int u = vertex_at(p, x), w = vertex_at(p, y);
  for (std::size_t e = 0; e < p.edges().size(); ++e) {
    const Edge& g = p.edges()[e];
    if ((g.tail == u && g.head == w) || (g.tail == w && g.head == u)) return static_cast<int>(e);
  }
  return -1;
}

// A convex solid's tree is a chain: every other face lies behind each face's plane, so no face is
// ever split and every front child is an out-leaf. Unit cube: 6 nodes, one per face, each storing
// its face's 2 triangles (12 fragments); depth 6; 7 leaves (6 out, 1 in).
TEST(BspTree, CubeIsAChainOfItsSixFaces) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const bsp::Tree tree = bsp::build_tree(cube);
  ASSERT_FALSE(tree.failure);
  EXPECT_EQ(tree.stats.nodes, 6);
  EXPECT_EQ(tree.stats.fragments, 12);
  EXPECT_EQ(tree.stats.max_depth, 6);
  EXPECT_EQ(tree.stats.leaves, 7);
  for (const bsp::Node& n : tree.nodes) {
    EXPECT_EQ(n.front, bsp::kOut);
    ASSERT_EQ(n.on.size(), 2u);
    EXPECT_TRUE(n.on[0].same && n.on[1].same);
  }
}

// Unit cube: the centre is in, points beyond a face are out, and a face's interior, an edge and a
// corner are on (within ε = 1e-9); 1e-6 outside a face is out, 1e-6 inside is in.
TEST(BspTree, CubePointClassification) {
  const bsp::Tree tree = bsp::build_tree(box(Vec3(0, 0, 0), Vec3(1, 1, 1)));
  const double eps = 1e-9;
  EXPECT_EQ(bsp::classify_point(tree, Vec3(0.5, 0.5, 0.5), eps), PointClass::in);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(2, 0.5, 0.5), eps), PointClass::out);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(-0.5, -0.5, -0.5), eps), PointClass::out);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(1, 0.5, 0.5), eps), PointClass::on);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(1, 1, 0.5), eps), PointClass::on);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(1, 1, 1), eps), PointClass::on);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(1 + 1e-6, 0.5, 0.5), eps), PointClass::out);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(1 - 1e-6, 0.5, 0.5), eps), PointClass::in);
}

// The L-prism over kL (z in [0, 1]): the notch [1, 2] × [1, 2] is out, including the point
// (1.5, 1.5, 1) in the plane of the top face (outside its L); the two reflex side faces (x = 1
// and y = 1 beside the notch) and the reflex edge (1, 1, z) are on; the three unit squares of the
// L are in. Its fragments cover every face once: their areas sum to the surface area,
// 3 + 3 (caps) + 8 × 1 (perimeter × height) = 14.
TEST(BspTree, LPrismPointClassificationAndFragmentsCoverTheSurface) {
  const Polytope l = prism(kL, 0, 1);
  const bsp::Tree tree = bsp::build_tree(l);
  ASSERT_FALSE(tree.failure);
  const double eps = 1e-9;
  EXPECT_EQ(bsp::classify_point(tree, Vec3(0.5, 0.5, 0.5), eps), PointClass::in);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(1.5, 0.5, 0.5), eps), PointClass::in);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(0.5, 1.5, 0.5), eps), PointClass::in);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(1.5, 1.5, 0.5), eps), PointClass::out);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(1.5, 1.5, 1), eps), PointClass::out);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(1.5, 1.5, 0), eps), PointClass::out);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(1, 1.5, 0.5), eps), PointClass::on);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(1.5, 1, 0.5), eps), PointClass::on);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(1, 1, 0.5), eps), PointClass::on);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(0.5, 0.5, 1), eps), PointClass::on);
  EXPECT_EQ(bsp::classify_point(tree, Vec3(3, 0.5, 0.5), eps), PointClass::out);
  double total = 0;
  for (const bsp::Node& n : tree.nodes)
    for (const bsp::Fragment& f : n.on) total += area(f.polygon);
  EXPECT_NEAR(total, 14.0, 1e-12);
}

// Cube B = [1/4, 3/4]² × [1, 3/2] on the unit cube A: 𝓘 by hand is A's top face against B's
// bottom face (the square [1/4, 3/4]², area 1/4), its 4 edges (1D, length 1/2 each) and its 4
// corners (0D): 9 regions, every one with a face of A, so all named. Normal of the square: B's
// bottom face's outward normal (0, 0, −1); of the others: A's top face seen from B, (0, 0, −1).
TEST(RegionsBsp, SmallCubeOnCubeNamesAllNineRegions) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const Polytope small = box(Vec3(0, 0, 0), Vec3(0.5, 0.5, 0.5));
  const RegionResult r = answer(cube, Pose::identity(), small, at(0.25, 0.25, 1));
  expect_touching_with(r, "fe1 fe1 fe1 fe1 ff2 fv0 fv0 fv0 fv0");
  for (const auto& g : r.regions) {
    EXPECT_EQ(g.a->id, face_with_normal(cube, Vec3(0, 0, 1)));
    if (g.dimension() == 2) {
      EXPECT_NEAR(area(g.points), 0.25, 1e-12);
    }
    if (g.dimension() == 1) {
      EXPECT_NEAR((g.points[1] - g.points[0]).norm(), 0.5, 1e-12);
    }
    for (const Vec3& p : g.points) EXPECT_NEAR(p.z(), 1.0, 1e-12);
    ASSERT_EQ(g.normals.size(), 1u);
    EXPECT_LT((g.normals[0] - Vec3(0, 0, -1)).norm(), 1e-12);
  }
}

// Equal cubes face on face (B = A + (0, 0, 1)): 𝓘 is the unit square (2D), 4 edge–edge (1D) and
// 4 vertex–vertex (0D) regions; a face-plane tree names the square only, and says touching.
TEST(RegionsBsp, EqualCubesNameOnlyTheSquare) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const RegionResult r = answer(cube, Pose::identity(), cube, at(0, 0, 1));
  expect_touching_with(r, "ff2");
  ASSERT_EQ(r.regions.size(), 1u);
  EXPECT_NEAR(area(r.regions[0].points), 1.0, 1e-12);
}

// A square pyramid, apex (0, 0, 0) down, base corners (±1, ±1, 1), on a floor whose top is z = 0:
// one vertex–face region (floor face, apex) at the origin: a region with A's vertex and B's face,
// found by pushing A's boundary through B's tree.
TEST(RegionsBsp, ApexOnFloorIsAVertexFaceRegion) {
  const Polytope down = Polytope::from_points(
      std::vector<Vec3>{{0, 0, 0}, {-1, -1, 1}, {1, -1, 1}, {1, 1, 1}, {-1, 1, 1}});
  const Polytope floor = box(Vec3(-2, -2, -1), Vec3(2, 2, 0));
  const RegionResult r = answer(down, Pose::identity(), floor, Pose::identity());
  expect_touching_with(r, "vf0");
  ASSERT_EQ(r.regions.size(), 1u);
  EXPECT_LT(r.regions[0].points[0].norm(), 1e-12);
}

// The unit cube B = [1, 2]² × [0, 1] fills the notch of the L-prism A exactly: A's reflex side
// faces x = 1 (y in [1, 2]) and y = 1 (x in [1, 2]) lie on B's faces x = 1 and y = 1, two 2D
// regions of area 1 each. Everything else in 𝓘 is edge–edge or vertex–vertex (the reflex edge
// against B's edge, the caps' edges side by side): not nameable, so exactly 2 regions.
TEST(RegionsBsp, CubeInTheNotchOfAnLPrism) {
  const Polytope l = prism(kL, 0, 1);
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const RegionResult r = answer(l, Pose::identity(), cube, at(1, 1, 0));
  expect_touching_with(r, "ff2 ff2");
  for (const auto& g : r.regions) EXPECT_NEAR(area(g.points), 1.0, 1e-12);
}

// Unit cubes sharing only the edge x = 1, z = 1 (B = A + (1, 0, 1)): 𝓘 is one edge–edge region
// and two vertex–vertex regions, none with a face. The tree names nothing, invents nothing, and
// still says touching (B's edge lies on A's boundary).
TEST(RegionsBsp, EdgeOnEdgeIsReportedMissingNotInvented) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const RegionResult r = answer(cube, Pose::identity(), cube, at(1, 0, 1));
  expect_touching_with(r, "");
}

// Overlapping cubes (B = A + (1/2, 0, 0)) penetrate; a cube [1/4, 3/4]³ nested in the unit cube
// (no boundary contact) penetrates either way round; B = A + (0, 0, 3/2) is separated.
TEST(RegionsBsp, PenetrationNestingAndSeparation) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const Polytope small = box(Vec3(0, 0, 0), Vec3(0.5, 0.5, 0.5));
  EXPECT_EQ(answer(cube, Pose::identity(), cube, at(0.5, 0, 0)).relation, Relation::penetrating);
  EXPECT_EQ(answer(cube, Pose::identity(), small, at(0.25, 0.25, 0.25)).relation,
            Relation::penetrating);
  EXPECT_EQ(answer(small, at(0.25, 0.25, 0.25), cube, Pose::identity()).relation,
            Relation::penetrating);
  const RegionResult apart = answer(cube, Pose::identity(), cube, at(0, 0, 1.5));
  EXPECT_EQ(apart.relation, Relation::separated);
  EXPECT_TRUE(apart.regions.empty());
  const Polytope l = prism(kL, 0, 1);  // a cube half in the L's notch, half in its arm
  EXPECT_EQ(answer(l, Pose::identity(), small, at(0.75, 1.25, 0.25)).relation,
            Relation::penetrating);
}

// tetra-in-corner s1 i27: the tetrahedron's sharp apex (edges (4, 1, 1), (1, 4, 1), (1, 1, 4))
// stands 4e-9 off B's concave corner (ε = 6.9e-9): separated within the band, never penetrating.
// Pieces of B's reflex edges lie within ε of the three apex planes, so the tolerance lets them
// into the tetrahedron's in-cell although they are outside it; near so sharp an apex that band
// reaches farther than ε from the tetrahedron, and the ball query alone called it penetrating.
// Only probes strictly inside every plane of their path may prove penetration.
TEST(RegionsBsp, ToleranceBandAtASharpApexIsNotPenetration) {
  const RegionCase c = find_region_family("tetra-in-corner")->generate(1, 27);
  const Polytope a = Polytope::from_faces(c.a.vertices, *c.a.faces);
  const Polytope b = Polytope::from_faces(c.b.vertices, *c.b.faces);
  const RegionResult r = answer(a, c.steps[0].pose_a, b, c.steps[0].pose_b);
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_NE(r.relation, Relation::penetrating);
}

TEST(RegionsBsp, RegisteredWithItsDeclaredKinds) {
  const auto* info = RegionRegistry::builtin().find("regions-bsp");
  ASSERT_NE(info, nullptr);
  const RegionCapabilities& c = info->capabilities;
  EXPECT_TRUE(c.entities && c.intersection_set && c.relation && c.nonconvex);
  for (FeatureKind k : {FeatureKind::vertex, FeatureKind::edge, FeatureKind::face}) {
    EXPECT_TRUE(c.can_name(FeatureKind::face, k));
    EXPECT_TRUE(c.can_name(k, FeatureKind::face));
  }
  EXPECT_FALSE(c.can_name(FeatureKind::edge, FeatureKind::edge));
  EXPECT_FALSE(c.can_name(FeatureKind::vertex, FeatureKind::edge));
  EXPECT_FALSE(c.can_name(FeatureKind::edge, FeatureKind::vertex));
  EXPECT_FALSE(c.can_name(FeatureKind::vertex, FeatureKind::vertex));
  EXPECT_TRUE(RegionCapabilities{}.can_name(FeatureKind::edge, FeatureKind::vertex));
}

// The verifier on the edge-on-edge pair with its exact 𝓘 written by hand (edge (1, 0, 1)–(1, 1, 1)
// of both cubes, and the vertex pairs at its ends): the empty answer fails `missing region` for an
// algorithm declaring every kind, and passes with 3 regions `missed (declared limit)` for
// regions-bsp's kinds.
TEST(RegionsBsp, VerifierCountsDeclaredLimitsInsteadOfFailing) {
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  ExactRegions exact;
  exact.relation = Relation::touching;
  const Vec3 p(1, 0, 1), q(1, 1, 1);
  const auto add = [&](FeatureKind kind, int ia, int ib, std::vector<Vec3> points) {
    ExactRegion e;
    e.a = {kind, ia};
    e.b = {kind, ib};
    e.dimension = static_cast<int>(points.size()) - 1;
    e.points = std::move(points);
    exact.regions.push_back(std::move(e));
  };
  add(FeatureKind::edge, edge_between(cube, p, q), edge_between(cube, Vec3(0, 0, 0), Vec3(0, 1, 0)),
      {p, q});
  add(FeatureKind::vertex, vertex_at(cube, p), vertex_at(cube, Vec3(0, 0, 0)), {p});
  add(FeatureKind::vertex, vertex_at(cube, q), vertex_at(cube, Vec3(0, 1, 0)), {q});
  RegionResult answer;
  answer.relation = Relation::touching;
  answer.subset = RegionSubset::intersection;
  RegionVerificationInput input;
  input.exact = &exact;
  input.size = 3;
  RegionCapabilities all = bsp::info().capabilities;
  all.nameable_pairs = RegionCapabilities{}.nameable_pairs;
  const RegionVerification without = verify_regions(answer, all, input, {});
  EXPECT_EQ(without.verification.verdict, Verdict::fail);
  EXPECT_EQ(without.counts.missed, 3);
  const RegionVerification with = verify_regions(answer, bsp::info().capabilities, input, {});
  EXPECT_EQ(with.verification.verdict, Verdict::pass) << with.verification.reason;
  EXPECT_EQ(with.counts.missed, 0);
  EXPECT_EQ(with.counts.declared_limit, 3);
  EXPECT_EQ(with.counts.claimed, 0);
}

}  // namespace
}  // namespace touchstone
