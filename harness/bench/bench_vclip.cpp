// Timing of V-Clip closest features warm-started and penetration detection (no depth: V-Clip
// reports penetrating features) on the scenes of scenes.hpp: hulls of random points on the unit
// sphere, 20 / 100 / 1000 / 10000 vertices, B circling A through a 64-frame coherent motion. Cold
// distance (vclip/distance/vN) is timed beside the peers in bench_proximity.cpp on the same pairs,
// with its iteration count. Names: vclip/distance-warm/vN, vclip/penetration/vN.
#include "algorithms/proximity/vclip/vclip.hpp"
#include "harness/bench/scenes.hpp"

namespace touchstone::bench {
namespace {

[[maybe_unused]] const bool registered = [] {
  register_circling_benchmarks(
      vclip::info(), {{"distance-warm", kSeparated, true}, {"penetration", kPenetrating, false}},
      Counters::failures_and_iterations);
  return true;
}();

}  // namespace
}  // namespace touchstone::bench
