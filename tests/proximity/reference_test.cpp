// Exact proximity reference (reference/exact_proximity.hpp, DESIGN §4): pinned hand-computed
// values, and the Gauss-map depth route against the brute-force Minkowski hull on random shapes.
// Expected values are worked out by hand (or with plain GMP from the input doubles), never with
// the code under test.
#include <gmp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "cases/families.hpp"
#include "reference/exact_internal.hpp"
#include "reference/exact_proximity.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

using test_support::at;

// Corner points of [x0, x1] × [y0, y1] × [z0, z1].
std::vector<Vec3> box(double x0, double x1, double y0, double y1, double z0, double z1) {
  return test_support::box_corners(Vec3(x0, y0, z0), Vec3(x1, y1, z1));
}
// These tests pin the full construction (method names, routes); the certified route is tested in
// certified_reference_test.cpp.
constexpr ExactProximityOptions kFullRoute{true, false};

std::vector<Vec3> unit_cube() { return box(0, 1, 0, 1, 0, 1); }

// (a − b)² or a² as a GMP string, from doubles, for expectations that must not be rounded.
std::string square_string(double a, double b = 0.0) {
  mpq_t x, y;
  mpq_init(x);
  mpq_init(y);
  mpq_set_d(x, a);
  mpq_set_d(y, b);
  mpq_sub(x, x, y);
  mpq_mul(x, x, x);
  char* s = mpq_get_str(nullptr, 10, x);
  std::string out(s);
  void (*free_fn)(void*, std::size_t);
  mp_get_memory_functions(nullptr, nullptr, &free_fn);
  free_fn(s, out.size() + 1);
  mpq_clear(x);
  mpq_clear(y);
  return out;
}

TEST(ExactProximity, SeparatedCubesAlongX) {
  const auto cube = unit_cube();
  const ExactProximity r = exact_proximity(cube, at(0, 0, 0), cube, at(1.5, 0, 0), kFullRoute);
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_EQ(r.distance_sq_exact, "1/4");
  EXPECT_EQ(r.distance, 0.5);
  EXPECT_EQ(r.witness_a.x(), 1.0);
  EXPECT_EQ(r.witness_b.x(), 1.5);
  EXPECT_EQ(r.witness_a.y(), r.witness_b.y());
  EXPECT_EQ(r.witness_a.z(), r.witness_b.z());
  EXPECT_FALSE(r.depth_sq_exact.has_value());
  EXPECT_EQ(r.method, "polytope_distance_d");
}

TEST(ExactProximity, CubeAndTetrahedronDiagonal) {
  // The cube's support in (1,1,1) is the corner (1,1,1) at x+y+z = 3; the tetrahedron's face
  // x+y+z = 4 contains the foot (4/3,4/3,4/3) of that corner inside the triangle, and its fourth
  // vertex (4,4,4) is beyond. Distance = 1/√3.
  const std::vector<Vec3> tet{{4, 0, 0}, {0, 4, 0}, {0, 0, 4}, {4, 4, 4}};
  const ExactProximity r = exact_proximity(unit_cube(), Pose{}, tet, Pose{});
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_EQ(r.distance_sq_exact, "1/3");
  EXPECT_NEAR(r.distance, 0.57735026918962576, 1e-16);
  EXPECT_EQ(r.witness_a, Vec3(1, 1, 1));
  // 4/3 rounded to nearest is what IEEE division gives: the witness must be rounded, not truncated.
  EXPECT_EQ(r.witness_b, Vec3(4.0 / 3.0, 4.0 / 3.0, 4.0 / 3.0));
}

TEST(ExactProximity, FaceEdgeVertexTouchingCubes) {
  const auto cube = unit_cube();
  for (const Vec3& t : {Vec3(1, 0, 0), Vec3(1, 1, 0), Vec3(1, 1, 1), Vec3(0, -1, 0.5)}) {
    const ExactProximity r =
        exact_proximity(cube, Pose{}, cube, Pose::from_translation(t), kFullRoute);
    EXPECT_EQ(r.relation, Relation::touching) << t.transpose();
    EXPECT_EQ(r.distance_sq_exact, "0");
    EXPECT_EQ(r.distance, 0.0);
    EXPECT_EQ(r.method, "polytope_distance_d+lp");
    EXPECT_FALSE(r.depth.has_value());
    // The LP route on its own agrees.
    const ExactProximity lp =
        exact_proximity(cube, Pose{}, cube, Pose::from_translation(t), {false, false});
    EXPECT_EQ(lp.relation, Relation::touching) << t.transpose();
    EXPECT_EQ(lp.method, "polytope_distance_d+lp");
  }
}

