// Exact contact-region reference, its reasoning half (reference/exact_regions.hpp, internals in
// reference/exact_regions_internal.hpp): local cones, the relation, 𝓡 by seed 000 eq. (3)-(4),
// normal cones, separation and shallowness. Every expected value is worked out by hand in the
// comment above it (region lists by enumerating the open entity pairs), never by the code under
// test.
#include "reference/exact_regions.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "reference/exact_regions_internal.hpp"
#include "tests/support/region_shapes.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

using exact_detail::NT;
using exact_detail::XPoint;
using namespace test_support;  // the shared shapes and expectations (tests/support/)

int count(const ExactRegions& r, int dimension, bool only_sufficient = false) {
  int n = 0;
  for (const ExactRegion& g : r.regions)
    n += g.dimension == dimension && (!only_sufficient || g.sufficient);
  return n;
}

// The sizes of 𝓘 and 𝓡 by dimension, {2D, 1D, 0D}.
void expect_counts(const ExactRegions& r, std::array<int, 3> all, std::array<int, 3> sufficient) {
  for (int d = 2; d >= 0; --d) {
    EXPECT_EQ(count(r, d), all[static_cast<std::size_t>(2 - d)]) << d << "D regions";
    EXPECT_EQ(count(r, d, true), sufficient[static_cast<std::size_t>(2 - d)]) << d << "D in R";
  }
}

const ExactRegion* find(const ExactRegions& r, FeatureKind a, FeatureKind b, int dimension) {
  for (const ExactRegion& g : r.regions)
    if (g.a.kind == a && g.b.kind == b && g.dimension == dimension) return &g;
  return nullptr;
}

bool admits(const NormalConePiece& piece, const Vec3& n_in) {
  const Vec3 n = n_in.normalized();
  for (const Vec3& g : piece.into_a)
    if (n.dot(g) < -1e-12) return false;
  for (const Vec3& g : piece.into_b)
    if (n.dot(g) > 1e-12) return false;
  return true;
}

int pieces_admitting(const NormalCone& cone, const Vec3& n) {
  int k = 0;
  for (const NormalConePiece& p : cone.pieces) k += admits(p, n);
  return k;
}

// The region exists, its cone is one piece, which admits n and none of the `tilted` directions.
void expect_only_normal(const ExactRegion* g, const Vec3& n, std::initializer_list<Vec3> tilted) {
  ASSERT_NE(g, nullptr);
  ASSERT_EQ(g->cone.pieces.size(), 1u);
  EXPECT_TRUE(admits(g->cone.pieces[0], n));
  for (const Vec3& t : tilted) EXPECT_FALSE(admits(g->cone.pieces[0], t)) << t.transpose();
}

TEST(ExactRegionCones, CellDirectionsMeetEveryCellOfTheArrangement) {
  // Three coordinate planes cut space into the 8 octants; a fourth plane x + y + z = 0 in general
  // position makes n(n - 1) + 2 = 14 cells. Every direction must avoid every plane.
  std::vector<XPoint> n{{NT(1), NT(0), NT(0)}, {NT(0), NT(1), NT(0)}, {NT(0), NT(0), NT(1)}};
  for (int planes : {3, 4}) {
    if (planes == 4) n.push_back({NT(1), NT(1), NT(1)});
    std::set<std::vector<int>> cells;
    for (const XPoint& d : exact_detail::cell_directions(n)) {
      std::vector<int> signs;
      for (const XPoint& m : n) {
        const NT s = exact_detail::dot(m, d);
        ASSERT_FALSE(s.is_zero());
        signs.push_back(s.sign() > 0 ? 1 : -1);
      }
      cells.insert(signs);
    }
    EXPECT_EQ(cells.size(), planes == 3 ? 8u : 14u);
  }
  // Two planes through the z axis: four wedges.
  std::set<std::vector<int>> wedges;
  const std::vector<XPoint> two{{NT(1), NT(0), NT(0)}, {NT(1), NT(1), NT(0)}};
  for (const XPoint& d : exact_detail::cell_directions(two))
    wedges.insert(
        {exact_detail::dot(two[0], d).sign() > 0, exact_detail::dot(two[1], d).sign() > 0});
  EXPECT_EQ(wedges.size(), 4u);
}

