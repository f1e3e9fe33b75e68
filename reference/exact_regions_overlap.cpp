// Coplanar face–face regions of the contact-region reference: the components of the intersection
// of two open simple polygons (exact_regions_geometry.hpp), with CGAL's 2D Boolean set operations
// over Cartesian<Gmpq> (exact constructions, degenerate inputs welcome). The regularized
// intersection is the closure of int P ∩ int Q = int (P ∩ Q); its components have no holes (the
// complement of P ∩ Q is connected for simple P and Q), but CGAL may return two components that
// touch at a vertex as one boundary through that vertex twice, so boundaries are cut there. Only
// this file pays for the package.
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

// CGAL reports components that touch at a vertex as one outer boundary visiting that vertex
// twice: cut the ring into simple loops at repeated vertices. Each loop must be counter-clockwise
// (a clockwise one would enclose a hole).
void split_at_repeats(const std::vector<P2>& ring, std::vector<std::vector<P2>>& out) {
  std::vector<P2> path;
  auto emit = [&](std::vector<P2> loop) {
    Q twice(0);
    for (std::size_t i = 0; i < loop.size(); ++i) {
      const P2& a = loop[i];
      const P2& b = loop[(i + 1) % loop.size()];
      twice += a.u * b.v - b.u * a.v;
    }
    if (twice < 0)
      throw std::runtime_error(
          "exact regions: the overlap of two coplanar faces has a hole (faces must be simple "
          "polygons)");
    out.push_back(std::move(loop));
  };
  for (const P2& p : ring) {
    std::size_t j = 0;
    while (j < path.size() && !same_point(path[j], p)) ++j;
    if (j < path.size()) {  // path[j..] closes a loop at p; p stays on the path
      emit(std::vector<P2>(path.begin() + static_cast<std::ptrdiff_t>(j), path.end()));
      path.resize(j + 1);
    } else {
      path.push_back(p);
    }
  }
  emit(std::move(path));
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
    std::vector<P2> ring;
    for (auto v = piece.outer_boundary().vertices_begin();
         v != piece.outer_boundary().vertices_end(); ++v)
      ring.push_back({v->x(), v->y()});
    split_at_repeats(ring, out);
  }
  return out;
}

}  // namespace touchstone::exact_detail
