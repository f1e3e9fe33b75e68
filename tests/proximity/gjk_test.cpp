// GJK + EPA (algorithms/proximity/gjk): hand-derived distances, relations and depths on the
// configurations where GJK implementations usually break (DESIGN §6.1): touching faces, identical
// shapes, thin boxes, tiny gaps, far from the origin, near-parallel faces, 10^4 vertices.
// Every expected value below is derived by hand (or from exact double arithmetic such as
// Sterbenz subtraction), never taken from the code under test.
#include "algorithms/proximity/gjk/gjk.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <random>

#include "algorithms/proximity/gjk/gjk_scan.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

using test_support::at;
using test_support::box;
using test_support::unit_cube;

Polytope centred_cube() { return box(Vec3(-0.5, -0.5, -0.5), Vec3(0.5, 0.5, 0.5)); }

// Points on the unit sphere (Fibonacci lattice): all are hull vertices.
Polytope sphere(int n) {
  std::vector<Vec3> p;
  const double golden = std::numbers::pi * (3.0 - std::sqrt(5.0));
  for (int i = 0; i < n; ++i) {
    const double z = 1.0 - 2.0 * (i + 0.5) / n;
    const double r = std::sqrt(1.0 - z * z);
    p.emplace_back(r * std::cos(golden * i), r * std::sin(golden * i), z);
  }
  return Polytope::from_points(p);
}

// Composition: first `inner`, then `outer`.
Pose compose(const Pose& outer, const Pose& inner) {
  return {outer.rotation * inner.rotation, outer.rotation * inner.translation + outer.translation,
          std::nullopt};
}

// Largest signed distance of a world point beyond the shape's face planes (≤ 0: inside).
double outside_by(const Polytope& shape, const Pose& pose, const Vec3& world) {
  const Vec3 p = pose.apply_inverse(world);
  double worst = -std::numeric_limits<double>::infinity();
  for (const Face& f : shape.faces()) worst = std::max(worst, f.plane.signed_distance(p));
  return worst;
}

struct Pair {
  std::unique_ptr<ProximityAlgorithm> algo = gjk::info().make();
  const Polytope &a, &b;
  std::unique_ptr<PreparedShape> pa = algo->prepare(a), pb = algo->prepare(b);
  Pair(const Polytope& sa, const Polytope& sb) : a(sa), b(sb) {}
  ProximityResult query(const Pose& pose_a, const Pose& pose_b,
                        std::unique_ptr<WarmStart>* ws = nullptr) const {
    return algo->query(*pa, pose_a, *pb, pose_b, ws);
  }
  // Witness points lie on their shapes and are `distance` apart.
  void check_witnesses(const ProximityResult& r, const Pose& pose_a, const Pose& pose_b,
                       double tol) const {
    ASSERT_TRUE(r.witness_a && r.witness_b);
    EXPECT_LE(outside_by(a, pose_a, *r.witness_a), tol);
    EXPECT_LE(outside_by(b, pose_b, *r.witness_b), tol);
    ASSERT_TRUE(r.distance);
    EXPECT_NEAR((*r.witness_a - *r.witness_b).norm(), *r.distance, tol);
  }
};

const Pose I = Pose::identity();

TEST(Gjk, RegistryInfo) {
  const auto i = gjk::info();
  EXPECT_EQ(i.name, "gjk");
  EXPECT_EQ(i.family, "simplex-based");
  EXPECT_TRUE(i.capabilities.distance);
  EXPECT_TRUE(i.capabilities.witness_points);
  EXPECT_TRUE(i.capabilities.penetration_depth);
  EXPECT_TRUE(i.capabilities.warm_start);
  EXPECT_FALSE(i.capabilities.features);
  EXPECT_FALSE(i.capabilities.nonconvex);
  ASSERT_TRUE(i.make);
}

TEST(Gjk, SeparatedCubesFaceToFace) {
  const Polytope a = unit_cube(), b = unit_cube();
  Pair p(a, b);
  const Pose pb = at(1.5, 0.0, 0.0);  // faces x = 1 and x = 1.5
  const auto r = p.query(I, pb);
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_NEAR(*r.distance, 0.5, 1e-15);
  EXPECT_NEAR(r.witness_a->x(), 1.0, 1e-15);
  EXPECT_NEAR(r.witness_b->x(), 1.5, 1e-15);
  EXPECT_NEAR(r.witness_a->y(), r.witness_b->y(), 1e-15);
  EXPECT_NEAR(r.witness_a->z(), r.witness_b->z(), 1e-15);
  p.check_witnesses(r, I, pb, 1e-15);
  EXPECT_GT(r.iterations, 0);
}

