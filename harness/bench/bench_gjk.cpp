// Timing of GJK distance (warm-started) and EPA penetration depth on the scenes of scenes.hpp:
// hulls of random points on the unit sphere, 20 / 100 / 1000 vertices, B circling A through a
// 64-frame coherent motion. Cold distance (gjk/distance/vN) is timed beside the peers in
// bench_proximity.cpp on the same pairs. Names are path-like (gjk/distance-warm/v100) so
// compare.py can pair them across runs (DESIGN §7).
#include <string>

#include "algorithms/proximity/gjk/gjk.hpp"
#include "harness/bench/scenes.hpp"

namespace touchstone::bench {
namespace {

void run(benchmark::State& state, int n, double centre_distance, bool warm) {
  static const ProximityAlgorithmInfo info = gjk::info();
  time_circling_queries(state, info, n, centre_distance, warm, Counters::failures_and_iterations);
}

[[maybe_unused]] const bool registered = [] {
  for (int n : {20, 100, 1000}) {
    const std::string v = "/v" + std::to_string(n);
    benchmark::RegisterBenchmark(("gjk/distance-warm" + v).c_str(),
                                 [n](benchmark::State& s) { run(s, n, kSeparated, true); });
    benchmark::RegisterBenchmark(("gjk/epa" + v).c_str(),
                                 [n](benchmark::State& s) { run(s, n, kPenetrating, false); });
  }
  return true;
}();

}  // namespace
}  // namespace touchstone::bench
