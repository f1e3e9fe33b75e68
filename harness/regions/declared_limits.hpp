// Declared limits of contact-region algorithms. Two kinds, each making a region of the claimed
// subset that the algorithm did not return `missed (declared limit)` (counted, reported as
// unsupported) instead of a `missing region` failure; a region it does return is checked as usual.
//  - Entity kinds (RegionCapabilities::nameable_pairs): the region's kinds are not nameable.
//  - The declared ε of an ε-contact algorithm (its relative `epsilon` parameter, seed 000 §2.2;
//    ε = epsilon × size, the same size as τ): the whole exact Π lies within ε of a lower pair
//    (x', y') of the region's own closed entities (x' = x or on x's boundary, y' likewise, not
//    both equal), so with its declared ε the algorithm sees that contact as one of (x', y') and
//    names (x', y') instead; it must have returned (x', y'), or declare that it cannot name that
//    kind. Example: B's vertex on A's open face 1e-15 from the face's edge is named vertex / edge.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "algorithms/geometry/polytope.hpp"
#include "algorithms/regions/regions.hpp"
#include "harness/regions/verifier.hpp"
#include "reference/exact_regions.hpp"

namespace touchstone {

// True when `region` (not returned: `named` false) lies outside the declared kinds; counts it in
// counts.declared_limit.
bool missed_by_declared_limit(const RegionCapabilities& caps, const ExactRegion& region, bool named,
                              RegionCounts& counts);

// The closed entity x of `shape` under `pose` as a point set: its vertex, its edge's ends or its
// face's corners in order; nothing when x does not exist.
std::vector<Vec3> entity_points(const Polytope& shape, const Pose& pose, const Feature& x);

// What the ε rule needs: both shapes under their poses, the absolute ε (0: none declared) and the
// algorithm's answer.
struct EpsilonLimit {
  const Polytope& a;
  const Polytope& b;
  Pose pose_a, pose_b;
  double epsilon = 0.0;
  std::span<const ContactRegion> returned;
};

// For `region` (not returned), the lower pair that explains its miss under the declared ε, as
// "within ε = … of vertex 0 / edge 18 (returned)" (or "(not nameable)"); nullopt when none does
// (then it is a `missing region`). Distances in doubles on R·v + t, as verifier.cpp's band.
std::optional<std::string> missed_by_declared_epsilon(const RegionCapabilities& caps,
                                                      const ExactRegion& region,
                                                      const EpsilonLimit& limit);

}  // namespace touchstone
