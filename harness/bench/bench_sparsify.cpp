// Contact sparsification (seed 001, "Contact sparsification"; Fig. 8: 736 contacts to 168) on a
// comparable scene: a block of n × n × 2 unit hexahedral cells rotated by 0.1 rad about z and sunk
// 0.01 into another such block (both meshed exactly: one unit-cube polytope, one pose per cell).
// Candidate element pairs from the broad phase (broadphase.hpp), one solfec-cvi contact per
// pair with a patch, then sparsify() with dom.c's defaults (threshold 0.01, minarea 0,
// mindist = ε = 1e-6). Counters: raw (contacts before), kept (after), kept_ratio, failed
// (solfec-cvi answers other than ok), candidates (box pairs across the bodies). The time is the
// whole pipeline. Run with --benchmark_filter='^sparsify/'.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "algorithms/regions/solfec/broadphase.hpp"
#include "algorithms/regions/solfec/solfec.hpp"
#include "algorithms/regions/solfec/sparsify.hpp"

namespace touchstone::bench {
namespace {

struct Cell {
  Pose pose;
  std::array<int, 3> index{};
};

std::vector<Cell> block(int n, int layers, double angle, double sink, bool upper) {
  const double c = n / 2.0;
  Mat3 r = Mat3::Identity();
  if (upper) r = Eigen::AngleAxisd(angle, Vec3::UnitZ()).toRotationMatrix();
  std::vector<Cell> out;
  for (int k = 0; k < layers; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        Cell cell;
        cell.index = {i, j, k};
        const Vec3 at(i - c, j - c, upper ? k : k - layers);
        cell.pose.rotation = r;
        cell.pose.translation = r * at + Vec3(c, c, upper ? -sink : 0.0);
        out.push_back(cell);
      }
  return out;
}

solfec::AxisBox world_box(const Cell& cell) {
  solfec::AxisBox b{{1e300, 1e300, 1e300}, {-1e300, -1e300, -1e300}};
  for (int q = 0; q < 8; ++q) {
    const Vec3 p = cell.pose.apply(Vec3(q & 1, q >> 1 & 1, q >> 2 & 1));
    for (int a = 0; a < 3; ++a) {
      b.lo[a] = std::min(b.lo[a], p[a]);
      b.hi[a] = std::max(b.hi[a], p[a]);
    }
  }
  return b;
}

void sparsify_scene(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  std::vector<Vec3> corners;
  for (int q = 0; q < 8; ++q) corners.emplace_back(q & 1, q >> 1 & 1, q >> 2 & 1);
  const Polytope cube = Polytope::from_points(corners);
  const std::vector<Cell> upper = block(n, 2, 0.1, 0.01, true), lower = block(n, 2, 0.0, 0, false);
  const auto algorithm = solfec::make();
  const auto prepared = algorithm->prepare(cube);
  auto share_face = [&](const std::vector<Cell>& cells) {
    return [&cells](int x, int y) {
      int apart = 0;
      for (int a = 0; a < 3; ++a)
        apart += std::abs(cells[static_cast<std::size_t>(x)].index[a] -
                          cells[static_cast<std::size_t>(y)].index[a]);
      return apart == 1;
    };
  };
  std::size_t raw = 0, kept = 0, failed = 0, candidates = 0;
  for (auto _ : state) {
    std::vector<solfec::AxisBox> boxes;
    for (const Cell& c : upper) boxes.push_back(world_box(c));
    for (const Cell& c : lower) boxes.push_back(world_box(c));
    const int split = static_cast<int>(upper.size());
    std::vector<solfec::SparseContact> contacts;
    failed = candidates = 0;
    for (const auto& [i, j] : solfec::box_pairs(boxes)) {
      if ((i < split) == (j < split)) continue;  // same body
      ++candidates;
      RegionQuery q;
      q.a = prepared.get();
      q.b = prepared.get();
      q.pose_a = upper[static_cast<std::size_t>(i)].pose;
      q.pose_b = lower[static_cast<std::size_t>(j - split)].pose;
      const RegionResult r = algorithm->query(q);
      if (r.status != QueryStatus::ok) {
        ++failed;
        continue;
      }
      for (const ContactRegion& c : r.regions)
        contacts.push_back({c.points.at(0), c.area.value_or(0.0), i, j - split});
    }
    const std::vector<bool> keep = solfec::sparsify(contacts, share_face(upper), share_face(lower));
    raw = contacts.size();
    kept = static_cast<std::size_t>(std::count(keep.begin(), keep.end(), true));
    benchmark::DoNotOptimize(kept);
  }
  state.counters["raw"] = static_cast<double>(raw);
  state.counters["kept"] = static_cast<double>(kept);
  state.counters["kept_ratio"] = raw ? static_cast<double>(kept) / static_cast<double>(raw) : 0.0;
  state.counters["failed"] = static_cast<double>(failed);
  state.counters["candidates"] = static_cast<double>(candidates);
}

BENCHMARK(sparsify_scene)
    ->Name("sparsify/hex-on-hex")
    ->Arg(4)
    ->Arg(12)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace touchstone::bench