TEST(ExactRegionCones, NonConvexVertexMembership) {
  // The notch corner: the open cone is everything but the closed positive octant.
  const Polytope b = notched_cube();
  const auto s = exact_detail::make_exact_solid(b, Pose::identity(), "B");
  const auto cone = exact_detail::local_cone(s, {FeatureKind::vertex, 7});
  EXPECT_FALSE(cone.convex);
  auto in = [&](int x, int y, int z) {
    return exact_detail::in_open_cone(cone, XPoint{NT(x), NT(y), NT(z)});
  };
  EXPECT_FALSE(in(1, 2, 3));
  EXPECT_FALSE(in(1, 1, 0));  // on the boundary (the face z = 0)
  EXPECT_TRUE(in(-1, 2, 3));
  EXPECT_TRUE(in(1, -2, 3));
  EXPECT_TRUE(in(1, 2, -3));
  EXPECT_TRUE(in(-1, -1, -1));
  // A cube corner (convex vertex): only the octant of the cube.
  const auto c = exact_detail::make_exact_solid(b, Pose::identity(), "B");
  const auto corner = exact_detail::local_cone(c, {FeatureKind::vertex, 0});  // (-2, -2, -2)
  EXPECT_TRUE(corner.convex);
  EXPECT_TRUE(exact_detail::in_open_cone(corner, XPoint{NT(1), NT(2), NT(3)}));
  EXPECT_FALSE(exact_detail::in_open_cone(corner, XPoint{NT(-1), NT(2), NT(3)}));
}

TEST(ExactRegionCones, StrictlyInsideByRayParity) {
  using exact_detail::Q;
  using exact_detail::QPoint;
  const Polytope r = ring({-3, 3, -3, 3}, {-1, 1, -1, 1}, -1, 1, 2);
  const auto s = exact_detail::make_exact_solid(r, Pose::identity(), "A");
  EXPECT_TRUE(exact_detail::strictly_inside(s, QPoint{Q(2), Q(0), Q(0)}));   // in the bar
  EXPECT_FALSE(exact_detail::strictly_inside(s, QPoint{Q(0), Q(0), Q(0)}));  // in the hole
  EXPECT_FALSE(exact_detail::strictly_inside(s, QPoint{Q(1), Q(0), Q(0)}));  // on the hole's wall
  EXPECT_FALSE(exact_detail::strictly_inside(s, QPoint{Q(2), Q(2), Q(1)}));  // on a flat edge
  EXPECT_TRUE(exact_detail::strictly_inside(s, QPoint{Q(2), Q(2), Q(1, 3)}));
  EXPECT_FALSE(exact_detail::strictly_inside(s, QPoint{Q(4), Q(0), Q(0)}));  // outside
  const Polytope n = notched_cube();
  const auto t = exact_detail::make_exact_solid(n, Pose::identity(), "B");
  EXPECT_FALSE(exact_detail::strictly_inside(t, QPoint{Q(1), Q(1), Q(1)}));  // in the notch
  EXPECT_TRUE(exact_detail::strictly_inside(t, QPoint{Q(-1), Q(1), Q(1)}));
}

TEST(ExactRegions, CubesFaceOn) {
  // A = [0,1]³ on B = [0,1]² × [-1,0]. 𝓘: the two square faces (2D), the four bottom edges of A
  // on the four top edges of B (collinear, 1D), the four corner pairs (0D): 9 regions. 𝓡: the 2D
  // region only (each edge and corner lies in the closed square, and there T_A ⊂ H_A(face) =
  // {z ≥ 0}, T_B ⊂ H_B(face) = {z ≤ 0}). Its only normal is B's face normal (0, 0, 1).
  const Polytope a = box(Vec3(0, 0, 0), Vec3(1, 1, 1)), b = box(Vec3(0, 0, -1), Vec3(1, 1, 0));
  const ExactRegions r = exact_regions(a, Pose::identity(), b, Pose::identity());
  EXPECT_EQ(r.relation, Relation::touching);
  expect_counts(r, {1, 4, 4}, {1, 0, 0});
  const ExactRegion* face = find(r, FeatureKind::face, FeatureKind::face, 2);
  expect_only_normal(face, Vec3(0, 0, 1), {Vec3(0, 0.01, 1), Vec3(-0.01, 0, 1), Vec3(0, 0, -1)});
  EXPECT_TRUE(face->sufficient);
  EXPECT_EQ(face->points.size(), 4u);
  // A bottom edge of A on a top edge of B: both wedges span (y, z) quarter planes that force
  // n_y = 0 and n_x = 0, so again only (0, 0, 1).
  expect_only_normal(find(r, FeatureKind::edge, FeatureKind::edge, 1), Vec3(0, 0, 1),
                     {Vec3(0.01, 0.01, 1)});
}

