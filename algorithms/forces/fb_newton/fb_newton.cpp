// The contact NCP of seed 004 §3.2 (Lennerz, Schömer, Warken): the distances after the step
// δ(σ(f)) ≥ 0 complementary to the forces f ≥ 0, rewritten with the Fischer–Burmeister function
// φ(a, b) = √(a² + b²) − a − b as Φ(f) = 0 (equation 7) and solved by Newton's method. With the
// semi-implicit Euler step of the contract the distances are affine in f,
// δ(f) = gap + h v + h² (A f + b) (gap_after_step), so Φ is the FB reformulation of the LCP
// (h² A, gap + h v + h² b). `lcp-fb-newton` applies the same Newton to the acceleration-level LCP
// (A, b) of seed 002 §5.
//
// Φ is only semismooth, so the Newton step uses an element of the generalized Jacobian
// (at φ's kink (0, 0) the element (1/√2 − 1, 1/√2 − 1)), and globalizes with an Armijo line
// search on ½‖Φ‖², falling back to the steepest-descent direction when the Newton direction is
// not a descent direction (De Luca, Facchinei, Kanzow 1996).
#include "algorithms/forces/fb_newton/fb_newton.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "algorithms/forces/solver_support.hpp"

namespace touchstone::forces::fb_newton {
namespace {

struct FbNewtonWarmStart final : ForceWarmStart {
  Eigen::VectorXd force;
};

struct Settings {
  long max_iterations;
  double tolerance;
  double armijo;  // sufficient-decrease constant σ
  int max_backtracks;
};

struct Outcome {
  Eigen::VectorXd x;
  int iterations = 0;
  double merit = 0.0;  // ‖Φ‖∞ of the scaled problem
  bool converged = false;
  std::string reason;
};

Eigen::VectorXd fischer_burmeister(const Eigen::VectorXd& x, const Eigen::VectorXd& w) {
  Eigen::VectorXd phi(x.size());
  for (Eigen::Index i = 0; i < x.size(); ++i) phi[i] = std::hypot(x[i], w[i]) - x[i] - w[i];
  return phi;
}

// Solves Φ(x) = 0 for the LCP (M, q): w = M x + q, x, w ≥ 0, xᵀw = 0.
Outcome newton(const Eigen::MatrixXd& M_in, const Eigen::VectorXd& q_in, Eigen::VectorXd x,
               const Settings& s) {
  const Eigen::Index n = q_in.size();
  Outcome out;
  // Scaling w by 1/max diag(M) leaves the solution unchanged and puts x and w on one scale, which
  // the FB function needs (it mixes them in one square root).
  double scale = n > 0 ? M_in.diagonal().cwiseAbs().maxCoeff() : 1.0;
  if (!(scale > 0.0)) scale = n > 0 ? std::max(M_in.cwiseAbs().maxCoeff(), 1e-300) : 1.0;
  const Eigen::MatrixXd M = M_in / scale;
  const Eigen::VectorXd q = q_in / scale;
  // The stopping test is relative to the size of the terms of w = M x + q, so that large forces
  // (a 10^6 mass ratio gives x ~ 10^7) are not asked for more than rounding allows.
  const double q_norm = n > 0 ? q.cwiseAbs().maxCoeff() : 0.0;
  const double M_norm = n > 0 ? M.cwiseAbs().rowwise().sum().maxCoeff() : 0.0;
  auto threshold_at = [&](const Eigen::VectorXd& at) {
    const double x_norm = n > 0 ? at.cwiseAbs().maxCoeff() : 0.0;
    return s.tolerance * std::max({1.0, q_norm, M_norm * x_norm});
  };
  const double kink = 1.0 / std::sqrt(2.0) - 1.0;

  Eigen::VectorXd w = M * x + q;
  Eigen::VectorXd phi = fischer_burmeister(x, w);
  Eigen::MatrixXd J(n, n);
  for (;;) {
    out.merit = n > 0 ? phi.cwiseAbs().maxCoeff() : 0.0;
    if (!std::isfinite(out.merit)) {
      out.reason = "non-finite Φ";
      break;
    }
    if (out.merit <= threshold_at(x)) {
      out.converged = true;
      break;
    }
    if (out.iterations >= s.max_iterations) {
      out.reason = "iteration cap reached (" + std::to_string(s.max_iterations) +
                   " Newton steps, ‖Φ‖∞ " + std::to_string(out.merit) + ")";
      break;
    }
    ++out.iterations;
    // J = diag(da) + diag(db) M, an element of the generalized Jacobian of Φ.
    Eigen::VectorXd da(n), db(n);
    for (Eigen::Index i = 0; i < n; ++i) {
      const double r = std::hypot(x[i], w[i]);
      if (r > 1e-300) {
        da[i] = x[i] / r - 1.0;
        db[i] = w[i] / r - 1.0;
      } else {
        da[i] = kink;
        db[i] = kink;
      }
    }
    J = db.asDiagonal() * M;
    J.diagonal() += da;
    const Eigen::VectorXd gradient = J.transpose() * phi;
    Eigen::VectorXd d = Eigen::PartialPivLU<Eigen::MatrixXd>(J).solve(-phi);
    const double solve_error = (J * d + phi).norm();
    if (!d.allFinite() || !(solve_error <= 1e-8 * std::max(1.0, phi.norm()))) {
      d = J.colPivHouseholderQr().solve(-phi);  // J singular: least-squares Newton direction
    }
    // An exact Newton direction has slope ∇Ψ·d = −‖Φ‖²; the usual test −ρ‖d‖^2.1 rejects the
    // long steps of badly scaled problems (mass ratio 10^6) and leaves steepest descent stalled.
    if (!d.allFinite() || !(gradient.dot(d) <= -1e-6 * phi.squaredNorm())) d = -gradient;

    const double merit0 = 0.5 * phi.squaredNorm();
    const double slope = gradient.dot(d);
    double t = 1.0;
    bool accepted = false;
    for (int k = 0; k <= s.max_backtracks; ++k, t *= 0.5) {
      const Eigen::VectorXd x_trial = x + t * d;
      const Eigen::VectorXd w_trial = M * x_trial + q;
      const Eigen::VectorXd phi_trial = fischer_burmeister(x_trial, w_trial);
      if (0.5 * phi_trial.squaredNorm() <= merit0 + s.armijo * t * slope) {
        x = x_trial;
        w = w_trial;
        phi = phi_trial;
        accepted = true;
        break;
      }
    }
    if (!accepted) {
      out.merit = phi.cwiseAbs().maxCoeff();
      out.reason = "line search failed (‖Φ‖∞ " + std::to_string(out.merit) + ")";
      break;
    }
  }
  out.x = x;
  return out;
}

class FbNewton final : public ForceSolver {
 public:
  FbNewton(const Parameters& p, bool position_level)
      : settings_{static_cast<long>(parameter(p, "max_iterations")), parameter(p, "tolerance"),
                  parameter(p, "armijo"), static_cast<int>(parameter(p, "max_backtracks"))},
        position_level_(position_level) {}

