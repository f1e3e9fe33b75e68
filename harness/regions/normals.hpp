// Contact normals as the region verifier judges them (seed 000 §3 "Contact Normals"): membership
// in the exact normal cone's convex pieces, the number of distinct pieces a set of normals hits,
// and temporal coherence: which previous regions a region must take its normals from (conditions
// (6) and (7)), with entity adjacency and convex neighbourhoods read from the B-rep.
#pragma once

#include <span>
#include <vector>

#include "algorithms/regions/regions.hpp"
#include "reference/exact_regions.hpp"

namespace touchstone {

// n (unit) lies in the piece: n·g ≥ −tol for g in into_a and n·g ≤ tol for g in into_b.
bool normal_in_piece(const Vec3& n, const NormalConePiece& piece, double tol);
bool normal_in_cone(const Vec3& n, const NormalCone& cone, double tol);

// The most pieces the normals (unit) hit with one normal per piece: a maximum matching between
// normals and the pieces holding them.
int distinct_pieces_hit(std::span<const Vec3> normals, const NormalCone& cone, double tol);

// The two sets of unit normals are equal up to `angle` (radians): same size, each normal of one
// within `angle` of a normal of the other.
bool same_normals(std::span<const Vec3> a, std::span<const Vec3> b, double angle);

// Seed 000 §3: x and y (of one B-rep) are adjacent when they differ in dimension and the lower one
// lies on the boundary of the higher (vertex–edge, vertex–face, edge–face).
bool adjacent(const Polytope& shape, const Feature& x, const Feature& y);
// A face always; an edge that is not reflex; a vertex whose incident edges are all not reflex.
bool convex_neighbourhood(const Polytope& shape, const Feature& f);

// The previous regions whose normals `region` must carry, and by which condition: (6) the same
// entity pair; else (7) an adjacent pair (adj(x, x') and y = y', x = x' and adj(y, y'), or both
// adjacent) whose entities x', y' both have convex neighbourhoods. Empty when neither holds (a new
// region, condition (8)) or the region names no entities.
struct PersistenceSources {
  int condition = 8;  // 6, 7 or 8
  std::vector<const ContactRegion*> regions;
};
PersistenceSources persistence_sources(const ContactRegion& region,
                                       std::span<const ContactRegion> previous, const Polytope& a,
                                       const Polytope& b);

}  // namespace touchstone
