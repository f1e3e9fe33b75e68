#include "harness/regions/point_sets.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "algorithms/geometry/segments.hpp"

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

// The boundary segments of Π: none for a point, one for a segment, the closed loop of a polygon.
std::vector<std::pair<Vec3, Vec3>> boundary_segments(std::span<const Vec3> pi) {
  std::vector<std::pair<Vec3, Vec3>> out;
  if (pi.size() == 2) out.emplace_back(pi[0], pi[1]);
  if (pi.size() >= 3)
    for (std::size_t i = 0; i < pi.size(); ++i) out.emplace_back(pi[i], pi[(i + 1) % pi.size()]);
  return out;
}

// Where a segment crosses the plane of polygon Π (its ends strictly on opposite sides), against Π.
double crossing_distance(const std::pair<Vec3, Vec3>& s, std::span<const Vec3> pi) {
  if (pi.size() < 3) return std::numeric_limits<double>::infinity();
  Vec3 n = Vec3::Zero();
  for (std::size_t i = 0; i < pi.size(); ++i) n += pi[i].cross(pi[(i + 1) % pi.size()]);
  const double h0 = (s.first - pi[0]).dot(n), h1 = (s.second - pi[0]).dot(n);
  if (!(h0 * h1 < 0)) return std::numeric_limits<double>::infinity();
  return distance_to_point_set(s.first + h0 / (h0 - h1) * (s.second - s.first), pi);
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

double point_set_distance(std::span<const Vec3> p, std::span<const Vec3> q) {
  double best = std::numeric_limits<double>::infinity();
  for (const Vec3& x : p) best = std::min(best, distance_to_point_set(x, q));
  for (const Vec3& y : q) best = std::min(best, distance_to_point_set(y, p));
  const auto sp = boundary_segments(p), sq = boundary_segments(q);
  for (const auto& a : sp) {
    best = std::min(best, crossing_distance(a, q));
    for (const auto& b : sq) {
      const auto [s, t] = segment_parameters(a.first, a.second, b.first, b.second);
      best = std::min(
          best,
          ((a.first + s * (a.second - a.first)) - (b.first + t * (b.second - b.first))).norm());
    }
  }
  for (const auto& b : sq) best = std::min(best, crossing_distance(b, p));
  return best;
}

}  // namespace touchstone
