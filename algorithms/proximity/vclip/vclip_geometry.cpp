// V-Clip (Mirtich, MERL TR97-05; seed 003 §2): preprocessing (edge directions, the normals of the
// face-edge Voronoi planes, seed 003 §2.1), clipEdge (seed 003 Algorithm 1), the signs of the
// distance's derivative along a clipped edge (seed 003 §2.3) and rounded segment nearest points.
#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "algorithms/proximity/hill_climb.hpp"
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

namespace {

// Near-parallel segments. The textbook parameters divide by a·e − b² = |d1 × d2|² ≈ θ² a e
// (θ the angle between the segments), computed in doubles with an absolute error ≈ 1e-16 a e: at
// θ ≈ 1e-8 that is all noise, the parameter s lands anywhere on the overlap, and the distance
// there is off by up to θ·|d1| ≈ 1e-8 (the 20 problems of the TR97-05 robustness experiment in
// 10^5 trials). Here n = d1 × d2 is computed with compensated arithmetic instead: each component
// a·d − b·c from the exact products (Dekker's two-product) so n carries a relative error of a few
// ε whatever θ is.
// Then s = −r · (d2 × n) / |n|² (Cramer's rule for the common perpendicular; equal to
// (b f − c e) / (a e − b²) by Lagrange's identity) is off by δs ≈ ε |r| / (θ |d1|), which moves
// the distance by ≈ θ |d1| δs ≈ ε |r|: a few units of the doubles' resolution at the segments.
// The clamping afterwards is the textbook one (projections of end points, well conditioned).
// No tolerance decides the answer: the switch below only picks the formula.
// a·b as p + err exactly (Dekker's two-product with Veltkamp's splitting: without a hardware fma
// in the build, glibc's software fma is a slow library call, this a few inline flops). Valid
// while |a|, |b| < 1e300.
std::pair<double, double> two_product(double a, double b) {
  constexpr double kSplitter = 134217729.0;  // 2^27 + 1
  const double p = a * b;
  const double ca = kSplitter * a, cb = kSplitter * b;
  const double ah = ca - (ca - a), al = a - ah;
  const double bh = cb - (cb - b), bl = b - bh;
  return {p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
}

// a·b − c·d with a relative error of a few ε however much the two products cancel: when they
// nearly cancel, the difference of the rounded products is exact (Sterbenz) and the exact
// rounding errors are added back.
double difference_of_products(double a, double b, double c, double d) {
  const auto [p, ep] = two_product(a, b);
  const auto [q, eq] = two_product(c, d);
  return (p - q) + (ep - eq);
}

Vec3 compensated_cross(const Vec3& u, const Vec3& v) {
  return {difference_of_products(u.y(), v.z(), u.z(), v.y()),
          difference_of_products(u.z(), v.x(), u.x(), v.z()),
          difference_of_products(u.x(), v.y(), u.y(), v.x())};
}

std::pair<double, double> near_parallel_parameters(const Vec3& p0, const Vec3& p1, const Vec3& q0,
                                                   const Vec3& q1) {
  const Vec3 d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
  const double a = d1.squaredNorm(), e = d2.squaredNorm(), b = d1.dot(d2), c = d1.dot(r),
               f = d2.dot(r);
  const Vec3 n = compensated_cross(d1, d2);
  const double nn = n.squaredNorm();
  // The common perpendicular's foot on P (clamped), then Q's point nearest it (clamped), then P's
  // point nearest that: the clamped minimizer of the convex distance over the square.
  const double s = nn > 0.0 ? std::clamp(-r.dot(d2.cross(n)) / nn, 0.0, 1.0) : 0.0;
  const double t = std::clamp((b * s + f) / e, 0.0, 1.0);
  return {std::clamp((b * t - c) / a, 0.0, 1.0), t};
}

// Below this sin²θ the textbook parameters can be off by more than 1e-12 (see above).
constexpr double kNearParallel = 1e-4;

}  // namespace

std::pair<Vec3, Vec3> segment_closest(const Vec3& p0, const Vec3& p1, const Vec3& q0,
                                      const Vec3& q1) {
  const Vec3 d1 = p1 - p0, d2 = q1 - q0;
  const double ae = d1.squaredNorm() * d2.squaredNorm();
  const bool near_parallel =
      ae > 0.0 && std::isfinite(ae) && d1.cross(d2).squaredNorm() < kNearParallel * ae;
  const auto [s, t] =
      near_parallel ? near_parallel_parameters(p0, p1, q0, q1) : segment_parameters(p0, p1, q0, q1);
  return {p0 + d1 * s, q0 + d2 * t};
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
  if (!verts.empty()) {
    p->centroid = shape.centroid();
    for (size_t k = 0; k < kStartDirections.size(); ++k) {
      int best = 0;
      for (size_t v = 1; v < verts.size(); ++v)
        if (kStartDirections[k].dot(verts[v]) >
            kStartDirections[k].dot(verts[static_cast<size_t>(best)]))
          best = static_cast<int>(v);
      p->extreme[k] = best;
    }
  }
  return p;
}

namespace {
constexpr double kDiagonal = 0.57735026918962576;  // 1/√3
}  // namespace

const std::array<Vec3, 14> kStartDirections = {Vec3(1, 0, 0),
                                               Vec3(-1, 0, 0),
                                               Vec3(0, 1, 0),
                                               Vec3(0, -1, 0),
                                               Vec3(0, 0, 1),
                                               Vec3(0, 0, -1),
                                               Vec3(kDiagonal, kDiagonal, kDiagonal),
                                               Vec3(kDiagonal, kDiagonal, -kDiagonal),
                                               Vec3(kDiagonal, -kDiagonal, kDiagonal),
                                               Vec3(kDiagonal, -kDiagonal, -kDiagonal),
                                               Vec3(-kDiagonal, kDiagonal, kDiagonal),
                                               Vec3(-kDiagonal, kDiagonal, -kDiagonal),
                                               Vec3(-kDiagonal, -kDiagonal, kDiagonal),
                                               Vec3(-kDiagonal, -kDiagonal, -kDiagonal)};

int cold_start_vertex(const Prepared& p, const Vec3& d) {
  size_t best = 0;
  for (size_t k = 1; k < kStartDirections.size(); ++k)
    if (kStartDirections[k].dot(d) > kStartDirections[best].dot(d)) best = k;
  return support_vertex(*p.polytope, d, p.extreme[best]);
}

int support_vertex(const Polytope& p, const Vec3& d, int start) {
  const auto& verts = p.vertices();
  if (verts.empty()) return 0;
  const int from = start >= 0 && static_cast<size_t>(start) < verts.size() ? start : 0;
  return steepest_ascent(verts, d, from, [&p](int v, const auto& visit) {
    for (int e : p.vertex_edges()[static_cast<size_t>(v)]) {
      const Edge& E = p.edges()[static_cast<size_t>(e)];
      visit(E.tail == v ? E.head : E.tail);
    }
  });
}

bool valid_feature(const Polytope& p, const Feature& f) {
  const size_t n = f.kind == FeatureKind::vertex ? p.vertices().size()
                   : f.kind == FeatureKind::edge ? p.edges().size()
                                                 : p.faces().size();
  return f.id >= 0 && static_cast<size_t>(f.id) < n;
}

}  // namespace touchstone::vclip::detail