TEST(ExactRegions, PrismRidgeEdgeOnFace) {
  // A: triangle (y, z) = (0,0), (1,1), (-1,1) extruded along x over [-1, 1]: its ridge lies on
  // B's top face z = 0. 𝓘: (ridge, top) 1D from (-1,0,0) to (1,0,0), and the ridge's two end
  // vertices on the top face (0D). 𝓡: the 1D region (nothing above it); the vertices lie in its
  // closed segment with T_A(vertex) ⊂ wedge = H_A and T_B = H_B: out. One convex–convex piece:
  // B's face forces n = (0, 0, 1).
  const Polytope a = prism({{0, 0}, {1, 1}, {-1, 1}}, -1, 1, 0);
  const Polytope b = box(Vec3(-2, -2, -1), Vec3(2, 2, 0));
  const ExactRegions r = exact_regions(a, Pose::identity(), b, Pose::identity());
  EXPECT_EQ(r.relation, Relation::touching);
  expect_counts(r, {0, 1, 2}, {0, 1, 0});
  expect_only_normal(find(r, FeatureKind::edge, FeatureKind::face, 1), Vec3(0, 0, 1),
                     {Vec3(0, 0.01, 1)});
}

TEST(ExactRegions, PyramidApexOnFace) {
  // A square pyramid with its apex at the origin on B's top face: 𝓘 = 𝓡 = {(apex, top)}, 0D at
  // the origin; the normal is B's face normal.
  const std::vector<Vec3> pts{{0, 0, 0}, {1, 1, 1}, {-1, 1, 1}, {-1, -1, 1}, {1, -1, 1}};
  const Polytope a = Polytope::from_points(pts);
  const Polytope b = box(Vec3(-2, -2, -1), Vec3(2, 2, 0));
  const ExactRegions r = exact_regions(a, Pose::identity(), b, Pose::identity());
  EXPECT_EQ(r.relation, Relation::touching);
  ASSERT_EQ(r.regions.size(), 1u);
  const ExactRegion& g = r.regions[0];
  EXPECT_EQ(g.a.kind, FeatureKind::vertex);
  EXPECT_EQ(g.b.kind, FeatureKind::face);
  EXPECT_EQ(g.dimension, 0);
  EXPECT_TRUE(g.sufficient);
  EXPECT_EQ(g.points_exact[0], "0 0 0");
  expect_only_normal(&g, Vec3(0, 0, 1), {Vec3(0.01, 0, 1)});
}

TEST(ExactRegions, TetrahedronVertexInACorner) {
  // A tetrahedron (0,0,0), (1, 1/2, 1/2), (1/2, 1, 1/2), (1/2, 1/2, 1) pokes its vertex into the
  // notch corner of B: 𝓘 = 𝓡 = {(vertex, vertex)} at the origin. B's vertex is not convex; its
  // candidate pieces are the three notch faces' halfspaces (its edges there are all reflex), and
  // each keeps A outside (A's open cone lies in the open octant): three pieces, each admitting
  // only its face's normal +x, +y, +z.
  const std::vector<Vec3> pts{{0, 0, 0}, {1, 0.5, 0.5}, {0.5, 1, 0.5}, {0.5, 0.5, 1}};
  const Polytope a = Polytope::from_points(pts), b = notched_cube();
  const ExactRegions r = exact_regions(a, Pose::identity(), b, Pose::identity());
  EXPECT_EQ(r.relation, Relation::touching);
  ASSERT_EQ(r.regions.size(), 1u);
  const ExactRegion& g = r.regions[0];
  EXPECT_EQ(g.dimension, 0);
  EXPECT_TRUE(g.sufficient);
  ASSERT_EQ(g.cone.pieces.size(), 3u);
  for (const Vec3& n : {Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)})
    EXPECT_EQ(pieces_admitting(g.cone, n), 1) << n.transpose();
  EXPECT_EQ(pieces_admitting(g.cone, Vec3(1, 1, 1)), 0);
}

