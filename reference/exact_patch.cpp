// The exact intersection polytope of two convex solids and its contact patch: see exact_patch.hpp.
// GMP rationals only (no CGAL package): exact vertex enumeration over plane triples.
#include "reference/exact_patch.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "reference/exact_regions_geometry.hpp"

namespace touchstone {
namespace {

using namespace exact_detail;

struct XPlane {
  XPoint n;  // exact outward normal (not unit)
  NT d;      // n·x ≤ d inside
  Vec3 nf;   // unit normal and offset in doubles, for the filter and the twin gaps
  double df = 0.0;
  int body = 0, face = -1;
};

struct Vertex {
  QPoint p;
  std::vector<int> on;  // planes through it
};

std::string q_string(const Q& q) {
  std::ostringstream s;
  s << q;
  return s.str();
}

std::string point_string(const QPoint& p) {
  return q_string(p.x) + " " + q_string(p.y) + " " + q_string(p.z);
}

Vec3 rounded(const QPoint& p) {
  return {CGAL::to_double(p.x), CGAL::to_double(p.y), CGAL::to_double(p.z)};
}

QPoint scaled(const XPoint& x, const NT& den) {
  const Q inv = Q(1) / to_q(den);
  const QPoint q = to_q(x);
  return {q.x * inv, q.y * inv, q.z * inv};
}

XPoint combine(const NT& a, const XPoint& u, const NT& b, const XPoint& v, const NT& c,
               const XPoint& w) {
  return {a * u.x + b * v.x + c * w.x, a * u.y + b * v.y + c * w.y, a * u.z + b * v.z + c * w.z};
}

std::vector<XPlane> planes_of(const Polytope& shape, const Pose& pose, int body, const char* name,
                              double& scale) {
  const ExactSolid solid = make_exact_solid(shape, pose, name);
  std::vector<XPlane> out;
  for (std::size_t k = 0; k < shape.faces().size(); ++k) {
    XPlane p;
    p.n = solid.face_normals[k];
    p.d = dot(p.n, solid.points[static_cast<std::size_t>(shape.faces()[k].vertices[0])]);
    const Vec3 n = approx(p.n);
    p.nf = n.normalized();
    p.df = p.d.to_double() / n.norm();
    p.body = body;
    p.face = static_cast<int>(k);
    out.push_back(p);
  }
  for (const XPoint& x : solid.points) scale = std::max(scale, approx(x).cwiseAbs().maxCoeff());
  return out;
}

// The triple's meeting point is certainly outside some half-space (floating-point filter). With
// unit rows and |det| > 1e-6 the solution by Cramer's rule is within about 1e-16 · 2e6 · 10 ≈
// 2e-9 × (|x| + scale) of the exact one, and each plane test adds a few ulps of |x| + |d|, far
// below the 1e-6 × (|x| + scale) margin; anything closer (or worse conditioned) goes exact.
bool certainly_outside(const std::vector<XPlane>& planes, int i, int j, int k, double scale) {
  const XPlane &a = planes[static_cast<std::size_t>(i)], &b = planes[static_cast<std::size_t>(j)],
               &c = planes[static_cast<std::size_t>(k)];
  const Vec3 bc = b.nf.cross(c.nf);
  const double det = a.nf.dot(bc);
  if (!(std::abs(det) > 1e-6)) return false;
  const Vec3 x = (a.df * bc + b.df * c.nf.cross(a.nf) + c.df * a.nf.cross(b.nf)) / det;
  if (!x.allFinite()) return false;
  const double margin = 1e-6 * (scale + x.cwiseAbs().maxCoeff());
  for (const XPlane& p : planes)
    if (p.nf.dot(x) - p.df > margin) return true;
  return false;
}

std::vector<Vertex> enumerate_vertices(const std::vector<XPlane>& planes, double scale,
                                       std::size_t& exact_triples) {
  std::vector<Vertex> out;
  const int m = static_cast<int>(planes.size());
  for (int i = 0; i < m; ++i)
    for (int j = i + 1; j < m; ++j)
      for (int k = j + 1; k < m; ++k) {
        if (certainly_outside(planes, i, j, k, scale)) continue;
        ++exact_triples;
        const XPlane &a = planes[static_cast<std::size_t>(i)],
                     &b = planes[static_cast<std::size_t>(j)],
                     &c = planes[static_cast<std::size_t>(k)];
        const XPoint bc = cross(b.n, c.n);
        const NT det = dot(a.n, bc);
        if (det.is_zero()) continue;
        const XPoint x = combine(a.d, bc, b.d, cross(c.n, a.n), c.d, cross(a.n, b.n));
        const int sign = det < NT(0) ? -1 : 1;
        std::vector<int> on;
        bool inside = true;
        for (int l = 0; l < m && inside; ++l) {
          const XPlane& p = planes[static_cast<std::size_t>(l)];
          NT s = dot(p.n, x) - p.d * det;  // (n·x − d) · det
          const int sg = s.is_zero() ? 0 : (s < NT(0) ? -1 : 1) * sign;
          if (sg > 0) inside = false;
          if (sg == 0) on.push_back(l);
        }
        if (!inside) continue;
        const QPoint p = scaled(x, det);
        auto same = std::find_if(out.begin(), out.end(),
                                 [&](const Vertex& v) { return same_point(v.p, p); });
        if (same == out.end()) {
          out.push_back({p, on});
        } else {
          for (int l : on)
            if (std::find(same->on.begin(), same->on.end(), l) == same->on.end())
              same->on.push_back(l);
        }
      }
  return out;
}

// 2D angular order about c: half-plane first, then orientation.
bool before(const P2& c, const P2& p, const P2& q) {
  auto upper = [&](const P2& r) { return r.v > c.v || (r.v == c.v && r.u > c.u); };
  const bool up = upper(p), uq = upper(q);
  if (up != uq) return up;
  return orient(c, p, q) > 0;
}

struct RawFace {
  std::vector<int> planes;    // all planes holding exactly these vertices, same outward side
  std::vector<int> vertices;  // ordered counter-clockwise about the outward normal
};

}  // namespace

ExactPatch exact_patch(const Polytope& a, const Pose& pose_a, const Polytope& b,
                       const Pose& pose_b) {
  if (!a.is_convex() || !b.is_convex() || !a.is_solid() || !b.is_solid())
    throw std::runtime_error("exact_patch needs two convex solids");
  double scale = 0.0;
  std::vector<XPlane> planes = planes_of(a, pose_a, 0, "A", scale);
  for (XPlane& p : planes_of(b, pose_b, 1, "B", scale)) planes.push_back(std::move(p));
  ExactPatch out;
  const std::vector<Vertex> verts = enumerate_vertices(planes, scale, out.triples_exact);
  out.volume_exact = "0";
  if (verts.size() < 4) return out;
  // Faces: planes holding at least three vertices; planes with the same vertex set and the same
  // outward side are one face (a face of A lying on a face of B: on both surfaces).
  const std::size_t m = planes.size();
  std::vector<std::vector<int>> on(m);
  for (std::size_t v = 0; v < verts.size(); ++v)
    for (int l : verts[v].on) on[static_cast<std::size_t>(l)].push_back(static_cast<int>(v));
  std::vector<RawFace> faces;
  for (std::size_t l = 0; l < m; ++l) {
    if (on[l].size() < 3) continue;
    std::sort(on[l].begin(), on[l].end());
    bool merged = false;
    for (RawFace& f : faces) {
      const std::size_t first = static_cast<std::size_t>(f.planes.front());
      if (on[first] == on[l] && dot(planes[first].n, planes[l].n) > NT(0)) {
        f.planes.push_back(static_cast<int>(l));
        merged = true;
        break;
      }
    }
    if (!merged) faces.push_back({{static_cast<int>(l)}, on[l]});
  }
  Q volume(0);
  std::vector<QPoint> area_vectors;
  for (RawFace& f : faces) {
    const XPlane& pl = planes[static_cast<std::size_t>(f.planes.front())];
    const PlaneFrame frame =
        plane_frame(to_q(pl.n), verts[static_cast<std::size_t>(f.vertices[0])].p);
    std::vector<P2> pts;
    P2 c{Q(0), Q(0)};
    for (int v : f.vertices) {
      pts.push_back(project(frame, verts[static_cast<std::size_t>(v)].p));
      c.u += pts.back().u;
      c.v += pts.back().v;
    }
    c.u /= Q(static_cast<int>(pts.size()));
    c.v /= Q(static_cast<int>(pts.size()));
    std::vector<std::size_t> order(pts.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t i, std::size_t j) { return before(c, pts[i], pts[j]); });
    std::vector<int> sorted;
    for (std::size_t i : order) sorted.push_back(f.vertices[i]);
    f.vertices = sorted;
    const QPoint& p0 = verts[static_cast<std::size_t>(f.vertices[0])].p;
    QPoint area2{Q(0), Q(0), Q(0)}, weighted{Q(0), Q(0), Q(0)};
    Q weight(0);
    const QPoint normal = to_q(pl.n);
    for (std::size_t i = 1; i + 1 < f.vertices.size(); ++i) {
      const QPoint& p1 = verts[static_cast<std::size_t>(f.vertices[i])].p;
      const QPoint& p2 = verts[static_cast<std::size_t>(f.vertices[i + 1])].p;
      const QPoint t = cross(p1 - p0, p2 - p0);
      area2 = area2 + t;
      const Q w = dot(t, normal);  // the triangle's area times |normal|, signed
      weight += w;
      weighted = weighted + (w / Q(3)) * (p0 + p1 + p2);
    }
    area_vectors.push_back(Q(1, 2) * area2);
    if (weight == 0) continue;  // degenerate (collinear) vertex set: no area
    volume += dot(p0, area_vectors.back()) / Q(3);
    const QPoint centroid = (Q(1) / weight) * weighted;
    ExactPatchFace face;
    for (int l : f.planes) {
      const XPlane& p = planes[static_cast<std::size_t>(l)];
      (p.body == 0 ? face.face_a : face.face_b) = p.face;
    }
    face.side = face.face_a >= 0 && face.face_b >= 0 ? ExactPatchFace::Side::both
                : face.face_a >= 0                   ? ExactPatchFace::Side::a
                                                     : ExactPatchFace::Side::b;
    const Q area_sq = dot(area_vectors.back(), area_vectors.back());
    face.area_sq_exact = q_string(area_sq);
    face.area = std::sqrt(CGAL::to_double(area_sq));
    face.normal = rounded(area_vectors.back()).normalized();
    face.centroid = rounded(centroid);
    face.centroid_exact = point_string(centroid);
    for (std::size_t i = 0; i < f.vertices.size(); ++i)
      face.perimeter +=
          (rounded(verts[static_cast<std::size_t>(f.vertices[i])].p) -
           rounded(verts[static_cast<std::size_t>(f.vertices[(i + 1) % f.vertices.size()])].p))
              .norm();
    face.twin_gap =
        face.side == ExactPatchFace::Side::both ? 0.0 : std::numeric_limits<double>::infinity();
    const int other = face.side == ExactPatchFace::Side::a ? 1 : 0;
    for (const XPlane& p : planes) {
      if (face.side == ExactPatchFace::Side::both || p.body != other ||
          p.nf.dot(face.normal) <= 0.0)
        continue;
      double worst = 0.0;
      for (int v : f.vertices)
        worst = std::max(worst,
                         std::abs(p.nf.dot(rounded(verts[static_cast<std::size_t>(v)].p)) - p.df));
      face.twin_gap = std::min(face.twin_gap, worst);
    }
    out.faces.push_back(face);
  }
  out.volume_exact = q_string(volume);
  out.volume = CGAL::to_double(volume);
  if (volume == 0) {
    out.faces.clear();
    return out;
  }
  out.empty = false;
  for (const Vertex& v : verts) {
    out.vertices.push_back(rounded(v.p));
    out.vertices_exact.push_back(point_string(v.p));
  }
  double total = 0.0;
  for (const ExactPatchFace& f : out.faces) {
    total += f.area;
    out.point += f.area * f.centroid;
  }
  out.point /= total;
  out.area = 0.5 * total;
  std::vector<int> signs;
  for (const ExactPatchFace& f : out.faces)
    signs.push_back(f.side == ExactPatchFace::Side::a   ? 1
                    : f.side == ExactPatchFace::Side::b ? -1
                                                        : 0);
  out.normal = patch_normal(out, signs);
  return out;
}

Vec3 patch_normal(const ExactPatch& patch, const std::vector<int>& signs) {
  // Areas relative to the total, so that a² neither underflows nor overflows.
  double total = 0.0;
  for (const ExactPatchFace& f : patch.faces) total += f.area;
  Vec3 n = Vec3::Zero();
  for (std::size_t i = 0; i < patch.faces.size() && i < signs.size(); ++i) {
    const ExactPatchFace& f = patch.faces[i];
    const double a = f.area / total;
    n += static_cast<double>(signs[i]) * a * a * f.normal;
  }
  const double len = n.norm();
  return len > 0.0 ? Vec3(-n / len) : Vec3::Zero();
}

}  // namespace touchstone
