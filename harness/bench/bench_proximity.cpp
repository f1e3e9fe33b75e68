// Side by side: every registered proximity algorithm, ours and peers, timed on the same prepared
// pairs. Shapes are hulls of random points on the unit sphere (fixed seeds), 20 / 100 / 1000
// vertices; each iteration answers one query of the same 64-pose motion of B around A (B's centre
// at distance 2.2 from A's: separated; 1.5: penetrating), cold (no warm start).
//  <algo>/distance/vN     separated poses, algorithms declaring distance
//  <algo>/penetration/vN  penetrating poses, algorithms declaring penetration depth
// Shapes are prepared outside the timed loop. `harness/scripts/bench-ratios.py` turns the JSON
// output into each algorithm's median time and its ratio to the fastest per query and size.
#include <benchmark/benchmark.h>

#include <cmath>
#include <map>
#include <memory>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "algorithms/proximity/registry.hpp"

namespace touchstone {
namespace {

Polytope random_sphere(int n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> g;
  std::vector<Vec3> p;
  for (int i = 0; i < n; ++i) p.push_back(Vec3(g(rng), g(rng), g(rng)).normalized());
  return Polytope::from_points(p);
}

// The pair of each size, built once and shared by every algorithm.
const std::pair<Polytope, Polytope>& shapes(int n) {
  static std::map<int, std::pair<Polytope, Polytope>> cache;
  auto it = cache.find(n);
  if (it == cache.end())
    it = cache.emplace(n, std::make_pair(random_sphere(n, 12345u), random_sphere(n, 67890u))).first;
  return it->second;
}

std::vector<Pose> motion(double centre_distance) {
  constexpr int kFrames = 64;
  std::vector<Pose> poses;
  for (int k = 0; k < kFrames; ++k) {
    const double t = 2.0 * std::numbers::pi * k / kFrames;
    const Vec3 dir(std::cos(t), std::sin(t), 0.3 * std::sin(2 * t));
    poses.push_back(
        Pose::from_quaternion({std::cos(t / 2), 0.0, std::sin(t / 2) * 0.6, std::sin(t / 2) * 0.8},
                              centre_distance * dir.normalized()));
  }
  return poses;
}

void run(benchmark::State& state, const ProximityAlgorithmInfo& info, int n,
         double centre_distance) {
  const auto& [a, b] = shapes(n);
  const auto algo = info.make();
  const auto pa = algo->prepare(a);
  const auto pb = algo->prepare(b);
  const std::vector<Pose> poses = motion(centre_distance);
  std::size_t k = 0;
  long failures = 0;
  for (auto _ : state) {
    ProximityResult r = algo->query(*pa, Pose::identity(), *pb, poses[k], nullptr);
    benchmark::DoNotOptimize(r);
    failures += r.status != QueryStatus::ok;
    k = (k + 1) % poses.size();
  }
  state.counters["failures"] = static_cast<double>(failures);
}

[[maybe_unused]] const bool registered = [] {
  for (const ProximityAlgorithmInfo& info : ProximityRegistry::builtin().all())
    for (int n : {20, 100, 1000}) {
      const std::string v = "/v" + std::to_string(n);
      const ProximityAlgorithmInfo* p = &info;
      if (info.capabilities.distance)
        benchmark::RegisterBenchmark((info.name + "/distance" + v).c_str(),
                                     [p, n](benchmark::State& s) { run(s, *p, n, 2.2); });
      if (info.capabilities.penetration_depth)
        benchmark::RegisterBenchmark((info.name + "/penetration" + v).c_str(),
                                     [p, n](benchmark::State& s) { run(s, *p, n, 1.5); });
    }
  return true;
}();

}  // namespace
}  // namespace touchstone
