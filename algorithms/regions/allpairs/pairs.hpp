// regions-allpairs: the entity-pair tests of A × B (see allpairs.hpp for the ε rules).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/proximity/proximity.hpp"
#include "algorithms/regions/allpairs/world.hpp"

namespace touchstone::allpairs {

struct FoundRegion {
  Feature a, b;
  std::vector<Vec3> points;  // Π
};

struct Scan {
  std::vector<FoundRegion> regions;
  bool penetrating = false;
  std::size_t tested = 0;              // pairs whose ε-grown boxes overlapped
  std::optional<std::string> failure;  // a face–face overlap that could not be closed
};

// Every entity pair of A × B, and whether an edge passes through a face or coplanar faces with
// the same outward normal overlap (penetration).
Scan scan_pairs(const WorldShape& a, const WorldShape& b, double eps);

// Whether a vertex of `inner` lies more than ε inside `outer` (penetration or nesting).
bool vertex_deep_inside(const WorldShape& inner, const WorldShape& outer, double eps);

}  // namespace touchstone::allpairs
