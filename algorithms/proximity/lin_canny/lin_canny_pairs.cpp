// Lin-Canny (Lin & Canny 1991; Lin 1993, ch. 3): one iteration on each kind of feature pair. The
// closest points of the pair are computed explicitly and tested against the other feature's
// Voronoi region (Theorem 1, seed 003 §2.2); a failed test steps to the neighbour whose plane is
// violated most. Edge-face and face-face pairs are kept only when parallel and overlapping (Lin's
// thesis), otherwise they step to the closest pair of their boundary features; a vertex below a
// face it projects into (a local minimum) scans all faces of the other polytope. See lin_canny.cpp.

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "algorithms/proximity/lin_canny/lin_canny_internal.hpp"

namespace touchstone::lin_canny::detail {

namespace {

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

}  // namespace

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

}  // namespace touchstone::lin_canny::detail