TEST(Gjk, SeparatedCubesParallelEdges) {
  // Vertical edges x = y = 1 of A and x = y = 1.5 of B: distance √0.5.
  const Polytope a = unit_cube(), b = unit_cube();
  Pair p(a, b);
  const Pose pb = at(1.5, 1.5, 0.0);
  const auto r = p.query(I, pb);
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_NEAR(*r.distance, std::sqrt(0.5), 1e-15);
  EXPECT_NEAR(r.witness_a->x(), 1.0, 1e-15);
  EXPECT_NEAR(r.witness_a->y(), 1.0, 1e-15);
  EXPECT_NEAR(r.witness_b->x(), 1.5, 1e-15);
  EXPECT_NEAR(r.witness_b->y(), 1.5, 1e-15);
  p.check_witnesses(r, I, pb, 1e-15);
}

TEST(Gjk, CubeVersusTetrahedronVertexFace) {
  // Tetrahedron apex (2, .5, .5) faces A's face x = 1; its other vertices are at x = 3.
  const Polytope a = unit_cube();
  const std::vector<Vec3> t = {{2, 0.5, 0.5}, {3, 0, 0}, {3, 1, 0}, {3, 0.5, 1}};
  const Polytope b = Polytope::from_points(t);
  Pair p(a, b);
  const auto r = p.query(I, I);
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_NEAR(*r.distance, 1.0, 1e-15);
  EXPECT_NEAR((*r.witness_a - Vec3(1, 0.5, 0.5)).norm(), 0.0, 1e-15);
  EXPECT_NEAR((*r.witness_b - Vec3(2, 0.5, 0.5)).norm(), 0.0, 1e-15);
}

TEST(Gjk, TouchingCubesFaceEdgeVertex) {
  const Polytope a = unit_cube(), b = unit_cube();
  Pair p(a, b);
  for (const Pose& pb : {at(1, 0, 0), at(1, 0.5, 0.25), at(1, 1, 0), at(1, 1, 1), at(-1, -1, -1),
                         at(0.25, 1, 0.5)}) {
    const auto r = p.query(I, pb);
    ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
    EXPECT_EQ(r.relation, Relation::touching) << pb.translation.transpose();
    EXPECT_EQ(*r.distance, 0.0);
    p.check_witnesses(r, I, pb, 1e-15);
  }
}

TEST(Gjk, IdenticalCubesDepthOne) {
  // A − B = [-1, 1]^3: the origin is 1 from every facet.
  const Polytope a = unit_cube(), b = unit_cube();
  Pair p(a, b);
  const auto r = p.query(I, I);
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::penetrating);
  EXPECT_EQ(*r.distance, 0.0);
  EXPECT_NEAR(*r.penetration_depth, 1.0, 1e-12);
  ASSERT_TRUE(r.penetration_direction);
  EXPECT_NEAR(r.penetration_direction->norm(), 1.0, 1e-15);
  EXPECT_NEAR(r.penetration_direction->cwiseAbs().maxCoeff(), 1.0, 1e-12);  // an axis
  p.check_witnesses(r, I, I, 1e-15);
  // Moving B by depth · direction makes the pair touch.
  const Pose moved = Pose::from_translation(*r.penetration_depth * *r.penetration_direction);
  const auto t = p.query(I, moved);
  EXPECT_EQ(t.relation, Relation::touching);
}

TEST(Gjk, OverlapQuarterAlongX) {
  // B = [.75, 1.75] × [.5, 1.5]²: escape +x needs .25, ±y or ±z at least .5.
  const Polytope a = unit_cube(), b = unit_cube();
  Pair p(a, b);
  const Pose pb = at(0.75, 0.5, 0.5);
  const auto r = p.query(I, pb);
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::penetrating);
  EXPECT_NEAR(*r.penetration_depth, 0.25, 1e-14);
  EXPECT_NEAR((*r.penetration_direction - Vec3(1, 0, 0)).norm(), 0.0, 1e-14);
  p.check_witnesses(r, I, pb, 1e-15);
}

