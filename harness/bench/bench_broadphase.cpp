// Broad phase of seed 001 ("Overlap detection"): CGAL's box_intersection_d (the segment tree
// Solfec uses) against all pairs tested, on the same boxes (algorithms/regions/solfec/broadphase):
//  broadphase/<route>/random/N  N random boxes in a cube of side N^(1/3), sides uniform in
//                               [0, 1]: about 0.5 overlapping pairs a box at every N
//  broadphase/<route>/mesh/N    the element boxes of a meshed scene: a block of about N/2
//                               hexahedral cells (unit cells, nodes jittered by up to 0.1) resting
//                               on another of the same size, each box grown by 1e-3 (the
//                               neighbours of a cell overlap it: about 13 pairs a box)
// <route> is segment-tree or brute-force; brute force stops at 3·10^4 boxes (about a second).
// Counter `pairs`: the overlapping pairs found. The growth exponent is the slope of log time
// against log N between sizes (docs/solfec.md). Run with --benchmark_filter='^broadphase/'.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/regions/solfec/broadphase.hpp"

namespace touchstone::bench {
namespace {

using solfec::AxisBox;

std::vector<AxisBox> random_boxes(int n) {
  std::mt19937_64 rng(1);
  const double span = std::cbrt(static_cast<double>(n));
  std::uniform_real_distribution<double> at(0.0, span), side(0.0, 1.0);
  std::vector<AxisBox> out(n);
  for (AxisBox& b : out)
    for (int k = 0; k < 3; ++k) {
      b.lo[k] = at(rng);
      b.hi[k] = b.lo[k] + side(rng);
    }
  return out;
}

// Two stacked blocks of m × m × h unit hexahedra (2 m² h ≈ n), nodes jittered; the upper block's
// bottom nodes are the lower block's top nodes shifted up by 1e-4 (resting, not fused).
std::vector<AxisBox> mesh_boxes(int n) {
  const int m = std::max(1, static_cast<int>(std::lround(std::cbrt(n / 2.0))));
  const int h = std::max(1, static_cast<int>(std::lround(n / (2.0 * m * m))));
  std::mt19937_64 rng(2);
  std::uniform_real_distribution<double> jitter(-0.1, 0.1);
  const int layers = 2 * h + 1;
  std::vector<std::array<double, 3>> nodes((m + 1) * (m + 1) * layers);
  auto node = [&](int i, int j, int k) -> std::array<double, 3>& {
    return nodes[(k * (m + 1) + j) * (m + 1) + i];
  };
  for (int k = 0; k < layers; ++k)
    for (int j = 0; j <= m; ++j)
      for (int i = 0; i <= m; ++i)
        node(i, j, k) = {i + jitter(rng), j + jitter(rng), k + jitter(rng)};
  std::vector<AxisBox> out;
  out.reserve(2 * m * m * h);
  for (int body = 0; body < 2; ++body)
    for (int k = 0; k < h; ++k)
      for (int j = 0; j < m; ++j)
        for (int i = 0; i < m; ++i) {
          AxisBox b{{1e300, 1e300, 1e300}, {-1e300, -1e300, -1e300}};
          for (int c = 0; c < 8; ++c) {
            const auto& p = node(i + (c & 1), j + (c >> 1 & 1), body * h + k + (c >> 2));
            const double lift = body == 1 ? 1e-4 : 0.0;
            for (int a = 0; a < 3; ++a) {
              const double x = p[a] + (a == 2 ? lift : 0.0);
              b.lo[a] = std::min(b.lo[a], x - 1e-3);
              b.hi[a] = std::max(b.hi[a], x + 1e-3);
            }
          }
          out.push_back(b);
        }
  return out;
}

using Route = solfec::BoxPairs (*)(std::span<const AxisBox>);

void time_route(benchmark::State& state, Route route, std::vector<AxisBox> (*scene)(int)) {
  const std::vector<AxisBox> boxes = scene(static_cast<int>(state.range(0)));
  std::size_t pairs = 0;
  for (auto _ : state) {
    const solfec::BoxPairs found = route(boxes);
    pairs = found.size();
    benchmark::DoNotOptimize(found.data());
  }
  state.counters["boxes"] = static_cast<double>(boxes.size());
  state.counters["pairs"] = static_cast<double>(pairs);
  state.SetComplexityN(static_cast<benchmark::IterationCount>(boxes.size()));
}

[[maybe_unused]] const bool registered = [] {
  const std::vector<std::pair<const char*, std::vector<AxisBox> (*)(int)>> scenes = {
      {"random", random_boxes}, {"mesh", mesh_boxes}};
  for (const auto& [name, scene] : scenes) {
    auto* tree = benchmark::RegisterBenchmark(
        (std::string("broadphase/segment-tree/") + name).c_str(),
        [scene = scene](benchmark::State& s) { time_route(s, solfec::box_pairs, scene); });
    for (int n : {100, 1000, 10000, 100000, 1000000}) tree->Arg(n);
    tree->Unit(benchmark::kMillisecond)->Complexity(benchmark::oNLogN);
    auto* brute =
        benchmark::RegisterBenchmark((std::string("broadphase/brute-force/") + name).c_str(),
                                     [scene = scene](benchmark::State& s) {
                                       time_route(s, solfec::box_pairs_brute_force, scene);
                                     });
    for (int n : {100, 1000, 10000, 30000}) brute->Arg(n);
    brute->Unit(benchmark::kMillisecond)->Complexity(benchmark::oNSquared);
  }
  return true;
}();

}  // namespace
}  // namespace touchstone::bench
