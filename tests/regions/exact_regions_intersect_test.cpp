// The pure-geometry half of the exact contact-region reference
// (reference/exact_regions_internal.hpp): exact solids, the intersection set 𝓘 with Π, and the
// separated distance. Every expected region is enumerated by hand in the comments (which open
// entity of A meets which open entity of B, and where), never produced by the code under test.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/exact_regions_internal.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

using exact_detail::ExactSolid;
using exact_detail::IntersectionSet;
using exact_detail::make_exact_solid;
using exact_detail::Q;
using exact_detail::QPoint;
using exact_detail::RawRegion;
using test_support::at;

QPoint qp(double x, double y, double z) { return {Q(x), Q(y), Q(z)}; }

Feature vertex(int id) { return {FeatureKind::vertex, id}; }
Feature edge(int id) { return {FeatureKind::edge, id}; }
Feature face(int id) { return {FeatureKind::face, id}; }

int edge_between(const Polytope& p, int v, int w) {
  for (std::size_t e = 0; e < p.edges().size(); ++e)
    if ((p.edges()[e].tail == v && p.edges()[e].head == w) ||
        (p.edges()[e].tail == w && p.edges()[e].head == v))
      return static_cast<int>(e);
  throw std::logic_error("no edge " + std::to_string(v) + "-" + std::to_string(w));
}
int vertex_at(const Polytope& p, const Vec3& x) {
  for (std::size_t v = 0; v < p.vertices().size(); ++v)
    if (p.vertices()[v] == x) return static_cast<int>(v);
  throw std::logic_error("no vertex there");
}

// The box [lo, hi] with the corner order of box_corners (index 4x + 2y + z) and faces, outward
// counter-clockwise: 0 bottom (z low), 1 top, 2 x low, 3 x high, 4 y low, 5 y high.
Polytope cube(const Vec3& lo = Vec3(0, 0, 0), const Vec3& hi = Vec3(1, 1, 1)) {
  const std::vector<Vec3> p = test_support::box_corners(lo, hi);
  const std::vector<std::vector<int>> faces{{0, 2, 6, 4}, {1, 5, 7, 3}, {0, 1, 3, 2},
                                            {4, 6, 7, 5}, {0, 4, 5, 1}, {2, 3, 7, 6}};
  return Polytope::from_faces(p, faces);
}

// The prism over a counter-clockwise polygon in (u, v), extruded along w from w0 to w1, where
// (u, v, w) = (axis w + 1, w + 2, w) is right-handed. Vertex i is profile[i] at w0, n + i at w1.
// Faces: 0 the cap at w1, 1 the cap at w0, 2 + i the side over profile edge i → i + 1.
Polytope prism(const std::vector<std::array<double, 2>>& profile, int w, double w0, double w1) {
  const int n = static_cast<int>(profile.size());
  std::vector<Vec3> points;
  for (double level : {w0, w1})
    for (const auto& [u, v] : profile) {
      Vec3 x;
      x[(w + 1) % 3] = u;
      x[(w + 2) % 3] = v;
      x[w] = level;
      points.push_back(x);
    }
  std::vector<std::vector<int>> faces(2);
  for (int i = 0; i < n; ++i) {
    faces[0].push_back(n + i);
    faces[1].push_back(n - 1 - i);
    faces.push_back({i, (i + 1) % n, n + (i + 1) % n, n + i});
  }
  return Polytope::from_faces(points, faces);
}

// The L of side 2 and arm width 1: faces 0 top (z = 1, non-convex), 1 bottom, 2 y = 0, 3 x = 2,
// 4 y = 1, 5 x = 1, 6 y = 2, 7 x = 0. Vertex i at z = 0 is the profile's corner i, 6 + i above.
Polytope l_block() { return prism({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}, 2, 0, 1); }

std::string describe(const Feature& f) {
  return std::string(to_string(f.kind)) + " " + std::to_string(f.id);
}
std::string describe(const std::vector<QPoint>& points) {
  std::ostringstream out;
  for (const QPoint& p : points)
    out << " (" << p.x.to_double() << ", " << p.y.to_double() << ", " << p.z.to_double() << ")";
  return out.str();
}

