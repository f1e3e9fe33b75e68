// Brute-force exact penetration depth (DESIGN §4): the hull of all |A|·|B| exact differences
// a − b (CGAL::convex_hull_3 over Cartesian<Gmpzf>, whose predicates are ring operations and so
// exact); depth² = min over hull facets of (n·p)² / |n|². O(|A|·|B|) points: used for shapes the
// Gauss-map route cannot take (flat under their pose) and, in the tests, as the oracle for it.
// GCC 12 at -O1 flags a member of CGAL's Is_on_positive_side_of_plane_3 (convex_hull_3.h) as
// maybe-uninitialized; it is assigned on every path that reads it. Silenced for this file only.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <CGAL/Cartesian.h>
#include <CGAL/convex_hull_3.h>

#include "reference/exact_internal.hpp"

namespace touchstone::exact_detail {

std::optional<DepthResult> depth_minkowski_hull(const std::vector<XPoint>& a,
                                                const std::vector<XPoint>& b) {
  using Kernel = CGAL::Cartesian<NT>;
  using Point = Kernel::Point_3;
  std::vector<Point> diff;
  diff.reserve(a.size() * b.size());
  for (const XPoint& p : a)
    for (const XPoint& q : b) diff.emplace_back(p.x - q.x, p.y - q.y, p.z - q.z);
  if (diff.size() < 4) return std::nullopt;
  // convex_hull_3 needs a 3D set; check it here so a flat set is a clean "no answer".
  {
    const std::size_t n = diff.size();
    std::size_t i1 = 1;
    while (i1 < n && diff[i1] == diff[0]) ++i1;
    if (i1 >= n) return std::nullopt;
    std::size_t i2 = i1 + 1;
    while (i2 < n && CGAL::collinear(diff[0], diff[i1], diff[i2])) ++i2;
    if (i2 >= n) return std::nullopt;
    std::size_t i3 = i2 + 1;
    while (i3 < diff.size() && CGAL::coplanar(diff[0], diff[i1], diff[i2], diff[i3])) ++i3;
    if (i3 >= diff.size()) return std::nullopt;
  }
  std::vector<Point> hull_points;
  std::vector<std::array<std::size_t, 3>> faces;
  CGAL::convex_hull_3(diff.begin(), diff.end(), hull_points, faces);

  std::optional<DepthResult> best;
  for (const auto& f : faces) {
    const Point &p0 = hull_points[f[0]], &p1 = hull_points[f[1]], &p2 = hull_points[f[2]];
    const XPoint x0{p0.x(), p0.y(), p0.z()}, x1{p1.x(), p1.y(), p1.z()}, x2{p2.x(), p2.y(), p2.z()};
    const XPoint n = cross(x1 - x0, x2 - x0);  // outward: the faces are counter-clockwise outside
    const NT h = dot(n, x0);                   // support value in direction n
    if (h.sign() == CGAL::NEGATIVE) return std::nullopt;  // origin outside: separated
    const NT num = h * h, den = dot(n, n);
    if (!best || num * best->den < best->num * den) best = DepthResult{num, den, n};
  }
  return best;
}

}  // namespace touchstone::exact_detail
