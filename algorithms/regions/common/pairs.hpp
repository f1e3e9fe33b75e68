// Contact regions, shared by the region algorithms (first written for regions-allpairs): the
// entity-pair tests of A × B (see regions/allpairs/allpairs.hpp for the ε rules).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/proximity/proximity.hpp"
#include "algorithms/regions/common/world.hpp"

namespace touchstone::region_common {

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

// One entity pair (x of A, y of B), as scan_pairs tests it: the components of x ∩ y (Π in world
// coordinates) and whether the pair shows penetration (an edge through a face, or coplanar faces
// with the same outward normal overlapping). For algorithms that find candidate pairs otherwise.
struct PairTest {
  std::vector<std::vector<Vec3>> regions;
  bool penetrating = false;
  std::optional<std::string> failure;
};
PairTest test_pair(const WorldShape& a, const Feature& x, const WorldShape& b, const Feature& y,
                   double eps);

// Whether a vertex of `inner` lies more than ε inside `outer` (penetration or nesting).
bool vertex_deep_inside(const WorldShape& inner, const WorldShape& outer, double eps);

}  // namespace touchstone::region_common
