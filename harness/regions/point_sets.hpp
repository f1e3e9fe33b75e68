// Distances between the point sets of contact regions (seed 000 §3): Π read as a point (1 point),
// a segment (2) or a filled planar polygon (3 or more, boundary order, possibly non-convex), and
// the vertex Hausdorff distance the region verifier compares Π with.
#pragma once

#include <span>

#include "algorithms/geometry/pose.hpp"

namespace touchstone {

// Distance from p to the point set of Π (0 inside a filled polygon). Π must not be empty.
double distance_to_point_set(const Vec3& p, std::span<const Vec3> pi);

// max(max over p in P of d(p, Q), max over q in Q of d(q, P)), each side's vertices against the
// other's filled point set. Both must be non-empty.
double vertex_hausdorff(std::span<const Vec3> p, std::span<const Vec3> q);

// The distance between the filled point sets of P and Q (0 when they meet): the least of each
// side's vertices against the other's set, their boundary segments pairwise, and a boundary
// segment of one crossing the other's polygon (a crossing point against that polygon). Both must
// be non-empty. The region verifier's band for entity pairs outside 𝓘 (verifier.hpp).
double point_set_distance(std::span<const Vec3> p, std::span<const Vec3> q);

}  // namespace touchstone
