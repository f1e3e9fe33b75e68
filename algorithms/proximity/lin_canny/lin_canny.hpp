// Lin-Canny closest-feature tracking (Lin & Canny 1991; Lin's thesis 1993, ch. 3; compared with
// V-Clip in seed 003 §2 and §2.4). Walks feature pairs (vertex / edge / face of each polytope):
// computes the closest points of the current pair explicitly, tests each against the other
// feature's Voronoi region with a tolerance, and steps to the neighbouring feature whose Voronoi
// plane is violated. Terminates on a pair meeting Theorem 1 (seed 003 §2.2), on an edge piercing a
// face or a vertex inside the other polytope (penetration), on a revisited pair (`cycling`) or on
// the iteration cap. See lin_canny.cpp.
#pragma once

#include <optional>

#include "algorithms/proximity/registry.hpp"

namespace touchstone::lin_canny {

// Tolerances (relative ones are multiplied by the larger bounding-box diagonal of the pair) and
// the iteration cap. Written into reports through ProximityAlgorithmInfo::parameters.
struct Parameters {
  // Slack of every Voronoi-plane test (relative). On the default suite (seed 1): 0 cycles on
  // exact contacts (rounding noise makes both sides of a Voronoi plane look violated); 1e-15 gave
  // no cycles and the fewest failures; 1e-13 let more non-closest pairs through to the final
  // slab check (which turns them into failures, see lin_canny.cpp).
  double applicability_tolerance = 1e-15;
  double parallel_tolerance = 1e-12;  // |sin| of the angle below which edge/face are parallel
  // Distance below which the pair is in contact, and the slack of the final separating-slab check
  // (relative).
  double contact_tolerance = 1e-13;
  int max_iterations = 5000;
};

ProximityAlgorithmInfo info();  // registered with the default Parameters
std::unique_ptr<ProximityAlgorithm> make(const Parameters& parameters);

// Warm start: the closest feature pair of the previous query (seed 003 §2: coherence).
struct LinCannyWarmStart : WarmStart {
  std::optional<Feature> feature_a, feature_b;
};

}  // namespace touchstone::lin_canny
