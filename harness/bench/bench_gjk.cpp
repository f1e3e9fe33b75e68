// Timing of GJK distance (cold and warm-started) and EPA penetration depth on hulls of random
// points on the unit sphere (fixed seed), 20 / 100 / 1000 vertices. Shapes are prepared outside
// the timed loop; each iteration answers one query of a 64-frame coherent motion (B circling A
// while turning), so warm-start runs see the frame-to-frame coherence the state is meant for.
// Cold distance (gjk/distance/vN) is timed beside the peers in bench_proximity.cpp on the same
// pairs. Names are path-like (gjk/distance-warm/v100) so compare.py can pair them across runs
// (DESIGN §7).
#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "algorithms/proximity/gjk/gjk.hpp"

namespace touchstone {
namespace {

Polytope random_sphere(int n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> g;
  std::vector<Vec3> p;
  for (int i = 0; i < n; ++i) p.push_back(Vec3(g(rng), g(rng), g(rng)).normalized());
  return Polytope::from_points(p);
}

struct Scene {
  Polytope a, b;
  std::unique_ptr<ProximityAlgorithm> algo = gjk::info().make();
  std::unique_ptr<PreparedShape> pa, pb;
  std::vector<Pose> poses;  // poses of B; A stays at the identity

  // centre_distance > 2: separated; < 2: penetrating.
  Scene(int n, double centre_distance) : a(random_sphere(n, 12345u)), b(random_sphere(n, 67890u)) {
    pa = algo->prepare(a);
    pb = algo->prepare(b);
    constexpr int kFrames = 64;
    for (int k = 0; k < kFrames; ++k) {
      const double t = 2.0 * std::numbers::pi * k / kFrames;
      const Vec3 dir(std::cos(t), std::sin(t), 0.3 * std::sin(2 * t));
      poses.push_back(Pose::from_quaternion(
          {std::cos(t / 2), 0.0, std::sin(t / 2) * 0.6, std::sin(t / 2) * 0.8},
          centre_distance * dir.normalized()));
    }
  }
};

void run(benchmark::State& state, int n, double centre_distance, bool warm) {
  Scene scene(n, centre_distance);
  std::unique_ptr<WarmStart> ws;
  size_t k = 0;
  long iterations = 0, failures = 0, queries = 0;
  for (auto _ : state) {
    const Pose& pose = scene.poses[k];
    k = (k + 1) % scene.poses.size();
    ProximityResult r =
        scene.algo->query(*scene.pa, Pose::identity(), *scene.pb, pose, warm ? &ws : nullptr);
    benchmark::DoNotOptimize(r);
    iterations += r.iterations;
    failures += r.status != QueryStatus::ok;
    ++queries;
  }
  state.counters["mean_iterations"] = queries ? static_cast<double>(iterations) / queries : 0.0;
  state.counters["failures"] = static_cast<double>(failures);
}

[[maybe_unused]] const bool registered = [] {
  for (int n : {20, 100, 1000}) {
    const std::string v = "/v" + std::to_string(n);
    benchmark::RegisterBenchmark(("gjk/distance-warm" + v).c_str(),
                                 [n](benchmark::State& s) { run(s, n, 2.2, true); });
    benchmark::RegisterBenchmark(("gjk/epa" + v).c_str(),
                                 [n](benchmark::State& s) { run(s, n, 1.5, false); });
  }
  return true;
}();

}  // namespace
}  // namespace touchstone
