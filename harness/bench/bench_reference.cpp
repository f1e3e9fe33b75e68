// Cost of the exact proximity reference (reference/exact_proximity.hpp, DESIGN §4) on random
// convex point clouds (points on a sphere, fixed seed), to size reference caches and limits.
//  reference/distance/vN  separated pairs: Polytope_distance_d (the relation follows from it)
//  reference/relation/vN  penetrating pairs, no depth: Polytope_distance_d + separating-plane LP
//  reference/depth/vN     penetrating pairs with depth: the above + Gauss-map depth
// N = vertices per shape.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "reference/exact_proximity.hpp"

namespace touchstone {
namespace {

std::vector<Vec3> sphere_cloud(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::vector<Vec3> pts;
  pts.reserve(n);
  for (int i = 0; i < n; ++i)
    pts.push_back(Vec3(normal(rng), normal(rng), normal(rng)).normalized());
  return pts;
}

void run(benchmark::State& state, int n, double offset, bool depth) {
  const auto a = sphere_cloud(n, 1234u + static_cast<unsigned>(n));
  const auto b = sphere_cloud(n, 5678u + static_cast<unsigned>(n));
  const Pose pa = Pose::from_quaternion({0.9, 0.1, -0.3, 0.2}, Vec3(0.1, -0.2, 0.05));
  const Pose pb = Pose::from_quaternion({0.4, -0.7, 0.2, 0.5}, Vec3(offset, 0.3, -0.1));
  const ExactProximityOptions options{depth};
  for (auto _ : state) {
    ExactProximity r = exact_proximity(a, pa, b, pb, options);
    benchmark::DoNotOptimize(r);
  }
  const ExactProximity r = exact_proximity(a, pa, b, pb, options);
  state.SetLabel(std::string(to_string(r.relation)) + " " + r.method);
}

const bool registered = [] {
  for (int n : {20, 100, 1000}) {
    const std::string v = "/v" + std::to_string(n);
    benchmark::RegisterBenchmark(("reference/distance" + v).c_str(), run, n, 2.6, false)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("reference/relation" + v).c_str(), run, n, 0.6, false)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("reference/depth" + v).c_str(), run, n, 0.6, true)
        ->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace
}  // namespace touchstone