TEST(ExactProximity, IdenticalCubesPenetrateWithDepthOne) {
  const auto cube = unit_cube();
  const ExactProximity r = exact_proximity(cube, Pose{}, cube, Pose{}, kFullRoute);
  EXPECT_EQ(r.relation, Relation::penetrating);
  EXPECT_EQ(r.distance_sq_exact, "0");
  ASSERT_TRUE(r.depth_sq_exact.has_value());
  EXPECT_EQ(*r.depth_sq_exact, "1");
  EXPECT_EQ(*r.depth, 1.0);
  // Any of the six axis directions realizes it.
  const Vec3 d = *r.depth_direction;
  EXPECT_EQ(d.cwiseAbs().maxCoeff(), 1.0);
  EXPECT_EQ(d.cwiseAbs().sum(), 1.0);
  EXPECT_EQ(r.method, "polytope_distance_d+lp+minkowski_hull_depth");
  const ExactProximity lp = exact_proximity(cube, Pose{}, cube, Pose{}, {false, false});
  EXPECT_EQ(lp.relation, Relation::penetrating);
  EXPECT_EQ(lp.method, "polytope_distance_d+lp");
}

TEST(ExactProximity, OverlapAlongXGivesDepthAndDirection) {
  // B = [0.75, 1.75] × [0,1]²: moving B by +0.25 x makes the faces x = 1 and x = 1 meet; any
  // other way out is at least 1.
  const auto cube = unit_cube();
  const ExactProximity r = exact_proximity(cube, Pose{}, cube, at(0.75, 0, 0));
  EXPECT_EQ(r.relation, Relation::penetrating);
  ASSERT_TRUE(r.depth_sq_exact.has_value());
  EXPECT_EQ(*r.depth_sq_exact, "1/16");
  EXPECT_EQ(*r.depth, 0.25);
  EXPECT_EQ(*r.depth_direction, Vec3(1, 0, 0));
  // The convention, end to end: B moved by depth · direction touches A.
  const ExactProximity moved =
      exact_proximity(cube, Pose{}, cube, at(0.75 + *r.depth * r.depth_direction->x(), 0, 0));
  EXPECT_EQ(moved.relation, Relation::touching);

  // From the other side the direction flips.
  const ExactProximity left = exact_proximity(cube, Pose{}, cube, at(-0.75, 0, 0));
  ASSERT_TRUE(left.depth_sq_exact.has_value());
  EXPECT_EQ(*left.depth_sq_exact, "1/16");
  EXPECT_EQ(*left.depth_direction, Vec3(-1, 0, 0));

  // compute_depth = false leaves it out.
  const ExactProximity no_depth = exact_proximity(cube, Pose{}, cube, at(0.75, 0, 0), {false});
  EXPECT_EQ(no_depth.relation, Relation::penetrating);
  EXPECT_FALSE(no_depth.depth_sq_exact.has_value());
}