TEST(ExactRegions, SeedFigure5TetrahedronAgainstTwoWallsAndACorner) {
  // Seed 000 Fig. 5 in the notch: A = (0,0,0), P = (1,0,0), R = (1/2,1,0), S = (1/2,1/2,1) has its
  // face OPR on the notch floor z = 0 (f1), its edge OP on the reflex edge along +x between the
  // floor and the wall y = 0 (f2), its back face OPS tilted away from f2, and its vertex O at the
  // corner, against the wall x = 0 (f3). 𝓘: (OPR, floor) 2D; (OP, x-edge), (OR, floor),
  // (PR, floor) 1D; (O, corner), (P, x-edge), (R, floor) 0D.
  // 𝓡 = {2D, (OP, x-edge), (O, corner)}: on OP, T_B = {z<0} ∪ {y<0} minus H_B(2D) = {z ≤ 0} keeps
  // {y < 0, z > 0}; at O, T_B (all but the closed octant) minus {z ≤ 0} and {z ≤ 0} ∪ {y ≤ 0}
  // keeps {x < 0, y > 0, z > 0}; OR, PR, P and R lie in the closed triangle with T ⊂ H on both
  // sides.
  const std::vector<Vec3> pts{{0, 0, 0}, {1, 0, 0}, {0.5, 1, 0}, {0.5, 0.5, 1}};
  const Polytope a = Polytope::from_points(pts), b = notched_cube();
  const ExactRegions r = exact_regions(a, Pose::identity(), b, Pose::identity());
  EXPECT_EQ(r.relation, Relation::touching);
  expect_counts(r, {1, 3, 3}, {1, 1, 1});
  const ExactRegion* oe = find(r, FeatureKind::edge, FeatureKind::edge, 1);
  ASSERT_NE(oe, nullptr);
  EXPECT_TRUE(oe->sufficient);
  // Reflex x-edge of B: pieces are the floor (n = +z) and the wall y = 0 (n = +y).
  ASSERT_EQ(oe->cone.pieces.size(), 2u);
  EXPECT_EQ(pieces_admitting(oe->cone, Vec3(0, 0, 1)), 1);
  EXPECT_EQ(pieces_admitting(oe->cone, Vec3(0, 1, 0)), 1);
  const ExactRegion* corner = find(r, FeatureKind::vertex, FeatureKind::vertex, 0);
  ASSERT_NE(corner, nullptr);
  EXPECT_TRUE(corner->sufficient);
  EXPECT_EQ(corner->cone.pieces.size(), 3u);
}

TEST(ExactRegions, NonConvexApexOnAFace) {
  // B: a pyramid with apex (0, 1/2, 0) over the dart (0,2) (-1,-1) (0,0) (1,-1) at z = -1 (reflex
  // at (0,0), so the edge from the apex to it is reflex and the apex is not convex). A's bottom
  // face z = 0 touches the apex: 𝓘 = 𝓡 = {(face, apex)}. No face halfspace or convex-edge wedge
  // of the apex keeps A out (each is tilted or holds an upward direction), so B's pieces are the
  // cells of its face planes inside its cone; A's face forces the normal (0, 0, 1) in each.
  const std::vector<Vec3> v{{0, 0.5, 0}, {0, 2, -1}, {-1, -1, -1}, {0, 0, -1}, {1, -1, -1}};
  const std::vector<std::vector<int>> faces{
      {4, 3, 2, 1}, {1, 2, 0}, {2, 3, 0}, {3, 4, 0}, {4, 1, 0}};
  const Polytope b = Polytope::from_faces(v, faces);
  ASSERT_FALSE(b.is_convex());
  const ExactRegions r =
      exact_regions(box(Vec3(-2, -2, 0), Vec3(2, 3, 1)), Pose::identity(), b, Pose::identity());
  EXPECT_EQ(r.relation, Relation::touching);
  ASSERT_EQ(r.regions.size(), 1u);
  const ExactRegion& g = r.regions[0];
  EXPECT_EQ(g.a.kind, FeatureKind::face);
  EXPECT_EQ(g.b.kind, FeatureKind::vertex);
  EXPECT_TRUE(g.sufficient);
  ASSERT_FALSE(g.cone.pieces.empty());
  EXPECT_EQ(pieces_admitting(g.cone, Vec3(0, 0, 1)), static_cast<int>(g.cone.pieces.size()));
  EXPECT_EQ(pieces_admitting(g.cone, Vec3(0.01, 0, 1)), 0);
  EXPECT_EQ(pieces_admitting(g.cone, Vec3(0, 0.01, 1)), 0);
}

