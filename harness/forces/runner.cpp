#include "harness/forces/runner.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "harness/common/child_process.hpp"
#include "harness/common/wire.hpp"

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
  return without_answer(std::move(r), forces::SolveStatus::failed, Verdict::error, why);
}

ForceResultRecord unsupported_result(const std::string& solver, std::size_t index,
                                     const std::string& why) {
  return without_answer(error_result(solver, index, why), forces::SolveStatus::unsupported,
                        Verdict::unsupported, why);
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

// The exact reference of the case: cached, else computed under the deadline unless the problem
// exceeds the size cap (then rec.reference_note says why there is none).
void acquire_reference(ForceCaseRecord& rec, const ForceRunOptions& options,
                       ReferenceCache& cache) {
  const auto& problem = rec.spec.problem;
  rec.hash = force_input_hash(problem);
  if (const auto cached = find_force_reference(cache, rec.hash)) {
    rec.reference = cached;
    rec.reference_from_cache = true;
  } else if (problem.size() > options.reference_max_contacts) {
    rec.reference_note = std::to_string(problem.size()) +
                         " contacts exceed the exact-reference "
                         "cap of " +
                         std::to_string(options.reference_max_contacts) +
                         ": verified by the exact residual checks only";
  } else {
    const ComputedReference<ExactLcp> computed =
        compute_reference<ExactLcp>(cache, force_reference_key(rec.hash), kExactLcpCodec, [&] {
          return exact_lcp_isolated(problem.A, problem.b, options.reference_timeout_seconds);
        });
    rec.reference = computed.value;
    if (!computed.failure.empty())
      rec.reference_note =
          "exact reference failed: " + computed.failure + "; verified by the residual checks only";
    rec.reference_ms = computed.ms;
  }
}

// The solver's answer and times, in a forked child under the deadline when solvers are isolated
// (its failures come back as exceptions saying "threw: ...", "crashed", "timed out"). What the
// solver wrote to stderr goes to `captured_stderr`, even when it fails.
Timed solve(const forces::ForceSolverInfo& info, const forces::Parameters& params,
            const forces::ContactProblem& problem, const ForceRunOptions& options,
            std::string& captured_stderr) {
  if (!options.isolate_solvers) {
    StderrCapture capture;
    Timed t = run_solver(info, params, problem, options.repetitions);
    captured_stderr = capture.finish();
    return t;
  }
  const std::string text = answer_in_child(
      [&] {
        const Timed inner = run_solver(info, params, problem, options.repetitions);
        json j = {{"result", result_to_json(inner.result)}, {"times", wire::numbers(inner.times)}};
        return j.dump(-1, ' ', false, json::error_handler_t::replace);
      },
      options.solver_timeout_seconds, "solver " + info.name, &captured_stderr);
  const json j = json::parse(text);
  Timed t;
  t.result = result_from_json(j.at("result"));
  t.times = wire::to_numbers(j.at("times"));
  return t;
}

// One solver on one case: its timed, verified answer, or an unsupported or error record.
ForceResultRecord solver_result(const forces::ForceSolverInfo& info, std::size_t ci,
                                const ForceCaseRecord& rec, const ForceRunOptions& options) {
  if (!rec.spec.system && !info.capabilities.matrix_form)
    return unsupported_result(info.name, ci, "matrix-form problems not supported");
  const auto params_it = options.parameters.find(info.name);
  const forces::Parameters params =
      params_it == options.parameters.end() ? forces::Parameters{} : params_it->second;
  const ExactLcp* exact = rec.reference ? &*rec.reference : nullptr;
  std::string captured;
  try {
    Timed t = solve(info, params, rec.spec.problem, options, captured);
    ForceResultRecord r;
    r.solver = info.name;
    r.case_index = ci;
    r.output = t.result;
    summarize_times(std::move(t.times), r.timing);
    r.verification =
        verify_forces(r.output, info.capabilities, rec.spec.problem, exact, options.tolerances);
    r.captured_stderr = captured;
    return r;
  } catch (const std::exception& e) {
    // Isolated: the child's message already says "threw: ...", "crashed", "timed out".
    ForceResultRecord r = error_result(
        info.name, ci, (options.isolate_solvers ? "" : "threw: ") + std::string(e.what()));
    r.captured_stderr = captured;
    return r;
  } catch (...) {
    return error_result(info.name, ci, "threw a non-standard exception");
  }
}

}  // namespace

ForceRunResults run_forces(const std::vector<ForceCase>& cases,
                           const std::vector<const forces::ForceSolverInfo*>& solvers,
                           const ForceRunOptions& options, ReferenceCache& cache,
                           const Progress& progress) {
  return run_kind<ForceRunResults>(
      cases, solvers, progress, [&](ForceRunResults& run, std::size_t ci, const ForceCase& spec) {
        ForceCaseRecord rec;
        rec.spec = spec;
        acquire_reference(rec, options, cache);
        compare_expected(rec, options.tolerances);
        run.cases.push_back(rec);
        for (const auto* info : solvers)
          if (!interrupted())
            run.results.push_back(solver_result(*info, ci, run.cases.back(), options));
      });
}

}  // namespace touchstone