bool same(const QPoint& a, const QPoint& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

// Π equal as a point, as a segment (either direction) or as a polygon (same cyclic order).
bool same_pi(const std::vector<QPoint>& got, const std::vector<QPoint>& want) {
  const std::size_t n = want.size();
  if (got.size() != n) return false;
  if (n == 2 && same(got[0], want[1]) && same(got[1], want[0])) return true;
  for (std::size_t shift = 0; shift < (n > 2 ? n : 1); ++shift) {
    bool all = true;
    for (std::size_t i = 0; i < n && all; ++i) all = same(got[(i + shift) % n], want[i]);
    if (all) return true;
  }
  return false;
}

// The regions must be exactly `want` (as a multiset), each with its Π.
void expect_regions(const std::vector<RawRegion>& got, const std::vector<RawRegion>& want) {
  std::vector<bool> used(got.size(), false);
  for (const RawRegion& w : want) {
    bool found = false;
    for (std::size_t i = 0; i < got.size() && !found; ++i)
      if (!used[i] && got[i].a == w.a && got[i].b == w.b && same_pi(got[i].points, w.points))
        used[i] = found = true;
    EXPECT_TRUE(found) << "missing: " << describe(w.a) << " x " << describe(w.b)
                       << describe(w.points);
  }
  for (std::size_t i = 0; i < got.size(); ++i)
    EXPECT_TRUE(used[i]) << "extra: " << describe(got[i].a) << " x " << describe(got[i].b)
                         << describe(got[i].points);
}

IntersectionSet intersect(const Polytope& a, const Pose& pa, const Polytope& b, const Pose& pb) {
  const ExactSolid sa = make_exact_solid(a, pa, "A"), sb = make_exact_solid(b, pb, "B");
  return exact_detail::intersecting_entities(sa, sb);
}

// A = [0,1]³, B = [0,1]³ + (0.5, 0.25, 1) on top. Only the plane z = 1 is shared: A's top face
// (0,1)² with its edges and corners, B's bottom face (0.5,1.5)×(0.25,1.25) with its own.
// Face–face: the overlap [0.5,1]×[0.25,1]. A's top face contains B's edges x = 0.5 and
// y = 0.25 for y < 1 and x < 1, and B's corner (0.5, 0.25). B's bottom face contains A's edges
// x = 1 (y > 0.25) and y = 1 (x > 0.5) and A's corner (1, 1). A's edge x = 1 crosses B's edge
// y = 0.25 at (1, 0.25), A's y = 1 crosses B's x = 0.5 at (0.5, 1); every other edge pair misses
// (parallel or crossing outside an open edge). 9 regions.
TEST(ExactRegionsIntersect, CubesFaceOnOffset) {
  const Polytope a = cube(), b = cube();
  const IntersectionSet got = intersect(a, Pose::identity(), b, at(0.5, 0.25, 1));
  expect_regions(
      got.regions,
      {{face(1), face(0), {qp(0.5, 0.25, 1), qp(0.5, 1, 1), qp(1, 1, 1), qp(1, 0.25, 1)}},
       {face(1), edge(edge_between(b, 4, 0)), {qp(0.5, 0.25, 1), qp(1, 0.25, 1)}},
       {face(1), edge(edge_between(b, 0, 2)), {qp(0.5, 0.25, 1), qp(0.5, 1, 1)}},
       {face(1), vertex(0), {qp(0.5, 0.25, 1)}},
       {edge(edge_between(a, 5, 7)), face(0), {qp(1, 0.25, 1), qp(1, 1, 1)}},
       {edge(edge_between(a, 7, 3)), face(0), {qp(0.5, 1, 1), qp(1, 1, 1)}},
       {edge(edge_between(a, 5, 7)), edge(edge_between(b, 4, 0)), {qp(1, 0.25, 1)}},
       {edge(edge_between(a, 7, 3)), edge(edge_between(b, 0, 2)), {qp(0.5, 1, 1)}},
       {vertex(7), face(0), {qp(1, 1, 1)}}});
  EXPECT_GT(got.pairs_tested, 0u);
  EXPECT_LT(got.pairs_tested, 26u * 26u);  // the boxes culled some of the 26 × 26 entity pairs
}

// A triangular prism (ridge down, along y at x = 0.5, y in [−0.5, 1.5]) rests on the unit cube:
// the open ridge lies in the open top face for y in (0, 1) and crosses the top edges y = 0 and
// y = 1 at their midpoints. Its ends and slanted faces are above z = 1 or outside the cube.
TEST(ExactRegionsIntersect, PrismRidgeAcrossFace) {
  const Polytope b = cube();
  const std::vector<Vec3> points{{0.5, -0.5, 1}, {0.5, 1.5, 1}, {0, -0.5, 2},
                                 {1, -0.5, 2},   {0, 1.5, 2},   {1, 1.5, 2}};
  const Polytope a = Polytope::from_points(points);
  const Feature ridge = edge(edge_between(a, vertex_at(a, points[0]), vertex_at(a, points[1])));
  expect_regions(intersect(a, Pose::identity(), b, Pose::identity()).regions,
                 {{ridge, face(1), {qp(0.5, 0, 1), qp(0.5, 1, 1)}},
                  {ridge, edge(edge_between(b, 1, 5)), {qp(0.5, 0, 1)}},
                  {ridge, edge(edge_between(b, 7, 3)), {qp(0.5, 1, 1)}}});
}

// A square pyramid (apex down at (0.5, 0.5, 1), base [0,1]² at z = 2) on the unit cube: the apex
// is in the open top face; moved by −0.5 in y it is in the open top edge y = 0; moved by −0.5 in
// x and y it is the cube's corner (0, 0, 1). One region each.
TEST(ExactRegionsIntersect, PyramidApexOnFaceEdgeVertex) {
  const Polytope b = cube();
  const std::vector<Vec3> points{{0.5, 0.5, 1}, {0, 0, 2}, {1, 0, 2}, {1, 1, 2}, {0, 1, 2}};
  const Polytope a = Polytope::from_points(points);
  const Feature apex = vertex(vertex_at(a, points[0]));
  expect_regions(intersect(a, Pose::identity(), b, Pose::identity()).regions,
                 {{apex, face(1), {qp(0.5, 0.5, 1)}}});
  expect_regions(intersect(a, at(0, -0.5, 0), b, Pose::identity()).regions,
                 {{apex, edge(edge_between(b, 1, 5)), {qp(0.5, 0, 1)}}});
  expect_regions(intersect(a, at(-0.5, -0.5, 0), b, Pose::identity()).regions,
                 {{apex, vertex(1), {qp(0, 0, 1)}}});
}

// B = [1,2] × [1,2] × [1,2] meets A = [0,1]³ in the single point (1,1,1): corner 7 of A is
// corner 0 of B. The edges through it are collinear in pairs (A's 5→7 and B's 0→2 both run
// along y) but only touch end to end, and the faces through it only share boundary points.
TEST(ExactRegionsIntersect, CubesCornerToCorner) {
  const Polytope a = cube(), b = cube();
  expect_regions(intersect(a, Pose::identity(), b, at(1, 1, 1)).regions,
                 {{vertex(7), vertex(0), {qp(1, 1, 1)}}});
}

// B = [1,2] × [1,2] × [0.5,1.5]: A's vertical edge 6→7 (x = y = 1, z in [0, 1]) and B's vertical
// edge 0→1 (z in [0.5, 1.5]) overlap for z in (0.5, 1); A's corner 7 lies in B's open edge and
// B's corner 0 in A's open edge. The coplanar faces x = 1 (A: y in (0,1), B: y in (1,2)) and
// y = 1 only share boundary points, so they give no region.
TEST(ExactRegionsIntersect, CubesSharingPartOfAnEdge) {
  const Polytope a = cube(), b = cube();
  const Feature ea = edge(edge_between(a, 6, 7)), eb = edge(edge_between(b, 0, 1));
  expect_regions(intersect(a, Pose::identity(), b, at(1, 1, 0.5)).regions,
                 {{ea, eb, {qp(1, 1, 0.5), qp(1, 1, 1)}},
                  {vertex(7), eb, {qp(1, 1, 1)}},
                  {ea, vertex(0), {qp(1, 1, 0.5)}}});
}

// The L-block in a corner made of another non-convex solid: the corner is the prism over the
// profile (x, z) = (−1,2) (0,2) (0,0) (3,0) (3,−1) (−1,−1) for y in [−1, 3], with the wall face 3
// (x = 0, z in (0, 2)), the floor face 4 (z = 0, x in (0, 3)) and the reflex edge R between them
// (vertices 2 and 8: x = z = 0). The L (x, y in its profile, z in [0, 1]) stands on the floor
// against the wall.
//   Floor: L's bottom face (open L) lies in the open floor: the whole L. Its bottom edges with
//   x > 0 (0→1, 1→2, 2→3, 3→4, 4→5) lie in the floor; the edge 5→0 (x = 0) lies on R (collinear
//   overlap y in (0, 2)), its ends 0 and 5 in open R; corners 1–4 in the floor.
//   Wall: L's side face 7 (x = 0) meets the open wall in the rectangle y in [0,2], z in [0,1];
//   its top edge 11→6 and its vertical edges 0→6 and 5→11 lie in the open wall, as do corners 6
//   and 11. L's open bottom face misses R (x > 0) and its open face 7 misses it too (z > 0).
TEST(ExactRegionsIntersect, LBlockInNonConvexCorner) {
  const Polytope a = l_block();
  const Polytope b = prism({{2, -1}, {2, 0}, {0, 0}, {0, 3}, {-1, 3}, {-1, -1}}, 1, -1, 3);
  ASSERT_TRUE(b.edges()[edge_between(b, 2, 8)].reflex);
  const Feature floor = face(4), wall = face(3), reflex = edge(edge_between(b, 2, 8));
  auto e = [&](int v, int w) { return edge(edge_between(a, v, w)); };
  expect_regions(intersect(a, Pose::identity(), b, Pose::identity()).regions,
                 {{face(1),
                   floor,
                   {qp(0, 0, 0), qp(2, 0, 0), qp(2, 1, 0), qp(1, 1, 0), qp(1, 2, 0), qp(0, 2, 0)}},
                  {e(0, 1), floor, {qp(0, 0, 0), qp(2, 0, 0)}},
                  {e(1, 2), floor, {qp(2, 0, 0), qp(2, 1, 0)}},
                  {e(2, 3), floor, {qp(2, 1, 0), qp(1, 1, 0)}},
                  {e(3, 4), floor, {qp(1, 1, 0), qp(1, 2, 0)}},
                  {e(4, 5), floor, {qp(1, 2, 0), qp(0, 2, 0)}},
                  {e(5, 0), reflex, {qp(0, 2, 0), qp(0, 0, 0)}},
                  {vertex(0), reflex, {qp(0, 0, 0)}},
                  {vertex(5), reflex, {qp(0, 2, 0)}},
                  {vertex(1), floor, {qp(2, 0, 0)}},
                  {vertex(2), floor, {qp(2, 1, 0)}},
                  {vertex(3), floor, {qp(1, 1, 0)}},
                  {vertex(4), floor, {qp(1, 2, 0)}},
                  {face(7), wall, {qp(0, 0, 0), qp(0, 2, 0), qp(0, 2, 1), qp(0, 0, 1)}},
                  {e(11, 6), wall, {qp(0, 2, 1), qp(0, 0, 1)}},
                  {e(0, 6), wall, {qp(0, 0, 0), qp(0, 0, 1)}},
                  {e(5, 11), wall, {qp(0, 2, 0), qp(0, 2, 1)}},
                  {vertex(6), wall, {qp(0, 0, 1)}},
                  {vertex(11), wall, {qp(0, 2, 1)}}});
}

// A prism's ridge along x + y = 2.5 at z = 1 (from (2.5, 0) to (0, 2.5)) across the L-block's
// non-convex top face (face 0; corners 6 + i): it enters the L at (2, 0.5) through edge 7→8
// (x = 2), leaves into the notch at (1.5, 1) through edge 8→9 (y = 1), re-enters at (1, 1.5)
// through edge 9→10 (x = 1) and leaves at (0.5, 2) through edge 10→11 (y = 2): two components of
// (ridge, top face) and four edge crossings.
TEST(ExactRegionsIntersect, RidgeAcrossNonConvexFaceHasTwoComponents) {
  const Polytope b = l_block();
  const std::vector<Vec3> points{{2.5, 0, 1}, {0, 2.5, 1},  {3, 0.5, 2},
                                 {0.5, 3, 2}, {2, -0.5, 2}, {-0.5, 2, 2}};
  const Polytope a = Polytope::from_points(points);
  const Feature ridge = edge(edge_between(a, vertex_at(a, points[0]), vertex_at(a, points[1])));
  auto e = [&](int v, int w) { return edge(edge_between(b, v, w)); };
  expect_regions(intersect(a, Pose::identity(), b, Pose::identity()).regions,
                 {{ridge, face(0), {qp(2, 0.5, 1), qp(1.5, 1, 1)}},
                  {ridge, face(0), {qp(1, 1.5, 1), qp(0.5, 2, 1)}},
                  {ridge, e(7, 8), {qp(2, 0.5, 1)}},
                  {ridge, e(8, 9), {qp(1.5, 1, 1)}},
                  {ridge, e(9, 10), {qp(1, 1.5, 1)}},
                  {ridge, e(10, 11), {qp(0.5, 2, 1)}}});
}

// A slab whose bottom face is the strip 2.5 <= x + y <= 2.75 (|x − y| <= 3) at z = 1 on the
// L-block's top face: the strip misses the L's inner square (x + y <= 2 there) and the notch, so
// the face pair has two components, the quadrilaterals cut from each arm by the strip.
TEST(ExactRegionsIntersect, CoplanarOverlapWithNonConvexFaceHasTwoComponents) {
  const Polytope b = l_block();
  std::vector<Vec3> points;
  for (double z : {1.0, 2.0})
    for (auto [x, y] : std::vector<std::array<double, 2>>{
             {-0.25, 2.75}, {2.75, -0.25}, {2.875, -0.125}, {-0.125, 2.875}})
      points.emplace_back(x, y, z);
  const Polytope a = Polytope::from_points(points);
  int bottom = -1;
  for (std::size_t f = 0; f < a.faces().size(); ++f)
    if (a.faces()[f].plane.normal.z() < -0.5) bottom = static_cast<int>(f);
  std::vector<RawRegion> face_pairs;
  for (const RawRegion& r : intersect(a, Pose::identity(), b, Pose::identity()).regions)
    if (r.a.kind == FeatureKind::face && r.b.kind == FeatureKind::face) face_pairs.push_back(r);
  // Counter-clockwise about B's top normal +z.
  expect_regions(
      face_pairs,
      {{face(bottom), face(0), {qp(2, 0.5, 1), qp(2, 0.75, 1), qp(1.75, 1, 1), qp(1.5, 1, 1)}},
       {face(bottom), face(0), {qp(1, 1.5, 1), qp(1, 1.75, 1), qp(0.75, 2, 1), qp(0.5, 2, 1)}}});
}

// Two non-convex faces: the L-block's top face (notch x, y > 1) under the bottom face of the L
// turned half a turn about (1, 1) (notch x, y < 1), both at z = 1. Their interiors share the
// squares (1,2) × (0,1) and (0,1) × (1,2), which touch only at (1, 1): two components.
TEST(ExactRegionsIntersect, NonConvexFacesOverlapInTwoSquaresTouchingAtACorner) {
  const Polytope b = l_block();
  const Polytope a = prism({{2, 2}, {0, 2}, {0, 1}, {1, 1}, {1, 0}, {2, 0}}, 2, 1, 2);
  std::vector<RawRegion> face_pairs;
  for (const RawRegion& r : intersect(a, Pose::identity(), b, Pose::identity()).regions)
    if (r.a.kind == FeatureKind::face && r.b.kind == FeatureKind::face) face_pairs.push_back(r);
  expect_regions(face_pairs,
                 {{face(1), face(0), {qp(1, 0, 1), qp(2, 0, 1), qp(2, 1, 1), qp(1, 1, 1)}},
                  {face(1), face(0), {qp(0, 1, 1), qp(1, 1, 1), qp(1, 2, 1), qp(0, 2, 1)}}});
}

// Penetrating: A = [0.5, 1.5]³ against B = [0, 1]³. A's low faces (0: z = 0.5, 2: x = 0.5,
// 4: y = 0.5) cross B's high faces (1: z = 1, 3: x = 1, 5: y = 1) of the other axes in open
// segments of length 0.5; A's three edges from its corner (0.5, 0.5, 0.5) pierce B's high faces,
// and B's three edges from its corner (1, 1, 1) pierce A's low faces. Both corners are strictly
// inside the other solid; no edge pair meets. 12 regions.
TEST(ExactRegionsIntersect, PenetratingCubesCrossingFaces) {
  const Polytope a = cube(), b = cube();
  auto ea = [&](int v, int w) { return edge(edge_between(a, v, w)); };
  auto eb = [&](int v, int w) { return edge(edge_between(b, v, w)); };
  expect_regions(intersect(a, at(0.5, 0.5, 0.5), b, Pose::identity()).regions,
                 {{face(0), face(3), {qp(1, 0.5, 0.5), qp(1, 1, 0.5)}},
                  {face(0), face(5), {qp(0.5, 1, 0.5), qp(1, 1, 0.5)}},
                  {face(2), face(1), {qp(0.5, 0.5, 1), qp(0.5, 1, 1)}},
                  {face(2), face(5), {qp(0.5, 1, 0.5), qp(0.5, 1, 1)}},
                  {face(4), face(1), {qp(0.5, 0.5, 1), qp(1, 0.5, 1)}},
                  {face(4), face(3), {qp(1, 0.5, 0.5), qp(1, 0.5, 1)}},
                  {ea(0, 1), face(1), {qp(0.5, 0.5, 1)}},
                  {ea(0, 2), face(5), {qp(0.5, 1, 0.5)}},
                  {ea(0, 4), face(3), {qp(1, 0.5, 0.5)}},
                  {face(2), eb(7, 3), {qp(0.5, 1, 1)}},
                  {face(4), eb(7, 5), {qp(1, 0.5, 1)}},
                  {face(0), eb(7, 6), {qp(1, 1, 0.5)}}});
}

// A face that is planar within the B-rep's tolerance but not exactly: the cube's corner 7 raised
// by 2⁻⁴⁰. The first face through it is face 1 (the top).
TEST(ExactRegionsIntersect, NotExactlyPlanarFaceIsRejected) {
  std::vector<Vec3> p = test_support::box_corners(Vec3(0, 0, 0), Vec3(1, 1, 1));
  p[7].z() += std::ldexp(1.0, -40);
  const std::vector<std::vector<int>> faces{{0, 2, 6, 4}, {1, 5, 7, 3}, {0, 1, 3, 2},
                                            {4, 6, 7, 5}, {0, 4, 5, 1}, {2, 3, 7, 6}};
  const Polytope bent = Polytope::from_faces(p, faces);
  try {
    make_exact_solid(bent, Pose::identity(), "B");
    FAIL() << "accepted a face that is not exactly planar";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "B: faces[1] is not exactly planar under its pose");
  }
  EXPECT_NO_THROW(make_exact_solid(cube(), Pose::identity(), "A"));
}

