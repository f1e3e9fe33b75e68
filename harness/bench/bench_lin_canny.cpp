// Timing of Lin-Canny distance, cold (from the fixed start pair) and warm (from the previous
// frame's closest features), on the scenes of scenes.hpp: hulls of random points on the unit
// sphere, 20 / 100 / 1000 vertices, B circling A through a 64-frame coherent motion, separated.
// Counters: mean iterations per query and the number of failed queries (cycling, iteration cap),
// so a speed-up bought with failures shows.
#include <string>

#include "algorithms/proximity/lin_canny/lin_canny.hpp"
#include "harness/bench/scenes.hpp"

namespace touchstone::bench {
namespace {

void run(benchmark::State& state, int n, bool warm) {
  static const ProximityAlgorithmInfo info = lin_canny::info();
  time_circling_queries(state, info, n, kSeparated, warm, Counters::failures_and_iterations);
}

[[maybe_unused]] const bool registered = [] {
  for (int n : {20, 100, 1000}) {
    const std::string v = "/v" + std::to_string(n);
    benchmark::RegisterBenchmark(("lin-canny/distance" + v).c_str(),
                                 [n](benchmark::State& s) { run(s, n, false); });
    benchmark::RegisterBenchmark(("lin-canny/distance-warm" + v).c_str(),
                                 [n](benchmark::State& s) { run(s, n, true); });
  }
  return true;
}();

}  // namespace
}  // namespace touchstone::bench
