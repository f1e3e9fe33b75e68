// Contact regions, shared by the region algorithms (first written for regions-allpairs): clipping
// in a face's plane with tolerance ε, for simple polygons that need not be convex.
//
// Both routines overlay the boundaries involved: every vertex and every crossing becomes a node
// (nodes closer than ε are merged), every boundary segment is split at the nodes lying within ε
// of it, and each piece is kept or dropped by where its midpoint lies. The open intersection of
// two simply connected open sets has simply connected components, so the kept pieces close into
// counter-clockwise outer boundaries only, one per component.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "algorithms/regions/common/world.hpp"

namespace touchstone::region_common {

struct Overlap {
  std::vector<std::vector<Vec2>> polygons;  // counter-clockwise, no three adjacent collinear
  std::optional<std::string> failure;       // kept pieces that did not close into loops
};

// Components of open(p) ∩ open(q) thicker than ε; p and q counter-clockwise.
Overlap polygon_overlap(std::span<const Vec2> p, std::span<const Vec2> q, double eps);

// Components of the open segment (a, b) inside the open polygon q and farther than ε from its
// boundary, as (start, end) pairs along a → b, each longer than ε.
std::vector<std::pair<Vec2, Vec2>> segment_in_polygon(const Vec2& a, const Vec2& b,
                                                      std::span<const Vec2> q, double eps);

}  // namespace touchstone::region_common