exact_detail::Separation separation(const Polytope& a, const Pose& pa, const Polytope& b,
                                    const Pose& pb) {
  const ExactSolid sa = make_exact_solid(a, pa, "A"), sb = make_exact_solid(b, pb, "B");
  return exact_detail::exact_separation(sa, sb);
}

// num / den == n / d, exactly.
void expect_ratio(const exact_detail::Separation& s, int n, int d) {
  EXPECT_TRUE(s.num * exact_detail::NT(d) == s.den * exact_detail::NT(n))
      << s.num.to_double() << " / " << s.den.to_double() << " != " << n << " / " << d;
}

// Unit cubes 3 apart along each axis: corner (1,1,1) of A to corner (4,4,4) of B, 3² · 3 = 27.
TEST(ExactRegionsSeparation, CubesApartDiagonally) {
  const exact_detail::Separation s = separation(cube(), Pose::identity(), cube(), at(4, 4, 4));
  expect_ratio(s, 27, 1);
  EXPECT_EQ(s.a, vertex(7));
  EXPECT_EQ(s.b, vertex(0));
}

// B = [2,3] × [3,4] × [0.5,1.5]: the vertical edges x = 1, y = 1 of A and x = 2, y = 3 of B are
// parallel and overlap in z in [0.5, 1]: 1² + 2² = 5, realized by A's corner 7 against B's open
// edge 0→1, B's corner 0 against A's open edge 6→7, or the two open edges.
TEST(ExactRegionsSeparation, ParallelEdges) {
  const Polytope a = cube(), b = cube();
  const exact_detail::Separation s = separation(a, Pose::identity(), b, at(2, 3, 0.5));
  expect_ratio(s, 5, 1);
  const Feature ea = edge(edge_between(a, 6, 7)), eb = edge(edge_between(b, 0, 1));
  EXPECT_TRUE((s.a == vertex(7) && s.b == eb) || (s.a == ea && s.b == vertex(0)) ||
              (s.a == ea && s.b == eb))
      << describe(s.a) << " x " << describe(s.b);
}

