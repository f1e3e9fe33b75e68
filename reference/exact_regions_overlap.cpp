// Coplanar face–face regions of the contact-region reference: the components of the intersection
// of two open simple polygons (exact_regions_geometry.hpp), with CGAL's 2D Boolean set operations
// over Cartesian<Gmpq> (exact constructions, degenerate inputs welcome). The regularized
// intersection's faces are exactly the closures of the components: int P ∩ int Q = int (P ∩ Q),
// and each face CGAL reports is one connected open set. Only this file pays for the package.
#include <CGAL/Boolean_set_operations_2.h>
#include <CGAL/Cartesian.h>
#include <CGAL/Polygon_2.h>
#include <CGAL/Polygon_with_holes_2.h>

#include <iterator>
#include <stdexcept>

#include "reference/exact_regions_geometry.hpp"

namespace touchstone::exact_detail {

namespace {

using Kernel = CGAL::Cartesian<Q>;
using Polygon = CGAL::Polygon_2<Kernel>;
using PolygonWithHoles = CGAL::Polygon_with_holes_2<Kernel>;

Polygon to_cgal(const std::vector<P2>& points) {
  Polygon out;
  for (const P2& p : points) out.push_back(Kernel::Point_2(p.u, p.v));
  return out;
}

}  // namespace

std::vector<std::vector<P2>> open_polygon_overlap(const std::vector<P2>& p,
                                                  const std::vector<P2>& q) {
  std::vector<PolygonWithHoles> pieces;
  CGAL::intersection(to_cgal(p), to_cgal(q), std::back_inserter(pieces));
  std::vector<std::vector<P2>> out;
  for (const PolygonWithHoles& piece : pieces) {
    if (piece.number_of_holes() != 0)
      throw std::runtime_error(
          "exact regions: the overlap of two coplanar faces has a hole (faces must be simple "
          "polygons)");
    std::vector<P2>& ring = out.emplace_back();
    for (auto v = piece.outer_boundary().vertices_begin();
         v != piece.outer_boundary().vertices_end(); ++v)
      ring.push_back({v->x(), v->y()});
  }
  return out;
}

}  // namespace touchstone::exact_detail
