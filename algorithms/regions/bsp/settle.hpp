// regions-bsp: settling the candidate pairs the trees name, on the whole entities in world
// coordinates, with the ε rules of regions-allpairs (allpairs.hpp): a vertex in an open face, an
// edge lying in a face's plane clipped to the open face (or crossing it at a point), coplanar
// faces overlapped (their open polygons).
#pragma once

#include <utility>
#include <vector>

#include "algorithms/regions/bsp/classify.hpp"
#include "algorithms/regions/common/pairs.hpp"
#include "algorithms/regions/common/world.hpp"

namespace touchstone::bsp {

// The settled regions, and penetration (an edge through a face, or same-side coplanar faces
// overlapping), in regions-allpairs' own result type.
using Settlement = region_common::Scan;

// The vertex and edge candidates of the tree of `tree_side` (its faces) against entities of
// `other`; `tree_is_a` orders the pairs (A, B). Face candidates are left to settle_faces.
void settle_entities(const std::vector<Candidate>& on, const std::vector<Candidate>& crossing,
                     const region_common::WorldShape& tree_side,
                     const region_common::WorldShape& other, bool tree_is_a, double eps,
                     Settlement& out);

// Coplanar face pairs (face of A, face of B), each once.
void settle_faces(const std::vector<std::pair<int, int>>& pairs, const region_common::WorldShape& a,
                  const region_common::WorldShape& b, double eps, Settlement& out);

}  // namespace touchstone::bsp
