// Contact patches (seed 001): solfec-cvi beside GJK and every other region algorithm of
// RegionRegistry::builtin() on the SAME convex element pairs of cases/patch_families.hpp:
//  <algorithm>/hex-face     two 8-vertex hexahedra face to face, overlapping by 0.1 (hex-stack/i1)
//  <algorithm>/hex-shifted  the same, B shifted half a width (hex-stack/i12)
//  <algorithm>/hex-overlap  a hexahedron and a rotated box (hex-overlap/i0)
//  <algorithm>/hull         two random hulls of 8-20 points (hull-pairs/i0)
//  gjk/<pair>               the GJK proximity query alone (steps 1-3 of the seed)
//  solfec-cvi-stages/<pair> solfec-cvi with its stages timed: counters gjk_ns, refine_ns,
//                           qhull_ns, polar_ns and derive_ns per query (the clock reads add a
//                           little; the plain solfec-cvi/<pair> entry is the time to quote).
// Shapes are prepared once outside the timed loop. An algorithm that does not answer `ok` is
// skipped with its reason. Run with --benchmark_repetitions=5 --benchmark_report_aggregates_only
// for medians.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "algorithms/proximity/gjk/gjk.hpp"
#include "algorithms/regions/registry.hpp"
#include "algorithms/regions/solfec/solfec.hpp"
#include "cases/region_families.hpp"
#include "harness/common/case_shapes.hpp"

namespace touchstone::bench {
namespace {

struct PatchPair {
  std::string name;
  Polytope a, b;
  Pose pose_a, pose_b;
};

const std::vector<PatchPair>& pairs() {
  static const std::vector<PatchPair> out = [] {
    std::vector<PatchPair> v;
    const std::vector<std::tuple<const char*, const char*, int>> plan = {
        {"hex-face", "hex-stack", 1},
        {"hex-shifted", "hex-stack", 12},
        {"hex-overlap", "hex-overlap", 0},
        {"hull", "hull-pairs", 0}};
    for (const auto& [name, family, index] : plan) {
      const RegionCase c = find_region_family(family)->generate(7, index);
      v.push_back({name, build_case_shape(c.a), build_case_shape(c.b), c.steps[0].pose_a,
                   c.steps[0].pose_b});
    }
    return v;
  }();
  return out;
}

void time_regions(benchmark::State& state, const RegionAlgorithm& algorithm, const PatchPair& p) {
  const auto pa = algorithm.prepare(p.a);
  const auto pb = algorithm.prepare(p.b);
  RegionQuery q;
  q.a = pa.get();
  q.b = pb.get();
  q.pose_a = p.pose_a;
  q.pose_b = p.pose_b;
  const RegionResult first = algorithm.query(q);
  if (first.status != QueryStatus::ok) {
    const std::string why =
        "skipped: " + std::string(to_string(first.status)) + ": " + first.reason;
    state.SkipWithError(why.c_str());
  }
  for (auto _ : state) {
    RegionResult r = algorithm.query(q);
    benchmark::DoNotOptimize(r);
  }
  state.counters["regions"] = static_cast<double>(first.regions.size());
  state.counters["vertices"] = static_cast<double>(p.a.vertices().size() + p.b.vertices().size());
}

void time_gjk(benchmark::State& state, const PatchPair& p) {
  const auto gjk = gjk::info().make();
  const auto pa = gjk->prepare(p.a);
  const auto pb = gjk->prepare(p.b);
  for (auto _ : state) {
    ProximityResult r = gjk->query(*pa, p.pose_a, *pb, p.pose_b, nullptr);
    benchmark::DoNotOptimize(r);
  }
}

void time_stages(benchmark::State& state, const PatchPair& p) {
  solfec::StageTimes times;
  const auto algorithm = solfec::make_timed({}, &times);
  const auto pa = algorithm->prepare(p.a);
  const auto pb = algorithm->prepare(p.b);
  RegionQuery q;
  q.a = pa.get();
  q.b = pb.get();
  q.pose_a = p.pose_a;
  q.pose_b = p.pose_b;
  long n = 0;
  for (auto _ : state) {
    RegionResult r = algorithm->query(q);
    benchmark::DoNotOptimize(r);
    ++n;
  }
  const double per = n > 0 ? 1.0 / static_cast<double>(n) : 0.0;
  state.counters["gjk_ns"] = times.gjk * per;
  state.counters["refine_ns"] = times.refine * per;
  state.counters["qhull_ns"] = times.qhull * per;
  state.counters["polar_ns"] = times.polar * per;
  state.counters["derive_ns"] = times.derive * per;
}

[[maybe_unused]] const bool registered = [] {
  for (std::size_t i = 0; i < pairs().size(); ++i) {
    const PatchPair* p = &pairs()[i];
    for (const RegionAlgorithmInfo& info : RegionRegistry::builtin().all()) {
      const auto algorithm = std::shared_ptr<RegionAlgorithm>(info.make());
      benchmark::RegisterBenchmark(
          (info.name + "/" + p->name).c_str(),
          [algorithm, p](benchmark::State& state) { time_regions(state, *algorithm, *p); })
          ->Unit(benchmark::kMicrosecond);
    }
    benchmark::RegisterBenchmark(("gjk/" + p->name).c_str(), [p](benchmark::State& state) {
      time_gjk(state, *p);
    })->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("solfec-cvi-stages/" + p->name).c_str(),
                                 [p](benchmark::State& state) { time_stages(state, *p); })
        ->Unit(benchmark::kMicrosecond);
  }
  return true;
}();

}  // namespace
}  // namespace touchstone::bench
