// V-Clip (Mirtich, MERL TR97-05; seed 003 §2): preprocessing (edge directions, the normals of the
// face-edge Voronoi planes, seed 003 §2.1), clipEdge (seed 003 Algorithm 1), the signs of the
// distance's derivative along a clipped edge (seed 003 §2.3) and rounded segment nearest points.
#include <algorithm>
#include <array>

#include "algorithms/proximity/vclip/vclip_internal.hpp"

namespace touchstone::vclip::detail {

void clip_plane(Clip& c, double dt, double dh, const Feature& n) {
  if (c.excluded) return;
  if (dt < 0 && dh < 0) {
    c.excluded = c.simple = true;
    c.by = n;
    return;
  }
  if (dt < 0) {
    const double l = dt / (dt - dh);
    if (l > c.lo) {
      c.lo = l;
      c.n_lo = n;
      if (c.lo > c.hi) c.excluded = true;
    }
  } else if (dh < 0) {
    const double l = dt / (dt - dh);
    if (l < c.hi) {
      c.hi = l;
      c.n_hi = n;
      if (c.lo > c.hi) c.excluded = true;
    }
  }
}

void resolve_simple(Clip& c) {
  if (!c.excluded || c.simple) return;
  if (!c.n_hi) {
    c.simple = true;
    c.by = *c.n_lo;
  } else if (!c.n_lo) {
    c.simple = true;
    c.by = *c.n_hi;
  }
}

int dsign_vertex(const Vec3& d, const Vec3& e, const Vec3& v) { return sgn(d.dot(e - v)); }
int dsign_face(const Vec3& d, const Vec3& e, const Vec3& n, const Vec3& q) {
  return sgn(d.dot(n)) * sgn(n.dot(e - q));
}
int dsign_segment(const Vec3& d, const Vec3& e, const Vec3& a, const Vec3& b) {
  const Vec3 ab = b - a;
  const double l2 = ab.squaredNorm();
  const double s = (e - a).dot(ab);
  if (s <= 0) return dsign_vertex(d, e, a);
  if (s >= l2) return dsign_vertex(d, e, b);
  return sgn(d.dot((e - a) * l2 - ab * s));
}

std::pair<Vec3, Vec3> segment_closest(const Vec3& p0, const Vec3& p1, const Vec3& q0,
                                      const Vec3& q1) {
  const auto [s, t] = segment_parameters(p0, p1, q0, q1);
  return {p0 + (p1 - p0) * s, q0 + (q1 - q0) * t};
}

Vec3 segment_point_closest(const Vec3& t, const Vec3& h, const Vec3& p) {
  const Vec3 d = h - t;
  const double l2 = d.squaredNorm();
  if (!(l2 > 0)) return t;
  return t + d * std::clamp((p - t).dot(d) / l2, 0.0, 1.0);
}

std::vector<int> feature_vertex_ids(const Polytope& p, const Feature& f) {
  switch (f.kind) {
    case FeatureKind::vertex:
      return {f.id};
    case FeatureKind::edge:
      return {p.edges()[static_cast<size_t>(f.id)].tail, p.edges()[static_cast<size_t>(f.id)].head};
    case FeatureKind::face:
      return p.faces()[static_cast<size_t>(f.id)].vertices;
  }
  return {};
}

std::unique_ptr<Prepared> prepare_shape(const Polytope& shape) {
  auto p = std::make_unique<Prepared>();
  p->polytope = &shape;
  p->convex = shape.is_convex();
  const auto& verts = shape.vertices();
  const auto& edges = shape.edges();
  const auto& faces = shape.faces();
  p->edge_dir.resize(edges.size());
  p->out_left.resize(edges.size());
  p->out_right.resize(edges.size());
  for (size_t e = 0; e < edges.size(); ++e) {
    const Edge& E = edges[e];
    const Vec3 u =
        (verts[static_cast<size_t>(E.head)] - verts[static_cast<size_t>(E.tail)]).normalized();
    p->edge_dir[e] = u;
    // Left face runs tail → head counter-clockwise: u × n points away from it.
    p->out_left[e] = u.cross(faces[static_cast<size_t>(E.left_face)].plane.normal).normalized();
    p->out_right[e] = faces[static_cast<size_t>(E.right_face)].plane.normal.cross(u).normalized();
  }
  p->face_triple.resize(faces.size());
  for (size_t f = 0; f < faces.size(); ++f) {
    const auto& vs = faces[f].vertices;
    std::array<int, 3> best{vs[0], vs[1], vs[2]};
    double best_area = -1;
    const Vec3& o = verts[static_cast<size_t>(vs[0])];
    for (size_t k = 1; k + 1 < vs.size(); ++k) {
      const double area = (verts[static_cast<size_t>(vs[k])] - o)
                              .cross(verts[static_cast<size_t>(vs[k + 1])] - o)
                              .squaredNorm();
      if (area > best_area) {
        best_area = area;
        best = {vs[0], vs[k], vs[k + 1]};
      }
    }
    p->face_triple[f] = best;
  }
  p->feature_count = static_cast<int>(verts.size() + edges.size() + faces.size());
  return p;
}

bool valid_feature(const Polytope& p, const Feature& f) {
  const size_t n = f.kind == FeatureKind::vertex ? p.vertices().size()
                   : f.kind == FeatureKind::edge ? p.edges().size()
                                                 : p.faces().size();
  return f.id >= 0 && static_cast<size_t>(f.id) < n;
}

}  // namespace touchstone::vclip::detail
