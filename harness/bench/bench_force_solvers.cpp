// Timing of the LCP force solvers, ours beside the Siconos peers, on random positive definite
// LCPs of size 10 to 1000 (fixed seed): A = MᵀM/n + 0.01 I with M standard normal, b uniform in
// [-1, 1], so roughly half the contacts end up clamped. Each benchmark reports the solver's
// iterations (pivots, sweeps or Newton steps), whether it claimed success, and the natural-map
// residual ‖min(f, A f + b)‖∞ recomputed here. Names are path-like
// (forces/lemke/300) so compare.py can pair them across runs.
#include <benchmark/benchmark.h>

#include <map>
#include <random>
#include <string>

#include "algorithms/forces/force_solver.hpp"

namespace touchstone::forces {
namespace {

const ContactProblem& random_lcp(int n) {
  static std::map<int, ContactProblem> cache;
  auto it = cache.find(n);
  if (it != cache.end()) return it->second;
  std::mt19937_64 rng(20260521u + static_cast<unsigned>(n));
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  Eigen::MatrixXd M(n, n);
  for (int c = 0; c < n; ++c)
    for (int r = 0; r < n; ++r) M(r, c) = normal(rng);
  ContactProblem p;
  p.A = M.transpose() * M / n + 0.01 * Eigen::MatrixXd::Identity(n, n);
  p.b.resize(n);
  for (int i = 0; i < n; ++i) p.b[i] = uniform(rng);
  return cache.emplace(n, std::move(p)).first->second;
}

void solve_random_lcp(benchmark::State& state, const std::string& solver,
                      const Parameters& parameters) {
  const ForceSolverInfo* info = ForceSolverRegistry::builtin().find(solver);
  if (info == nullptr) {
    state.SkipWithError(("solver not built: " + solver).c_str());
    return;
  }
  const ContactProblem& p = random_lcp(static_cast<int>(state.range(0)));
  const auto s = info->make(parameters);
  ForceResult r;
  for (auto _ : state) {
    r = s->solve(p, nullptr);
    benchmark::DoNotOptimize(r.normal_force.data());
  }
  const Eigen::VectorXd a = p.A * r.normal_force + p.b;
  state.counters["solver_iterations"] = r.iterations;
  state.counters["ok"] = r.status == SolveStatus::ok ? 1 : 0;
  state.counters["residual"] =
      r.normal_force.allFinite() ? r.normal_force.cwiseMin(a).cwiseAbs().maxCoeff() : -1.0;
}

void sizes(benchmark::internal::Benchmark* b) {
  for (int n : {10, 30, 100, 300, 1000}) b->Arg(n);
  b->Unit(benchmark::kMillisecond);
}

// Registered by hand for path-like names; PGS is capped at 20,000 sweeps in both
// implementations so the large sizes stay bounded.
const bool registered = [] {
  const Parameters pgs = {{"max_iterations", 20000}, {"tolerance", 1e-8}};
  const std::pair<std::string, Parameters> solvers[] = {{"lemke", {}},
                                                        {"dantzig", {}},
                                                        {"pgs", pgs},
                                                        {"lcp-fb-newton", {}},
                                                        {"siconos-lemke", {}},
                                                        {"siconos-pgs", pgs},
                                                        {"siconos-fb-newton", {}}};
  for (const auto& [name, parameters] : solvers)
    benchmark::RegisterBenchmark(("forces/" + name).c_str(), solve_random_lcp, name, parameters)
        ->Apply(sizes);
  return true;
}();

}  // namespace
}  // namespace touchstone::forces