TEST(ExactProximity, NinetyDegreesAboutZViaQuaternion) {
  // Box [0,2]×[0,1]×[0,1] turned 90° about z and moved to x = 3. The double matrix from the
  // quaternion is not a permutation: R = [[e, -c, 0], [c, e, 0], [0, 0, 1]] with c just below 1
  // and e ≥ 0 tiny. World x = e·vx − c·vy + 3 is smallest at (vx, vy) = (0, 1): the edge
  // x = 3 − c, y = e, z ∈ [0,1], whose y lies within the cube, so distance = 2 − c exactly.
  // (Unrotated the gap would be 2; rounded to a permutation it would be 1.)
  const Pose pose = Pose::from_quaternion({1, 0, 0, 1}, Vec3(3, 0, 0));
  const double c = pose.rotation(1, 0), e = pose.rotation(0, 0);
  ASSERT_EQ(pose.rotation(0, 1), -c);
  ASSERT_EQ(pose.rotation(1, 1), e);
  ASSERT_GE(e, 0.0);
  ASSERT_LT(e, 1e-15);
  ASSERT_GT(c, 0.999);
  ASSERT_EQ(pose.rotation(2, 2), 1.0);
  ASSERT_EQ(pose.rotation(0, 2), 0.0);
  ASSERT_EQ(pose.rotation(1, 2), 0.0);
  ASSERT_EQ(pose.rotation(2, 0), 0.0);
  ASSERT_EQ(pose.rotation(2, 1), 0.0);
  const ExactProximity r = exact_proximity(unit_cube(), Pose{}, box(0, 2, 0, 1, 0, 1), pose);
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_EQ(r.distance_sq_exact, square_string(2.0, c));
  EXPECT_EQ(r.distance, 2.0 - c);  // 1 + 2^-52 is a double
  EXPECT_EQ(r.witness_a.x(), 1.0);
  EXPECT_EQ(r.witness_b.x(), 3.0 - c);
}

TEST(ExactProximity, RotatedPenetrationWithExactMatrices) {
  // 180° about z from the quaternion (0,0,0,1) is exactly diag(-1,-1,1): the box [0,2]×[0,1]²
  // maps to [-2,0]×[-1,0]×[0,1]; moved by (2.5, 1.5, 0) it is [0.5,2.5]×[0.5,1.5]×[0,1].
  // Overlap with the unit cube: 0.5 in x and y; ways out: +x 0.5, −x 2.5, +y 0.5, −y 1.5, z 1.
  const Pose half_turn = Pose::from_quaternion({0, 0, 0, 1}, Vec3(2.5, 1.5, 0));
  ASSERT_EQ(half_turn.rotation, Vec3(-1, -1, 1).asDiagonal().toDenseMatrix());
  const ExactProximity r = exact_proximity(unit_cube(), Pose{}, box(0, 2, 0, 1, 0, 1), half_turn);
  EXPECT_EQ(r.relation, Relation::penetrating);
  ASSERT_TRUE(r.depth_sq_exact.has_value());
  EXPECT_EQ(*r.depth_sq_exact, "1/4");
  EXPECT_EQ(*r.depth, 0.5);
  const Vec3 d = *r.depth_direction;
  EXPECT_TRUE(d == Vec3(1, 0, 0) || d == Vec3(0, 1, 0)) << d.transpose();

  // 90° about z as the exact permutation matrix: [0,2]×[0,1]² → [-1,0]×[0,2]×[0,1], moved by
  // (1.25, -1.5, 0) → [0.25,1.25]×[-1.5,0.5]×[0,1]. Ways out: +x 0.75, −x 1.25, +y 1.5, −y 0.5.
  Pose quarter;
  quarter.rotation << 0, -1, 0, 1, 0, 0, 0, 0, 1;
  quarter.translation = Vec3(1.25, -1.5, 0);
  const ExactProximity q = exact_proximity(unit_cube(), Pose{}, box(0, 2, 0, 1, 0, 1), quarter);
  EXPECT_EQ(q.relation, Relation::penetrating);
  ASSERT_TRUE(q.depth_sq_exact.has_value());
  EXPECT_EQ(*q.depth_sq_exact, "1/4");
  EXPECT_EQ(*q.depth_direction, Vec3(0, -1, 0));
}

