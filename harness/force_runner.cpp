#include "harness/force_runner.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

namespace touchstone {
namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

double ns_since(Clock::time_point start) {
  return std::chrono::duration<double, std::nano>(Clock::now() - start).count();
}

// Doubles that may be NaN or infinite survive the pipe as strings.
json enc(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  return x;
}
double dec(const json& j) {
  if (j.is_number()) return j.get<double>();
  const std::string s = j.get<std::string>();
  if (s == "inf") return std::numeric_limits<double>::infinity();
  if (s == "-inf") return -std::numeric_limits<double>::infinity();
  return std::numeric_limits<double>::quiet_NaN();
}
json enc(const Eigen::VectorXd& v) {
  json a = json::array();
  for (int i = 0; i < v.size(); ++i) a.push_back(enc(v[i]));
  return a;
}
Eigen::VectorXd dec_vec(const json& j) {
  Eigen::VectorXd v(j.size());
  for (std::size_t i = 0; i < j.size(); ++i) v[i] = dec(j[i]);
  return v;
}

json result_to_json(const forces::ForceResult& r) {
  json j = {{"status", static_cast<int>(r.status)},
            {"reason", r.reason},
            {"normal_force", enc(r.normal_force)},
            {"iterations", r.iterations},
            {"branch", r.branch}};
  if (r.friction_force) {
    const Eigen::MatrixXd& m = *r.friction_force;
    j["friction_rows"] = m.rows();
    j["friction_force"] =
        enc(Eigen::VectorXd(Eigen::Map<const Eigen::VectorXd>(m.data(), m.size())));
  }
  if (r.own_residual) j["own_residual"] = enc(*r.own_residual);
  if (r.gap_after) j["gap_after"] = enc(*r.gap_after);
  if (r.max_penetration) j["max_penetration"] = enc(*r.max_penetration);
  return j;
}

forces::ForceResult result_from_json(const json& j) {
  forces::ForceResult r;
  r.status = static_cast<forces::SolveStatus>(j.at("status").get<int>());
  r.reason = j.at("reason").get<std::string>();
  r.normal_force = dec_vec(j.at("normal_force"));
  r.iterations = j.at("iterations").get<int>();
  r.branch = j.at("branch").get<std::string>();
  if (j.contains("friction_force")) {
    const Eigen::VectorXd v = dec_vec(j["friction_force"]);
    const int rows = j["friction_rows"].get<int>();
    r.friction_force =
        Eigen::Map<const Eigen::MatrixXd>(v.data(), rows, rows ? v.size() / rows : 0);
  }
  if (j.contains("own_residual")) r.own_residual = dec(j["own_residual"]);
  if (j.contains("gap_after")) r.gap_after = dec_vec(j["gap_after"]);
  if (j.contains("max_penetration")) r.max_penetration = dec(j["max_penetration"]);
  return r;
}

// Runs `work` in a forked child that writes its answer to a pipe; the parent waits at most
// timeout_seconds. Returns the child's text; throws std::runtime_error on timeout or crash.
std::string run_in_child(const std::function<std::string()>& work, double timeout_seconds,
                         const std::string& what) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  }
  if (pid == 0) {
    close(fds[0]);
    std::string message;
    try {
      message = "ok " + work();
    } catch (const std::exception& e) {
      message = std::string("error threw: ") + e.what();
    } catch (...) {
      message = "error threw a non-standard exception";
    }
    for (std::size_t sent = 0; sent < message.size();) {
      const ssize_t k = write(fds[1], message.data() + sent, message.size() - sent);
      if (k <= 0) break;
      sent += static_cast<std::size_t>(k);
    }
    _exit(0);
  }
  close(fds[1]);
  std::string received;
  const auto deadline = Clock::now() + std::chrono::duration<double>(timeout_seconds);
  bool timed_out = false;
  for (char buffer[65536];;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      timed_out = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(std::min<long long>(left, 1000)));
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    const ssize_t k = read(fds[0], buffer, sizeof buffer);
    if (k <= 0) break;
    received.append(buffer, static_cast<std::size_t>(k));
  }
  close(fds[0]);
  if (timed_out) kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  if (timed_out)
    throw std::runtime_error(what + " timed out after " + std::to_string(timeout_seconds) + " s");
  if (received.rfind("ok ", 0) == 0) return received.substr(3);
  if (received.rfind("error ", 0) == 0) throw std::runtime_error(received.substr(6));
  throw std::runtime_error(WIFSIGNALED(status)
                               ? what + " crashed (signal " + std::to_string(WTERMSIG(status)) + ")"
                               : what + " ended without an answer");
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
          {"acceleration", enc(e.acceleration)},
          {"force", enc(e.force)},
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
  e.acceleration = dec_vec(j.at("acceleration"));
  e.force = dec_vec(j.at("force"));
  e.acceleration_unique = j.at("acceleration_unique").get<bool>();
  e.forces_unique = j.at("forces_unique").get<bool>();
  e.minimum_norm = j.at("minimum_norm").get<bool>();
  e.pivots = j.at("pivots").get<int>();
  return e;
}

ExactLcp exact_lcp_isolated(const Eigen::MatrixXd& A, const Eigen::VectorXd& b,
                            double timeout_seconds) {
  if (timeout_seconds <= 0) return exact_lcp(A, b);
  const std::string text = run_in_child([&] { return exact_lcp_to_json(exact_lcp(A, b)).dump(); },
                                        timeout_seconds, "exact LCP reference");
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
          const std::string text = run_in_child(
              [&] {
                const Timed inner = run_solver(*info, params, problem, options.repetitions);
                json j = {{"result", result_to_json(inner.result)}, {"times", inner.times}};
                return j.dump();
              },
              options.solver_timeout_seconds, "solver " + info->name);
          const json j = json::parse(text);
          t.result = result_from_json(j.at("result"));
          t.times = j.at("times").get<std::vector<double>>();
        } else {
          t = run_solver(*info, params, problem, options.repetitions);
        }
        ForceResultRecord r;
        r.solver = info->name;
        r.case_index = ci;
        r.output = t.result;
        std::sort(t.times.begin(), t.times.end());
        r.timing.repetitions = static_cast<int>(t.times.size());
        r.timing.min_ns = t.times.front();
        r.timing.max_ns = t.times.back();
        const std::size_t m = t.times.size();
        r.timing.median_ns = m % 2 ? t.times[m / 2] : 0.5 * (t.times[m / 2 - 1] + t.times[m / 2]);
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
