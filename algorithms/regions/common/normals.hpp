// Contact regions, shared by the region algorithms (first written for regions-allpairs): contact
// normals (seed 000 §3 "Contact Normals", conditions (6)–(8)); see regions/allpairs/ allpairs.hpp
// for the rules.
#pragma once

#include <span>
#include <vector>

#include "algorithms/regions/common/world.hpp"
#include "algorithms/regions/regions.hpp"

namespace touchstone::region_common {

// Normals from the local geometry of entity x of A and y of B (from B into A), at most 3 − dim.
std::vector<Vec3> local_normals(const WorldShape& a, const Feature& x, const WorldShape& b,
                                const Feature& y, int dimension);

// seed 000: x and y of one solid are adjacent when one lies in the boundary of the other.
bool adjacent(const Polytope& s, const Feature& x, const Feature& y);
// A face, a convex edge, or a vertex without reflex edges.
bool convex_neighbourhood(const Polytope& s, const Feature& x);

// The previous region whose normals `region` keeps: same entity pair (condition (6)), else an
// adjacent pair with convex neighbourhoods (condition (7)); null for a new region (8).
const ContactRegion* coherent_with(const ContactRegion& region, const Polytope& a,
                                   const Polytope& b, std::span<const ContactRegion> previous);

}  // namespace touchstone::region_common
