// regions-bsp: pieces and their geometry (see pieces.hpp).
#include "algorithms/regions/bsp/pieces.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "algorithms/geometry/segments.hpp"
#include "algorithms/regions/peers/mesh.hpp"

namespace touchstone::bsp {
namespace {

bool on_face(const Face& f, int v) {
  return std::find(f.vertices.begin(), f.vertices.end(), v) != f.vertices.end();
}

Vec3 newell_normal(const std::vector<Vec3>& polygon) {
  Vec3 n = Vec3::Zero();
  for (std::size_t i = 0; i < polygon.size(); ++i)
    n += polygon[i].cross(polygon[(i + 1) % polygon.size()]);
  return n;
}

double segment_distance(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 d = b - a;
  const double len2 = d.squaredNorm();
  const double t = len2 > 0 ? std::clamp((p - a).dot(d) / len2, 0.0, 1.0) : 0.0;
  return (p - (a + t * d)).norm();
}

}  // namespace

std::vector<FaceTriangle> face_triangles(const Polytope& shape) {
  // triangulate() emits each face's triangles in face order; walk the faces alongside.
  const region_peers::TriangleMesh mesh = region_peers::triangulate(shape);
  std::vector<FaceTriangle> out;
  std::size_t face = 0;
  for (const auto& t : mesh.triangles) {
    const auto fits = [&](std::size_t f) {
      const Face& g = shape.faces()[f];
      return on_face(g, t[0]) && on_face(g, t[1]) && on_face(g, t[2]);
    };
    while (face < shape.faces().size() && !fits(face)) ++face;
    if (face == shape.faces().size())
      throw GeometryError("regions-bsp: a triangle of the ear-clipped faces matches no face");
    out.push_back({static_cast<int>(face), t});
  }
  return out;
}

std::pair<std::vector<Vec3>, std::vector<Vec3>> split_polygon(const std::vector<Vec3>& piece,
                                                              const Plane& plane, double tol) {
  std::vector<Vec3> ahead, behind;
  const std::size_t n = piece.size();
  std::vector<double> h(n);
  std::vector<int> side(n);
  for (std::size_t i = 0; i < n; ++i) {
    h[i] = plane.signed_distance(piece[i]);
    side[i] = h[i] > tol ? 1 : h[i] < -tol ? -1 : 0;
  }
  const std::size_t edges = n == 2 ? 1 : n;  // a segment has one edge, not a closed loop
  for (std::size_t i = 0; i < n; ++i) {
    if (side[i] >= 0) ahead.push_back(piece[i]);
    if (side[i] <= 0) behind.push_back(piece[i]);
    if (i >= edges) continue;
    const std::size_t j = (i + 1) % n;
    if (side[i] * side[j] < 0) {
      const Vec3 x = piece[i] + h[i] / (h[i] - h[j]) * (piece[j] - piece[i]);
      ahead.push_back(x);
      behind.push_back(x);
    }
  }
  if (n == 2) {  // keep a segment's parts in the order tail → head
    const auto order = [&](std::vector<Vec3>& s) {
      if (s.size() == 2 && (s[1] - piece[0]).norm() < (s[0] - piece[0]).norm())
        std::swap(s[0], s[1]);
    };
    order(ahead), order(behind);
  }
  return {ahead, behind};
}

double polygon_distance(const Vec3& p, const std::vector<Vec3>& polygon) {
  const std::size_t n = polygon.size();
  if (n == 1) return (p - polygon[0]).norm();
  if (n == 2) return segment_distance(p, polygon[0], polygon[1]);
  const Vec3 normal = newell_normal(polygon);
  const double len = normal.norm();
  bool inside = len > 0;
  double nearest = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec3& a = polygon[i];
    const Vec3& b = polygon[(i + 1) % n];
    if ((b - a).cross(p - a).dot(normal) < 0) inside = false;
    nearest = std::min(nearest, segment_distance(p, a, b));
  }
  if (inside) return std::abs((p - polygon[0]).dot(normal)) / len;
  return nearest;
}

double segment_polygon_distance(const Vec3& p0, const Vec3& p1, const std::vector<Vec3>& polygon) {
  double nearest = std::min(polygon_distance(p0, polygon), polygon_distance(p1, polygon));
  const std::size_t n = polygon.size();
  for (std::size_t i = 0; i < n && n >= 2; ++i) {
    const Vec3& a = polygon[i];
    const Vec3& b = polygon[(i + 1) % n];
    const auto [s, t] = segment_parameters(p0, p1, a, b);
    nearest = std::min(nearest, ((p0 + s * (p1 - p0)) - (a + t * (b - a))).norm());
  }
  if (n >= 3) {  // the segment through the polygon's interior
    const Vec3 normal = newell_normal(polygon);
    const double h0 = (p0 - polygon[0]).dot(normal), h1 = (p1 - polygon[0]).dot(normal);
    if (h0 * h1 < 0) {
      const Vec3 x = p0 + h0 / (h0 - h1) * (p1 - p0);
      nearest = std::min(nearest, polygon_distance(x, polygon));
    }
  }
  return nearest;
}

}  // namespace touchstone::bsp
