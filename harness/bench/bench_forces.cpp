// Timing of every registered force solver (ForceSolverRegistry::builtin()) on the generated
// stacks and piles of cases/force_scenes.hpp at 10, 30, 100, 300, 1000, 2000 contacts, cold (no
// warm start). Names are path-like: <solver>/stack/n100, <solver>/pile/n100 (DESIGN §7).
// A size is skipped when the solver declares a smaller `max_contacts` default parameter, or when
// one probe solve (forked, so a hang or crash cannot stop the run) exceeds the time cap
// TOUCHSTONE_FORCE_BENCH_CAP seconds (default 10), or a smaller size already did.
// Counters: contacts (the real count), solver_iterations, verified (1 when the verifier's residual
// checks pass for the last answer; no exact reference here).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <string>

#include "cases/force_scenes.hpp"
#include "harness/forces/runner.hpp"

namespace touchstone {
namespace {

double time_cap_seconds() {
  const char* env = std::getenv("TOUCHSTONE_FORCE_BENCH_CAP");
  return env ? std::atof(env) : 10.0;
}

const ForceCase& scene(const std::string& kind, int n) {
  static std::map<std::pair<std::string, int>, std::unique_ptr<ForceCase>> cache;
  auto& slot = cache[{kind, n}];
  if (!slot) slot = std::make_unique<ForceCase>(generated_force_scene(kind, n));
  return *slot;
}

// Solvers that already hit the cap on a smaller size of a kind.
std::map<std::pair<std::string, std::string>, int>& too_slow() {
  static std::map<std::pair<std::string, std::string>, int> m;
  return m;
}

void run(benchmark::State& state, const forces::ForceSolverInfo* info, const std::string& kind,
         int n) {
  if (auto it = info->defaults.find("max_contacts");
      it != info->defaults.end() && it->second > 0 && n > it->second) {
    state.SkipWithError("above the solver's declared max_contacts");
    return;
  }
  if (auto it = too_slow().find({info->name, kind}); it != too_slow().end() && n > it->second) {
    state.SkipWithError("a smaller size already exceeded the time cap");
    return;
  }
  const ForceCase& c = scene(kind, n);
  // Probe once in a forked child under the cap.
  ForceRunOptions probe;
  probe.repetitions = 1;
  probe.reference_max_contacts = 0;
  probe.solver_timeout_seconds = time_cap_seconds();
  ReferenceCache cache;
  const auto checked = run_forces({c}, {info}, probe, cache);
  const auto& first = checked.results.front();
  if (first.verification.verdict == Verdict::error) {
    too_slow()[{info->name, kind}] = n;
    state.SkipWithError(("probe: " + first.verification.reason).c_str());
    return;
  }
  auto solver = info->make({});
  forces::ForceResult r;
  for (auto _ : state) {
    r = solver->solve(c.problem, nullptr);
    benchmark::DoNotOptimize(r);
  }
  state.counters["contacts"] = c.problem.size();
  state.counters["solver_iterations"] = r.iterations;
  state.counters["verified"] = first.verification.verdict == Verdict::pass ? 1 : 0;
}

const bool registered = [] {
  for (const auto& info : forces::ForceSolverRegistry::builtin().all())
    for (const char* kind_name : {"stack", "pile"})
      for (int n : force_scaling_sizes()) {
        const std::string kind = kind_name;
        benchmark::RegisterBenchmark(
            (info.name + "/" + kind + "/n" + std::to_string(n)).c_str(),
            [info = &info, kind, n](benchmark::State& state) { run(state, info, kind, n); })
            ->Unit(benchmark::kMicrosecond)
            ->MinTime(0.2);
      }
  return true;
}();

}  // namespace
}  // namespace touchstone
