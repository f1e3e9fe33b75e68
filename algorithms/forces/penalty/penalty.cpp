// Penalty method (seed 003 §4, "Penalty methods"): a stiff spring with a damper acts at every
// penetrating contact, f_i = max(0, −k gap_i − c gap_i') while gap_i < 0 and zero otherwise (the
// spring never pulls and is destroyed when the bodies separate). The step of length h is
// integrated with `substeps` semi-implicit Euler substeps in the contact-space model of the
// contract, gap'' = A f + b, so the last substep's state matches gap_after_step for constant
// forces. Reports the gaps at the end of the step, the deepest penetration reached during it and
// the step's mean force (∫ f dt / h) as the normal force.
#include "algorithms/forces/penalty/penalty.hpp"

#include <cmath>

#include "algorithms/forces/solver_support.hpp"

// GCC 12 reports a false maybe-uninitialized inside std::optional<Eigen::VectorXd>::emplace.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace touchstone::forces::penalty {
namespace {

class Penalty final : public ForceSolver {
 public:
  explicit Penalty(const Parameters& p)
      : stiffness_(parameter(p, "stiffness")),
        damping_(parameter(p, "damping")),
        substeps_(static_cast<long>(parameter(p, "substeps"))) {}

  ForceResult solve(const ContactProblem& problem,
                    std::unique_ptr<ForceWarmStart>* /*warm_start*/) const override {
    if (auto why = check_matrix_form(problem)) return failed_result(*why);
    if (auto why = check_position_level(problem)) return unsupported_result(*why);
    if (!(stiffness_ >= 0.0) || !(damping_ >= 0.0) || substeps_ < 1 || substeps_ > 100000000)
      return failed_result("stiffness and damping must be >= 0 and substeps in [1, 1e8]");
    const int n = problem.size();
    const double dt = problem.time_step / static_cast<double>(substeps_);
    Eigen::VectorXd gap = *problem.gap;
    Eigen::VectorXd velocity = *problem.normal_velocity;
    Eigen::VectorXd impulse = Eigen::VectorXd::Zero(n);
    Eigen::VectorXd f(n);
    double deepest = n > 0 ? std::max(0.0, -gap.minCoeff()) : 0.0;
    for (long step = 0; step < substeps_; ++step) {
      for (int i = 0; i < n; ++i)
        f[i] = gap[i] < 0.0 ? std::max(0.0, -stiffness_ * gap[i] - damping_ * velocity[i]) : 0.0;
      velocity += dt * (problem.A * f + problem.b);
      gap += dt * velocity;
      impulse += dt * f;
      if (n > 0) deepest = std::max(deepest, -gap.minCoeff());
    }
    const bool finite = gap.allFinite() && impulse.allFinite();
    ForceResult result;
    result.normal_force = impulse / problem.time_step;
    result.iterations = static_cast<int>(substeps_);
    result.gap_after.emplace(std::move(gap));
    result.max_penetration.emplace(deepest);
    if (!finite) {
      set_failed(result, "integration blew up (substep too large for the stiffness)");
    }
    return result;
  }

 private:
  double stiffness_;
  double damping_;
  long substeps_;
};

}  // namespace

ForceSolverInfo info() {
  return registered<Penalty>({
      .name = "penalty",
      .family = "penalty",
      .paper = "seed 003 §4 (penalty methods)",
      .description = "spring–damper on penetration integrated over the step in substeps",
      .capabilities = {.matrix_form = false, .position_level = true},
      .defaults = {{"stiffness", 1e5}, {"damping", 1e3}, {"substeps", 100}},
  });
}

}  // namespace touchstone::forces::penalty
