// Small helpers every force solver uses: input checks that turn degenerate or non-finite input
// into a `failed` result instead of an exception, and the natural-map residual solvers report as
// their own claim.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "algorithms/forces/force_solver.hpp"

namespace touchstone::forces {

// Marks r failed, saying why.
inline void set_failed(ForceResult& r, std::string reason) {
  r.status = SolveStatus::failed;
  r.reason = std::move(reason);
}

inline ForceResult failed_result(std::string reason) {
  ForceResult r;
  set_failed(r, std::move(reason));
  return r;
}

inline ForceResult unsupported_result(std::string reason) {
  ForceResult r;
  r.status = SolveStatus::unsupported;
  r.reason = std::move(reason);
  return r;
}

// Why the matrix form (A, b) cannot be solved, or nullopt if it is well-formed and finite.
inline std::optional<std::string> check_matrix_form(const ContactProblem& p) {
  const auto n = p.b.size();
  if (p.A.rows() != n || p.A.cols() != n)
    return "A is " + std::to_string(p.A.rows()) + "x" + std::to_string(p.A.cols()) + " but b has " +
           std::to_string(n) + " entries";
  if (!p.A.allFinite()) return "A has a non-finite entry";
  if (!p.b.allFinite()) return "b has a non-finite entry";
  return std::nullopt;
}

// Why the position-level data is missing or unusable, or nullopt.
inline std::optional<std::string> check_position_level(const ContactProblem& p) {
  const auto n = p.b.size();
  if (!p.gap || !p.normal_velocity || !(p.time_step > 0.0))
    return "needs position-level data (gap, normal_velocity, time_step > 0)";
  if (p.gap->size() != n || p.normal_velocity->size() != n)
    return "gap or normal_velocity size differs from the number of contacts";
  if (!p.gap->allFinite() || !p.normal_velocity->allFinite() || !std::isfinite(p.time_step))
    return "gap, normal_velocity or time_step is not finite";
  return std::nullopt;
}

// ‖min(f, M f + q)‖∞: zero exactly at solutions of the LCP (M, q).
inline double natural_residual(const Eigen::MatrixXd& M, const Eigen::VectorXd& q,
                               const Eigen::VectorXd& f) {
  if (f.size() == 0) return 0.0;
  const Eigen::VectorXd w = M * f + q;
  return f.cwiseMin(w).cwiseAbs().maxCoeff();
}

// A solver's registration: `info` with the factory every solver has, which merges the caller's
// parameters into info.defaults (merge_parameters names the solver in its errors) and hands the
// merged map to build(merged).
template <class Build>
ForceSolverInfo with_factory(ForceSolverInfo info, Build build) {
  info.make = [defaults = info.defaults, name = info.name,
               build](const Parameters& p) -> std::unique_ptr<ForceSolver> {
    return build(merge_parameters(defaults, p, name));
  };
  return info;
}

// The common case of with_factory: the solver is Solver(merged parameters, args...).
template <class Solver, class... Args>
ForceSolverInfo registered(ForceSolverInfo info, Args... args) {
  return with_factory(std::move(info),
                      [args...](const Parameters& merged) -> std::unique_ptr<ForceSolver> {
                        return std::make_unique<Solver>(merged, args...);
                      });
}

// Reads parameter `name` from a merged parameter map (merge_parameters has already checked it).
inline double parameter(const Parameters& p, const std::string& name) { return p.at(name); }

}  // namespace touchstone::forces