  ForceResult solve(const ContactProblem& problem,
                    std::unique_ptr<ForceWarmStart>* warm_start) const override {
    if (auto why = check_matrix_form(problem)) return failed_result(*why);
    const int n = problem.size();
    Eigen::MatrixXd M;
    Eigen::VectorXd q;
    if (position_level_) {
      if (auto why = check_position_level(problem)) return unsupported_result(*why);
      const double h = problem.time_step;
      M = h * h * problem.A;
      q = *problem.gap + h * *problem.normal_velocity + h * h * problem.b;
    } else {
      M = problem.A;
      q = problem.b;
    }

    Eigen::VectorXd start = Eigen::VectorXd::Zero(n);
    FbNewtonWarmStart* state = nullptr;
    if (warm_start != nullptr) {
      state = dynamic_cast<FbNewtonWarmStart*>(warm_start->get());
      if (state == nullptr) {
        auto fresh = std::make_unique<FbNewtonWarmStart>();
        state = fresh.get();
        *warm_start = std::move(fresh);
      } else if (state->force.size() == n && state->force.allFinite()) {
        start = state->force;
      }
    }

    const Outcome out = newton(M, q, start, settings_);
    ForceResult result;
    result.normal_force = out.x;
    result.iterations = out.iterations;
    result.own_residual = natural_residual(M, q, out.x);
    if (!out.converged) {
      set_failed(result, out.reason);
    }
    if (position_level_) {
      result.gap_after = gap_after_step(problem, out.x);
      result.max_penetration = std::max(0.0, n > 0 ? -result.gap_after->minCoeff() : 0.0);
    }
    if (state != nullptr && out.x.allFinite()) state->force = out.x;
    return result;
  }

 private:
  Settings settings_;
  bool position_level_;
};

Parameters newton_defaults() {
  return {{"max_iterations", 100}, {"tolerance", 1e-12}, {"armijo", 1e-4}, {"max_backtracks", 60}};
}

}  // namespace

ForceSolverInfo ncp_info() {
  return registered<FbNewton>(
      {
          .name = "ncp-fb-newton",
          .family = "ncp",
          .paper = "seed 004 §3.2 (NCP on distances, Fischer–Burmeister, Newton)",
          .description =
              "distances after the step ⟂ forces, FB semismooth Newton with Armijo search",
          .capabilities = {.matrix_form = false, .position_level = true, .warm_start = true},
          .defaults = newton_defaults(),
      },
      true);
}

ForceSolverInfo lcp_info() {
  return registered<FbNewton>(
      {
          .name = "lcp-fb-newton",
          .family = "ncp",
          .paper = "seed 004 §3.2 (Fischer–Burmeister Newton) on the LCP of seed 002 §5",
          .description =
              "acceleration-level LCP as Φ(f) = 0, FB semismooth Newton with Armijo search",
          .capabilities = {.matrix_form = true, .warm_start = true},
          .defaults = newton_defaults(),
      },
      false);
}

}  // namespace touchstone::forces::fb_newton
