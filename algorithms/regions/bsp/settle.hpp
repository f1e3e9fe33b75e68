// regions-bsp: settling the candidate pairs the trees name, on the whole entities in world
// coordinates, with the ε rules of regions-allpairs (allpairs.hpp): a vertex in an open face, an
// edge lying in a face's plane clipped to the open face (or crossing it at a point), coplanar
// faces overlapped (their open polygons).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/regions/allpairs/world.hpp"
#include "algorithms/regions/bsp/classify.hpp"

namespace touchstone::bsp {

struct Settled {
  Feature a, b;
  std::vector<Vec3> points;  // Π
};

struct Settlement {
  std::vector<Settled> regions;
  bool penetrating = false;  // an edge through a face, or same-side coplanar faces overlapping
  std::optional<std::string> failure;
};

// The vertex and edge candidates of the tree of `tree_side` (its faces) against entities of
// `other`; `tree_is_a` orders the pairs (A, B). Face candidates are left to settle_faces.
void settle_entities(const std::vector<Candidate>& on, const std::vector<Candidate>& crossing,
                     const allpairs::WorldShape& tree_side, const allpairs::WorldShape& other,
                     bool tree_is_a, double eps, Settlement& out);

// Coplanar face pairs (face of A, face of B), each once.
void settle_faces(const std::vector<std::pair<int, int>>& pairs, const allpairs::WorldShape& a,
                  const allpairs::WorldShape& b, double eps, Settlement& out);

}  // namespace touchstone::bsp
