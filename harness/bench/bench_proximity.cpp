// Side by side: every registered proximity algorithm, ours and peers, timed on the same prepared
// pairs, the scenes of scenes.hpp: hulls of random points on the unit sphere, 20 / 100 / 1000
// vertices; each iteration answers one query of the same 64-pose motion of B around A (B's centre
// at distance 2.2 from A's: separated; 1.5: penetrating), cold (no warm start).
//  <algo>/distance/vN     separated poses, algorithms declaring distance
//  <algo>/penetration/vN  penetrating poses, algorithms declaring penetration depth
// `harness/scripts/bench-ratios.py` turns the JSON output into each algorithm's median time and
// its ratio to the fastest per query and size.
#include "harness/bench/scenes.hpp"

namespace touchstone::bench {
namespace {

[[maybe_unused]] const bool registered = [] {
  for (const ProximityAlgorithmInfo& info : ProximityRegistry::builtin().all()) {
    std::vector<CirclingQuery> queries;
    if (info.capabilities.distance) queries.push_back({"distance", kSeparated, false});
    if (info.capabilities.penetration_depth)
      queries.push_back({"penetration", kPenetrating, false});
    register_circling_benchmarks(info, queries, Counters::failures);
  }
  return true;
}();

}  // namespace
}  // namespace touchstone::bench