// B = the tetrahedron (4,0,0) (0,4,0) (0,0,4) (4,4,4): its face x + y + z = 4 faces A's corner
// (1,1,1) at distance 1/√3, the foot (4/3, 4/3, 4/3) being the face's centroid: 1/3.
TEST(ExactRegionsSeparation, CornerToSlantedFace) {
  const Polytope b =
      Polytope::from_points(std::vector<Vec3>{{4, 0, 0}, {0, 4, 0}, {0, 0, 4}, {4, 4, 4}});
  const exact_detail::Separation s = separation(cube(), Pose::identity(), b, Pose::identity());
  expect_ratio(s, 1, 3);
  EXPECT_EQ(s.a, vertex(7));
  ASSERT_EQ(s.b.kind, FeatureKind::face);
  EXPECT_LT(b.faces()[s.b.id].plane.normal.sum(), -1.7);  // normal −(1,1,1)/√3
}

// Two prisms with crossing ridges: A's ridge (1, t, 1), t in [0, 2], points up; B's ridge
// (2s, 1, 1.5 + s), s in [0, 1], points down. With t = 1 the gap is (2s − 1, 0, 0.5 + s), whose
// square (2s − 1)² + (0.5 + s)² = 5s² − 3s + 5/4 is least at s = 3/10: 0.16 + 0.64 = 4/5, with both
// parameters inside their edges: the two open ridges.
TEST(ExactRegionsSeparation, SkewRidges) {
  const std::vector<Vec3> pa{{0, 0, 0}, {2, 0, 0}, {1, 0, 1}, {0, 2, 0}, {2, 2, 0}, {1, 2, 1}};
  const std::vector<Vec3> pb{{0, 1, 1.5}, {2, 1, 2.5}, {0, 0, 2.5},
                             {0, 2, 2.5}, {2, 0, 3.5}, {2, 2, 3.5}};
  const Polytope a = Polytope::from_points(pa), b = Polytope::from_points(pb);
  const exact_detail::Separation s = separation(a, Pose::identity(), b, Pose::identity());
  expect_ratio(s, 4, 5);
  EXPECT_EQ(s.a, edge(edge_between(a, vertex_at(a, pa[2]), vertex_at(a, pa[5]))));
  EXPECT_EQ(s.b, edge(edge_between(b, vertex_at(b, pb[0]), vertex_at(b, pb[1]))));
}

