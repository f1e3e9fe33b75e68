// Force verification (force_verifier.hpp): recomputes everything from A, b and the returned
// forces; the solver's status is only used to tell "failed" from "ok".
#include "harness/forces/verifier.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <vector>

namespace touchstone {
namespace {

struct Checks {
  Verification v;
  void add(const std::string& name, double error, double tolerance, const std::string& detail) {
    const bool ok = std::isfinite(error) && error <= tolerance;
    v.checks.push_back(
        {name, ok ? Verdict::pass : Verdict::fail, error, tolerance,
         ok ? detail
            : detail + " (" + short_number(error) + " > " + short_number(tolerance) + ")"});
  }
  void note(const std::string& name, Verdict verdict, const std::string& detail) {
    v.checks.push_back({name, verdict, 0.0, 0.0, detail});
  }
  Verification finish() {
    decide_verdict(v);
    return v;
  }
};

// |(x / X)(y / Y)|, and 0 whenever x or y is 0 (an infinite quotient times 0 is no violation).
double scaled_product(double x, double X, double y, double Y) {
  return x == 0.0 || y == 0.0 ? 0.0 : std::abs((x / X) * (y / Y));
}

double max_abs(const Eigen::MatrixXd& m) { return m.size() ? m.cwiseAbs().maxCoeff() : 0.0; }

// Condition number of A restricted to the contacts that can carry force: positive exact force or
// zero exact acceleration (1 when none).
double active_condition_number(const Eigen::MatrixXd& A, const Eigen::VectorXd& force,
                               const Eigen::VectorXd& acceleration) {
  std::vector<int> active;
  for (int i = 0; i < force.size(); ++i)
    if (force[i] > 0 || acceleration[i] == 0) active.push_back(i);
  if (active.empty()) return 1.0;
  Eigen::MatrixXd sub(active.size(), active.size());
  for (std::size_t i = 0; i < active.size(); ++i)
    for (std::size_t j = 0; j < active.size(); ++j) sub(i, j) = A(active[i], active[j]);
  const Eigen::VectorXd s = Eigen::JacobiSVD<Eigen::MatrixXd>(sub).singularValues();
  const double smallest = s[s.size() - 1];
  return smallest > 0 ? s[0] / smallest : std::numeric_limits<double>::infinity();
}
double max_abs(const Eigen::VectorXd& v) { return v.size() ? v.cwiseAbs().maxCoeff() : 0.0; }

// What the checks of an answer with the right size and finite numbers read: the answer, the
// declared capabilities, the problem, the exact reference (if any, `solved` when it has forces),
// the tolerances and the scales F and S.
struct ForceCheckContext {
  const forces::ForceResult& r;
  const forces::ForceCapabilities& caps;
  const forces::ContactProblem& p;
  const ExactLcp* exact;
  const ForceTolerances& tol;
  bool solved;
  double F, S;
};

// Position-level methods: the penetration after the step, and the time-averaged force's
// accelerations (and the force itself where unique) against the exact ones.
void position_level_checks(const ForceCheckContext& x, Checks& c) {
  const auto& [r, caps, p, exact, tol, solved, F, S] = x;
  const Eigen::VectorXd& f = r.normal_force;
  const Eigen::VectorXd after = forces::gap_after_step(p, f);
  const double h = p.time_step;
  const double before = std::max(0.0, -p.gap->minCoeff());
  const double depth = std::max(0.0, -after.minCoeff());
  // Divided step by step: h² S can underflow to 0 where each quotient stays finite (0 stays 0).
  c.add("penetration-after-step", std::max(0.0, depth - before) / S / h / h,
        tol.penetration_relative,
        "deepest penetration after the step " + short_number(depth) + " (before " +
            short_number(before) + ")");
  if (solved && exact->acceleration_unique) {
    const Eigen::VectorXd a = p.A * f + p.b;
    c.add("mean-force-acceleration", max_abs(Eigen::VectorXd(a - exact->acceleration)) / S,
          tol.position_relative, "accelerations of the time-averaged force vs exact");
  }
  if (solved && exact->forces_unique)
    c.add("mean-force", max_abs(Eigen::VectorXd(f - exact->force)) / F, tol.position_relative,
          "time-averaged force vs the unique exact force");
}

// Friction-modelling solvers on problems with friction: the full system over [n, t1, t2], normal
// sign conditions and complementarity on the normal rows of a_full, and the Coulomb cone
// |f_t| <= μ f_n.
void friction_checks(const ForceCheckContext& x, Checks& c) {
  const auto& [r, caps, p, exact, tol, solved, F, S] = x;
  const Eigen::VectorXd& f = r.normal_force;
  const int n = p.size();
  Eigen::VectorXd full(3 * n);
  for (int i = 0; i < n; ++i) {
    full[3 * i] = f[i];
    full[3 * i + 1] = r.friction_force ? (*r.friction_force)(i, 0) : 0.0;
    full[3 * i + 2] = r.friction_force ? (*r.friction_force)(i, 1) : 0.0;
  }
  const Eigen::VectorXd a_full = *p.A_full * full + *p.b_full;
  double pen = 0, comp = 0, cone = 0;
  for (int i = 0; i < n; ++i) {
    pen = std::max(pen, -a_full[3 * i]);
    comp = std::max(comp, scaled_product(f[i], F, a_full[3 * i], S));
    cone = std::max(cone, std::hypot(full[3 * i + 1], full[3 * i + 2]) - p.friction[i] * f[i]);
  }
  c.add("penetration", pen / S, tol.residual_relative, "min normal acceleration");
  c.add("complementarity", comp, tol.residual_relative, "max |f_i a_i| / (F S) (normal rows)");
  c.add("friction-cone", std::max(0.0, cone) / F, tol.residual_relative,
        "max(|f_t| − μ f_n) over contacts");
  c.note("reference", Verdict::unsupported,
         "frictional solution: the frictionless exact reference does not apply");
}

// The frictionless LCP conditions on a = A f + b (given): penetration, complementarity, natural
// map.
void lcp_checks(const ForceCheckContext& x, const Eigen::VectorXd& a, Checks& c) {
  const auto& [r, caps, p, exact, tol, solved, F, S] = x;
  const Eigen::VectorXd& f = r.normal_force;
  const int n = p.size();
  // (f_i / F)(a_i / S), not f_i a_i / (F S): with b = 0 both scales sit at their floor and F S
  // underflows to 0, which made every correct answer's 0 / 0 a NaN failure.
  double comp = 0, comp_raw = 0;
  for (int i = 0; i < n; ++i) {
    comp = std::max(comp, scaled_product(f[i], F, a[i], S));
    comp_raw = std::max(comp_raw, std::abs(f[i] * a[i]));
  }
  c.add("penetration", std::max(0.0, -a.minCoeff()) / S, tol.residual_relative,
        "min(a) = " + short_number(a.minCoeff()));
  c.add("complementarity", comp, tol.residual_relative,
        "max |f_i a_i| = " + short_number(comp_raw) +
            ", |fᵀa| = " + short_number(std::abs(f.dot(a))));
  double natural = 0;
  for (int i = 0; i < n; ++i) natural = std::max(natural, std::abs(std::min(f[i] / F, a[i] / S)));
  const double raw = f.cwiseMin(a).norm();
  const double b_norm = p.b.norm();
  c.add("natural-map", natural, tol.residual_relative,
        "‖min(f, A f + b)‖ = " + short_number(raw) +
            ", relative to ‖b‖: " + short_number(b_norm > 0 ? raw / b_norm : raw));
}

// Against the exact solution: contact and body accelerations where unique, forces where unique
// or where the method promises the minimum norm.
void exact_solution_checks(const ForceCheckContext& x, const Eigen::VectorXd& a, Checks& c) {
  const auto& [r, caps, p, exact, tol, solved, F, S] = x;
  const Eigen::VectorXd& f = r.normal_force;
  const int n = p.size();
  if (solved && exact->acceleration_unique) {
    c.add("acceleration", max_abs(Eigen::VectorXd(a - exact->acceleration)) / S,
          tol.acceleration_relative, "contact accelerations vs exact (unique)");
    if (p.body_map && p.body_offset) {
      const auto& M = *p.body_map;
      Eigen::VectorXd ff = f, fx = exact->force;
      if (M.cols() == 3 * n) {  // frictionless forces on a problem that also carries friction
        ff = Eigen::VectorXd::Zero(3 * n);
        fx = Eigen::VectorXd::Zero(3 * n);
        for (int i = 0; i < n; ++i) {
          ff[3 * i] = f[i];
          fx[3 * i] = exact->force[i];
        }
      }
      const Eigen::VectorXd body = M * ff + *p.body_offset;
      const Eigen::VectorXd body_exact = M * fx + *p.body_offset;
      const double scale =
          std::max({max_abs(body_exact), max_abs(*p.body_offset), max_abs(M) * F, 1e-300});
      c.add("body-acceleration", max_abs(Eigen::VectorXd(body - body_exact)) / scale,
            tol.acceleration_relative, "body accelerations vs exact (unique, Baraff §5)");
    }
  }
  if (solved && (exact->forces_unique || (caps.minimum_norm && exact->minimum_norm))) {
    const double error = max_abs(Eigen::VectorXd(f - exact->force)) / F;
    const std::string what =
        exact->forces_unique ? "forces vs exact (unique)" : "forces vs exact minimum norm";
    // Unique forces of an ill-conditioned A (near-singular, mass ratio 1e6) are determined only to
    // about κ times the residual: forces that miss them by less than κ · tolerance while every
    // residual check passes are ambiguous, not wrong (κ of A over the contacts that can carry
    // force).
    const double kappa = exact->forces_unique
                             ? active_condition_number(p.A, exact->force, exact->acceleration)
                             : 1.0;
    if (std::isfinite(error) && error > tol.force_relative && error <= tol.force_relative * kappa)
      c.v.checks.push_back(
          {"force", Verdict::ambiguous, error, tol.force_relative,
           what + ", within the conditioning bound (κ = " + short_number(kappa) + ")"});
    else
      c.add("force", error, tol.force_relative, what);
  }
}

}  // namespace

nlohmann::json ForceTolerances::to_json() const {
  return {{"residual_relative", residual_relative},
          {"acceleration_relative", acceleration_relative},
          {"force_relative", force_relative},
          {"position_relative", position_relative},
          {"penetration_relative", penetration_relative},
          {"scales",
           "F = max(|f_exact|inf, |b|inf / max|A_ij|), S = |b|inf + max|A_ij| F; force checks "
           "relative to F, acceleration checks to S, natural map on min(f/F, a/S), complementarity "
           "on max |(f_i/F)(a_i/S)|, penetration to h^2 S"}};
}

double natural_map_residual(const forces::ContactProblem& p, const Eigen::VectorXd& f) {
  const Eigen::VectorXd a = p.A * f + p.b;
  return f.cwiseMin(a).norm();
}

Verification verify_forces(const forces::ForceResult& r, const forces::ForceCapabilities& caps,
                           const forces::ContactProblem& p, const ExactLcp* exact,
                           const ForceTolerances& tol) {
  Checks c;
  const int n = p.size();
  const bool solved = exact && exact->outcome == ExactLcp::Outcome::solved;
  const bool infeasible = exact && exact->outcome == ExactLcp::Outcome::infeasible;

  if (r.status == forces::SolveStatus::unsupported) {
    c.v.verdict = Verdict::unsupported;
    c.v.reason = r.reason.empty() ? "solver does not support this problem" : r.reason;
    return c.v;
  }
  if (r.status == forces::SolveStatus::failed) {
    if (infeasible) {
      c.note("feasibility", Verdict::pass,
             "the exact reference proves the problem infeasible and the solver reports failure (" +
                 r.reason + ")");
      return c.finish();
    }
    c.note("status", Verdict::fail,
           "solver failed: " + (r.reason.empty() ? "no reason" : r.reason));
    return c.finish();
  }
  if (r.normal_force.size() != n) {
    c.note("size", Verdict::fail,
           "returned " + std::to_string(r.normal_force.size()) + " forces for " +
               std::to_string(n) + " contacts");
    return c.finish();
  }
  if (!r.normal_force.allFinite() || (r.friction_force && !r.friction_force->allFinite())) {
    c.note("finite", Verdict::fail, "output contains NaN or infinity (status said ok)");
    return c.finish();
  }
  if (infeasible)
    c.note("feasibility", Verdict::fail,
           "the exact reference proves A f + b >= 0, f >= 0 infeasible, yet the solver says ok");
  if (exact && exact->outcome == ExactLcp::Outcome::unresolved)
    c.note("reference", Verdict::unsupported,
           "exact reference unresolved (" + exact->detail + "): residual checks only");
  if (!exact) c.note("reference", Verdict::unsupported, "no exact reference: residual checks only");

  const Eigen::VectorXd& f = r.normal_force;
  // Floors: every check divides by F or S (never by their product), so a zero problem (b = 0,
  // A = 0) stays finite. Scales beyond double range cannot judge anything.
  const double A_max = std::max(max_abs(p.A), 1e-300);
  const double F = std::max({solved ? max_abs(exact->force) : 0.0, max_abs(p.b) / A_max, 1e-300});
  const double S = std::max(max_abs(p.b) + A_max * F, 1e-300);
  if (!std::isfinite(F) || !std::isfinite(S)) {
    c.note("scales", Verdict::ambiguous,
           "the problem's scales overflow (F = " + short_number(F) + ", S = " + short_number(S) +
               "): its numbers are beyond what doubles can check");
    return c.finish();
  }

  const bool position = caps.position_level && p.gap && p.normal_velocity && p.time_step > 0;
  const bool friction = caps.friction && p.has_friction() && p.A_full && p.b_full;

  c.add("pulling", std::max(0.0, -f.minCoeff()) / F, tol.residual_relative,
        "min(f) = " + short_number(f.minCoeff()));

  const ForceCheckContext x{r, caps, p, exact, tol, solved, F, S};
  if (position)
    position_level_checks(x, c);
  else if (friction)
    friction_checks(x, c);
  else {
    const Eigen::VectorXd a = p.A * f + p.b;
    lcp_checks(x, a, c);
    exact_solution_checks(x, a, c);
  }
  return c.finish();
}

}  // namespace touchstone
