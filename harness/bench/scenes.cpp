#include "harness/bench/scenes.hpp"

#include <cmath>
#include <map>
#include <memory>
#include <numbers>
#include <random>

namespace touchstone::bench {
namespace {

Polytope random_sphere(int n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> g;
  std::vector<Vec3> p;
  for (int i = 0; i < n; ++i) p.push_back(Vec3(g(rng), g(rng), g(rng)).normalized());
  return Polytope::from_points(p);
}

}  // namespace

const std::pair<Polytope, Polytope>& sphere_pair(int n) {
  static std::map<int, std::pair<Polytope, Polytope>> cache;
  auto it = cache.find(n);
  if (it == cache.end())
    it = cache.emplace(n, std::make_pair(random_sphere(n, 12345u), random_sphere(n, 67890u))).first;
  return it->second;
}

std::vector<Pose> circling_motion(double centre_distance) {
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

void time_circling_queries(benchmark::State& state, const ProximityAlgorithmInfo& info, int n,
                           double centre_distance, bool warm, Counters counters) {
  const auto& [a, b] = sphere_pair(n);
  const auto algo = info.make();
  const auto pa = algo->prepare(a);
  const auto pb = algo->prepare(b);
  const std::vector<Pose> poses = circling_motion(centre_distance);
  std::unique_ptr<WarmStart> ws;
  std::size_t k = 0;
  long iterations = 0, failures = 0, queries = 0;
  for (auto _ : state) {
    ProximityResult r = algo->query(*pa, Pose::identity(), *pb, poses[k], warm ? &ws : nullptr);
    benchmark::DoNotOptimize(r);
    iterations += r.iterations;
    failures += r.status != QueryStatus::ok;
    ++queries;
    k = (k + 1) % poses.size();
  }
  // Algorithms that count iterations show them wherever they are timed (bench_proximity.cpp too).
  if (counters == Counters::failures_and_iterations || iterations > 0)
    state.counters["mean_iterations"] = queries ? static_cast<double>(iterations) / queries : 0.0;
  state.counters["failures"] = static_cast<double>(failures);
}

void register_circling_benchmarks(const ProximityAlgorithmInfo& info,
                                  const std::vector<CirclingQuery>& queries, Counters counters) {
  const auto shared = std::make_shared<const ProximityAlgorithmInfo>(info);
  for (int n : {20, 100, 1000, 10000})
    for (const CirclingQuery& q : queries)
      benchmark::RegisterBenchmark((info.name + "/" + q.name + "/v" + std::to_string(n)).c_str(),
                                   [shared, n, q, counters](benchmark::State& state) {
                                     time_circling_queries(state, *shared, n, q.centre_distance,
                                                           q.warm, counters);
                                   });
}

}  // namespace touchstone::bench
