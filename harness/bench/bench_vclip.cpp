// Timing of V-Clip closest features (cold and warm-started) and penetration detection (no depth:
// V-Clip reports penetrating features) on the scenes of scenes.hpp: hulls of random points on the
// unit sphere, 20 / 100 / 1000 vertices, B circling A through a 64-frame coherent motion. Names
// are path-like (vclip/distance/v100) so compare.py can pair them across runs (DESIGN §7).
#include <string>

#include "algorithms/proximity/vclip/vclip.hpp"
#include "harness/bench/scenes.hpp"

namespace touchstone::bench {
namespace {

void run(benchmark::State& state, int n, double centre_distance, bool warm) {
  static const ProximityAlgorithmInfo info = vclip::info();
  time_circling_queries(state, info, n, centre_distance, warm, Counters::failures_and_iterations);
}

[[maybe_unused]] const bool registered = [] {
  for (int n : {20, 100, 1000}) {
    const std::string v = "/v" + std::to_string(n);
    benchmark::RegisterBenchmark(("vclip/distance" + v).c_str(),
                                 [n](benchmark::State& s) { run(s, n, kSeparated, false); });
    benchmark::RegisterBenchmark(("vclip/distance-warm" + v).c_str(),
                                 [n](benchmark::State& s) { run(s, n, kSeparated, true); });
    benchmark::RegisterBenchmark(("vclip/penetration" + v).c_str(),
                                 [n](benchmark::State& s) { run(s, n, kPenetrating, false); });
  }
  return true;
}();

}  // namespace
}  // namespace touchstone::bench