TEST(ExactRegions, BlockAgainstFloorAndWallAndSeedFigure4) {
  // A = [-1,1] × [0,1] × [0,1], bottom on the floor, its edge y = z = 0 in B's reflex edge.
  // Upright wall: A's side y = 0 lies on it. 𝓘: 2 faces (2D); the reflex pair, A's other three
  // bottom edges on the floor and three side edges on the wall (1D); A's vertices (±1,0,0) on the
  // reflex edge, (±1,1,0) on the floor, (±1,0,1) on the wall (0D): 15. 𝓡 = the two 2D regions
  // (T_B(reflex) = h_floor ∪ h_wall = H_B(floor) ∪ H_B(wall)).
  // Slanted wall (seed 000 Fig. 4(b), a block sliding into a protrusion): A's side no longer
  // touches it. 𝓘: bottom/floor 2D; the reflex pair and three bottom edges on the floor 1D;
  // (±1,0,0) and (±1,1,0) 0D: 9. 𝓡 = the 2D region and the reflex pair: T_B(reflex) = h_floor ∪
  // h_slant minus H_B(2D) = h_floor keeps the slanted side.
  // Either way the reflex pair's cone has two pieces: the floor's (n = +z) and the wall's (n = +y
  // upright, (0, 1, 1)/√2 slanted), A's wedge lying in both.
  struct Variant {
    bool slant;
    std::array<int, 3> all, sufficient;
    Vec3 wall_normal;
  };
  const Polytope a = box(Vec3(-1, 0, 0), Vec3(1, 1, 1));
  for (const Variant& v : {Variant{false, {2, 7, 6}, {2, 0, 0}, Vec3(0, 1, 0)},
                           Variant{true, {1, 4, 4}, {1, 1, 0}, Vec3(0, 1, 1)}}) {
    SCOPED_TRACE(v.slant ? "slanted wall" : "upright wall");
    const ExactRegions r =
        exact_regions(a, Pose::identity(), floor_and_wall(v.slant), Pose::identity());
    EXPECT_EQ(r.relation, Relation::touching);
    expect_counts(r, v.all, v.sufficient);
    const ExactRegion* reflex = find(r, FeatureKind::edge, FeatureKind::edge, 1);
    ASSERT_NE(reflex, nullptr);
    EXPECT_EQ(reflex->sufficient, v.slant);
    ASSERT_EQ(reflex->cone.pieces.size(), 2u);
    EXPECT_EQ(pieces_admitting(reflex->cone, Vec3(0, 0, 1)), 1);
    EXPECT_EQ(pieces_admitting(reflex->cone, v.wall_normal), 1);
    EXPECT_EQ(pieces_admitting(reflex->cone, Vec3(0, 1, 2)), 0);
  }
}

TEST(ExactRegions, InterlockedRingsTouch) {
  // A: ring in the xy plane, outer [-3,3]², hole (-1,1)², z ∈ [-1,1]. B: ring in the xz plane
  // (extruded along y over [-1/2, 1/2]), outer x ∈ [0,6], z ∈ [-3,3], hole x ∈ (1,4),
  // z ∈ (-2,2): B's bar x ∈ [0,1] passes through A's hole and A's bar x ∈ [1,3] through B's hole;
  // they meet on the plane x = 1 only. 𝓘: the walls (2D, y ∈ (-1/2,1/2), z ∈ (-1,1)); A's wall
  // edges z = ±1 on B's wall and B's wall edges y = ±1/2 on A's wall (1D); the four crossings of
  // those edges (0D): 9. 𝓡 = the 2D region, whose normal is B's wall normal (1, 0, 0).
  const Polytope a = ring({-3, 3, -3, 3}, {-1, 1, -1, 1}, -1, 1, 2);
  const Polytope b = ring({-3, 3, 0, 6}, {-2, 2, 1, 4}, -0.5, 0.5, 1);
  const ExactRegions r = exact_regions(a, Pose::identity(), b, Pose::identity());
  EXPECT_EQ(r.relation, Relation::touching);
  expect_counts(r, {1, 4, 4}, {1, 0, 0});
  expect_only_normal(find(r, FeatureKind::face, FeatureKind::face, 2), Vec3(1, 0, 0),
                     {Vec3(1, 0.01, 0), Vec3(1, 0, 0.01)});
  // Moved 1/4 along +x, B's bar x ∈ [1/4, 5/4] cuts into A's bar: penetrating.
  EXPECT_EQ(exact_regions(a, Pose::identity(), b, at(0.25, 0, 0)).relation, Relation::penetrating);
  // A cube filling A's hole exactly touches its four walls (2D each), though it lies in the hole
  // of a solid whose ray casts cross A twice.
  const ExactRegions plug =
      exact_regions(a, Pose::identity(), box(Vec3(-1, -1, -1), Vec3(1, 1, 1)), Pose::identity());
  EXPECT_EQ(plug.relation, Relation::touching);
  EXPECT_EQ(count(plug, 2), 4);
  // The cube's edges and corners on the hole's (convex and reflex) edges and corners lie in the
  // closed walls with T ⊂ H on both sides: 𝓡 is the four walls.
  EXPECT_EQ(count(plug, 2, true) + count(plug, 1, true) + count(plug, 0, true), 4);
}

TEST(ExactRegions, NestedAndCrossingPairsPenetrate) {
  const Polytope big = box(Vec3(0, 0, 0), Vec3(4, 4, 4)), small = box(Vec3(1, 1, 1), Vec3(2, 2, 2));
  // No boundary points in common: a shell of one strictly inside the other.
  EXPECT_EQ(exact_regions(big, Pose::identity(), small, Pose::identity()).relation,
            Relation::penetrating);
  EXPECT_EQ(exact_regions(small, Pose::identity(), big, Pose::identity()).relation,
            Relation::penetrating);
  // Inside, sharing a corner and three faces with the big one: the open cones overlap.
  EXPECT_EQ(exact_regions(big, Pose::identity(), small, at(-1, -1, -1)).relation,
            Relation::penetrating);
  // Crossing cubes.
  EXPECT_EQ(exact_regions(small, Pose::identity(), small, at(0.5, 0.5, 0.5)).relation,
            Relation::penetrating);
}