// Non-convex: B = [1.25, 2.25] × [1.5, 2.5] × [0.25, 0.75] in the L-block's notch. Nearest: B's
// face x = 1.25 (face 2) to the L's face x = 1 (face 5), 0.25 apart over y in [1.5, 2], z in
// [0.25, 0.75]; the face y = 1 is 0.5 away. 1/16, realized by A's face 5 or its edge 4→10 (x = 1,
// y = 2) against B's face 2, its edges 0→1, 0→2, 1→3 or its corners 0, 1 (y = 1.5) — the pairs
// whose closures hold a closest pair (p, p + (0.25, 0, 0)).
TEST(ExactRegionsSeparation, BoxInTheNotchOfAnL) {
  const Polytope a = l_block();
  const Polytope b = cube(Vec3(1.25, 1.5, 0.25), Vec3(2.25, 2.5, 0.75));
  const exact_detail::Separation s = separation(a, Pose::identity(), b, Pose::identity());
  expect_ratio(s, 1, 16);
  const Feature side = face(5), post = edge(edge_between(a, 4, 10));
  const std::vector<Feature> near_side{face(2),
                                       edge(edge_between(b, 0, 1)),
                                       edge(edge_between(b, 0, 2)),
                                       edge(edge_between(b, 1, 3)),
                                       vertex(0),
                                       vertex(1)};
  const std::vector<Feature> near_post{face(2), edge(edge_between(b, 0, 2)),
                                       edge(edge_between(b, 1, 3))};
  const std::vector<Feature>& allowed = s.a == side ? near_side : near_post;
  EXPECT_TRUE(s.a == side || s.a == post) << describe(s.a);
  EXPECT_NE(std::find(allowed.begin(), allowed.end(), s.b), allowed.end()) << describe(s.b);
}

