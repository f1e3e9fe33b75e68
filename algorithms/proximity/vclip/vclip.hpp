// V-Clip closest-feature tracking between convex polytopes (Mirtich, "V-Clip: fast and robust
// polyhedral collision detection", MERL TR97-05 / ACM TOG 17(3) 1998; summarized in seed 003 §2).
// See vclip.cpp for the states, the transitions and where floating point forces a choice.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/proximity/registry.hpp"

namespace touchstone::vclip {

ProximityAlgorithmInfo info();

struct Options {
  // Maximum state transitions per query; 0 picks 64 + 4·(features of A + features of B).
  int iteration_cap = 0;
};

std::unique_ptr<ProximityAlgorithm> make(const Options& options);

// Warm-start state: the feature pair the previous query ended on. The next query starts there
// (seed 003 §2: coherence makes the search nearly constant time).
struct VClipWarmStart : WarmStart {
  bool valid = false;
  Feature feature_a, feature_b;
};

// Detects a revisited feature pair (a cycle: the search is deterministic in the pair it is at).
// Exposed for tests.
class VisitedPairs {
 public:
  // Returns true when (a, b) was inserted before.
  bool insert(const Feature& a, const Feature& b);
  void clear() { keys_.clear(); }

 private:
  std::vector<std::uint64_t> keys_;  // sorted once it grows past a linear-scan size
  bool sorted_ = false;
};

}  // namespace touchstone::vclip