TEST(Gjk, TouchingBandEdgesAroundTheTouchingCertificate) {
  // Unit cubes overlapping along x by δ; A − B = [δ − 2, δ] × [-1.5, 0.5]² (B at (1 − δ, .5, .5)),
  // so the depth is δ (escape along +x). The touching band is 1e-13 × size (size √3): δ = 2^-50
  // (8.9e-16) is inside it (touching, proved without EPA by the direction +x), δ = 2^-33
  // (1.2e-10) is outside it (penetrating with depth δ: no direction may prove it touching).
  const Polytope a = unit_cube(), b = unit_cube();
  Pair p(a, b);
  const double inside = std::ldexp(1.0, -50), outside = std::ldexp(1.0, -33);
  const auto t = p.query(I, at(1 - inside, 0.5, 0.5));
  ASSERT_EQ(t.status, QueryStatus::ok) << t.reason;
  EXPECT_EQ(t.relation, Relation::touching);
  EXPECT_EQ(*t.distance, 0.0);
  EXPECT_EQ(*t.penetration_depth, 0.0);
  const auto q = p.query(I, at(1 - outside, 0.5, 0.5));
  ASSERT_EQ(q.status, QueryStatus::ok) << q.reason;
  EXPECT_EQ(q.relation, Relation::penetrating);
  EXPECT_NEAR(*q.penetration_depth, outside, 1e-16);
  EXPECT_NEAR((*q.penetration_direction - Vec3(1, 0, 0)).norm(), 0.0, 1e-12);
}

TEST(Gjk, EpaBuffersReusedAcrossQueries) {
  // EPA keeps its buffers between queries on a thread: a large polytope first (a 2,000-vertex
  // sphere hull against itself, depth ≥ 2 r_in − 1.5 > 0.49), then the unit cubes of
  // IdenticalCubesDepthOne (depth 1) and OverlapQuarterAlongX (depth 0.25) must come out as on a
  // fresh thread.
  const Polytope s = sphere(2000);
  Pair big(s, s);
  const auto r = big.query(I, at(1.5, 0, 0));
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::penetrating);
  EXPECT_GT(*r.penetration_depth, 0.49);
  EXPECT_LE(*r.penetration_depth, 0.5 + 1e-12);
  const Polytope a = unit_cube(), b = unit_cube();
  Pair p(a, b);
  const auto one = p.query(I, I);
  ASSERT_EQ(one.status, QueryStatus::ok) << one.reason;
  EXPECT_NEAR(*one.penetration_depth, 1.0, 1e-12);
  const auto quarter = p.query(I, at(0.75, 0.5, 0.5));
  ASSERT_EQ(quarter.status, QueryStatus::ok) << quarter.reason;
  EXPECT_NEAR(*quarter.penetration_depth, 0.25, 1e-14);
}

TEST(Gjk, RotatedShapes) {
  // In A's frame: A = [-.5,.5]^3; B = same cube turned 45° about z, so its vertical edge points
  // at A's face x = .5 from x = c − √2/2. Gap .25 ⇒ c = .5 + √2/2 + .25. Then the whole
  // scene is moved by one rigid transform T, which preserves distances.
  const Polytope a = centred_cube(), b = centred_cube();
  Pair p(a, b);
  const double c = 0.5 + std::sqrt(0.5) + 0.25;
  const double h = std::numbers::pi / 8;
  const Pose local_b = Pose::from_quaternion({std::cos(h), 0, 0, std::sin(h)}, Vec3(c, 0, 0));
  const Pose T = Pose::from_quaternion({0.9, 0.3, -0.2, 0.1}, Vec3(3, -2, 5));
  const Pose pa = T, pb = compose(T, local_b);
  const auto r = p.query(pa, pb);
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_NEAR(*r.distance, 0.25, 1e-14);
  const Vec3 wa = pa.apply_inverse(*r.witness_a);
  EXPECT_NEAR(wa.x(), 0.5, 1e-14);
  EXPECT_NEAR(wa.y(), 0.0, 1e-14);
  p.check_witnesses(r, pa, pb, 1e-14);
  // Penetrating version: gap −.25 ⇒ B's edge is .25 inside A's face; escape along A's +x.
  const Pose pb2 =
      compose(T, Pose::from_quaternion({std::cos(h), 0, 0, std::sin(h)}, Vec3(c - 0.5, 0, 0)));
  const auto q = p.query(pa, pb2);
  ASSERT_EQ(q.status, QueryStatus::ok) << q.reason;
  EXPECT_EQ(q.relation, Relation::penetrating);
  EXPECT_NEAR(*q.penetration_depth, 0.25, 1e-13);
  EXPECT_NEAR((*q.penetration_direction - T.rotation * Vec3(1, 0, 0)).norm(), 0.0, 1e-12);
}

