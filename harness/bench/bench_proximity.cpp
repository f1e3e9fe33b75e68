// Side by side: every registered proximity algorithm, ours and peers, timed on the same prepared
// pairs, the scenes of scenes.hpp: hulls of random points on the unit sphere, 20 / 100 / 1000
// vertices; each iteration answers one query of the same 64-pose motion of B around A (B's centre
// at distance 2.2 from A's: separated; 1.5: penetrating), cold (no warm start).
//  <algo>/distance/vN     separated poses, algorithms declaring distance
//  <algo>/penetration/vN  penetrating poses, algorithms declaring penetration depth
// `harness/scripts/bench-ratios.py` turns the JSON output into each algorithm's median time and
// its ratio to the fastest per query and size.
#include <string>

#include "harness/bench/scenes.hpp"

namespace touchstone::bench {
namespace {

void run(benchmark::State& state, const ProximityAlgorithmInfo& info, int n,
         double centre_distance) {
  time_circling_queries(state, info, n, centre_distance, false, Counters::failures);
}

[[maybe_unused]] const bool registered = [] {
  for (const ProximityAlgorithmInfo& info : ProximityRegistry::builtin().all())
    for (int n : {20, 100, 1000}) {
      const std::string v = "/v" + std::to_string(n);
      const ProximityAlgorithmInfo* p = &info;
      if (info.capabilities.distance)
        benchmark::RegisterBenchmark((info.name + "/distance" + v).c_str(),
                                     [p, n](benchmark::State& s) { run(s, *p, n, kSeparated); });
      if (info.capabilities.penetration_depth)
        benchmark::RegisterBenchmark((info.name + "/penetration" + v).c_str(),
                                     [p, n](benchmark::State& s) { run(s, *p, n, kPenetrating); });
    }
  return true;
}();

}  // namespace
}  // namespace touchstone::bench
