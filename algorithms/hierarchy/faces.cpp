// Triangulation, floating-point face distance and winding number (faces.hpp; seed 004 §2.4's
// elementary distance by vertex-to-face and edge-to-edge routines).
#include "algorithms/hierarchy/faces.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "algorithms/geometry/segments.hpp"

namespace touchstone::hierarchy {

namespace {

using P2 = std::array<double, 2>;

double cross2(const P2& o, const P2& a, const P2& b) {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

bool in_triangle2(const P2& p, const P2& a, const P2& b, const P2& c) {
  return cross2(a, b, p) >= 0 && cross2(b, c, p) >= 0 && cross2(c, a, p) >= 0;
}

// Ear clipping of a simple polygon given counter-clockwise in 2D. Corners where the boundary runs
// straight on are dropped first (they lie on the edge of their neighbours, so the triangles still
// cover the polygon and no such corner blocks an ear). Empty when no ear is found (a degenerate or
// self-touching polygon).
std::vector<Triangle> ear_clip(const std::vector<int>& ids, const std::vector<P2>& pts) {
  std::vector<int> loop(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) loop[i] = static_cast<int>(i);
  const auto p = [&](int i) -> const P2& { return pts[static_cast<std::size_t>(i)]; };
  for (bool removed = true; removed && loop.size() > 3;) {
    removed = false;
    for (std::size_t i = 0; i < loop.size() && loop.size() > 3; ++i) {
      const std::size_t n = loop.size();
      const P2 &a = p(loop[(i + n - 1) % n]), &b = p(loop[i]), &c = p(loop[(i + 1) % n]);
      const bool straight =
          cross2(a, b, c) == 0 && (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]) > 0;
      if (straight) {
        loop.erase(loop.begin() + static_cast<std::ptrdiff_t>(i));
        removed = true;
      }
    }
  }
  std::vector<Triangle> out;
  const auto id = [&](int i) { return ids[static_cast<std::size_t>(i)]; };
  while (loop.size() > 3) {
    bool clipped = false;
    for (std::size_t i = 0; i < loop.size() && !clipped; ++i) {
      const std::size_t n = loop.size();
      const int ia = loop[(i + n - 1) % n], ib = loop[i], ic = loop[(i + 1) % n];
      if (cross2(p(ia), p(ib), p(ic)) <= 0) continue;  // reflex or flat corner
      bool empty = true;
      for (int j : loop)
        if (j != ia && j != ib && j != ic && in_triangle2(p(j), p(ia), p(ib), p(ic))) empty = false;
      if (!empty) continue;
      out.push_back({id(ia), id(ib), id(ic)});
      loop.erase(loop.begin() + static_cast<std::ptrdiff_t>(i));
      clipped = true;
    }
    if (!clipped) return {};
  }
  out.push_back({id(loop[0]), id(loop[1]), id(loop[2])});
  return out;
}

Vec3 at(const WorldFaces& s, int v) { return s.world[static_cast<std::size_t>(v)]; }

// Newell's normal of a face in world coordinates (not normalized).
Vec3 face_normal(const WorldFaces& s, int f) {
  const auto& vs = s.shape->faces()[static_cast<std::size_t>(f)].vertices;
  Vec3 n = Vec3::Zero();
  for (std::size_t i = 0; i < vs.size(); ++i)
    n += at(s, vs[i]).cross(at(s, vs[(i + 1) % vs.size()]));
  return n;
}

// Whether p (assumed in the face's plane) lies in one of the face's triangles.
bool in_face(const WorldFaces& s, int f, const Vec3& n, const Vec3& p) {
  for (const Triangle& t : (*s.triangles)[static_cast<std::size_t>(f)]) {
    const Vec3 a = at(s, t[0]), b = at(s, t[1]), c = at(s, t[2]);
    if ((b - a).cross(p - a).dot(n) >= 0 && (c - b).cross(p - b).dot(n) >= 0 &&
        (a - c).cross(p - c).dot(n) >= 0)
      return true;
  }
  return false;
}

void consider(FaceDistance& best, const Vec3& p, const Vec3& q, bool swapped) {
  const double d = (p - q).squaredNorm();
  if (d < best.distance_sq) {
    best.distance_sq = d;
    best.on_a = swapped ? q : p;
    best.on_b = swapped ? p : q;
  }
}

// Vertices of `x`'s face against `y`'s face, and `x`'s edges through it.
void one_side(const WorldFaces& x, int fx, const WorldFaces& y, int fy, bool swapped,
              FaceDistance& best) {
  const Vec3 n = face_normal(y, fy);
  const double len = n.norm();
  if (!(len > 0)) return;
  const Vec3 unit = n / len;
  const auto& ys = y.shape->faces()[static_cast<std::size_t>(fy)].vertices;
  const Vec3 o = at(y, ys[0]);
  const auto& xs = x.shape->faces()[static_cast<std::size_t>(fx)].vertices;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const Vec3 p = at(x, xs[i]), q = at(x, xs[(i + 1) % xs.size()]);
    const double hp = unit.dot(p - o), hq = unit.dot(q - o);
    const Vec3 foot = p - hp * unit;
    if (in_face(y, fy, n, foot)) consider(best, p, foot, swapped);
    if ((hp <= 0 && hq >= 0) || (hp >= 0 && hq <= 0)) {
      if (hp == hq) continue;  // in the plane: edge–edge and vertex–face cover it
      const Vec3 cross = p + (hp / (hp - hq)) * (q - p);
      if (in_face(y, fy, n, cross)) consider(best, cross, cross, swapped);
    }
  }
}

}  // namespace