TEST(ExactProximity, FarFromOriginTinyGapIsExact) {
  // A = [1e8, 1e8+1] in x; B's local x ∈ [g, 1] moved by 1e8 + 1: B starts at 1e8 + 1 + g, which
  // is no double (ulp 1.5e-8 there), but the exact sum keeps the gap g = 1e-7 (as a double).
  const double g = 1e-7;
  const ExactProximity r =
      exact_proximity(unit_cube(), at(1e8, 0, 0), box(g, 1, 0, 1, 0, 1), at(1e8 + 1, 0, 0));
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_EQ(r.distance_sq_exact, square_string(g));
  EXPECT_EQ(r.distance, g);
  EXPECT_EQ(r.witness_a.x(), 1e8 + 1);

  // Overlapping by g instead: penetrating with depth exactly g along +x.
  const ExactProximity p =
      exact_proximity(unit_cube(), at(1e8, 0, 0), box(-g, 1, 0, 1, 0, 1), at(1e8 + 1, 0, 0));
  EXPECT_EQ(p.relation, Relation::penetrating);
  ASSERT_TRUE(p.depth_sq_exact.has_value());
  EXPECT_EQ(*p.depth_sq_exact, square_string(g));
  EXPECT_EQ(*p.depth, g);
  EXPECT_EQ(*p.depth_direction, Vec3(1, 0, 0));

  // Touching exactly at x = 1e8 + 1 despite the far translation.
  const ExactProximity t =
      exact_proximity(unit_cube(), at(1e8, 0, 0), unit_cube(), at(1e8 + 1, 0.5, 0.5));
  EXPECT_EQ(t.relation, Relation::touching);
}

TEST(ExactProximity, PointHullDistance) {
  const auto cube = unit_cube();
  EXPECT_EQ(exact_point_hull_distance_sq(cube, Pose{}, Vec3(2, 0.5, 0.5)), 1.0);
  EXPECT_EQ(exact_point_hull_distance_sq(cube, Pose{}, Vec3(2, 2, 0.5)), 2.0);
  EXPECT_EQ(exact_point_hull_distance_sq(cube, Pose{}, Vec3(0.5, 0.5, 0.5)), 0.0);
  EXPECT_EQ(exact_point_hull_distance_sq(cube, at(10, 0, 0), Vec3(12, 0.5, 0.5)), 1.0);
  // double(1.1) − 1 is exact (Sterbenz) and IEEE multiplication rounds to nearest, so the
  // reference must return exactly this product.
  const double gap = 1.1 - 1.0;
  EXPECT_EQ(exact_point_hull_distance_sq(cube, Pose{}, Vec3(1.1, 0.5, 0.5)), gap * gap);
}

TEST(ExactProximity, RejectsEmptyAndNonFiniteInput) {
  const auto cube = unit_cube();
  const std::vector<Vec3> empty;
  EXPECT_THROW(exact_proximity(empty, Pose{}, cube, Pose{}), std::runtime_error);
  EXPECT_THROW(exact_proximity(cube, Pose{}, empty, Pose{}), std::runtime_error);
  auto bad = cube;
  bad[3].y() = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(exact_proximity(cube, Pose{}, bad, Pose{}), std::runtime_error);
  Pose inf_pose;
  inf_pose.translation.x() = std::numeric_limits<double>::infinity();
  EXPECT_THROW(exact_proximity(cube, inf_pose, cube, Pose{}), std::runtime_error);
  EXPECT_THROW(exact_point_hull_distance_sq(empty, Pose{}, Vec3::Zero()), std::runtime_error);
  EXPECT_THROW(exact_point_hull_distance_sq(cube, Pose{}, Vec3(NAN, 0, 0)), std::runtime_error);
}

// ---- the fast depth route against the brute-force hull of all differences ----

using exact_detail::NT;
using exact_detail::XPoint;

// h_{A−B}(n)² / |n|², evaluated by brute force over all vertices.
std::pair<NT, NT> support_ratio(const std::vector<XPoint>& a, const std::vector<XPoint>& b,
                                const XPoint& n) {
  std::optional<NT> max_a, min_b;
  for (const XPoint& p : a) {
    NT v = exact_detail::dot(n, p);
    if (!max_a || v > *max_a) max_a = v;
  }
  for (const XPoint& p : b) {
    NT v = exact_detail::dot(n, p);
    if (!min_b || v < *min_b) min_b = v;
  }
  const NT h = *max_a - *min_b;
  return {h * h, exact_detail::dot(n, n)};
}

std::vector<Vec3> sphere_points(std::mt19937& rng, int n, double radius) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::vector<Vec3> pts;
  for (int i = 0; i < n; ++i) {
    const Vec3 v(normal(rng), normal(rng), normal(rng));
    pts.push_back(radius * v.normalized());
  }
  return pts;
}

Pose random_pose(std::mt19937& rng, double spread) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> offset(-spread, spread);
  return Pose::from_quaternion({normal(rng), normal(rng), normal(rng), normal(rng)},
                               Vec3(offset(rng), offset(rng), offset(rng)));
}

