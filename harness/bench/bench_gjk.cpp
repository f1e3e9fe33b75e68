// Timing of GJK distance (warm-started) and EPA penetration depth on the scenes of scenes.hpp:
// hulls of random points on the unit sphere, 20 / 100 / 1000 vertices, B circling A through a
// 64-frame coherent motion. Cold distance (gjk/distance/vN) is timed beside the peers in
// bench_proximity.cpp on the same pairs. Names: gjk/distance-warm/vN, gjk/epa/vN.
#include "algorithms/proximity/gjk/gjk.hpp"
#include "harness/bench/scenes.hpp"

namespace touchstone::bench {
namespace {

[[maybe_unused]] const bool registered = [] {
  register_circling_benchmarks(gjk::info(),
                               {{"distance-warm", kSeparated, true}, {"epa", kPenetrating, false}},
                               Counters::failures_and_iterations);
  return true;
}();

}  // namespace
}  // namespace touchstone::bench