// Other shapes strictly inside others, meeting no boundary: a tetrahedron inside a box (as B,
// then as A, moved and turned by 0.3 rad about z, every vertex still at least 0.5 inside), and a
// box inside a tetrahedron (x + y + z <= 6 < 8 on the box).
TEST(ExactRegions, ShellsStrictlyInsideOtherShapesPenetrate) {
  const Polytope box4 = box(Vec3(0, 0, 0), Vec3(4, 4, 4));
  const std::vector<Vec3> small{Vec3(1, 1, 1), Vec3(2, 1, 1), Vec3(1, 2, 1), Vec3(1, 1, 2)};
  const std::vector<Vec3> large{Vec3(0, 0, 0), Vec3(8, 0, 0), Vec3(0, 8, 0), Vec3(0, 0, 8)};
  const Polytope tet = Polytope::from_points(small), big_tet = Polytope::from_points(large);
  Pose turned = at(0.5, 0.25, 0.75);
  turned.rotation = Eigen::AngleAxisd(0.3, Vec3::UnitZ()).toRotationMatrix();
  EXPECT_EQ(exact_regions(box4, Pose::identity(), tet, turned).relation, Relation::penetrating);
  EXPECT_EQ(exact_regions(tet, turned, box4, Pose::identity()).relation, Relation::penetrating);
  const Polytope unit = box(Vec3(1, 1, 1), Vec3(2, 2, 2));
  EXPECT_EQ(exact_regions(big_tet, Pose::identity(), unit, Pose::identity()).relation,
            Relation::penetrating);
  EXPECT_EQ(exact_regions(unit, Pose::identity(), big_tet, Pose::identity()).relation,
            Relation::penetrating);
}

TEST(ExactRegions, SeparatedDistanceByHand) {
  // [0,1]³ and [2,3] × [3,4] × [0,1]: closest along (1, 2, 0), distance² = 1 + 4 = 5.
  const Polytope c = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const ExactRegions r = exact_regions(c, Pose::identity(), c, at(2, 3, 0));
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_TRUE(r.regions.empty());
  ASSERT_TRUE(r.distance_sq_exact.has_value() && r.distance.has_value());
  EXPECT_EQ(*r.distance_sq_exact, "5");
  EXPECT_EQ(*r.distance, std::sqrt(5.0));  // IEEE sqrt is correctly rounded
  EXPECT_TRUE(r.closest_a.has_value() && r.closest_b.has_value());
  // A block in the notch of an L (profile (0,0) (2,0) (2,1) (1,1) (1,2) (0,2), z ∈ [0,1]):
  // [1.5, 2] × [1.25, 1.75] × [0, 1] is 1/4 above the face y = 1 and 1/2 from the face x = 1,
  // though inside the L's convex hull.
  const Polytope l = prism({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}, 0, 1, 2);
  const ExactRegions n = exact_regions(l, Pose::identity(),
                                       box(Vec3(1.5, 1.25, 0), Vec3(2, 1.75, 1)), Pose::identity());
  EXPECT_EQ(n.relation, Relation::separated);
  ASSERT_TRUE(n.distance_sq_exact.has_value() && n.distance.has_value());
  EXPECT_EQ(*n.distance_sq_exact, "1/16");
  EXPECT_EQ(*n.distance, 0.25);
}

