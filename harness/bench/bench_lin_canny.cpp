// Timing of Lin-Canny distance warm-started (from the previous frame's closest features) on the
// scenes of scenes.hpp: hulls of random points on the unit sphere, 20 / 100 / 1000 / 10000
// vertices, B circling A through a 64-frame coherent motion, separated. Counters: mean iterations
// per query and the number of failed queries (cycling, iteration cap), so a speed-up bought with
// failures shows. Cold distance (from the fixed start pair, lin-canny/distance/vN) is timed beside
// the peers in bench_proximity.cpp on the same pairs, with the same counters. Names:
// lin-canny/distance-warm/vN.
#include "algorithms/proximity/lin_canny/lin_canny.hpp"
#include "harness/bench/scenes.hpp"

namespace touchstone::bench {
namespace {

[[maybe_unused]] const bool registered = [] {
  register_circling_benchmarks(lin_canny::info(), {{"distance-warm", kSeparated, true}},
                               Counters::failures_and_iterations);
  return true;
}();

}  // namespace
}  // namespace touchstone::bench
