#include "harness/forces/runner.hpp"

#include "harness/common/child_process.hpp"
#include "harness/common/wire.hpp"


#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace touchstone {
namespace {

using nlohmann::json;

json result_to_json(const forces::ForceResult& r) {
  json j = {{"status", static_cast<int>(r.status)},
            {"reason", r.reason},
            {"normal_force", wire::vector(r.normal_force)},
            {"iterations", r.iterations},
            {"branch", r.branch}};
  if (r.friction_force) {
    const Eigen::MatrixXd& m = *r.friction_force;
    j["friction_rows"] = m.rows();
    j["friction_force"] =
        wire::vector(Eigen::VectorXd(Eigen::Map<const Eigen::VectorXd>(m.data(), m.size())));
  }
  if (r.own_residual) j["own_residual"] = wire::number(*r.own_residual);
  if (r.gap_after) j["gap_after"] = wire::vector(*r.gap_after);
  if (r.max_penetration) j["max_penetration"] = wire::number(*r.max_penetration);
  return j;
}

forces::ForceResult result_from_json(const json& j) {
  forces::ForceResult r;
  r.status = static_cast<forces::SolveStatus>(j.at("status").get<int>());
  r.reason = j.at("reason").get<std::string>();
  r.normal_force = wire::to_vector(j.at("normal_force"));
  r.iterations = j.at("iterations").get<int>();
  r.branch = j.at("branch").get<std::string>();
  if (j.contains("friction_force")) {
    const Eigen::VectorXd v = wire::to_vector(j["friction_force"]);
    const int rows = j["friction_rows"].get<int>();
    r.friction_force =
        Eigen::Map<const Eigen::MatrixXd>(v.data(), rows, rows ? v.size() / rows : 0);
  }
  if (j.contains("own_residual")) r.own_residual = wire::to_number(j["own_residual"]);
  if (j.contains("gap_after")) r.gap_after = wire::to_vector(j["gap_after"]);
  if (j.contains("max_penetration")) r.max_penetration = wire::to_number(j["max_penetration"]);
  return r;
}

struct Timed {
  forces::ForceResult result;
  std::vector<double> times;
};

Timed run_solver(const forces::ForceSolverInfo& info, const forces::Parameters& parameters,
                 const forces::ContactProblem& problem, int repetitions) {
  Timed t;
  auto solver = info.make(forces::merge_parameters(info.defaults, parameters, info.name));
  for (int rep = 0; rep < std::max(1, repetitions); ++rep) {
    const auto start = Clock::now();
    t.result = solver->solve(problem, nullptr);
    t.times.push_back(ns_since(start));
  }
  return t;
}

ForceResultRecord error_result(const std::string& solver, std::size_t index,
                               const std::string& why) {
  ForceResultRecord r;
  r.solver = solver;
  r.case_index = index;
  r.output.status = forces::SolveStatus::failed;
  r.output.reason = why;
  r.verification.verdict = Verdict::error;
  r.verification.reason = why;
  return r;
}

void compare_expected(ForceCaseRecord& rec, const ForceTolerances& tol) {
  const auto& e = rec.spec.expected;
  const ExactLcp* x = rec.reference ? &*rec.reference : nullptr;
  if (!x || x->outcome == ExactLcp::Outcome::unresolved) return;
  const bool solved = x->outcome == ExactLcp::Outcome::solved;
  if (e.feasible && *e.feasible != solved)
    rec.problems.push_back(std::string("case is broken: expected ") +
                           (*e.feasible ? "feasible" : "infeasible") +
                           " but the exact reference says " + std::string(to_string(x->outcome)));
  if (!solved) return;
  const auto& p = rec.spec.problem;
  const double A_max = std::max(p.A.cwiseAbs().maxCoeff(), 1e-300);
  const double F =
      std::max({x->force.cwiseAbs().maxCoeff(), p.b.cwiseAbs().maxCoeff() / A_max, 1e-300});
  const double S = p.b.cwiseAbs().maxCoeff() + A_max * F;
  auto differs = [](const Eigen::VectorXd& u, const Eigen::VectorXd& v, double scale, double rel) {
    return (u - v).cwiseAbs().maxCoeff() > rel * scale;
  };
  if (e.acceleration && x->acceleration_unique &&
      differs(*e.acceleration, x->acceleration, S, tol.acceleration_relative))
    rec.problems.push_back("case is broken: expected accelerations disagree with the exact ones");
  if (e.normal_force && x->forces_unique &&
      differs(*e.normal_force, x->force, F, tol.force_relative))
    rec.problems.push_back("case is broken: expected forces disagree with the exact unique ones");
  if (e.normal_force && !x->forces_unique)
    rec.problems.push_back(
        "case says its forces are unique but the exact reference finds more "
        "than one solution");
  if (e.min_norm_force && x->minimum_norm &&
      differs(*e.min_norm_force, x->force, F, tol.force_relative))
    rec.problems.push_back(
        "case is broken: expected minimum-norm forces disagree with the exact ones");
}

}  // namespace

