// Hull combinatorics for the Gauss-map depth route (DESIGN §4), with CGAL::convex_hull_3 over
// Epick on the *local* doubles. Why local: world = R·v + t is an invertible affine map (a rounded
// rotation matrix has det ≈ 1), and invertible affine maps preserve which points span which hull
// faces, so the local hull (exact predicates on doubles, fast) names exactly the faces and edges of
// the world hull. The caller recomputes every normal from the exact world points and checks that
// none degenerates, which also catches a singular R.
// GCC 12 at -O1 flags a member of CGAL's Is_on_positive_side_of_plane_3 (convex_hull_3.h) as
// maybe-uninitialized; it is assigned on every path that reads it. Silenced for this file only.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/convex_hull_3.h>

#include <algorithm>
#include <map>
#include <utility>

#include "reference/exact_internal.hpp"

namespace touchstone::exact_detail {

namespace {
using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
using Point = Kernel::Point_3;

bool spans_3d(const std::vector<Point>& p) {
  const std::size_t n = p.size();
  std::size_t i1 = 1;
  while (i1 < n && p[i1] == p[0]) ++i1;
  if (i1 >= n) return false;
  std::size_t i2 = i1 + 1;
  while (i2 < n && CGAL::collinear(p[0], p[i1], p[i2])) ++i2;
  if (i2 >= n) return false;
  for (std::size_t i3 = i2 + 1; i3 < n; ++i3)
    if (CGAL::orientation(p[0], p[i1], p[i2], p[i3]) != CGAL::COPLANAR) return true;
  return false;
}
}  // namespace

std::optional<HullTopology> hull_topology(std::span<const Vec3> points) {
  std::vector<Point> pts;
  pts.reserve(points.size());
  std::map<std::array<double, 3>, int> index_of;
  for (std::size_t i = 0; i < points.size(); ++i) {
    pts.emplace_back(points[i].x(), points[i].y(), points[i].z());
    index_of.emplace(std::array<double, 3>{points[i].x(), points[i].y(), points[i].z()},
                     static_cast<int>(i));
  }
  if (pts.size() < 4 || !spans_3d(pts)) return std::nullopt;

  std::vector<Point> hull_points;
  std::vector<std::array<std::size_t, 3>> hull_faces;
  CGAL::convex_hull_3(pts.begin(), pts.end(), hull_points, hull_faces);

  HullTopology topo;
  std::vector<int> input_index(hull_points.size());
  for (std::size_t i = 0; i < hull_points.size(); ++i)
    input_index[i] = index_of.at({hull_points[i].x(), hull_points[i].y(), hull_points[i].z()});
  std::map<std::pair<int, int>, std::array<int, 4>> edges;
  for (const auto& f : hull_faces) {
    const int t = static_cast<int>(topo.triangles.size());
    std::array<int, 3> tri{input_index[f[0]], input_index[f[1]], input_index[f[2]]};
    topo.triangles.push_back(tri);
    for (int k = 0; k < 3; ++k) {
      const int u = tri[k], v = tri[(k + 1) % 3];
      auto [it, inserted] =
          edges.try_emplace({std::min(u, v), std::max(u, v)}, std::array<int, 4>{u, v, t, -1});
      if (!inserted) it->second[3] = t;
    }
  }
  topo.neighbors.assign(points.size(), {});
  for (const auto& [key, e] : edges) {
    if (e[3] < 0) return std::nullopt;  // not a closed surface: should not happen for a 3D hull
    topo.edges.push_back(e);
    topo.neighbors[e[0]].push_back(e[1]);
    topo.neighbors[e[1]].push_back(e[0]);
  }
  return topo;
}

}  // namespace touchstone::exact_detail