TEST(ExactRegions, EpsilonClosureOfAVertexBelowASlantedFace) {
  // A = [0, 1]³; B the tetrahedron over the triangle x + y + z = 3 + g (corners (3 + g, 0, 0) and
  // permutations) with apex (4, 4, 4), g = 2^-40. A's corner (1, 1, 1) is nearest, its foot on
  // the triangle (1, 1, 1) + (g/3)(1, 1, 1): separated by g/√3, so within the limit 1e-9 the
  // closure moves B by t = −(g/3)(1, 1, 1), whose denominator 3·2^40 is not a power of two (the
  // scaled copy). B + t touches A at the corner alone: one 0D region (vertex, face) at (1, 1, 1),
  // in 𝓡, whose only normal is the triangle's, −(1, 1, 1)/√3 (a halfspace against A's octant).
  const double g = std::ldexp(1.0, -40);
  const Polytope a = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const std::vector<Vec3> corners{{3 + g, 0, 0}, {0, 3 + g, 0}, {0, 0, 3 + g}, {4, 4, 4}};
  const Polytope b = Polytope::from_points(corners);
  ExactRegionOptions options;
  options.closure_limit = 1e-9;
  const ExactRegions r = exact_regions(a, Pose::identity(), b, Pose::identity(), options);
  EXPECT_EQ(r.relation, Relation::separated);
  ASSERT_TRUE(r.closure.has_value());
  const EpsilonClosure& c = *r.closure;
  EXPECT_EQ(c.translation_exact, "-1/3298534883328 -1/3298534883328 -1/3298534883328");
  EXPECT_EQ(c.translation, Vec3(-g / 3, -g / 3, -g / 3));  // division is correctly rounded
  EXPECT_NEAR(c.length, g / std::sqrt(3.0), 1e-15 * g);
  EXPECT_EQ(c.relation, Relation::touching);
  ASSERT_EQ(c.regions.size(), 1u);
  const ExactRegion& corner = c.regions[0];
  EXPECT_EQ(corner.a.kind, FeatureKind::vertex);
  EXPECT_EQ(a.vertices()[static_cast<std::size_t>(corner.a.id)], Vec3(1, 1, 1));
  EXPECT_EQ(corner.b.kind, FeatureKind::face);
  EXPECT_EQ(corner.dimension, 0);
  EXPECT_EQ(corner.points, std::vector<Vec3>{Vec3(1, 1, 1)});
  EXPECT_EQ(corner.points_exact, std::vector<std::string>{"1 1 1"});
  EXPECT_TRUE(corner.sufficient);
  const auto valid = [&](const Vec3& n) {
    for (const NormalConePiece& p : corner.cone.pieces) {
      bool in = true;
      for (const Vec3& q : p.into_a) in = in && n.dot(q) >= -1e-12;
      for (const Vec3& q : p.into_b) in = in && n.dot(q) <= 1e-12;
      if (in) return true;
    }
    return false;
  };
  EXPECT_TRUE(valid(-Vec3(1, 1, 1).normalized()));
  EXPECT_FALSE(valid(Vec3(0, 0, -1)));
  // Beyond the limit, or without one, no closure.
  options.closure_limit = g / 4;
  EXPECT_FALSE(exact_regions(a, Pose::identity(), b, Pose::identity(), options).closure);
  EXPECT_FALSE(exact_regions(a, Pose::identity(), b, Pose::identity()).closure);
}

TEST(ExactRegions, ShallowAgainstDeepPenetration) {
  // B, a unit cube, sinks 1/8 into A's top face z = 0: moving it by the limit 1/4 along +z (A's
  // face normal, a candidate) separates the pair. Sunk by 1/2 it stays penetrating whichever
  // candidate it moves along: not shown shallow.
  const Polytope a = box(Vec3(0, 0, -4), Vec3(4, 4, 0)), b = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  ExactRegionOptions options;
  options.shallow_limit = 0.25;
  const ExactRegions shallow = exact_regions(a, Pose::identity(), b, at(1, 1, -0.125), options);
  EXPECT_EQ(shallow.relation, Relation::penetrating);
  ASSERT_TRUE(shallow.shallow.has_value());
  EXPECT_TRUE(*shallow.shallow);
  const ExactRegions deep = exact_regions(a, Pose::identity(), b, at(1, 1, -0.5), options);
  EXPECT_EQ(deep.relation, Relation::penetrating);
  ASSERT_TRUE(deep.shallow.has_value());
  EXPECT_FALSE(*deep.shallow);
  // Not asked: no flag.
  EXPECT_FALSE(exact_regions(a, Pose::identity(), b, at(1, 1, -0.5)).shallow.has_value());
}

// ---- An independent route: solids that are unions of axis-aligned boxes (a box, the L prism, the
// ring) against a box, on a half-integer grid where touching of every kind is frequent. The
// interior of such a union is the union of the boxes' interiors and of the relative interiors of
// the faces they share; an open set meeting such a face meets a box interior too. So the union
// penetrates B iff one of its boxes does (open intervals overlap on every axis), touches iff
// it does not and one of its closed boxes meets B, and its distance is the least box distance.
struct Box {
  Vec3 lo, hi;
};

Relation box_relation(const Box& p, const Box& q) {
  bool open = true, closed = true;
  for (int i = 0; i < 3; ++i) {
    open = open && p.lo[i] < q.hi[i] && q.lo[i] < p.hi[i];
    closed = closed && p.lo[i] <= q.hi[i] && q.lo[i] <= p.hi[i];
  }
  return open ? Relation::penetrating : closed ? Relation::touching : Relation::separated;
}