// Axis-aligned boxes with dyadic sizes and offsets under signed permutations: coplanar faces,
// parallel edges and arcs that meet at Gauss-map vertices, the degenerate cases of the route.
Pose random_permutation_pose(std::mt19937& rng) {
  std::array<int, 3> perm{0, 1, 2};
  std::shuffle(perm.begin(), perm.end(), rng);
  std::uniform_int_distribution<int> coin(0, 1), step(-6, 6);
  Pose p;
  p.rotation.setZero();
  for (int r = 0; r < 3; ++r) p.rotation(r, perm[r]) = coin(rng) ? 1.0 : -1.0;
  p.translation = Vec3(step(rng), step(rng), step(rng)) * 0.0625;
  return p;
}

// The LP relation, the Gauss-map relation and depth, and the brute-force hull must all agree.
void compare_routes(const std::vector<Vec3>& la, const Pose& pa, const std::vector<Vec3>& lb,
                    const Pose& pb, int& compared, int& touching) {
  const ExactProximity r = exact_proximity(la, pa, lb, pb, {false, false});
  if (r.relation == Relation::separated) return;
  ASSERT_EQ(r.method, "polytope_distance_d+lp");
  const auto a = exact_detail::exact_world_points(la, pa, "A");
  const auto b = exact_detail::exact_world_points(lb, pb, "B");
  const auto fast = exact_detail::depth_gauss_map(la, a, lb, b);
  const auto brute = exact_detail::depth_minkowski_hull(a, b);
  ASSERT_TRUE(fast.has_value());
  ASSERT_TRUE(brute.has_value());
  EXPECT_EQ(r.relation == Relation::touching, fast->num.is_zero());
  EXPECT_EQ(r.relation == Relation::touching, brute->num.is_zero());
  EXPECT_TRUE(fast->num * brute->den == brute->num * fast->den)
      << "fast " << exact_detail::fraction_string(fast->num, fast->den) << " brute "
      << exact_detail::fraction_string(brute->num, brute->den);
  // The reported direction realizes the reported value.
  const auto [num, den] = support_ratio(a, b, fast->normal);
  EXPECT_TRUE(num * fast->den == fast->num * den);
  ++compared;
  if (r.relation == Relation::touching) ++touching;
}

TEST(ExactDepth, GaussMapRouteMatchesMinkowskiHullOnRandomShapes) {
  std::mt19937 rng(20240611);
  std::uniform_int_distribution<int> count(4, 12);
  int compared = 0, touching = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const auto la = sphere_points(rng, count(rng), 1.0);
    const auto lb = sphere_points(rng, count(rng), 0.8);
    compare_routes(la, random_pose(rng, 0.6), lb, random_pose(rng, 0.6), compared, touching);
  }
  EXPECT_GT(compared, 60);
}

TEST(ExactDepth, GaussMapRouteMatchesMinkowskiHullOnDegenerateBoxes) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> size(1, 8);
  int compared = 0, touching = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const auto la = box(-size(rng) * 0.125, size(rng) * 0.125, -size(rng) * 0.125,
                        size(rng) * 0.125, -size(rng) * 0.125, size(rng) * 0.125);
    auto lb = box(-size(rng) * 0.125, size(rng) * 0.125, -size(rng) * 0.125, size(rng) * 0.125,
                  -size(rng) * 0.125, size(rng) * 0.125);
    if (trial % 3 == 0) lb.push_back(Vec3(0.25, 0.125, 1.5));  // a roof: slanted faces, edges
    const Pose pa = random_permutation_pose(rng);
    Pose pb = random_permutation_pose(rng);
    if (trial % 2 == 1) {
      // Slide B along one axis until its lowest point meets A's highest: an exact contact
      // (face, edge or vertex) since everything is dyadic and axis-aligned.
      const int k = trial % 3;
      double max_a = -1e300, min_b = 1e300;
      for (const Vec3& v : la) max_a = std::max(max_a, pa.apply(v)[k]);
      for (const Vec3& v : lb) min_b = std::min(min_b, pb.apply(v)[k]);
      pb.translation[k] += max_a - min_b;
    }
    compare_routes(la, pa, lb, pb, compared, touching);
  }
  EXPECT_GT(compared, 150);
  EXPECT_GT(touching, 60);  // dyadic offsets make exact face, edge and vertex contacts
}