TEST(Gjk, FarFromOriginByPose) {
  // A at 1e8·(1,1,1); B's near face at A.x + 1 + gap. ulp(1e8) = 2^-26, so the gap that
  // survives is (tb − ta) − 1, which Sterbenz makes exact in double.
  const Polytope a = unit_cube(), b = unit_cube();
  Pair p(a, b);
  const Vec3 ta(1e8, 1e8, 1e8);
  const Vec3 tb = ta + Vec3(1.0 + 1e-6, 0.3, 0.2);
  const double gap = (tb.x() - ta.x()) - 1.0;
  ASSERT_GT(gap, 9e-7);
  const auto r = p.query(Pose::from_translation(ta), Pose::from_translation(tb));
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_NEAR(*r.distance, gap, 1e-15);
  // World witness coordinates near 1e8 carry rounding of ulp(1e8) ≈ 1.5e-8.
  EXPECT_NEAR(r.witness_a->x(), ta.x() + 1.0, 3e-8);
}

TEST(Gjk, FarFromOriginByCoordinates) {
  // Vertex coordinates themselves near 1e8 (identity poses); gap 2^-20 is exactly representable.
  const double o = 1e8, g = std::ldexp(1.0, -20);
  const Polytope a = box(Vec3(o, o, o), Vec3(o + 1, o + 1, o + 1));
  const Polytope b = box(Vec3(o + 1 + g, o + 0.5, o + 0.5), Vec3(o + 2, o + 1.5, o + 1.5));
  Pair p(a, b);
  const auto r = p.query(I, I);
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_NEAR(*r.distance, g, 1e-15);
}

TEST(Gjk, TinyGapSweep) {
  // B's near face at x = t; the gap t − 1 is exact (Sterbenz). size = √3.
  const Polytope a = unit_cube(), b = unit_cube();
  Pair p(a, b);
  for (double g : {1e-15, 1e-12, 1e-9, 1e-6, 1e-3}) {
    for (int sign : {+1, -1}) {
      const double t = 1.0 + sign * g;
      const double exact = t - 1.0;
      const Pose pb = at(t, 0.25, 0.25);
      const auto r = p.query(I, pb);
      ASSERT_EQ(r.status, QueryStatus::ok) << r.reason << " gap " << exact;
      if (g >= 1e-12 && sign > 0) {
        EXPECT_EQ(r.relation, Relation::separated) << exact;
        EXPECT_NEAR(*r.distance, exact, 1e-15 + 1e-12 * exact);
      } else if (g >= 1e-12) {
        EXPECT_EQ(r.relation, Relation::penetrating) << exact;
        EXPECT_NEAR(*r.penetration_depth, -exact, 1e-15 + 1e-12 * g);
        EXPECT_NEAR((*r.penetration_direction - Vec3(1, 0, 0)).norm(), 0.0, 1e-9);
      } else {  // within the touching band
        EXPECT_EQ(r.relation, Relation::touching) << exact;
        EXPECT_EQ(*r.distance, 0.0);
      }
    }
  }
}

TEST(Gjk, ThinBoxes) {
  // Plates 1 × 1 × 1e-6 (aspect 1e6). Separated by 1e-7 along z, then overlapping by 5e-7.
  const Polytope a = box(Vec3(0, 0, 0), Vec3(1, 1, 1e-6));
  const Polytope b = box(Vec3(0, 0, 0), Vec3(1, 1, 1e-6));
  Pair p(a, b);
  const double lo = 1e-6 + 1e-7;
  const Pose pb = at(0.25, 0.25, lo);
  const auto r = p.query(I, pb);
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_NEAR(*r.distance, lo - 1e-6, 1e-18);
  p.check_witnesses(r, I, pb, 1e-16);

  const Pose pc = at(0.25, 0.25, 0.5e-6);
  const auto q = p.query(I, pc);
  ASSERT_EQ(q.status, QueryStatus::ok) << q.reason;
  EXPECT_EQ(q.relation, Relation::penetrating);
  EXPECT_NEAR(*q.penetration_depth, 5e-7, 1e-15);
  EXPECT_NEAR((*q.penetration_direction - Vec3(0, 0, 1)).norm(), 0.0, 1e-9);

  // Needles 1e-6 × 1e-6 × 1 crossing at right angles, 1e-7 apart along z.
  const Polytope n1 = box(Vec3(0, -0.5e-6, -0.5e-6), Vec3(1, 0.5e-6, 0.5e-6));
  const Polytope n2 = box(Vec3(-0.5e-6, 0, -0.5e-6), Vec3(0.5e-6, 1, 0.5e-6));
  Pair pn(n1, n2);
  const Pose pn2 = at(0.5, -0.5, 1e-6 + 1e-7);
  const auto s = pn.query(I, pn2);
  ASSERT_EQ(s.status, QueryStatus::ok) << s.reason;
  EXPECT_EQ(s.relation, Relation::separated);
  EXPECT_NEAR(*s.distance, 1e-7, 1e-15);
}

