// GJK distance (Gilbert, Johnson, Keerthi 1988; compared with V-Clip in seed 003 §2.4, used by
// Solfec in seed 001) with EPA for penetration depth. See gjk.cpp for the termination rules.
#pragma once

#include <array>

#include "algorithms/proximity/registry.hpp"

namespace touchstone::gjk {

ProximityAlgorithmInfo info();

// Warm-start state: the support vertex pairs (vertex of A, vertex of B) of the last query's final
// simplex. GJK restarts from that simplex re-evaluated at the new poses; hill climbing restarts
// from its vertices.
struct GjkWarmStart : WarmStart {
  int count = 0;  // 0: no state (cold start)
  std::array<int, 4> vertex_a{-1, -1, -1, -1};
  std::array<int, 4> vertex_b{-1, -1, -1, -1};
};

}  // namespace touchstone::gjk
