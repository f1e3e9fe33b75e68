#include "algorithms/regions/peers/mesh.hpp"

#include <Eigen/Core>
#include <cmath>

namespace touchstone::region_peers {
namespace {

using Vec2 = Eigen::Vector2d;

double cross2(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

// p inside or on triangle (a, b, c), counter-clockwise.
bool in_triangle(const Vec2& p, const Vec2& a, const Vec2& b, const Vec2& c) {
  return cross2(b - a, p - a) >= 0 && cross2(c - b, p - b) >= 0 && cross2(a - c, p - c) >= 0;
}

// Ear clipping of a counter-clockwise simple polygon; indices into `corners`.
void ear_clip(const std::vector<Vec2>& points, const std::vector<int>& corners,
              std::vector<std::array<int, 3>>& out) {
  std::vector<int> left(corners.size());
  for (std::size_t i = 0; i < left.size(); ++i) left[i] = static_cast<int>(i);
  for (std::size_t guard = 0; left.size() >= 3 && guard < corners.size() * corners.size() + 8;
       ++guard) {
    const std::size_t n = left.size();
    bool clipped = false;
    for (std::size_t i = 0; i < n && !clipped; ++i) {
      const int a = left[(i + n - 1) % n], b = left[i], c = left[(i + 1) % n];
      const double turn = cross2(points[b] - points[a], points[c] - points[b]);
      if (turn == 0) {  // collinear corner: drop it, no triangle
        left.erase(left.begin() + static_cast<std::ptrdiff_t>(i));
        clipped = true;
        break;
      }
      if (turn < 0) continue;
      bool ear = true;
      for (int k : left)
        if (k != a && k != b && k != c && in_triangle(points[k], points[a], points[b], points[c]))
          ear = false;
      if (!ear) continue;
      out.push_back({corners[a], corners[b], corners[c]});
      left.erase(left.begin() + static_cast<std::ptrdiff_t>(i));
      clipped = true;
    }
    if (!clipped) break;  // rounding left no ear: the rest as a fan
  }
  for (std::size_t i = 1; left.size() >= 3 && i + 1 < left.size(); ++i)
    out.push_back({corners[left[0]], corners[left[i]], corners[left[i + 1]]});
}

}  // namespace

TriangleMesh triangulate(const Polytope& shape) {
  TriangleMesh mesh;
  mesh.vertices = shape.vertices();
  for (const Face& f : shape.faces()) {
    const Vec3& n = f.plane.normal;
    const Vec3& o = shape.vertices()[f.vertices[0]];
    const Vec3 along = shape.vertices()[f.vertices[1]] - o;
    const Vec3 u = (along - n.dot(along) * n).normalized();
    const Vec3 v = n.cross(u);
    std::vector<Vec2> points;
    for (int k : f.vertices) {
      const Vec3 d = shape.vertices()[k] - o;
      points.emplace_back(d.dot(u), d.dot(v));
    }
    ear_clip(points, f.vertices, mesh.triangles);
  }
  return mesh;
}

ContactRegion point_contact(const Vec3& point, const Vec3& normal_b_into_a,
                            std::optional<double> depth) {
  ContactRegion r;
  r.points = {point};
  const double len = normal_b_into_a.norm();
  if (len > 0 && std::isfinite(len)) r.normals = {normal_b_into_a / len};
  r.depth = depth;
  return r;
}

}  // namespace touchstone::region_peers
