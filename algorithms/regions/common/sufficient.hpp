// The sufficient subset 𝓡 ⊆ 𝓘 (seed 000 §3, eq. (3)–(4) with Definition 1), in floating point,
// for the region algorithms that return 𝓡 (regions-brepindex; the BSP may reuse it).
//
// As in the exact reference (reference/exact_regions_sufficient.cpp), one point p of each region
// speaks for it (eq. (2)): its point (0D) or midpoint (1D). Near p each solid is p + its tangent
// cone at its entity (a face: the halfspace behind it; an edge: the wedge of its two faces, the
// intersection of their halfspaces for a convex edge, the union for a reflex one — exactly
// Definition 1's H; a vertex: the cone of its faces' sectors). All 2D regions are kept; a 1D and
// then a 0D region is kept when, for A or for B, some open set of directions lies in the solid's
// open cone at its entity and outside every H_i(r_j) of the adjacent higher-dimensional regions
// r_j ∈ 𝓡 (pairs of the entities' cofaces whose closed point set holds p, within eps). That open
// set is found by trying one direction in each cell of the arrangement of all the planes involved
// (each line where two planes meet, nudged into every sector around it, and ± each normal).
// Directions are unit vectors; a direction within 1e-12 of one of the planes is never tried.
#pragma once

#include <span>
#include <vector>

#include "algorithms/regions/common/pairs.hpp"

namespace touchstone::region_common {

// One flag per region: in 𝓡. eps: the absolute tolerance for "p lies in the closure of r_j".
std::vector<bool> sufficient_flags(const WorldShape& a, const WorldShape& b,
                                   std::span<const FoundRegion> regions, double eps);

// The tangent cone of a solid at one of its open entities, and whether the open cone holds the
// direction d (d not on the cone's planes).
struct TangentCone {
  enum class Kind { halfspace, convex_wedge, reflex_wedge, vertex };
  struct Sector {
    Vec3 normal, a, b;  // the face's outward normal; unit rays to the next and previous vertex
    int corner = 1;     // sign of normal · (a × b): 1 below 180°, -1 above, 0 straight
  };
  Kind kind = Kind::halfspace;
  std::vector<Vec3> planes;  // outward normals of the faces at the entity
  std::vector<Sector> sectors;
  bool convex = true;
};
TangentCone tangent_cone(const WorldShape& s, const Feature& x);
bool in_open_cone(const TangentCone& cone, const Vec3& d);

}  // namespace touchstone::region_common