double box_distance_sq(const Box& p, const Box& q) {  // exact for half-integers of this size
  double sum = 0;
  for (int i = 0; i < 3; ++i) {
    const double gap = std::max({0.0, q.lo[i] - p.hi[i], p.lo[i] - q.hi[i]});
    sum += gap * gap;
  }
  return sum;
}

std::string quarter_fraction(double x) {  // x, a multiple of 1/4, as GMP prints it
  long n = std::lround(x * 4), d = 4;
  const long g = std::gcd(n, d);
  n /= g;
  d /= g;
  return d == 1 ? std::to_string(n) : std::to_string(n) + "/" + std::to_string(d);
}

TEST(ExactRegions, UnionsOfBoxesAgainstRandomBoxes) {
  struct Solid {
    Polytope shape;
    std::vector<Box> boxes;
  };
  const std::vector<Solid> solids{
      {box(Vec3(0, 0, 0), Vec3(2, 1, 1)), {{Vec3(0, 0, 0), Vec3(2, 1, 1)}}},
      {prism({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}, 0, 1, 2),
       {{Vec3(0, 0, 0), Vec3(2, 1, 1)}, {Vec3(0, 1, 0), Vec3(1, 2, 1)}}},
      {ring({-1, 3, -1, 3}, {0, 2, 0, 2}, 0, 1, 2),
       {{Vec3(-1, -1, 0), Vec3(3, 0, 1)},
        {Vec3(-1, 2, 0), Vec3(3, 3, 1)},
        {Vec3(-1, 0, 0), Vec3(0, 2, 1)},
        {Vec3(2, 0, 0), Vec3(3, 2, 1)}}}};
  std::mt19937 rng(20240610);
  std::uniform_int_distribution<int> coord(-4, 8), size(1, 4);
  int tally[3] = {0, 0, 0};
  for (int trial = 0; trial < 240; ++trial) {
    const Solid& a = solids[static_cast<std::size_t>(trial % 3)];
    Box q;
    for (int i = 0; i < 3; ++i) {
      q.lo[i] = coord(rng) * 0.5;
      q.hi[i] = q.lo[i] + size(rng) * 0.5;
    }
    Relation expected = Relation::separated;
    double distance_sq = 1e300;
    for (const Box& p : a.boxes) {
      const Relation r = box_relation(p, q);
      if (r == Relation::penetrating || expected == Relation::separated) expected = r;
      if (expected == Relation::penetrating) break;
      distance_sq = std::min(distance_sq, box_distance_sq(p, q));
    }
    const ExactRegions r =
        exact_regions(a.shape, Pose::identity(), box(q.lo, q.hi), Pose::identity());
    ASSERT_EQ(r.relation, expected)
        << "trial " << trial << " box " << q.lo.transpose() << " / " << q.hi.transpose();
    ++tally[static_cast<int>(expected)];
    if (expected == Relation::separated) {
      ASSERT_TRUE(r.distance_sq_exact.has_value());
      EXPECT_EQ(*r.distance_sq_exact, quarter_fraction(distance_sq)) << "trial " << trial;
    }
    if (expected != Relation::touching) continue;
    EXPECT_FALSE(r.regions.empty());
    if (a.boxes.size() != 1) continue;
    // Box on box: the contact is the product of the closed interval overlaps; its dimension k
    // (axes of positive overlap) fixes 𝓡: one 2D region, or all the 1D regions, or the single
    // point. Every region's cone admits the separating axis (from B into A).
    const Box& p = a.boxes[0];
    int k = 0;
    Vec3 n = Vec3::Zero();
    for (int i = 0; i < 3; ++i) {
      const double lo = std::max(p.lo[i], q.lo[i]), hi = std::min(p.hi[i], q.hi[i]);
      k += hi > lo;
      if (hi == lo && n.isZero()) n[i] = p.hi[i] == lo ? -1 : 1;
    }
    int sufficient = 0, top = 0;
    for (const ExactRegion& g : r.regions) {
      sufficient += g.sufficient;
      top += g.dimension == k;
      EXPECT_EQ(g.sufficient, g.dimension == k) << "trial " << trial;
      EXPECT_FALSE(g.cone.pieces.empty());
      for (const NormalConePiece& piece : g.cone.pieces)
        EXPECT_TRUE(admits(piece, n)) << "trial " << trial << " n " << n.transpose();
    }
    EXPECT_EQ(sufficient, top);
    if (k != 1) {
      EXPECT_EQ(top, 1) << "trial " << trial;
    }
  }
  // The sample exercises all three relations.
  for (int t : tally) EXPECT_GT(t, 10);
}

}  // namespace
}  // namespace touchstone
