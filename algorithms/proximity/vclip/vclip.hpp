// V-Clip closest-feature tracking between convex polytopes (Mirtich, "V-Clip: fast and robust
// polyhedral collision detection", MERL TR97-05 / ACM TOG 17(3) 1998; summarized in seed 003 §2).
// See vclip.cpp for the states, the transitions and where floating point forces a choice.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "algorithms/proximity/registry.hpp"

namespace touchstone::vclip {

ProximityAlgorithmInfo info();

struct Options {
  // Maximum state transitions per query; 0 picks 64 + 4·(features of A + features of B).
  int iteration_cap = 0;
  // Called with each feature pair the search visits (for tests and debugging).
  std::function<void(const Feature& a, const Feature& b)> trace;
  // A revisited feature pair means the search loops. In the default suite this happens only
  // where the true distance is below the rounding of the clip points (vclip.cpp, "Cycles").
  // false (default): end the query with status ok, penetrating if a vertex of the cycle's
  // features is inside the other polytope, else on the cycle's nearest pair, and say so in
  // ProximityResult::reason ("cycle resolved: ..."). true: report failed, "cycling: ...".
  bool fail_on_cycle = false;
};

std::unique_ptr<ProximityAlgorithm> make(const Options& options);

// Warm-start state: the feature pair the previous query ended on. The next query starts there
// (seed 003 §2: coherence makes the search nearly constant time).
struct VClipWarmStart : WarmStart {
  bool valid = false;
  Feature feature_a, feature_b;
};

// Detects a revisited feature pair (a cycle: the search is deterministic in the pair it is at)
// and remembers the order of visits. Exposed for tests.
class VisitedPairs {
 public:
  // -1 when (a, b) is new (it is recorded), else the visit index at which it was first seen.
  int insert(const Feature& a, const Feature& b);
  const std::vector<std::array<Feature, 2>>& history() const { return history_; }

 private:
  std::vector<std::array<Feature, 2>> history_;
  std::vector<std::pair<std::uint64_t, int>> sorted_;  // (key, visit index), once history grows
};

}  // namespace touchstone::vclip