std::vector<std::vector<Triangle>> triangulate_faces(const Polytope& shape) {
  std::vector<std::vector<Triangle>> out;
  out.reserve(shape.faces().size());
  for (const Face& f : shape.faces()) {
    const Vec3& n = f.plane.normal;
    int drop = 0;
    n.cwiseAbs().maxCoeff(&drop);
    const int u = (drop + 1) % 3, v = (drop + 2) % 3;
    const double sign = n[drop] >= 0 ? 1.0 : -1.0;  // keeps the loop counter-clockwise
    std::vector<P2> pts;
    for (int id : f.vertices) {
      const Vec3& p = shape.vertices()[static_cast<std::size_t>(id)];
      pts.push_back({p[u], sign * p[v]});
    }
    out.push_back(ear_clip(f.vertices, pts));
    if (out.back().empty())
      throw GeometryError("hierarchy: face " + std::to_string(out.size() - 1) +
                          " cannot be triangulated (a degenerate or self-touching polygon)");
  }
  return out;
}

FaceDistance face_distance(const WorldFaces& a, int fa, const WorldFaces& b, int fb) {
  FaceDistance best{std::numeric_limits<double>::infinity()};
  const auto& as = a.shape->faces()[static_cast<std::size_t>(fa)].vertices;
  const auto& bs = b.shape->faces()[static_cast<std::size_t>(fb)].vertices;
  for (std::size_t i = 0; i < as.size(); ++i) {
    const Vec3 p0 = at(a, as[i]), p1 = at(a, as[(i + 1) % as.size()]);
    for (std::size_t j = 0; j < bs.size(); ++j) {
      const Vec3 q0 = at(b, bs[j]), q1 = at(b, bs[(j + 1) % bs.size()]);
      const auto [s, t] = segment_parameters(p0, p1, q0, q1);
      consider(best, p0 + s * (p1 - p0), q0 + t * (q1 - q0), false);
    }
  }
  one_side(a, fa, b, fb, false, best);
  one_side(b, fb, a, fa, true, best);
  return best;
}

double winding_number(const WorldFaces& s, const Vec3& p) {
  // Van Oosterom & Strackee's solid angle of each triangle of the faces' triangulations (not a fan:
  // a point in the plane of a non-convex face but outside it must lie outside every triangle, where
  // the formula gives 0 rather than ±2π).
  double total = 0.0;
  for (const auto& face : *s.triangles)
    for (const Triangle& t : face) {
      const Vec3 a = at(s, t[0]) - p, b = at(s, t[1]) - p, c = at(s, t[2]) - p;
      const double la = a.norm(), lb = b.norm(), lc = c.norm();
      const double num = a.dot(b.cross(c));
      const double den = la * lb * lc + a.dot(b) * lc + a.dot(c) * lb + b.dot(c) * la;
      total += 2.0 * std::atan2(num, den);
    }
  return total / (4.0 * M_PI);
}

}  // namespace touchstone::hierarchy
