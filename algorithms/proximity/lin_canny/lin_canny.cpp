// Lin-Canny closest-feature algorithm (Lin & Canny 1991; Lin 1993, ch. 3 "applicability
// criteria"; seed 003 §2.1-2.2 for features, Voronoi regions and Theorem 1).
//
// Each iteration takes the current feature pair (X on A, Y on B), computes a closest pair of points
// x ∈ X, y ∈ Y explicitly, and applies the applicability tests: y must lie in the Voronoi region of
// X and x in that of Y. A vertex region is bounded by the planes through the vertex normal to its
// edges, an edge region by the two vertex planes and the two face-edge planes, a face region by
// the face-edge planes of its boundary (its prism) and the face's own plane. When a test fails by
// more than the applicability tolerance, the feature steps to the neighbour whose plane is
// violated most. Edge-face and face-face pairs are kept only when parallel (within the parallel
// tolerance) and overlapping, as in Lin's thesis; otherwise they step to the closest pair of their
// boundary features. A vertex below a face it projects into (a local minimum) scans all faces of
// the other polytope: if it is below all of them, the polytopes penetrate.
//
// Lin-Canny has no answer for penetration in general. Here it reports `penetrating` only when it
// sees it: an edge crossing a face inside its prism, a vertex inside the other polytope (then the
// features returned are an edge leaving the polytope and the face it leaves through), or a contact
// (distance below the contact tolerance) whose local tangent cones no candidate plane separates.
// A revisited pair (the step is a function of the pair, so that is a cycle) reports `failed:
// cycling`; the iteration cap reports `failed: iteration cap`.
//
// Two additions of ours, both about honesty rather than speed: an edge pair whose closest point is
// an edge's end steps to that end vertex (an equal-distance step to a lower-dimensional pair, as
// in V-Clip's state diagram; without it ties sent the walk back and forth between an edge and its
// face on generic random hulls), and a separated answer is accepted only if the plane through its
// closest points supports both polytopes (hill climbing from the features, one vertex ring when
// the answer is right). With toleranced tests a pair can pass without being closest; that is
// reported as `failed` instead of returned as an answer.

#include "algorithms/proximity/lin_canny/lin_canny.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <unordered_set>
#include <vector>

namespace touchstone::lin_canny {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// One polytope placed in A's frame (A itself has the identity). Voronoi tests run in the owner's
// local coordinates, so only the test points are transformed.
struct Body {
  const Polytope* shape = nullptr;
  Mat3 rotation = Mat3::Identity();
  Vec3 translation = Vec3::Zero();

