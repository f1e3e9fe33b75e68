// The one scene of the proximity benchmarks (bench_gjk, bench_vclip, bench_lin_canny,
// bench_proximity): hulls of random points on the unit sphere (fixed seeds, 12345 for A and 67890
// for B), 20 / 100 / 1000 / 10,000 vertices, and a 64-frame coherent motion of B circling A while
// turning (A stays at the identity). B's centre is `centre_distance` from A's: above 2 the pair is
// separated, below 2 penetrating. Shapes are prepared outside the timed loop; each iteration
// answers one query of the motion, so warm-start runs see the frame-to-frame coherence the state
// is meant for.
#pragma once

#include <benchmark/benchmark.h>

#include <string>
#include <utility>
#include <vector>

#include "algorithms/proximity/registry.hpp"

namespace touchstone::bench {

inline constexpr double kSeparated = 2.2;    // B's centre distance for distance queries
inline constexpr double kPenetrating = 1.5;  // and for penetration queries

// The pair of hulls with `n` vertices each, built once per size and shared by every benchmark.
const std::pair<Polytope, Polytope>& sphere_pair(int n);

// B's 64 poses around A.
std::vector<Pose> circling_motion(double centre_distance);

// What a benchmark reports besides its time: always `failures` (queries not answered ok), and
// `mean_iterations` per query when asked or when the algorithm counted any.
enum class Counters { failures, failures_and_iterations };

// Times `info`'s queries on the pair of size `n` over the motion at `centre_distance`, cold or
// warm-started from the previous frame.
void time_circling_queries(benchmark::State& state, const ProximityAlgorithmInfo& info, int n,
                           double centre_distance, bool warm, Counters counters);

// A query to time: its part of the benchmark name, where B circles, cold or warm.
struct CirclingQuery {
  std::string name;  // e.g. "distance-warm"
  double centre_distance;
  bool warm;
};

// Registers <algorithm>/<query>/vN for N = 20, 100, 1000, 10000 (for each N, the queries in
// turn): path-like names so compare.py and bench-ratios.py pair them across runs (DESIGN §7).
void register_circling_benchmarks(const ProximityAlgorithmInfo& info,
                                  const std::vector<CirclingQuery>& queries, Counters counters);

}  // namespace touchstone::bench
