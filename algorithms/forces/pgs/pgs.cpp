// Projected Gauss–Seidel for the contact LCP a = A f + b of seed 002 §5 (the iterative LCP
// method of seed 003 §4's overview; Cottle–Pang–Stone §5.2): per contact,
// f_i ← max(0, f_i − ω (A f + b)_i / A_ii), sweeping in a chosen order until the natural-map
// residual ‖min(f, A f + b)‖∞ is below tolerance·max(1, ‖b‖∞). A zero diagonal entry (a contact
// that no force can move) makes the update undefined: that is reported as a failure.
#include "algorithms/forces/pgs/pgs.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "algorithms/forces/solver_support.hpp"

namespace touchstone::forces::pgs {
namespace {

struct PgsWarmStart final : ForceWarmStart {
  Eigen::VectorXd force;
};

enum Ordering { forward = 0, backward = 1, symmetric = 2, shuffled = 3 };

class Pgs final : public ForceSolver {
 public:
  explicit Pgs(const Parameters& p)
      : max_iterations_(static_cast<long>(parameter(p, "max_iterations"))),
        tolerance_(parameter(p, "tolerance")),
        relaxation_(parameter(p, "relaxation")),
        ordering_(static_cast<int>(parameter(p, "ordering"))),
        seed_(static_cast<unsigned>(parameter(p, "seed"))) {}

  ForceResult solve(const ContactProblem& problem,
                    std::unique_ptr<ForceWarmStart>* warm_start) const override {
    if (auto why = check_matrix_form(problem)) return failed_result(*why);
    if (ordering_ < forward || ordering_ > shuffled)
      return failed_result(
          "ordering must be 0 (forward), 1 (backward), 2 (symmetric) or 3 "
          "(shuffled)");
    if (!(relaxation_ > 0.0 && relaxation_ < 2.0))
      return failed_result("relaxation must lie in (0, 2)");
    const Eigen::MatrixXd& A = problem.A;
    const Eigen::VectorXd& b = problem.b;
    const int n = problem.size();
    for (int i = 0; i < n; ++i)
      if (!(A(i, i) > 0.0))
        return failed_result("zero or negative diagonal A[" + std::to_string(i) + "][" +
                             std::to_string(i) + "] = " + std::to_string(A(i, i)));

    Eigen::VectorXd f = Eigen::VectorXd::Zero(n);
    PgsWarmStart* state = nullptr;
    if (warm_start != nullptr) {
      state = dynamic_cast<PgsWarmStart*>(warm_start->get());
      if (state == nullptr) {
        auto fresh = std::make_unique<PgsWarmStart>();
        state = fresh.get();
        *warm_start = std::move(fresh);
      } else if (state->force.size() == n && state->force.allFinite()) {
        f = state->force.cwiseMax(0.0);
      }
    }

    const Eigen::MatrixXd At = A.transpose();
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    if (ordering_ == backward) std::reverse(order.begin(), order.end());
    std::mt19937 rng(seed_);
    const double threshold = tolerance_ * std::max(1.0, b.size() ? b.cwiseAbs().maxCoeff() : 0.0);

    ForceResult result;
    long sweep = 0;
    double residual = natural_residual(A, b, f);
    while (residual > threshold && sweep < max_iterations_) {
      if (ordering_ == shuffled) std::shuffle(order.begin(), order.end(), rng);
      relax(At, b, order, f);
      if (ordering_ == symmetric) {
        std::reverse(order.begin(), order.end());
        relax(At, b, order, f);
        std::reverse(order.begin(), order.end());
      }
      ++sweep;
      residual = natural_residual(A, b, f);
      if (!std::isfinite(residual)) break;
    }
    result.normal_force = f;
    result.iterations = static_cast<int>(sweep);
    result.own_residual = residual;
    if (!std::isfinite(residual)) {
      set_failed(result, "diverged (non-finite residual)");
    } else if (residual > threshold) {
      set_failed(result, "iteration cap reached (" + std::to_string(max_iterations_) +
                             " sweeps, residual " + std::to_string(residual) + ")");
    }
    if (state != nullptr) state->force = f;
    return result;
  }

 private:
  void relax(const Eigen::MatrixXd& At, const Eigen::VectorXd& b, const std::vector<int>& order,
             Eigen::VectorXd& f) const {
    for (int i : order) {
      // Row i of A is column i of Aᵀ, contiguous in memory.
      const double a_i = At.col(i).dot(f) + b[i];
      f[i] = std::max(0.0, f[i] - relaxation_ * a_i / At(i, i));
    }
  }

  long max_iterations_;
  double tolerance_;
  double relaxation_;
  int ordering_;
  unsigned seed_;
};

}  // namespace

ForceSolverInfo info() {
  return registered<Pgs>({
      .name = "pgs",
      .family = "lcp-iterative",
      .paper = "seed 003 §4 (LCP methods); projected Gauss–Seidel, Cottle–Pang–Stone §5.2",
      .description = "projected Gauss–Seidel sweeps with natural-map stopping test",
      .capabilities = {.matrix_form = true, .warm_start = true},
      .defaults = {{"max_iterations", 100000},
                   {"tolerance", 1e-10},
                   {"relaxation", 1.0},
                   {"ordering", 0},
                   {"seed", 1}},
  });
}

}  // namespace touchstone::forces::pgs