  const Polytope& p() const { return *shape; }
  Vec3 local_vertex(int v) const { return shape->vertices()[static_cast<std::size_t>(v)]; }
  Vec3 vertex(int v) const { return rotation * local_vertex(v) + translation; }
  Vec3 to_local(const Vec3& x) const { return rotation.transpose() * (x - translation); }
  Vec3 to_frame(const Vec3& local) const { return rotation * local + translation; }
  const Face& face(int f) const { return shape->faces()[static_cast<std::size_t>(f)]; }
  const Edge& edge(int e) const { return shape->edges()[static_cast<std::size_t>(e)]; }
  Vec3 normal(int f) const { return rotation * face(f).plane.normal; }
  double height(int f, const Vec3& local) const { return face(f).plane.signed_distance(local); }
};

Feature vertex_feature(int id) { return {FeatureKind::vertex, id}; }
Feature edge_feature(int id) { return {FeatureKind::edge, id}; }
Feature face_feature(int id) { return {FeatureKind::face, id}; }

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

// Which end of a segment a closest point sits at: -1 inside, 0 the first point, 1 the second.
int segment_end(double l) { return l <= 0.0 ? 0 : l >= 1.0 ? 1 : -1; }

Vec3 closest_on_segment(const Vec3& p, const Vec3& a, const Vec3& b, int* end = nullptr) {
  const Vec3 d = b - a;
  const double l = std::clamp((p - a).dot(d) / d.squaredNorm(), 0.0, 1.0);
  if (end) *end = segment_end(l);
  return l <= 0.0 ? a : l >= 1.0 ? b : Vec3(a + l * d);
}

struct SegmentPair {
  Vec3 x, y;
  int end_a = -1, end_b = -1;  // segment_end of x on a0a1 and of y on b0b1
};

// Closest points of segments a0a1 and b0b1. Exactly parallel segments take the middle of their
// overlap (the closest points are not unique there — the source of Lin-Canny's trouble, seed 003
// §2.2 note 1). Otherwise the best of the interior solution (when it lies inside both segments)
// and the four endpoint-to-segment pairs, so nearly parallel edges do not lose accuracy to the
// ill-conditioned interior formula.
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

// ---- one iteration ----

enum class Kind { step, done, penetrating, failed };
struct Outcome {
  Kind kind = Kind::step;
  Feature p, q;  // next pair (step) or final pair
  Vec3 xp = Vec3::Zero(), xq = Vec3::Zero();
  std::string reason;
};

struct Context {
  double eps = 0.0;       // applicability slack (absolute)
  double parallel = 0.0;  // |sin| of the parallel threshold
};

Outcome step_to(Feature p, Feature q) { return {Kind::step, p, q, {}, {}, {}}; }
Outcome done(Feature p, Feature q, const Vec3& xp, const Vec3& xq) {
  return {Kind::done, p, q, xp, xq, {}};
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

// For an edge-face or face-face pair that cannot terminate: the closest pair of their boundary
// features (vertices over the other face's prism, edge pairs).
Outcome boundary_pair(const Body& P, Feature x, const Body& Q, Feature y, const Context& c) {
  double best = kInf;
  Outcome out;
  out.kind = Kind::failed;
  out.reason = "no boundary pair";
  const auto offer = [&](double d, Feature p, Feature q) {
    if (d < best) {
      best = d;
      out = step_to(p, q);
    }
  };
  const auto vertices_over_face = [&](const Body& S, Feature sx, const Body& T, Feature face,
                                      bool s_is_p) {
    if (face.kind != FeatureKind::face) return;
    for (int v : feature_vertex_ids(S, sx)) {
      const Vec3 l = T.to_local(S.vertex(v));
      if (prism_test(T, face.id, l, c.eps)) continue;
      const double h = T.height(face.id, l);
      if (h < -c.eps) continue;
      if (s_is_p)
        offer(std::abs(h), vertex_feature(v), face);
      else
        offer(std::abs(h), face, vertex_feature(v));
    }
  };
  vertices_over_face(P, x, Q, y, true);
  vertices_over_face(Q, y, P, x, false);
  for (int ea : feature_edge_ids(P, x))
    for (int eb : feature_edge_ids(Q, y)) {
      const SegmentPair sp = closest_segments(P.vertex(P.edge(ea).tail), P.vertex(P.edge(ea).head),
                                              Q.vertex(Q.edge(eb).tail), Q.vertex(Q.edge(eb).head));
      // Name the pair by the lowest-dimensional features holding the closest points (a vertex
      // where the closest point is an end), so a tie does not send the walk back where it was.
      offer((sp.x - sp.y).norm(), edge_or_end(P, ea, sp.end_a), edge_or_end(Q, eb, sp.end_b));
    }
  return out;
}

// Vertex u of P is below every face of Q: walk P's vertex graph from u to an edge leaving Q and
// return it with the face it leaves through (they intersect). None when P lies inside Q.
std::optional<Outcome> leaving_edge(const Body& P, int u, const Body& Q) {
  const auto max_height = [&](const Vec3& l) {
    double h = -kInf;
    for (int g = 0; g < static_cast<int>(Q.p().faces().size()); ++g)
      h = std::max(h, Q.height(g, l));
    return h;
  };
  std::vector<char> seen(P.p().vertices().size(), 0);
  std::vector<int> queue{u};
  seen[static_cast<std::size_t>(u)] = 1;
  for (std::size_t k = 0; k < queue.size(); ++k) {
    const int v = queue[k];
    const Vec3 lv = Q.to_local(P.vertex(v));
    for (int e : P.p().vertex_edges()[static_cast<std::size_t>(v)]) {
      const int w = P.p().other_vertex(e, v);
      const Vec3 lw = Q.to_local(P.vertex(w));
      if (max_height(lw) < 0.0) {
        if (!seen[static_cast<std::size_t>(w)]) {
          seen[static_cast<std::size_t>(w)] = 1;
          queue.push_back(w);
        }
        continue;
      }
      // First face plane the segment v→w crosses on its way out.
      double t_exit = kInf;
      int exit_face = -1;
      for (int g = 0; g < static_cast<int>(Q.p().faces().size()); ++g) {
        const double rate = Q.face(g).plane.normal.dot(lw - lv);
        if (rate <= 0.0) continue;
        const double t = -Q.height(g, lv) / rate;
        if (t < t_exit) {
          t_exit = t;
          exit_face = g;
        }
      }
      if (exit_face < 0) continue;
      const Vec3 x = P.vertex(v) + std::clamp(t_exit, 0.0, 1.0) * (P.vertex(w) - P.vertex(v));
      return Outcome{Kind::penetrating, edge_feature(e), face_feature(exit_face), x, x, {}};
    }
  }
  return std::nullopt;
}

Outcome vertex_vertex(const Body& P, int u, const Body& Q, int w, const Context& c) {
  const Vec3 xp = P.vertex(u), xq = Q.vertex(w);
  if (auto s = vertex_test(Q, w, Q.to_local(xp), c.eps)) return step_to(vertex_feature(u), *s);
  if (auto s = vertex_test(P, u, P.to_local(xq), c.eps)) return step_to(*s, vertex_feature(w));
  return done(vertex_feature(u), vertex_feature(w), xp, xq);
}

Outcome vertex_edge(const Body& P, int u, const Body& Q, int e, const Context& c) {
  const Vec3 xp = P.vertex(u);
  int end = -1;
  const Vec3 xq = closest_on_segment(xp, Q.vertex(Q.edge(e).tail), Q.vertex(Q.edge(e).head), &end);
  if (end >= 0) return step_to(vertex_feature(u), edge_or_end(Q, e, end));  // as in edge_edge
  if (auto s = edge_test(Q, e, Q.to_local(xp), c.eps)) return step_to(vertex_feature(u), *s);
  if (auto s = vertex_test(P, u, P.to_local(xq), c.eps)) return step_to(*s, edge_feature(e));
  return done(vertex_feature(u), edge_feature(e), xp, xq);
}

Outcome vertex_face(const Body& P, int u, const Body& Q, int f, const Context& c) {
  const Vec3 xp = P.vertex(u), l = Q.to_local(xp);
  if (auto s = prism_test(Q, f, l, c.eps)) return step_to(vertex_feature(u), *s);
  const double h = Q.height(f, l);
  if (h < -c.eps) {
    // Local minimum: the vertex is under the face. Lin's remedy: the face of Q the vertex is
    // farthest above; none above means the vertex is inside Q.
    double best = -kInf;
    int g = -1;
    for (int k = 0; k < static_cast<int>(Q.p().faces().size()); ++k) {
      const double hk = Q.height(k, l);
      if (hk > best) {
        best = hk;
        g = k;
      }
    }
    if (best < -c.eps) {
      if (auto o = leaving_edge(P, u, Q)) return *o;
      Outcome o;
      o.kind = Kind::failed;
      o.reason =
          "penetration detected (a vertex inside the other polytope) but no boundary "
          "features meet: one polytope contains the other";
      return o;
    }
    return step_to(vertex_feature(u), face_feature(g));
  }
  const Vec3 xq = xp - h * Q.normal(f);
  if (auto s = vertex_test(P, u, P.to_local(xq), c.eps)) return step_to(*s, face_feature(f));
  return done(vertex_feature(u), face_feature(f), xp, xq);
}

Outcome edge_edge(const Body& P, int e, const Body& Q, int g, const Context& c) {
  const SegmentPair sp = closest_segments(P.vertex(P.edge(e).tail), P.vertex(P.edge(e).head),
                                          Q.vertex(Q.edge(g).tail), Q.vertex(Q.edge(g).head));
  // A closest point at an end of its edge: the end vertex is as close (an equal-distance step to
  // a lower-dimensional pair, as in seed 003 §2.2's state diagram).
  if (sp.end_a >= 0) return step_to(edge_or_end(P, e, sp.end_a), edge_feature(g));
  if (sp.end_b >= 0) return step_to(edge_feature(e), edge_or_end(Q, g, sp.end_b));
  const Vec3 &xp = sp.x, &xq = sp.y;
  if (auto s = edge_test(Q, g, Q.to_local(xp), c.eps)) return step_to(edge_feature(e), *s);
  if (auto s = edge_test(P, e, P.to_local(xq), c.eps)) return step_to(*s, edge_feature(g));
  return done(edge_feature(e), edge_feature(g), xp, xq);
}

Outcome edge_face(const Body& P, int e, const Body& Q, int f, const Context& c) {
  const Edge& edge = P.edge(e);
  const Vec3 t = P.vertex(edge.tail), h = P.vertex(edge.head);
  const Vec3 lt = Q.to_local(t), lh = Q.to_local(h);
  const double ht = Q.height(f, lt), hh = Q.height(f, lh);
  if ((ht > c.eps && hh < -c.eps) || (ht < -c.eps && hh > c.eps)) {
    // The edge crosses the face plane: inside the prism (with margin) it pierces the face.
    const double lambda = ht / (ht - hh);
    if (!prism_test(Q, f, lt + lambda * (lh - lt), -c.eps)) {
      const Vec3 x = t + lambda * (h - t);
      return {Kind::penetrating, edge_feature(e), face_feature(f), x, x, {}};
    }
    return boundary_pair(P, edge_feature(e), Q, face_feature(f), c);
  }
  const double len = (h - t).norm();
  if (std::abs(ht - hh) <= c.parallel * len) {
    // Parallel: the part of the edge over the face's prism, if any, is a closest set.
    double lo = 0.0, hi = 1.0;
    const Face& face = Q.face(f);
    const std::size_t n = face.vertices.size();
    for (std::size_t i = 0; i < n && lo <= hi; ++i) {
      const Vec3 a = Q.local_vertex(face.vertices[i]);
      const Vec3 d = Q.local_vertex(face.vertices[(i + 1) % n]) - a;
      const Vec3 out = d.cross(face.plane.normal) / d.norm();
      const double s0 = (lt - a).dot(out) - c.eps, s1 = (lh - a).dot(out) - c.eps;  // <= 0 inside
      if (s0 > 0 && s1 > 0)
        hi = lo - 1.0;
      else if (s0 > 0)
        lo = std::max(lo, s0 / (s0 - s1));
      else if (s1 > 0)
        hi = std::min(hi, s0 / (s0 - s1));
    }
    if (lo <= hi) {
      const double m = 0.5 * (lo + hi);
      const double hm = ht + m * (hh - ht);
      if (hm < -c.eps) return step_to(vertex_feature(edge.tail), face_feature(f));
      const Vec3 xp = t + m * (h - t), xq = xp - hm * Q.normal(f);
      if (auto s = edge_test(P, e, P.to_local(xq), c.eps)) return step_to(*s, face_feature(f));
      return done(edge_feature(e), face_feature(f), xp, xq);
    }
    return boundary_pair(P, edge_feature(e), Q, face_feature(f), c);
  }
  // Not parallel: the endpoint nearer the plane, if it projects into the face.
  const bool tail_nearer = std::abs(ht) <= std::abs(hh);
  if (!prism_test(Q, f, tail_nearer ? lt : lh, c.eps))
    return step_to(vertex_feature(tail_nearer ? edge.tail : edge.head), face_feature(f));
  return boundary_pair(P, edge_feature(e), Q, face_feature(f), c);
}

Outcome face_face(const Body& P, int f1, const Body& Q, int f2, const Context& c) {
  const Vec3 n1 = P.normal(f1), n2 = Q.normal(f2);
  if (n1.dot(n2) < 0.0 && n1.cross(n2).norm() <= c.parallel) {
    // Parallel and facing: clip Q's face against P's face prism (Sutherland-Hodgman, P-local).
    std::vector<Vec3> poly;
    for (int v : Q.face(f2).vertices) poly.push_back(P.to_local(Q.vertex(v)));
    const Face& face = P.face(f1);
    const std::size_t n = face.vertices.size();
    for (std::size_t i = 0; i < n && !poly.empty(); ++i) {
      const Vec3 a = P.local_vertex(face.vertices[i]);
      const Vec3 d = P.local_vertex(face.vertices[(i + 1) % n]) - a;
      const Vec3 out = d.cross(face.plane.normal) / d.norm();
      std::vector<Vec3> next;
      for (std::size_t k = 0; k < poly.size(); ++k) {
        const Vec3& p0 = poly[k];
        const Vec3& p1 = poly[(k + 1) % poly.size()];
        const double s0 = (p0 - a).dot(out) - c.eps, s1 = (p1 - a).dot(out) - c.eps;
        if (s0 <= 0) next.push_back(p0);
        if ((s0 < 0 && s1 > 0) || (s0 > 0 && s1 < 0))
          next.push_back(p0 + s0 / (s0 - s1) * (p1 - p0));
      }
      poly = std::move(next);
    }
    if (!poly.empty()) {
      Vec3 centre = Vec3::Zero();
      for (const Vec3& p : poly) centre += p;
      centre /= static_cast<double>(poly.size());
      const double h = P.height(f1, centre);
      if (h < -c.eps) {  // under the face: hand the lowest vertex to the vertex-face local minimum
        int lowest = Q.face(f2).vertices.front();
        for (int v : Q.face(f2).vertices)
          if (P.height(f1, P.to_local(Q.vertex(v))) < P.height(f1, P.to_local(Q.vertex(lowest))))
            lowest = v;
        return step_to(face_feature(f1), vertex_feature(lowest));
      }
      const Vec3 xq = P.to_frame(centre), xp = xq - h * n1;
      if (auto s = prism_test(Q, f2, Q.to_local(xp), c.eps)) return step_to(face_feature(f1), *s);
      return done(face_feature(f1), face_feature(f2), xp, xq);
    }
  }
  return boundary_pair(P, face_feature(f1), Q, face_feature(f2), c);
}

Outcome iterate(const Body& A, Feature fa, const Body& B, Feature fb, const Context& c) {
  const bool swap = static_cast<int>(fa.kind) > static_cast<int>(fb.kind);
  const Body& P = swap ? B : A;
  const Body& Q = swap ? A : B;
  const Feature x = swap ? fb : fa, y = swap ? fa : fb;
  Outcome o;
  switch (x.kind) {
    case FeatureKind::vertex:
      o = y.kind == FeatureKind::vertex ? vertex_vertex(P, x.id, Q, y.id, c)
          : y.kind == FeatureKind::edge ? vertex_edge(P, x.id, Q, y.id, c)
                                        : vertex_face(P, x.id, Q, y.id, c);
      break;
    case FeatureKind::edge:
      o = y.kind == FeatureKind::edge ? edge_edge(P, x.id, Q, y.id, c)
                                      : edge_face(P, x.id, Q, y.id, c);
      break;
    case FeatureKind::face:
      o = face_face(P, x.id, Q, y.id, c);
      break;
  }
  if (swap) {
    std::swap(o.p, o.q);
    std::swap(o.xp, o.xq);
  }
  return o;
}

// ---- contact: touching or penetrating? ----

// Where a contact point lies on a feature: the smallest feature containing it (within tol).
Feature locate(const Body& s, Feature f, const Vec3& local, double tol) {
  for (int v : feature_vertex_ids(s, f))
    if ((local - s.local_vertex(v)).norm() <= tol) return vertex_feature(v);
  for (int e : feature_edge_ids(s, f)) {
    const Vec3 t = s.local_vertex(s.edge(e).tail), h = s.local_vertex(s.edge(e).head);
    if (f.kind == FeatureKind::edge || (local - closest_on_segment(local, t, h)).norm() <= tol)
      return edge_feature(e);
  }
  return f;
}

// Rays and outward face normals of the polytope's tangent cone at a feature (local coordinates).
void tangent_cone(const Body& s, Feature f, std::vector<Vec3>& rays, std::vector<Vec3>& normals) {
  if (f.kind == FeatureKind::vertex) {
    for (int e : s.p().vertex_edges()[static_cast<std::size_t>(f.id)]) {
      rays.push_back(s.local_vertex(s.p().other_vertex(e, f.id)) - s.local_vertex(f.id));
      normals.push_back(s.face(s.edge(e).left_face).plane.normal);
    }
  } else if (f.kind == FeatureKind::edge) {
    const Edge& e = s.edge(f.id);
    const Vec3 d = s.local_vertex(e.head) - s.local_vertex(e.tail);
    const Vec3 nl = s.face(e.left_face).plane.normal, nr = s.face(e.right_face).plane.normal;
    rays.insert(rays.end(), {d, -d, nl.cross(d), d.cross(nr)});
    normals.insert(normals.end(), {nl, nr});
  } else {
    normals.push_back(s.face(f.id).plane.normal);
  }
}

double climb(const Polytope& s, const Vec3& m, int v) {  // max of m·x over s, by hill climbing
  double best = m.dot(s.vertices()[static_cast<std::size_t>(v)]);
  for (bool moved = true; moved;) {
    moved = false;
    for (int e : s.vertex_edges()[static_cast<std::size_t>(v)]) {
      const int w = s.other_vertex(e, v);
      const double x = m.dot(s.vertices()[static_cast<std::size_t>(w)]);
      if (x > best) {
        best = x;
        v = w;
        moved = true;
      }
    }
  }
  return best;
}

// True when a plane through the contact separates the polytopes (within tol). The candidates are
// the face normals of both tangent cones and the cross products of their rays: if the cones can
// be separated, one of these does it.
bool separable(const Body& A, Feature fa, const Vec3& xa, const Body& B, Feature fb, const Vec3& xb,
               double tol) {
  const Feature la = locate(A, fa, A.to_local(xa), tol), lb = locate(B, fb, B.to_local(xb), tol);
  std::vector<Vec3> rays_a, normals_a, rays_b, normals_b;
  tangent_cone(A, la, rays_a, normals_a);
  tangent_cone(B, lb, rays_b, normals_b);
  for (Vec3& r : rays_b) r = B.rotation * r;
  std::vector<Vec3> candidates = normals_a;
  for (const Vec3& n : normals_b) candidates.push_back(-(B.rotation * n));
  for (const Vec3& ra : rays_a)
    for (const Vec3& rb : rays_b) {
      const Vec3 m = ra.cross(rb);
      candidates.push_back(m);
      candidates.push_back(-m);
    }
  const int start_a = feature_vertex_ids(A, la).front(),
            start_b = feature_vertex_ids(B, lb).front();
  for (const Vec3& m : candidates) {
    const double len = m.norm();
    if (!(len > 0.0)) continue;
    const Vec3 u = m / len;
    const double top_a = climb(A.p(), A.rotation.transpose() * u, start_a) + u.dot(A.translation);
    const double bottom_b =
        -climb(B.p(), -(B.rotation.transpose() * u), start_b) + u.dot(B.translation);
    if (top_a - bottom_b <= tol) return true;
  }
  return false;
}

class LinCanny : public ProximityAlgorithm {
 public:
  explicit LinCanny(Parameters params) : params_(params) {}

  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    auto p = std::make_unique<PreparedShape>();
    p->polytope = &shape;
    return p;
  }

  ProximityResult query(const PreparedShape& a, const Pose& pose_a, const PreparedShape& b,
                        const Pose& pose_b, std::unique_ptr<WarmStart>* warm) const override {
    ProximityResult result;
    const Pose rel = relative_pose(pose_a, pose_b);
    const Body A{a.polytope, Mat3::Identity(), Vec3::Zero()};
    const Body B{b.polytope, rel.rotation, rel.translation};
    const double scale = std::max(a.polytope->diameter(), b.polytope->diameter());
    const Context c{params_.applicability_tolerance * scale, params_.parallel_tolerance};
    const double contact = params_.contact_tolerance * scale;

    Feature fa = vertex_feature(0), fb = vertex_feature(0);
    LinCannyWarmStart* state = nullptr;
    if (warm) {
      state = dynamic_cast<LinCannyWarmStart*>(warm->get());
      if (!state) {
        *warm = std::make_unique<LinCannyWarmStart>();
        state = static_cast<LinCannyWarmStart*>(warm->get());
      } else if (state->feature_a && state->feature_b && valid(*a.polytope, *state->feature_a) &&
                 valid(*b.polytope, *state->feature_b)) {
        fa = *state->feature_a;
        fb = *state->feature_b;
      }
    }

    // The step depends only on the pair, so a revisited pair is a cycle.
    std::vector<std::uint64_t> visited;
    std::unordered_set<std::uint64_t> visited_set;
    for (int it = 0;; ++it) {
      if (it >= params_.max_iterations) return failure(result, "iteration cap", it);
      const std::uint64_t key = encode(fa) << 32 | encode(fb);
      if (visited_set.empty() && visited.size() < 64) {
        if (std::find(visited.begin(), visited.end(), key) != visited.end())
          return failure(result, "cycling", it);
        visited.push_back(key);
        if (visited.size() == 64) visited_set.insert(visited.begin(), visited.end());
      } else if (!visited_set.insert(key).second) {
        return failure(result, "cycling", it);
      }
      const Outcome o = iterate(A, fa, B, fb, c);
      result.iterations = it + 1;
      if (o.kind == Kind::step) {
        fa = o.p;
        fb = o.q;
        continue;
      }
      if (o.kind == Kind::failed) return failure(result, o.reason, it + 1);
      result.feature_a = o.p;
      result.feature_b = o.q;
      const double d = (o.xp - o.xq).norm();
      if (o.kind == Kind::penetrating) {
        result.relation = Relation::penetrating;
        result.distance = 0.0;
        result.witness_a = pose_a.apply(o.xp);
        result.witness_b = pose_a.apply(o.xq);
      } else if (d > contact) {
        // The tests passed; the explicit closest points must also bound a separating slab: no
        // vertex of A beyond the plane through x normal to y − x, none of B short of the plane
        // through y (hill climbing from the features, so a true answer costs one ring). With
        // tolerances a pair can pass its tests without being closest; say so instead of
        // returning it.
        // The plane's normal: a face's own normal where the pair has a face (exact up to
        // rounding), else y − x, whose direction is only good to about ε·|x| / d — the slack
        // grows by that times the shapes' extent.
        Vec3 u = (o.xq - o.xp) / d;
        double slack = contact;
        if (o.p.kind == FeatureKind::face) {
          u = A.normal(o.p.id);
        } else if (o.q.kind == FeatureKind::face) {
          u = -B.normal(o.q.id);
        } else {
          const double eps = std::numeric_limits<double>::epsilon();
          const double extent =
              std::max(o.xp.cwiseAbs().maxCoeff(), o.xq.cwiseAbs().maxCoeff()) + scale;
          double error = 8 * eps * extent / d;
          if (o.p.kind == FeatureKind::edge && o.q.kind == FeatureKind::edge) {
            // Two edges meeting the gap inside both: y − x is along their cross product, which
            // is good to about ε / sin(angle), often far better.
            const Vec3 ta = A.vertex(A.edge(o.p.id).tail), tb = B.vertex(B.edge(o.q.id).tail);
            const Vec3 da = A.vertex(A.edge(o.p.id).head) - ta;
            const Vec3 db = B.vertex(B.edge(o.q.id).head) - tb;
            const double la = (o.xp - ta).dot(da) / da.squaredNorm();
            const double lb = (o.xq - tb).dot(db) / db.squaredNorm();
            const bool inside = la > 1e-9 && la < 1 - 1e-9 && lb > 1e-9 && lb < 1 - 1e-9;
            const Vec3 m = da.cross(db);
            const double sine = m.norm() / (da.norm() * db.norm());
            if (inside && sine > 0.0 && 8 * eps / sine < error) {
              error = 8 * eps / sine;
              u = m.dot(u) >= 0.0 ? Vec3(m.normalized()) : Vec3(-m.normalized());
            }
          }
          slack += error * scale;
        }
        const double top_a = climb(A.p(), u, feature_vertex_ids(A, o.p).front());
        const double bottom_b =
            -climb(B.p(), -(B.rotation.transpose() * u), feature_vertex_ids(B, o.q).front()) +
            u.dot(B.translation);
        if (top_a > u.dot(o.xp) + slack || bottom_b < u.dot(o.xq) - slack)
          return failure(result,
                         "closest pair not verified: its tests passed within tolerance "
                         "but a vertex lies beyond its separating plane",
                         it + 1);
        result.relation = Relation::separated;
        result.distance = d;
        result.witness_a = pose_a.apply(o.xp);
        result.witness_b = pose_a.apply(o.xq);
      } else {
        result.relation = separable(A, o.p, o.xp, B, o.q, o.xq, contact) ? Relation::touching
                                                                         : Relation::penetrating;
        result.distance = 0.0;
        result.witness_a = pose_a.apply(o.xp);
        result.witness_b = pose_a.apply(o.xq);
      }
      if (state) {
        state->feature_a = o.p;
        state->feature_b = o.q;
      }
      return result;
    }
  }

 private:
  static std::uint64_t encode(const Feature& f) {
    return static_cast<std::uint64_t>(f.kind) << 30 | static_cast<std::uint32_t>(f.id);
  }
  static bool valid(const Polytope& p, const Feature& f) {
    const std::size_t n = f.kind == FeatureKind::vertex ? p.vertices().size()
                          : f.kind == FeatureKind::edge ? p.edges().size()
                                                        : p.faces().size();
    return f.id >= 0 && static_cast<std::size_t>(f.id) < n;
  }
  static ProximityResult failure(ProximityResult r, std::string reason, int iterations) {
    r.status = QueryStatus::failed;
    r.reason = std::move(reason);
    r.iterations = iterations;
    return r;
  }

  Parameters params_;
};

}  // namespace

std::unique_ptr<ProximityAlgorithm> make(const Parameters& parameters) {
  return std::make_unique<LinCanny>(parameters);
}

ProximityAlgorithmInfo info() {
  const Parameters p;
  ProximityAlgorithmInfo i;
  i.name = "lin-canny";
  i.family = "closest-feature";
  i.paper = "Lin & Canny 1991; Lin 1993 (PhD thesis, ch. 3); seed 003 §2";
  i.description =
      "closest-feature tracking with explicit closest points and toleranced Voronoi tests; "
      "reports penetration only where it detects it";
  i.capabilities.distance = true;
  i.capabilities.witness_points = true;
  i.capabilities.features = true;
  i.capabilities.warm_start = true;
  i.parameters = {{"applicability_tolerance", p.applicability_tolerance},
                  {"parallel_tolerance", p.parallel_tolerance},
                  {"contact_tolerance", p.contact_tolerance},
                  {"max_iterations", p.max_iterations}};
  i.make = [p] { return std::make_unique<LinCanny>(p); };
  return i;
}

}  // namespace touchstone::lin_canny
