// V-Clip (algorithms/proximity/vclip): hand-built configurations ending in each state with exact
// distances and known closest features, the V-F local-minimum escape, penetration, touching,
// warm start along a motion, the iteration cap and cycle detection. Every expected distance is
// hand-derived or comes from the exact CGAL reference; the distance between the returned features
// is recomputed independently in long double.
#include "algorithms/proximity/vclip/vclip.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "algorithms/proximity/vclip/vclip_internal.hpp"
#include "cases/families.hpp"
#include "reference/exact_proximity.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

using LD = long double;
struct V3L {
  LD x, y, z;
};
V3L to_ld(const Vec3& v) { return {v.x(), v.y(), v.z()}; }
V3L operator-(const V3L& a, const V3L& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
V3L operator+(const V3L& a, const V3L& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
V3L operator*(const V3L& a, LD k) { return {a.x * k, a.y * k, a.z * k}; }
LD dot(const V3L& a, const V3L& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
V3L cross(const V3L& a, const V3L& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
LD norm(const V3L& a) { return std::sqrt(dot(a, a)); }

LD point_segment(const V3L& p, const V3L& a, const V3L& b) {
  const V3L d = b - a;
  const LD t = std::clamp(dot(p - a, d) / dot(d, d), LD(0), LD(1));
  return norm(p - (a + d * t));
}

// Segment-segment distance by minimizing over a fine parameter grid refined around the best
// sample (independent of the algorithm's closed-form code).
LD segment_segment(const V3L& a0, const V3L& a1, const V3L& b0, const V3L& b1) {
  LD best = std::numeric_limits<LD>::infinity();
  best = std::min({best, point_segment(a0, b0, b1), point_segment(a1, b0, b1),
                   point_segment(b0, a0, a1), point_segment(b1, a0, a1)});
  // Interior-interior: the common perpendicular, when both feet lie inside.
  const V3L u = a1 - a0, v = b1 - b0, w = a0 - b0;
  const LD A = dot(u, u), B = dot(u, v), C = dot(v, v), D = dot(u, w), E = dot(v, w);
  const LD den = A * C - B * B;
  if (den > 0) {
    const LD s = (B * E - C * D) / den, t = (A * E - B * D) / den;
    if (s >= 0 && s <= 1 && t >= 0 && t <= 1)
      best = std::min(best, norm((a0 + u * s) - (b0 + v * t)));
  }
  return best;
}

struct FeatureGeometry {
  std::vector<V3L> points;                    // vertices of the feature
  std::vector<std::pair<V3L, V3L>> segments;  // its edges
  std::optional<std::pair<V3L, V3L>> plane;   // face: point, unit normal
};

FeatureGeometry geometry(const Polytope& p, const Pose& pose, const Feature& f) {
  FeatureGeometry g;
  auto w = [&](int v) { return to_ld(pose.apply(p.vertices()[static_cast<size_t>(v)])); };
  if (f.kind == FeatureKind::vertex) {
    g.points.push_back(w(f.id));
  } else if (f.kind == FeatureKind::edge) {
    const Edge& e = p.edges()[static_cast<size_t>(f.id)];
    g.points = {w(e.tail), w(e.head)};
    g.segments.push_back({w(e.tail), w(e.head)});
  } else {
    const Face& face = p.faces()[static_cast<size_t>(f.id)];
    for (size_t i = 0; i < face.vertices.size(); ++i) {
      g.points.push_back(w(face.vertices[i]));
      g.segments.push_back({w(face.vertices[i]), w(face.vertices[(i + 1) % face.vertices.size()])});
    }
    const V3L n = cross(g.points[1] - g.points[0], g.points[2] - g.points[0]);
    g.plane = std::make_pair(g.points[0], n * (1 / norm(n)));
  }
  return g;
}

// Distance from p to a face (convex polygon) when p projects inside it, else infinity.
LD point_face_inside(const V3L& p, const FeatureGeometry& f) {
  const auto& [q, n] = *f.plane;
  const V3L proj = p - n * dot(p - q, n);
  for (const auto& [a, b] : f.segments)
    if (dot(cross(b - a, proj - a), n) < 0) return std::numeric_limits<LD>::infinity();
  return std::abs(dot(p - q, n));
}

// Distance between two disjoint convex features, in long double.
LD feature_distance(const Polytope& pa, const Pose& xa, const Feature& fa, const Polytope& pb,
                    const Pose& xb, const Feature& fb) {
  const FeatureGeometry a = geometry(pa, xa, fa), b = geometry(pb, xb, fb);
  LD best = std::numeric_limits<LD>::infinity();
  for (const auto& p : a.points)
    for (const auto& q : b.points) best = std::min(best, norm(p - q));
  for (const auto& p : a.points)
    for (const auto& [s0, s1] : b.segments) best = std::min(best, point_segment(p, s0, s1));
  for (const auto& q : b.points)
    for (const auto& [s0, s1] : a.segments) best = std::min(best, point_segment(q, s0, s1));
  for (const auto& [a0, a1] : a.segments)
    for (const auto& [b0, b1] : b.segments) best = std::min(best, segment_segment(a0, a1, b0, b1));
  if (b.plane)
    for (const auto& p : a.points) best = std::min(best, point_face_inside(p, b));
  if (a.plane)
    for (const auto& q : b.points) best = std::min(best, point_face_inside(q, a));
  return best;
}

Polytope hull(std::vector<Vec3> points) { return Polytope::from_points(points); }

Polytope octahedron() {  // vertices ±e_i
  return hull({{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}});
}
using test_support::box;
// Triangular prism whose ridge edge runs from `a` to `b`, opening toward +x.
Polytope ridge(const Vec3& a, const Vec3& b, const Vec3& side) {
  return hull({a, b, a + Vec3(1, 0, 0) + side, a + Vec3(1, 0, 0) - side, b + Vec3(1, 0, 0) + side,
               b + Vec3(1, 0, 0) - side});
}

int vertex_at(const Polytope& p, const Vec3& x) {
  for (size_t i = 0; i < p.vertices().size(); ++i)
    if (p.vertices()[i] == x) return static_cast<int>(i);
  return -1;
}
int face_with_normal(const Polytope& p, const Vec3& n) {
  for (size_t i = 0; i < p.faces().size(); ++i)
    if ((p.faces()[i].plane.normal - n).norm() < 1e-12) return static_cast<int>(i);
  return -1;
}
int edge_between(const Polytope& p, int u, int v) {
  for (size_t i = 0; i < p.edges().size(); ++i) {
    const Edge& e = p.edges()[i];
    if ((e.tail == u && e.head == v) || (e.tail == v && e.head == u)) return static_cast<int>(i);
  }
  return -1;
}

struct Outcome {
  ProximityResult result;
  ExactProximity exact;
  std::vector<std::pair<Feature, Feature>> trace;
};

Outcome run_vclip(const Polytope& a, const Pose& xa, const Polytope& b, const Pose& xb,
                  vclip::Options options = {}, std::unique_ptr<WarmStart>* warm = nullptr) {
  Outcome r;
  options.trace = [&r](const Feature& fa, const Feature& fb) { r.trace.push_back({fa, fb}); };
  auto algo = vclip::make(options);
  auto sa = algo->prepare(a);
  auto sb = algo->prepare(b);
  r.result = algo->query(*sa, xa, *sb, xb, warm);
  r.exact = exact_proximity(a.vertices(), xa, b.vertices(), xb, {false});
  return r;
}

// Separated answer: exact distance, witnesses as far apart, returned features a closest pair.
void expect_closest(const Outcome& r, const Polytope& a, const Pose& xa, const Polytope& b,
                    const Pose& xb, double exact_distance) {
  ASSERT_EQ(r.result.status, QueryStatus::ok) << r.result.reason;
  EXPECT_EQ(r.result.relation, Relation::separated);
  EXPECT_EQ(r.exact.relation, Relation::separated);
  EXPECT_NEAR(r.exact.distance, exact_distance, 1e-15);
  ASSERT_TRUE(r.result.distance);
  EXPECT_NEAR(*r.result.distance, exact_distance, 1e-14);
  ASSERT_TRUE(r.result.witness_a && r.result.witness_b);
  EXPECT_NEAR((*r.result.witness_a - *r.result.witness_b).norm(), exact_distance, 1e-14);
  ASSERT_TRUE(r.result.feature_a && r.result.feature_b);
  EXPECT_NEAR(
      static_cast<double>(feature_distance(a, xa, *r.result.feature_a, b, xb, *r.result.feature_b)),
      r.exact.distance, 1e-14);
  EXPECT_GT(r.result.iterations, 0);
}

// An answer at distance 0 where V-Clip and the exact reference both find `relation`, with both
// closest features given.
void expect_contact(const Outcome& r, Relation relation) {
  ASSERT_EQ(r.result.status, QueryStatus::ok) << r.result.reason;
  EXPECT_EQ(r.exact.relation, relation);
  EXPECT_EQ(r.result.relation, relation);
  EXPECT_EQ(r.result.distance, 0.0);
  ASSERT_TRUE(r.result.feature_a && r.result.feature_b);
}

const Pose kId = Pose::identity();

TEST(VClip, RegisteredWithItsCapabilities) {
  const auto* info = ProximityRegistry::builtin().find("vclip");
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->family, "closest-feature");
  EXPECT_TRUE(info->capabilities.distance);
  EXPECT_TRUE(info->capabilities.witness_points);
  EXPECT_TRUE(info->capabilities.features);
  EXPECT_TRUE(info->capabilities.warm_start);
  EXPECT_FALSE(info->capabilities.penetration_depth);
  EXPECT_FALSE(info->capabilities.nonconvex);
}

TEST(VClip, VertexVertex) {
  const Polytope a = octahedron(), b = octahedron();
  const Pose xb = Pose::from_translation({3, 0, 0});  // apexes (1,0,0) and (2,0,0)
  const Outcome r = run_vclip(a, kId, b, xb);
  expect_closest(r, a, kId, b, xb, 1.0);
  EXPECT_EQ(*r.result.feature_a, (Feature{FeatureKind::vertex, vertex_at(a, {1, 0, 0})}));
  EXPECT_EQ(*r.result.feature_b, (Feature{FeatureKind::vertex, vertex_at(b, {-1, 0, 0})}));
}

TEST(VClip, VertexEdge) {
  const Polytope a = octahedron();
  const Polytope b = ridge({2, 0, -1}, {2, 0, 1}, {0, 1, 0});  // ridge along z at x = 2
  const Outcome r = run_vclip(a, kId, b, kId);
  expect_closest(r, a, kId, b, kId, 1.0);
  EXPECT_EQ(*r.result.feature_a, (Feature{FeatureKind::vertex, vertex_at(a, {1, 0, 0})}));
  EXPECT_EQ(*r.result.feature_b,
            (Feature{FeatureKind::edge,
                     edge_between(b, vertex_at(b, {2, 0, -1}), vertex_at(b, {2, 0, 1}))}));
}

TEST(VClip, EdgeEdge) {
  // A: ridge along y at x = -1 opening toward -x; B: ridge along z at x = 1 opening toward +x.
  const Polytope a =
      hull({{-1, -1, 0}, {-1, 1, 0}, {-2, -1, 1}, {-2, -1, -1}, {-2, 1, 1}, {-2, 1, -1}});
  const Polytope b = ridge({1, 0, -1}, {1, 0, 1}, {0, 1, 0});
  const Outcome r = run_vclip(a, kId, b, kId);
  expect_closest(r, a, kId, b, kId, 2.0);
  EXPECT_EQ(*r.result.feature_a,
            (Feature{FeatureKind::edge,
                     edge_between(a, vertex_at(a, {-1, -1, 0}), vertex_at(a, {-1, 1, 0}))}));
  EXPECT_EQ(*r.result.feature_b,
            (Feature{FeatureKind::edge,
                     edge_between(b, vertex_at(b, {1, 0, -1}), vertex_at(b, {1, 0, 1}))}));
}

TEST(VClip, VertexFace) {
  const Polytope a = octahedron();
  const Polytope b = box({2.5, -1, -1}, {4, 1, 1});
  const Outcome r = run_vclip(a, kId, b, kId);
  expect_closest(r, a, kId, b, kId, 1.5);
  EXPECT_EQ(*r.result.feature_a, (Feature{FeatureKind::vertex, vertex_at(a, {1, 0, 0})}));
  EXPECT_EQ(*r.result.feature_b, (Feature{FeatureKind::face, face_with_normal(b, {-1, 0, 0})}));
}

TEST(VClip, RotatedVertexFaceMatchesExactReference) {
  // A cube turned about (1,1,1) over a box: no hand value, the exact reference decides.
  const Polytope a = box({-1, -1, -1}, {1, 1, 1});
  const Polytope b = box({-3, -3, -5}, {3, 3, -2});
  const double c = std::cos(0.3), s = std::sin(0.3) / std::sqrt(3.0);
  const Pose xa = Pose::from_quaternion({c, s, s, s}, {0.1, -0.2, 0.5});
  const Outcome r = run_vclip(a, xa, b, kId);
  ASSERT_EQ(r.exact.relation, Relation::separated);
  expect_closest(r, a, xa, b, kId, r.exact.distance);
}

TEST(VClip, EdgeFaceStateOnTheWayAndWitnessOnTheFace) {
  // An edge parallel to a face above it: V-Clip may not end in E-F (seed 003 §2.2) but returns a
  // pair no farther apart, of lower dimension.
  const Polytope a = hull({{-1, 0, 1}, {1, 0, 1}, {-1, 1, 2}, {1, 1, 2}, {-1, -1, 2}, {1, -1, 2}});
  const Polytope b = box({-3, -3, -2}, {3, 3, 0});
  const Outcome r = run_vclip(a, kId, b, kId);
  expect_closest(r, a, kId, b, kId, 1.0);
  EXPECT_NE(r.result.feature_a->kind, FeatureKind::face);
  EXPECT_EQ(*r.result.feature_b, (Feature{FeatureKind::face, face_with_normal(b, {0, 0, 1})}));
}

TEST(VClip, LocalMinimumBelowAFaceIsEscaped) {
  // Start (warm) at A's top face z = 1 and B's vertex (0, 0, -3): the vertex is inside the top
  // face's prism and below its plane, yet outside A. handleLocalMin must move to the face whose
  // plane it violates most, the bottom face z = -1, at distance 2.
  const Polytope a = box({-1, -1, -1}, {1, 1, 1});
  const Polytope b = hull({{0, 0, -3}, {1, 0, -4}, {-1, 1, -4}, {-1, -1, -4}});
  const int top = face_with_normal(a, {0, 0, 1}), bottom = face_with_normal(a, {0, 0, -1});
  const int apex = vertex_at(b, {0, 0, -3});
  auto warm = std::make_unique<vclip::VClipWarmStart>();
  warm->valid = true;
  warm->feature_a = {FeatureKind::face, top};
  warm->feature_b = {FeatureKind::vertex, apex};
  std::unique_ptr<WarmStart> state = std::move(warm);
  const Outcome r = run_vclip(a, kId, b, kId, {}, &state);
  expect_closest(r, a, kId, b, kId, 2.0);
  ASSERT_GE(r.trace.size(), 2u);
  EXPECT_EQ(r.trace[0].first, (Feature{FeatureKind::face, top}));
  EXPECT_EQ(r.trace[1].first, (Feature{FeatureKind::face, bottom}));  // the escape
  EXPECT_EQ(*r.result.feature_a, (Feature{FeatureKind::face, bottom}));
  EXPECT_EQ(*r.result.feature_b, (Feature{FeatureKind::vertex, apex}));
}

TEST(VClip, PenetrationIsDetectedWithFeatures) {
  const Polytope a = box({-1, -1, -1}, {1, 1, 1});
  // Vertex deep inside (local minimum with no violated plane).
  {
    const Polytope b = hull({{0, 0, 0.5}, {1, 0, 3}, {-1, 1, 3}, {-1, -1, 3}});
    expect_contact(run_vclip(a, kId, b, kId), Relation::penetrating);
  }
  // An edge through a face, both of its end points outside.
  {
    const Polytope b =
        hull({{0.5, -3, 0.5}, {0.5, 3, 0.5}, {2, -3, 2}, {2, 3, 2}, {3, -3, 0.5}, {3, 3, 0.5}});
    const Outcome r = run_vclip(a, kId, b, kId);
    ASSERT_NO_FATAL_FAILURE(expect_contact(r, Relation::penetrating));
    // The pierced face was found through the E-F state.
    const bool edge_face = std::any_of(r.trace.begin(), r.trace.end(), [](const auto& p) {
      return (p.first.kind == FeatureKind::edge && p.second.kind == FeatureKind::face) ||
             (p.first.kind == FeatureKind::face && p.second.kind == FeatureKind::edge);
    });
    EXPECT_TRUE(edge_face);
  }
}

TEST(VClip, ExactContactIsTouching) {
  const Polytope a = box({-1, -1, -1}, {1, 1, 1});
  // Face on face, vertex on face, edge across edge: distance exactly 0, interiors disjoint.
  for (const Polytope& b :
       {box({-0.5, -0.5, 1}, {0.5, 0.5, 2}),
        hull({{0.25, 0.25, 1}, {1, 0, 3}, {-1, 1, 3}, {-1, -1, 3}}),
        hull({{1, 0, 1}, {-1, 0, 1}, {1, 0.5, 2}, {-1, 0.5, 2}, {1, -0.5, 2}, {-1, -0.5, 2}})}) {
    const Pose xb = Pose::from_translation({0, 0, 0});
    const Outcome r = run_vclip(a, kId, b, xb);
    ASSERT_NO_FATAL_FAILURE(expect_contact(r, Relation::touching));
    EXPECT_EQ(feature_distance(a, kId, *r.result.feature_a, b, xb, *r.result.feature_b), 0.0L);
  }
  // Edge of a tilted ridge crossing the top edge of the box: touching at one point.
  const Polytope b =
      hull({{1, -1, 1}, {1, 1, 1}, {2, -1, 1.5}, {2, 1, 1.5}, {2, -1, 0.5}, {2, 1, 0.5}});
  const Outcome r = run_vclip(a, kId, b, kId);
  EXPECT_EQ(r.exact.relation, Relation::touching);
  EXPECT_EQ(r.result.relation, Relation::touching);
}

TEST(VClip, WarmStartReproducesColdAnswerInFewerIterations) {
  // B (an icosahedron-like hull) circles a box in small steps.
  const Polytope a = box({-1, -1, -1}, {1, 1, 1});
  std::vector<Vec3> pts;
  for (int i = 0; i < 40; ++i) {
    const double z = -1 + (2.0 * i + 1) / 40, r = std::sqrt(1 - z * z);
    const double phi = i * std::numbers::pi * (3 - std::sqrt(5.0));
    pts.push_back({r * std::cos(phi), r * std::sin(phi), z});
  }
  const Polytope b = hull(pts);
  std::unique_ptr<WarmStart> state;
  auto algo = vclip::make({});
  auto sa = algo->prepare(a);
  auto sb = algo->prepare(b);
  long cold_iterations = 0, warm_iterations = 0;
  for (int k = 0; k < 60; ++k) {
    const double t = 0.05 * k;
    const Pose xb =
        Pose::from_quaternion({std::cos(t / 2), 0, std::sin(t / 2), 0},
                              {3 * std::cos(t), 3 * std::sin(t), 0.3 * std::sin(2 * t)});
    const ProximityResult cold = algo->query(*sa, kId, *sb, xb, nullptr);
    const ProximityResult warm = algo->query(*sa, kId, *sb, xb, &state);
    ASSERT_EQ(cold.status, QueryStatus::ok) << cold.reason;
    ASSERT_EQ(warm.status, QueryStatus::ok) << warm.reason;
    const ExactProximity exact = exact_proximity(a.vertices(), kId, b.vertices(), xb, {false});
    EXPECT_NEAR(*cold.distance, exact.distance, 1e-12);
    EXPECT_NEAR(*warm.distance, *cold.distance, 1e-12);
    EXPECT_NEAR(
        static_cast<double>(feature_distance(a, kId, *warm.feature_a, b, xb, *warm.feature_b)),
        exact.distance, 1e-12);
    cold_iterations += cold.iterations;
    warm_iterations += warm.iterations;
  }
  EXPECT_LT(warm_iterations, cold_iterations);
  EXPECT_LT(warm_iterations, 3 * 60);  // coherence: a few steps per frame
}

TEST(VClip, ColdStartBeginsAtTheSupportingVertices) {
  // Prisms over a regular 40-gon (vertex k at angle 2πk/40, radius 1) from z = -1 to 1: 80
  // vertices, above the size where the cold start uses support vertices. B's centre is at
  // (4, 0, 2.5): along d = (4, 0, 2.5) A's furthest vertex is (1, 0, 1), and B's furthest along
  // −d is its (-1, 0, -1), at (3, 0, 1.5). A has x ≤ 1, z ≤ 1 and B x ≥ 3, z ≥ 1.5, so these two
  // vertices are the unique closest pair (distance √(2² + 0.5²)): the search ends after one state.
  std::vector<Vec3> pts;
  for (int k = 0; k < 40; ++k) {
    const double t = 2 * std::numbers::pi * k / 40;
    const Vec3 rim = k == 0    ? Vec3(1, 0, 0)
                     : k == 20 ? Vec3(-1, 0, 0)
                               : Vec3(std::cos(t), std::sin(t), 0);
    pts.push_back(rim + Vec3(0, 0, -1));
    pts.push_back(rim + Vec3(0, 0, 1));
  }
  const Polytope a = hull(pts), b = hull(pts);
  ASSERT_EQ(a.vertices().size(), 80u);
  const Pose xb = Pose::from_translation({4, 0, 2.5});
  const Outcome r = run_vclip(a, kId, b, xb);
  expect_closest(r, a, kId, b, xb, std::sqrt(4.25));
  ASSERT_EQ(r.trace.size(), 1u);
  EXPECT_EQ(r.trace[0].first, (Feature{FeatureKind::vertex, vertex_at(a, {1, 0, 1})}));
  EXPECT_EQ(r.trace[0].second, (Feature{FeatureKind::vertex, vertex_at(b, {-1, 0, -1})}));
  EXPECT_EQ(r.result.iterations, 1);
}

TEST(VClip, ColdStartVertexMaximizesAlongTheDirection) {
  // Hill climbing on a 1,000-vertex hull finds a vertex as far along d as a scan of all vertices.
  std::vector<Vec3> pts;
  for (int i = 0; i < 1000; ++i) {
    const double z = 1 - (2.0 * i + 1) / 1000, r = std::sqrt(1 - z * z);
    const double phi = i * std::numbers::pi * (3 - std::sqrt(5.0));
    pts.push_back({r * std::cos(phi), r * std::sin(phi), z});
  }
  const Polytope s = hull(pts);
  for (const Vec3& d : {Vec3(1, 0, 0), Vec3(-0.3, 0.2, -1), Vec3(0.1, -0.7, 0.4), Vec3(0, 0, 1)}) {
    double best = -std::numeric_limits<double>::infinity();
    for (const Vec3& v : s.vertices()) best = std::max(best, d.dot(v));
    const int v = vclip::detail::support_vertex(s, d);
    EXPECT_EQ(d.dot(s.vertices()[static_cast<size_t>(v)]), best) << d.transpose();
  }
}

TEST(VClip, NearParallelSegmentsClosestPoints) {
  // P from (0,0,0) to (2,0,0); Q from (0, 1+θ, 1) to (2, 1−θ, 1), θ = 2^-27: Q descends towards
  // P's line all along, so the nearest pair is P's end (2,0,0) and Q's end (2, 1−θ, 1), distance
  // √((1−θ)² + 1). In doubles e = |Q|² rounds to 4, a·e − b² to 0, and the textbook parameters
  // pick P's start and (nearly) Q's start instead: distance √((1+θ)² + 1), off by ≈ √2 θ ≈ 1e-8
  // (the size of the TR97-05 robustness problems).
  const double theta = std::ldexp(1.0, -27);
  const Vec3 p0(0, 0, 0), p1(2, 0, 0), q0(0, 1 + theta, 1), q1(2, 1 - theta, 1);
  const auto [p, q] = vclip::detail::segment_closest(p0, p1, q0, q1);
  EXPECT_EQ(p, Vec3(2, 0, 0));
  EXPECT_EQ(q, Vec3(2, 1 - theta, 1));
  const double expected = std::sqrt((1 - theta) * (1 - theta) + 1);
  EXPECT_NEAR((p - q).norm(), expected, 1e-16);
  // The same pair swapped, and with Q reversed: the same nearest points.
  const auto [q2, p2] = vclip::detail::segment_closest(q1, q0, p1, p0);
  EXPECT_EQ(p2, Vec3(2, 0, 0));
  EXPECT_EQ(q2, Vec3(2, 1 - theta, 1));
  // Exactly parallel (θ = 0): any point of the overlap is nearest; the distance is exact.
  const auto [pp, qq] = vclip::detail::segment_closest(p0, p1, Vec3(1, 1, 1), Vec3(3, 1, 1));
  EXPECT_EQ((pp - qq).norm(), std::sqrt(2.0));
}

TEST(VClip, IterationCapReportsFailure) {
  const Polytope a = octahedron(), b = octahedron();
  vclip::Options options;
  options.iteration_cap = 1;
  // Start on the far sides (A's vertex (-1,0,0), B's (1,0,0)): one step cannot end the search.
  auto far = std::make_unique<vclip::VClipWarmStart>();
  far->valid = true;
  far->feature_a = {FeatureKind::vertex, vertex_at(a, {-1, 0, 0})};
  far->feature_b = {FeatureKind::vertex, vertex_at(b, {1, 0, 0})};
  std::unique_ptr<WarmStart> state = std::move(far);
  const Outcome r = run_vclip(a, kId, b, Pose::from_translation({3, 0.5, 0.25}), options, &state);
  EXPECT_EQ(r.result.status, QueryStatus::failed);
  EXPECT_NE(r.result.reason.find("iteration cap"), std::string::npos) << r.result.reason;
}

TEST(VClip, VisitedPairsFindsTheFirstVisit) {
  vclip::VisitedPairs visited;
  for (int i = 0; i < 200; ++i)
    ASSERT_EQ(visited.insert({FeatureKind::edge, i}, {FeatureKind::vertex, i % 7}), -1);
  EXPECT_EQ(visited.insert({FeatureKind::edge, 5}, {FeatureKind::vertex, 5}), 5);
  EXPECT_EQ(visited.insert({FeatureKind::edge, 150}, {FeatureKind::vertex, 150 % 7}), 150);
  EXPECT_EQ(visited.insert({FeatureKind::face, 5}, {FeatureKind::vertex, 5}), -1);
  EXPECT_EQ(visited.history().size(), 201u);
}

TEST(VClip, RoundingCyclesAreDetectedAndResolved) {
  // Near-contact family cases where rounding of the clip points makes the search revisit a pair
  // (seen in the default suite). With fail_on_cycle the query reports it; by default it ends on
  // the cycle's nearest pair, which must agree with the exact distance.
  vclip::Options strict;
  strict.fail_on_cycle = true;
  auto strict_algo = vclip::make(strict);
  auto algo = vclip::make({});
  int cycles = 0;
  for (const char* name : {"random-generic", "scale-disparity"}) {
    const CaseFamily* family = find_case_family(name);
    ASSERT_NE(family, nullptr);
    for (int i = 0; i < family->default_count; ++i) {
      const ProximityCase c = family->generate(1, i);
      if (c.a.faces || c.b.faces) continue;
      const Polytope a = Polytope::from_points(c.a.vertices);
      const Polytope b = Polytope::from_points(c.b.vertices);
      auto sa = strict_algo->prepare(a);
      auto sb = strict_algo->prepare(b);
      const ProximityResult s = strict_algo->query(*sa, c.pose_a, *sb, c.pose_b, nullptr);
      if (s.status != QueryStatus::failed) continue;
      ++cycles;
      EXPECT_NE(s.reason.find("cycling"), std::string::npos) << c.id << ": " << s.reason;
      const ProximityResult r = algo->query(*sa, c.pose_a, *sb, c.pose_b, nullptr);
      ASSERT_EQ(r.status, QueryStatus::ok) << c.id;
      EXPECT_NE(r.reason.find("cycle resolved"), std::string::npos) << c.id;
      const ExactProximity exact = exact_proximity(a.vertices(), c.pose_a, b.vertices(), c.pose_b);
      const double size = std::max(a.diameter(), b.diameter());
      EXPECT_NEAR(*r.distance, exact.relation == Relation::separated ? exact.distance : 0.0,
                  1e-9 * size)
          << c.id;
    }
  }
  EXPECT_GT(cycles, 0) << "no rounding cycle in the sample any more: update this test";
}

TEST(VClip, NonConvexShapeIsUnsupported) {
  // An L-shaped prism.
  const std::vector<Vec3> v = {{0, 0, 0}, {2, 0, 0}, {2, 1, 0}, {1, 1, 0}, {1, 2, 0}, {0, 2, 0},
                               {0, 0, 1}, {2, 0, 1}, {2, 1, 1}, {1, 1, 1}, {1, 2, 1}, {0, 2, 1}};
  const std::vector<std::vector<int>> f = {{5, 4, 3, 2, 1, 0}, {6, 7, 8, 9, 10, 11}, {0, 1, 7, 6},
                                           {1, 2, 8, 7},       {2, 3, 9, 8},         {3, 4, 10, 9},
                                           {4, 5, 11, 10},     {5, 0, 6, 11}};
  const Polytope l = Polytope::from_faces(v, f);
  ASSERT_FALSE(l.is_convex());
  auto algo = vclip::make({});
  auto sa = algo->prepare(l);
  const Polytope o = octahedron();
  auto sb = algo->prepare(o);
  const ProximityResult r = algo->query(*sa, kId, *sb, Pose::from_translation({5, 0, 0}), nullptr);
  EXPECT_EQ(r.status, QueryStatus::unsupported);
}

}  // namespace
}  // namespace touchstone