TEST(ExactDepth, MinkowskiHullOnHandExample) {
  // Oracle sanity: identical unit cubes give 1, the 0.25 overlap gives 1/16.
  const auto cube = unit_cube();
  const auto a = exact_detail::exact_world_points(cube, Pose{}, "A");
  const auto b = exact_detail::exact_world_points(cube, at(0.75, 0, 0), "B");
  const auto d = exact_detail::depth_minkowski_hull(a, a);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(exact_detail::fraction_string(d->num, d->den), "1");
  const auto e = exact_detail::depth_minkowski_hull(a, b);
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(exact_detail::fraction_string(e->num, e->den), "1/16");
}

TEST(ExactProximity, FlatShapeFallsBackToMinkowskiHull) {
  // A square (flat) through the middle of a cube: penetrating (relative interiors overlap); the
  // Gauss-map route needs solids, the brute-force hull takes it. Ways out for the square
  // [0.25,0.75]² at z = 0.5: ±z by 0.5 (B moves so the cube clears the plane) and x/y by 0.75.
  const std::vector<Vec3> square{
      {0.25, 0.25, 0.5}, {0.75, 0.25, 0.5}, {0.75, 0.75, 0.5}, {0.25, 0.75, 0.5}};
  const ExactProximity r = exact_proximity(square, Pose{}, unit_cube(), Pose{}, kFullRoute);
  EXPECT_EQ(r.relation, Relation::penetrating);
  ASSERT_TRUE(r.depth_sq_exact.has_value());
  EXPECT_EQ(*r.depth_sq_exact, "1/4");
  EXPECT_EQ(r.method, "polytope_distance_d+lp+minkowski_hull_depth");
}

}  // namespace
}  // namespace touchstone

namespace touchstone {
namespace {

// Regression: on family cases the Gauss-map route once evaluated candidates at triangle corners
// and edge endpoints and undercut the true depth (vertex-vertex/s1/i118: 1.75e-7 instead of the
// 2.0357e-7 a brute-force rational computation gives). It now evaluates true supports, so it can
// only be too large, never too small.
TEST(ExactDepth, GaussMapRouteIsAnUpperBoundOnFamilyCases) {
  int compared = 0, mismatches = 0;
  for (const CaseFamily& family : case_families()) {
    std::vector<int> indices;
    for (int i = 0; i < std::min(family.default_count, 44); ++i) indices.push_back(i);
    if (family.name == "vertex-vertex") indices.push_back(118);
    for (int i : indices) {
      const ProximityCase c = family.generate(1, i);
      if (c.a.vertices.size() * c.b.vertices.size() > 400) continue;
      SCOPED_TRACE(c.id);
      const ExactProximity r =
          exact_proximity(c.a.vertices, c.pose_a, c.b.vertices, c.pose_b, {false});
      if (r.relation != Relation::penetrating) continue;
      const auto a = exact_detail::exact_world_points(c.a.vertices, c.pose_a, "A");
      const auto b = exact_detail::exact_world_points(c.b.vertices, c.pose_b, "B");
      const auto fast = exact_detail::depth_gauss_map(c.a.vertices, a, c.b.vertices, b);
      const auto brute = exact_detail::depth_minkowski_hull(a, b);
      ASSERT_TRUE(brute.has_value());
      ++compared;
      if (!fast) continue;
      // Never below the exact depth, and realized by its direction.
      EXPECT_FALSE(fast->num * brute->den < brute->num * fast->den);
      const auto [num, den] = support_ratio(a, b, fast->normal);
      EXPECT_TRUE(num * fast->den == fast->num * den);
      mismatches += !(fast->num * brute->den == brute->num * fast->den);
    }
  }
  EXPECT_GT(compared, 200);
  // Known gap of the Gauss-map candidate set (see kMinkowskiHullPreferredLimit); this pins it so
  // a fix or a regression shows.
  EXPECT_LE(mismatches, 3);
  RecordProperty("gauss_map_mismatches", mismatches);
}

}  // namespace
}  // namespace touchstone