// A box [0,1]³ whose six sides are k × k grids of unit squares scaled by 1/k (6k² faces).
Polytope grid_box(int k) {
  std::map<std::array<int, 3>, int> ids;
  std::vector<Vec3> points;
  auto id = [&](std::array<int, 3> c) {
    auto [it, fresh] = ids.emplace(c, static_cast<int>(points.size()));
    if (fresh) points.emplace_back(double(c[0]) / k, double(c[1]) / k, double(c[2]) / k);
    return it->second;
  };
  std::vector<std::vector<int>> faces;
  for (int axis = 0; axis < 3; ++axis)
    for (int side : {0, k})
      for (int i = 0; i < k; ++i)
        for (int j = 0; j < k; ++j) {
          std::vector<int> quad;
          for (auto [di, dj] : std::vector<std::array<int, 2>>{{0, 0}, {1, 0}, {1, 1}, {0, 1}}) {
            std::array<int, 3> c;
            c[axis] = side;
            c[(axis + 1) % 3] = i + di;
            c[(axis + 2) % 3] = j + dj;
            quad.push_back(id(c));
          }
          if (side == 0) std::reverse(quad.begin(), quad.end());
          faces.push_back(quad);
        }
  return Polytope::from_faces(points, faces);
}

// Two gridded boxes, B on top of A shifted by (0.3, 0.2): the 2D regions tile the overlap of A's
// top and B's bottom, [0.3, 1] × [0.2, 1] in the doubles 0.3 and 0.2, so their areas add up to
// (1 − 0.3)(1 − 0.2) exactly; no region leaves the plane z = 1. Prints the cost.
void grid_contact(int ka, int kb) {
  const Polytope a = grid_box(ka), b = grid_box(kb);
  const ExactSolid sa = make_exact_solid(a, Pose::identity(), "A");
  const ExactSolid sb = make_exact_solid(b, at(0.3, 0.2, 1), "B");
  const auto start = std::chrono::steady_clock::now();
  const IntersectionSet got = exact_detail::intersecting_entities(sa, sb);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  Q area(0);
  std::size_t two_d = 0;
  for (const RawRegion& r : got.regions) {
    for (const QPoint& p : r.points) EXPECT_TRUE(p.z == 1);
    if (r.points.size() < 3) continue;
    ++two_d;
    Q twice(0);
    for (std::size_t i = 0; i < r.points.size(); ++i) {
      const QPoint& p = r.points[i];
      const QPoint& q = r.points[(i + 1) % r.points.size()];
      twice += p.x * q.y - q.x * p.y;
    }
    area += twice < 0 ? -twice / 2 : twice / 2;
  }
  EXPECT_TRUE(area == (Q(1) - Q(0.3)) * (Q(1) - Q(0.2))) << area.to_double();
  std::printf(
      "[ timing ] intersecting_entities, %zu x %zu faces: %.3f s, %zu entity pairs tested, "
      "%zu regions (%zu 2D)\n",
      a.faces().size(), b.faces().size(), seconds, got.pairs_tested, got.regions.size(), two_d);
}

