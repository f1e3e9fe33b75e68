// The proximity reference of a pair with a non-convex shape, from the exact contact-region
// reference (exact_regions.hpp, which takes non-convex B-reps): the exact relation and, when
// separated, the exact squared distance; witness points from the closest entity pair when the
// exact distance of their hulls equals it; no penetration depth (`method` says so).
#pragma once

#include "algorithms/geometry/polytope.hpp"
#include "reference/exact_proximity.hpp"

namespace touchstone {

// Throws as exact_regions does (non-finite input, a face not exactly planar).
ExactProximity exact_nonconvex_proximity(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                         const Pose& pose_b);

}  // namespace touchstone