TEST(Gjk, NearParallelFaces) {
  // B = [-.5,.5]^3 turned by θ about y. Its lowest edge (local x = .5, z = −.5) sits at
  // z_B − .5(sin θ + cos θ) and x ≈ 1 − .5 sin θ, over A's top face. Put it at 1 + gap.
  const Polytope a = unit_cube(), b = centred_cube();
  Pair p(a, b);
  for (double theta : {1e-12, 1e-9, 1e-6}) {
    for (double gap : {1e-6, 1e-9, 0.0, -1e-6}) {
      const double s = std::sin(theta), c = std::cos(theta);
      const Pose pb = Pose::from_quaternion({std::cos(theta / 2), 0, std::sin(theta / 2), 0},
                                            Vec3(0.5, 0.5, 1 + 0.5 * (s + c) + gap));
      const auto r = p.query(I, pb);
      ASSERT_EQ(r.status, QueryStatus::ok) << r.reason << " θ " << theta << " gap " << gap;
      if (gap > 0) {
        EXPECT_EQ(r.relation, Relation::separated) << theta << " " << gap;
        EXPECT_NEAR(*r.distance, gap, 1e-14) << theta;
        p.check_witnesses(r, I, pb, 1e-14);
      } else if (gap == 0) {
        // Rounding of R and t leaves |exact gap| ≲ 1e-15: inside the touching band.
        EXPECT_EQ(r.relation, Relation::touching) << theta;
      } else {
        EXPECT_EQ(r.relation, Relation::penetrating) << theta;
        EXPECT_NEAR(*r.penetration_depth, -gap, 1e-12) << theta;
        EXPECT_GT(r.penetration_direction->z(), 0.99);
      }
    }
  }
}

TEST(Gjk, HighVertexCountSpheres) {
  // Hulls of 10^4 points on unit spheres. Each hull lies in its unit ball and contains the ball
  // of radius r_in (its smallest face offset), so for centres D apart:
  //   distance ∈ [D − 2, D − 2 r_in],  depth ∈ [2 r_in − D, 2 − D].
  const Polytope s = sphere(10000);
  ASSERT_EQ(s.vertices().size(), 10000u);
  double r_in = 1.0;
  for (const Face& f : s.faces()) r_in = std::min(r_in, f.plane.offset);
  ASSERT_GT(r_in, 0.999);
  Pair p(s, s);
  const Vec3 dir = Vec3(1, 2, 3).normalized();
  const Pose rot = Pose::from_quaternion({0.8, 0.1, 0.5, -0.3}, Vec3::Zero());
  for (double D : {2.1, 2.001, 1.5}) {
    const Pose pb = Pose{rot.rotation, D * dir, std::nullopt};
    const auto r = p.query(I, pb);
    ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
    if (D > 2) {
      EXPECT_EQ(r.relation, Relation::separated);
      EXPECT_GE(*r.distance, D - 2 - 1e-12);
      EXPECT_LE(*r.distance, D - 2 * r_in + 1e-12);
      p.check_witnesses(r, I, pb, 1e-12);
    } else {
      EXPECT_EQ(r.relation, Relation::penetrating);
      EXPECT_GE(*r.penetration_depth, 2 * r_in - D - 1e-12);
      EXPECT_LE(*r.penetration_depth, 2 - D + 1e-12);
      EXPECT_GT(r.penetration_direction->dot(dir), 0.99);
    }
  }
}