std::string force_input_hash(const forces::ContactProblem& p) {
  std::uint64_t h = 1469598103934665603ull;
  auto bytes = [&](const void* data, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
  };
  // Bump when the force reference computation changes.
  const char tag[] = "touchstone-force-reference/1";
  bytes(tag, sizeof tag);
  const std::int64_t n = p.size();
  bytes(&n, sizeof n);
  for (int i = 0; i < p.A.rows(); ++i)
    for (int j = 0; j < p.A.cols(); ++j) {
      const double x = p.A(i, j);
      bytes(&x, sizeof x);
    }
  for (int i = 0; i < p.b.size(); ++i) {
    const double x = p.b[i];
    bytes(&x, sizeof x);
  }
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

json exact_lcp_to_json(const ExactLcp& e) {
  return {{"outcome", std::string(to_string(e.outcome))},
          {"method", e.method},
          {"detail", e.detail},
          {"acceleration", wire::vector(e.acceleration)},
          {"force", wire::vector(e.force)},
          {"acceleration_unique", e.acceleration_unique},
          {"forces_unique", e.forces_unique},
          {"minimum_norm", e.minimum_norm},
          {"pivots", e.pivots}};
}

ExactLcp exact_lcp_from_json(const json& j) {
  ExactLcp e;
  const std::string o = j.at("outcome").get<std::string>();
  e.outcome = o == "solved"       ? ExactLcp::Outcome::solved
              : o == "infeasible" ? ExactLcp::Outcome::infeasible
                                  : ExactLcp::Outcome::unresolved;
  e.method = j.at("method").get<std::string>();
  e.detail = j.at("detail").get<std::string>();
  e.acceleration = wire::to_vector(j.at("acceleration"));
  e.force = wire::to_vector(j.at("force"));
  e.acceleration_unique = j.at("acceleration_unique").get<bool>();
  e.forces_unique = j.at("forces_unique").get<bool>();
  e.minimum_norm = j.at("minimum_norm").get<bool>();
  e.pivots = j.at("pivots").get<int>();
  return e;
}

ExactLcp exact_lcp_isolated(const Eigen::MatrixXd& A, const Eigen::VectorXd& b,
                            double timeout_seconds) {
  if (timeout_seconds <= 0) return exact_lcp(A, b);
  const std::string text = answer_in_child(
      [&] { return exact_lcp_to_json(exact_lcp(A, b)).dump(); }, timeout_seconds,
      "exact LCP reference");
  return exact_lcp_from_json(json::parse(text));
}

ForceRunResults run_forces(const std::vector<ForceCase>& cases,
                           const std::vector<const forces::ForceSolverInfo*>& solvers,
                           const ForceRunOptions& options, ReferenceCache& cache,
                           const Progress& progress) {
  ForceRunResults run;
  run.solvers = solvers;
  for (std::size_t ci = 0; ci < cases.size(); ++ci) {
    if (progress) progress(ci, cases.size());
    ForceCaseRecord rec;
    rec.spec = cases[ci];
    const auto& problem = rec.spec.problem;
    rec.hash = force_input_hash(problem);
    const std::string key = "force:" + rec.hash;
    if (const auto cached = cache.find_json(key)) {
      rec.reference = exact_lcp_from_json(*cached);
      rec.reference_from_cache = true;
    } else if (problem.size() > options.reference_max_contacts) {
      rec.reference_note = std::to_string(problem.size()) +
                           " contacts exceed the exact-reference "
                           "cap of " +
                           std::to_string(options.reference_max_contacts) +
                           ": verified by the exact residual checks only";
    } else {
      const auto start = Clock::now();
      try {
        rec.reference = exact_lcp_isolated(problem.A, problem.b, options.reference_timeout_seconds);
        cache.store_json(key, exact_lcp_to_json(*rec.reference));
      } catch (const std::exception& e) {
        rec.reference_note = std::string("exact reference failed: ") + e.what() +
                             "; verified by the residual checks only";
      }
      rec.reference_ms = ns_since(start) * 1e-6;
    }
    compare_expected(rec, options.tolerances);
    run.cases.push_back(rec);
    const ForceCaseRecord& r0 = run.cases.back();
    const ExactLcp* exact = r0.reference ? &*r0.reference : nullptr;

    for (const auto* info : solvers) {
      if (!r0.spec.system && !info->capabilities.matrix_form) {
        ForceResultRecord r = error_result(info->name, ci, "matrix-form problems not supported");
        r.output.status = forces::SolveStatus::unsupported;
        r.verification.verdict = Verdict::unsupported;
        run.results.push_back(std::move(r));
        continue;
      }
      const auto params_it = options.parameters.find(info->name);
      const forces::Parameters params =
          params_it == options.parameters.end() ? forces::Parameters{} : params_it->second;
      try {
        Timed t;
        if (options.isolate_solvers) {
          const std::string text = answer_in_child(
              [&] {
                const Timed inner = run_solver(*info, params, problem, options.repetitions);
                json j = {{"result", result_to_json(inner.result)},
                          {"times", wire::numbers(inner.times)}};
                return j.dump();
              },
              options.solver_timeout_seconds, "solver " + info->name);
          const json j = json::parse(text);
          t.result = result_from_json(j.at("result"));
          t.times = wire::to_numbers(j.at("times"));
        } else {
          t = run_solver(*info, params, problem, options.repetitions);
        }
        ForceResultRecord r;
        r.solver = info->name;
        r.case_index = ci;
        r.output = t.result;
        summarize_times(std::move(t.times), r.timing);
        r.verification =
            verify_forces(r.output, info->capabilities, problem, exact, options.tolerances);
        run.results.push_back(std::move(r));
      } catch (const std::exception& e) {
        // Isolated: the child's message already says "threw: ...", "crashed", "timed out".
        run.results.push_back(error_result(
            info->name, ci, (options.isolate_solvers ? "" : "threw: ") + std::string(e.what())));
      } catch (...) {
        run.results.push_back(error_result(info->name, ci, "threw a non-standard exception"));
      }
    }
  }
  if (progress) progress(cases.size(), cases.size());
  return run;
}

}  // namespace touchstone
