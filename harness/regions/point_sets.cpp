#include "harness/regions/point_sets.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace touchstone {
namespace {

double segment_distance(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 d = b - a;
  const double len_sq = d.squaredNorm();
  const double t = len_sq > 0 ? std::clamp((p - a).dot(d) / len_sq, 0.0, 1.0) : 0.0;
  return (p - (a + t * d)).norm();
}

double boundary_distance(const Vec3& p, std::span<const Vec3> pi) {
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < pi.size(); ++i)
    best = std::min(best, segment_distance(p, pi[i], pi[(i + 1) % pi.size()]));
  return best;
}

// Whether the projection of p onto the polygon's plane (normal n, dominant axis dropped) lies
// inside the polygon: crossing number, so non-convex polygons work too.
bool projects_inside(const Vec3& p, std::span<const Vec3> pi, const Vec3& n) {
  int drop = 0;
  n.cwiseAbs().maxCoeff(&drop);
  const int u = (drop + 1) % 3, v = (drop + 2) % 3;
  bool inside = false;
  for (std::size_t i = 0, j = pi.size() - 1; i < pi.size(); j = i++) {
    const Vec3 &a = pi[i], &b = pi[j];
    if ((a[v] > p[v]) != (b[v] > p[v]) &&
        p[u] < (b[u] - a[u]) * (p[v] - a[v]) / (b[v] - a[v]) + a[u])
      inside = !inside;
  }
  return inside;
}

}  // namespace

double distance_to_point_set(const Vec3& p, std::span<const Vec3> pi) {
  if (pi.size() == 1) return (p - pi[0]).norm();
  if (pi.size() == 2) return segment_distance(p, pi[0], pi[1]);
  // Newell's normal: robust for non-convex polygons; zero area leaves the boundary only.
  Vec3 n = Vec3::Zero();
  for (std::size_t i = 0; i < pi.size(); ++i) n += pi[i].cross(pi[(i + 1) % pi.size()]);
  const double edge = boundary_distance(p, pi);
  if (n.norm() == 0.0) return edge;
  n.normalize();
  if (!projects_inside(p, pi, n)) return edge;
  return std::min(edge, std::abs((p - pi[0]).dot(n)));
}

double vertex_hausdorff(std::span<const Vec3> p, std::span<const Vec3> q) {
  double h = 0.0;
  for (const Vec3& x : p) h = std::max(h, distance_to_point_set(x, q));
  for (const Vec3& y : q) h = std::max(h, distance_to_point_set(y, p));
  return h;
}

}  // namespace touchstone
