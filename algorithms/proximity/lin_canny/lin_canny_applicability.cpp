// Lin-Canny (Lin & Canny 1991; Lin 1993, ch. 3 "applicability criteria"; seed 003 §2.1 for
// Voronoi regions): the applicability tests of a point against a feature's Voronoi region, and
// the explicit closest points of segments each iteration starts from. See lin_canny.cpp.

#include <algorithm>
#include <cmath>

#include "algorithms/proximity/lin_canny/lin_canny_internal.hpp"

namespace touchstone::lin_canny::detail {

// ---- applicability tests (local coordinates of the feature's owner) ----

// Point-vertex: p must not lie beyond the plane through v normal to any incident edge.
std::optional<Feature> vertex_test(const Body& s, int v, const Vec3& p, double eps) {
  const Vec3 vv = s.local_vertex(v);
  double worst = eps;
  std::optional<Feature> step;
  for (int e : s.p().vertex_edges()[static_cast<std::size_t>(v)]) {
    const Vec3 d = s.local_vertex(s.p().other_vertex(e, v)) - vv;
    const double violation = (p - vv).dot(d) / d.norm();
    if (violation > worst) {
      worst = violation;
      step = edge_feature(e);
    }
  }
  return step;
}

// Point-edge: between the two vertex planes and outside both face-edge planes.
std::optional<Feature> edge_test(const Body& s, int e, const Vec3& p, double eps) {
  const Edge& edge = s.edge(e);
  const Vec3 t = s.local_vertex(edge.tail), h = s.local_vertex(edge.head);
  const Vec3 d = h - t;
  const double len = d.norm();
  double worst = eps;
  std::optional<Feature> step;
  const auto consider = [&](double violation, Feature f) {
    if (violation > worst) {
      worst = violation;
      step = f;
    }
  };
  consider(-(p - t).dot(d) / len, vertex_feature(edge.tail));
  consider((p - h).dot(d) / len, vertex_feature(edge.head));
  // Outward in-plane normals of the edge: d × n_left, n_right × d (left sees tail→head CCW).
  consider(-(p - t).dot(d.cross(s.face(edge.left_face).plane.normal)) / len,
           face_feature(edge.left_face));
  consider(-(p - t).dot(s.face(edge.right_face).plane.normal.cross(d)) / len,
           face_feature(edge.right_face));
  return step;
}

// Point-face prism: inside every face-edge plane of the boundary, up to `slack` (a negative
// slack demands a margin). Returns the most violated boundary edge.
std::optional<Feature> prism_test(const Body& s, int f, const Vec3& p, double slack) {
  const Face& face = s.face(f);
  const std::size_t n = face.vertices.size();
  double worst = slack;
  std::optional<Feature> step;
  for (std::size_t i = 0; i < n; ++i) {
    const Vec3 a = s.local_vertex(face.vertices[i]), b = s.local_vertex(face.vertices[(i + 1) % n]);
    const Vec3 d = b - a;
    const double violation = (p - a).dot(d.cross(face.plane.normal)) / d.norm();
    if (violation > worst) {
      worst = violation;
      step = edge_feature(face.edges[i]);
    }
  }
  return step;
}

// ---- explicit closest points (A's frame) ----

Vec3 closest_on_segment(const Vec3& p, const Vec3& a, const Vec3& b, int* end) {
  const Vec3 d = b - a;
  const double l = std::clamp((p - a).dot(d) / d.squaredNorm(), 0.0, 1.0);
  if (end) *end = segment_end(l);
  return l <= 0.0 ? a : l >= 1.0 ? b : Vec3(a + l * d);
}

SegmentPair closest_segments(const Vec3& a0, const Vec3& a1, const Vec3& b0, const Vec3& b1) {
  const Vec3 d1 = a1 - a0, d2 = b1 - b0, r = a0 - b0;
  const double a = d1.squaredNorm(), e = d2.squaredNorm(), b = d1.dot(d2), c = d1.dot(r),
               f = d2.dot(r);
  const double denom = a * e - b * b;
  if (!(denom > 0.0)) {
    const double u0 = (b0 - a0).dot(d1) / a, u1 = (b1 - a0).dot(d1) / a;
    const double lo = std::max(0.0, std::min(u0, u1)), hi = std::min(1.0, std::max(u0, u1));
    if (lo <= hi) {
      SegmentPair p;
      p.x = a0 + 0.5 * (lo + hi) * d1;
      p.y = closest_on_segment(p.x, b0, b1, &p.end_b);
      if (lo == hi) p.end_a = segment_end(lo);
      return p;
    }
  }
  SegmentPair best{a0, Vec3::Zero(), 0, -1};
  best.y = closest_on_segment(a0, b0, b1, &best.end_b);
  double best_d = (best.x - best.y).squaredNorm();
  const auto offer = [&](const SegmentPair& p) {
    const double d = (p.x - p.y).squaredNorm();
    if (d < best_d) {
      best_d = d;
      best = p;
    }
  };
  if (denom > 0.0) {
    const double s = (b * f - c * e) / denom, t = (b * s + f) / e;
    if (s > 0.0 && s < 1.0 && t > 0.0 && t < 1.0) offer({a0 + s * d1, b0 + t * d2, -1, -1});
  }
  SegmentPair p{a1, Vec3::Zero(), 1, -1};
  p.y = closest_on_segment(a1, b0, b1, &p.end_b);
  offer(p);
  p = {Vec3::Zero(), b0, -1, 0};
  p.x = closest_on_segment(b0, a0, a1, &p.end_a);
  offer(p);
  p = {Vec3::Zero(), b1, -1, 1};
  p.x = closest_on_segment(b1, a0, a1, &p.end_a);
  offer(p);
  return best;
}

// The lowest-dimensional feature holding a segment's closest point: its end vertex or the edge.
Feature edge_or_end(const Body& s, int e, int end) {
  return end < 0 ? edge_feature(e) : vertex_feature(end == 0 ? s.edge(e).tail : s.edge(e).head);
}

std::vector<int> feature_vertex_ids(const Body& s, const Feature& f) {
  if (f.kind == FeatureKind::vertex) return {f.id};
  if (f.kind == FeatureKind::edge) return {s.edge(f.id).tail, s.edge(f.id).head};
  return s.face(f.id).vertices;
}
std::vector<int> feature_edge_ids(const Body& s, const Feature& f) {
  if (f.kind == FeatureKind::edge) return {f.id};
  if (f.kind == FeatureKind::face) return s.face(f.id).edges;
  return {};
}

}  // namespace touchstone::lin_canny::detail