TEST(Gjk, WarmStartMatchesCold) {
  // A motion sequence through separated, touching-free and penetrating frames.
  const Polytope cube = centred_cube();
  const Polytope s = sphere(500);
  for (const Polytope* shape : {&cube, &s}) {
    Pair p(*shape, *shape);
    std::unique_ptr<WarmStart> ws;
    for (int k = 0; k < 60; ++k) {
      const double t = k / 59.0;
      const Pose pb = Pose::from_quaternion({1.0, 0.3 * t, 0.2, -0.1 * t},
                                            Vec3(2.5 - 1.8 * t, 0.3 * std::sin(5 * t), 0.1));
      const auto cold = p.query(I, pb);
      const auto warm = p.query(I, pb, &ws);
      ASSERT_EQ(cold.status, QueryStatus::ok) << cold.reason;
      ASSERT_EQ(warm.status, QueryStatus::ok) << warm.reason;
      EXPECT_EQ(cold.relation, warm.relation) << k;
      EXPECT_NEAR(*cold.distance, *warm.distance, 1e-12) << k;
      if (cold.penetration_depth && warm.penetration_depth) {
        EXPECT_NEAR(*cold.penetration_depth, *warm.penetration_depth, 1e-10) << k;
      }
      ASSERT_TRUE(ws);
      const auto* g = dynamic_cast<const gjk::GjkWarmStart*>(ws.get());
      ASSERT_TRUE(g);
      EXPECT_GT(g->count, 0);
    }
  }
}

TEST(Gjk, ForeignOrStaleWarmStartIsHarmless) {
  const Polytope a = unit_cube(), b = unit_cube();
  Pair p(a, b);
  struct Other : WarmStart {};
  std::unique_ptr<WarmStart> ws = std::make_unique<Other>();
  auto r = p.query(I, at(1.5, 0, 0), &ws);
  ASSERT_EQ(r.status, QueryStatus::ok);
  EXPECT_NEAR(*r.distance, 0.5, 1e-15);
  auto stale = std::make_unique<gjk::GjkWarmStart>();
  stale->count = 3;
  stale->vertex_a = {100, 2, 3, -1};  // out of range: ignored
  stale->vertex_b = {0, 1, 2, -1};
  ws = std::move(stale);
  r = p.query(I, at(1.5, 0, 0), &ws);
  ASSERT_EQ(r.status, QueryStatus::ok);
  EXPECT_NEAR(*r.distance, 0.5, 1e-15);
}

// The linear-scan support (gjk_scan.hpp) returns the first vertex maximizing d · x, on the AVX path
// (where the CPU has it) and the scalar one, ties included. The coordinates come in padded arrays
// (a multiple of 4, the padding copies of vertex 0).
struct ScanArrays {
  std::vector<double> x, y, z;
  explicit ScanArrays(const std::vector<Vec3>& p) {
    for (const Vec3& v : p) {
      x.push_back(v.x());
      y.push_back(v.y());
      z.push_back(v.z());
    }
    while (x.size() % 4 != 0) {
      x.push_back(p[0].x());
      y.push_back(p[0].y());
      z.push_back(p[0].z());
    }
  }
  std::vector<int> answers(const Vec3& d) const {
    const int n = static_cast<int>(x.size());
    std::vector<int> out{gjk::detail::scan_support(x.data(), y.data(), z.data(), n, d, false)};
    if (gjk::detail::cpu_has_avx())
      out.push_back(gjk::detail::scan_support(x.data(), y.data(), z.data(), n, d, true));
    return out;
  }
};

TEST(GjkScan, FirstMaximumAmongTies) {
  // The cube's vertices in binary order: along +x the maximizers are 1, 3, 5, 7 (x = 1), along
  // +y + z they are 6 and 7, along −x − y − z only 0; along +x + y the ties 3 and 7 sit in lanes
  // 3 and 3 of consecutive blocks, along −x the ties 0, 2, 4, 6 in lanes 0 and 2.
  std::vector<Vec3> cube;
  for (int i = 0; i < 8; ++i) cube.emplace_back(i & 1, (i >> 1) & 1, (i >> 2) & 1);
  const ScanArrays s(cube);
  for (int got : s.answers(Vec3(1, 0, 0))) EXPECT_EQ(got, 1);
  for (int got : s.answers(Vec3(0, 1, 1))) EXPECT_EQ(got, 6);
  for (int got : s.answers(Vec3(-1, -1, -1))) EXPECT_EQ(got, 0);
  for (int got : s.answers(Vec3(1, 1, 0))) EXPECT_EQ(got, 3);
  for (int got : s.answers(Vec3(-1, 0, 0))) EXPECT_EQ(got, 0);
  // Five points padded to eight with copies of vertex 0: when vertex 0 maximizes, it is 0, never
  // a padding slot; the later tie (vertex 4 = vertex 0) loses to the earlier one.
  const ScanArrays five(
      {Vec3(2, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1), Vec3(-1, 0, 0), Vec3(2, 0, 0)});
  for (int got : five.answers(Vec3(1, 0, 0))) EXPECT_EQ(got, 0);
  for (int got : five.answers(Vec3(0, 0, 1))) EXPECT_EQ(got, 2);
  // Signed zeros tie: d = +y on points with y = −0 and +0 gives the first one.
  const ScanArrays zeros({Vec3(0, -1, 0), Vec3(1, -0.0, 0), Vec3(2, 0.0, 0)});
  for (int got : zeros.answers(Vec3(0, 1, 0))) EXPECT_EQ(got, 1);
}

