// Timing of Lin-Canny distance, cold (from the fixed start pair) and warm (from the previous
// frame's closest features), on the scenes of scenes.hpp: hulls of random points on the unit
// sphere, 20 / 100 / 1000 vertices, B circling A through a 64-frame coherent motion, separated.
// Counters: mean iterations per query and the number of failed queries (cycling, iteration cap),
// so a speed-up bought with failures shows. Names: lin-canny/distance[-warm]/vN.
#include "algorithms/proximity/lin_canny/lin_canny.hpp"
#include "harness/bench/scenes.hpp"

namespace touchstone::bench {
namespace {

[[maybe_unused]] const bool registered = [] {
  register_circling_benchmarks(
      lin_canny::info(), {{"distance", kSeparated, false}, {"distance-warm", kSeparated, true}},
      Counters::failures_and_iterations);
  return true;
}();

}  // namespace
}  // namespace touchstone::bench