TEST(ExactRegionsIntersect, GridBoxesHundredFaces) { grid_contact(4, 4); }
TEST(ExactRegionsIntersect, GridBoxesThousandFaces) { grid_contact(13, 12); }
TEST(ExactRegionsIntersect, GridBoxesTenThousandFaces) { grid_contact(41, 40); }

// The same boxes apart: B at (1.5, 1.25, 1.5), so the gap is (0.5, 0.25, 0.5) between A's corner
// (1,1,1) and B's corner: 1/4 + 1/16 + 1/4 = 9/16. Prints the cost.
void grid_separation(int ka, int kb) {
  const Polytope a = grid_box(ka), b = grid_box(kb);
  const auto start = std::chrono::steady_clock::now();
  const exact_detail::Separation s = separation(a, Pose::identity(), b, at(1.5, 1.25, 1.5));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  expect_ratio(s, 9, 16);
  std::printf("[ timing ] exact_separation, %zu x %zu faces: %.3f s\n", a.faces().size(),
              b.faces().size(), seconds);
}

TEST(ExactRegionsSeparation, GridBoxesThousandFaces) { grid_separation(13, 12); }
TEST(ExactRegionsSeparation, GridBoxesTenThousandFaces) { grid_separation(41, 40); }

}  // namespace
}  // namespace touchstone