TEST(GjkScan, MatchesThePlainLoop) {
  // 37 points (padded to 40) whose coordinates take few values, so ties are frequent; the plain
  // loop "first index with a strictly larger d · x" is the definition.
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<int> coord(-2, 2);
  std::vector<Vec3> p;
  for (int i = 0; i < 37; ++i) p.emplace_back(coord(rng), coord(rng), coord(rng));
  const ScanArrays s(p);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 2000; ++trial) {
    const Vec3 d =
        trial % 2 ? Vec3(u(rng), u(rng), u(rng)) : Vec3(coord(rng), coord(rng), coord(rng));
    auto dot = [&](int i) {  // rounded as the scan's contract says
      const Vec3& q = p[static_cast<size_t>(i)];
      return d.x() * q.x() + d.y() * q.y() + d.z() * q.z();
    };
    int first = 0;
    for (int i = 1; i < 37; ++i)
      if (dot(i) > dot(first)) first = i;
    for (int got : s.answers(d)) ASSERT_EQ(got, first) << "trial " << trial;
  }
}

TEST(Gjk, NonConvexIsUnsupported) {
  // L-shaped prism: the L polygon (counter-clockwise from above) extruded from z = 0 to 1.
  const std::vector<Vec3> l2 = {{0, 0, 0}, {2, 0, 0}, {2, 1, 0}, {1, 1, 0}, {1, 2, 0}, {0, 2, 0}};
  std::vector<Vec3> v;
  for (const Vec3& q : l2) v.push_back(q);
  for (const Vec3& q : l2) v.push_back(q + Vec3(0, 0, 1));
  std::vector<std::vector<int>> faces = {{5, 4, 3, 2, 1, 0}, {6, 7, 8, 9, 10, 11}};
  for (int i = 0; i < 6; ++i) faces.push_back({i, (i + 1) % 6, (i + 1) % 6 + 6, i + 6});
  const Polytope l = Polytope::from_faces(v, faces);
  ASSERT_FALSE(l.is_convex());
  const Polytope c = unit_cube();
  Pair p(l, c);
  const auto r = p.query(I, at(5, 0, 0));
  EXPECT_EQ(r.status, QueryStatus::unsupported);
  EXPECT_FALSE(r.reason.empty());
}

// Every coefficient of either pose, NaN or ±infinity, fails the query with the pose named; a finite
// pose beside it answers normally (the guard is one summed test, so each coefficient is tried).
TEST(Gjk, NonFinitePoseFails) {
  const Polytope a = unit_cube(), b = unit_cube();
  Pair p(a, b);
  const Pose ok = at(3.0, 0.0, 0.0);
  ASSERT_EQ(p.query(I, ok).status, QueryStatus::ok);
  const double bad[] = {std::numeric_limits<double>::quiet_NaN(),
                        std::numeric_limits<double>::infinity(),
                        -std::numeric_limits<double>::infinity()};
  for (double x : bad)
    for (int which = 0; which < 2; ++which)
      for (int k = 0; k < 12; ++k) {
        Pose broken = which == 0 ? I : ok;
        if (k < 9)
          broken.rotation(k / 3, k % 3) = x;
        else
          broken.translation[k - 9] = x;
        const auto r = which == 0 ? p.query(broken, ok) : p.query(I, broken);
        EXPECT_EQ(r.status, QueryStatus::failed) << x << " pose " << which << " coefficient " << k;
        EXPECT_EQ(r.reason, "non-finite pose");
      }
}

}  // namespace
}  // namespace touchstone
