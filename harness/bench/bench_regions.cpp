// Contact-region queries against face count (seed 000 §4): every algorithm of
// RegionRegistry::builtin() (the all-pairs baseline, the peers' contacts, the space-partitioning
// trees once registered) on the SAME pairs of cases/scalable_shapes.hpp, touching exactly face on
// face, at 100 / 300 / 1000 / 3000 / 10000 faces per solid:
//  <algorithm>/convex/fN     two UV spheres on a shared quad (one 2D region)
//  <algorithm>/nonconvex/fN  two racks tooth tip on tooth tip (one 2D region per tooth)
// The query carries the pair's velocities (A sliding along the contact), so back-face culling is
// on for the algorithms that use it. Both shapes are prepared once, outside the timed loop, and the
// preparation time is the counter `prepare_ms`; one untimed query first: an algorithm that does not
// answer `ok` (a work cap, unsupported input) is skipped with its reason (error_message in the
// JSON), never timed. Counters: faces (of each solid), regions and `work`
// (RegionResult::iterations: entity pairs or tree nodes examined) of the answer.
// `harness/scripts/region-scaling.py` turns the JSON into time against faces, the ratio to
// regions-allpairs and the fitted growth exponent.
#include <benchmark/benchmark.h>

#include <chrono>
#include <map>
#include <memory>
#include <string>

#include "algorithms/regions/registry.hpp"
#include "cases/scalable_shapes.hpp"
#include "harness/common/case_shapes.hpp"

namespace touchstone::bench {
namespace {

struct ScalingPair {
  RegionCase spec;
  Polytope a, b;
};

const ScalingPair& scaling_pair(cases::PairKind kind, int faces) {
  static std::map<std::pair<cases::PairKind, int>, std::unique_ptr<ScalingPair>> cache;
  auto& slot = cache[{kind, faces}];
  if (!slot) {
    RegionCase c = cases::scaling_case(kind, faces);
    Polytope a = build_case_shape(c.a), b = build_case_shape(c.b);
    slot = std::make_unique<ScalingPair>(ScalingPair{std::move(c), std::move(a), std::move(b)});
  }
  return *slot;
}

void time_region_queries(benchmark::State& state, const RegionAlgorithmInfo& info,
                         cases::PairKind kind, int faces) {
  const ScalingPair& pair = scaling_pair(kind, faces);
  const auto algorithm = info.make();
  const auto start = std::chrono::steady_clock::now();
  const auto pa = algorithm->prepare(pair.a);
  const auto pb = algorithm->prepare(pair.b);
  const std::chrono::duration<double, std::milli> prepare =
      std::chrono::steady_clock::now() - start;
  const RegionStep& step = pair.spec.steps.at(0);
  RegionQuery query;
  query.a = pa.get();
  query.b = pb.get();
  query.pose_a = step.pose_a;
  query.pose_b = step.pose_b;
  query.velocity_a = step.velocity_a;
  query.velocity_b = step.velocity_b;
  state.counters["faces"] = static_cast<double>(pair.a.faces().size());
  state.counters["prepare_ms"] = prepare.count();
  const RegionResult first = algorithm->query(query);
  if (first.status != QueryStatus::ok) {
    const std::string why = "skipped: " + std::string(to_string(first.status)) + ": " +
                            (first.reason.empty() ? std::string("no reason given") : first.reason);
    state.SkipWithError(why.c_str());  // the loop below is not entered
  }
  long failures = 0;
  for (auto _ : state) {
    RegionResult r = algorithm->query(query);
    benchmark::DoNotOptimize(r);
    failures += r.status != QueryStatus::ok;
  }
  state.counters["regions"] = static_cast<double>(first.regions.size());
  state.counters["work"] = static_cast<double>(first.iterations);
  state.counters["failures"] = static_cast<double>(failures);
}

[[maybe_unused]] const bool registered = [] {
  for (const RegionAlgorithmInfo& info : RegionRegistry::builtin().all()) {
    const auto shared = std::make_shared<const RegionAlgorithmInfo>(info);
    for (auto kind : {cases::PairKind::convex, cases::PairKind::nonconvex})
      for (int faces : {100, 300, 1000, 3000, 10000})
        benchmark::RegisterBenchmark(
            (info.name + "/" + std::string(cases::to_string(kind)) + "/f" + std::to_string(faces))
                .c_str(),
            [shared, kind, faces](benchmark::State& state) {
              time_region_queries(state, *shared, kind, faces);
            })
            ->Unit(benchmark::kMicrosecond);
  }
  return true;
}();

}  // namespace
}  // namespace touchstone::bench
