// Geometry of the ε band for the region verifier (verifier.hpp, seed 000 §2): which contact the
// ε-closure's touching configuration (exact_regions.hpp, EpsilonClosure) leaves out, and how far a
// point lies from a shape's boundary. Doubles on the world coordinates R·v + t; callers compare
// with τ up to band_margin.
#pragma once

#include <span>

#include "algorithms/geometry/polytope.hpp"
#include "reference/exact_regions.hpp"

namespace touchstone {

struct BandShapes {
  const Polytope& a;
  const Polytope& b;
  Pose pose_a, pose_b;
};

// The rounding allowance for a distance among world points whose coordinates are at most
// `largest` in magnitude, compared with τ: 64 units in the last place of `largest` (the world
// coordinates and the distance each carry a few), at least 1e-6 τ.
double band_margin(double tau, double largest);

// The largest |coordinate| of the world vertices of both shapes.
double largest_coordinate(const BandShapes& s);

// Face pairs (face of A, face of B) whose closed faces lie at most `within` apart although no
// region of `touching` (𝓘 of the touching configuration) has entities on both: contact within the
// band that the configuration leaves out. How many, and the nearest.
struct UntouchedPairs {
  int count = 0;
  int face_a = -1, face_b = -1;
  double distance = 0.0;
};
UntouchedPairs untouched_pairs(const BandShapes& s, std::span<const ExactRegion> touching,
                               double within);

// The largest distance from a point of Π to the closed entity x of A or y of B; −1 when either
// does not exist.
double region_reach(const BandShapes& s, const Feature& x, const Feature& y,
                    std::span<const Vec3> pi);

// The distance from p to the boundary of the shape under its pose (its nearest closed face).
double distance_to_boundary(const Polytope& shape, const Pose& pose, const Vec3& p);

}  // namespace touchstone
