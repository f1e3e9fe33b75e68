// Baraff 1989 §6 (seed 002), the LP heuristic as written, with COIN-OR Clp as the LP solver.
// In the contract's sign convention a = A f + b (the paper writes A f − b):
//   §6.2  guess V = ∅ (no vanishing contact): find f with A f + b = 0, f ≥ 0;
//   §6.4  if infeasible, the minimum-sum-force approximate f_a: min Σ f s.t. A f + b ≥ 0, f ≥ 0;
//   §6.3  predict V = {i : (A f_a + b)_i > 0} and test it with the system (18): f_j = 0 and
//         a_j ≥ 0 for j ∈ V, f_k ≥ 0 and a_k = 0 for k ∉ V;
//   §6.5  if that is infeasible too, answer with the approximate f_a.
// `branch` says which of "V=empty", "predicted" and "approximate" answered. The approximate is
// what the paper applies, not a solution of the LCP: the verifier judges it.
#include "algorithms/forces/baraff_lp/baraff_lp.hpp"

#include <ClpSimplex.hpp>
#include <cmath>
#include <vector>

#include "algorithms/forces/solver_support.hpp"

namespace touchstone::forces::baraff_lp {
namespace {

enum class LpOutcome { optimal, infeasible, other };

struct Lp {
  LpOutcome outcome = LpOutcome::other;
  int status = -1;
  int iterations = 0;
  Eigen::VectorXd f;
};

// One LP over f: minimize objective·f subject to row_lower ≤ A f ≤ row_upper and
// column_lower ≤ f ≤ column_upper.
Lp solve_lp(const Eigen::MatrixXd& A, const std::vector<double>& objective,
            const std::vector<double>& row_lower, const std::vector<double>& row_upper,
            const std::vector<double>& column_lower, const std::vector<double>& column_upper,
            int max_iterations) {
  const int n = static_cast<int>(A.cols());
  std::vector<CoinBigIndex> start(n + 1, 0);
  std::vector<int> index;
  std::vector<double> value;
  for (int c = 0; c < n; ++c) {
    for (int r = 0; r < A.rows(); ++r)
      if (A(r, c) != 0.0) {
        index.push_back(r);
        value.push_back(A(r, c));
      }
    start[c + 1] = static_cast<CoinBigIndex>(index.size());
  }
  ClpSimplex model;
  model.setLogLevel(0);
  model.loadProblem(n, static_cast<int>(A.rows()), start.data(), index.data(), value.data(),
                    column_lower.data(), column_upper.data(), objective.data(), row_lower.data(),
                    row_upper.data());
  model.setMaximumIterations(max_iterations);
  model.dual();
  Lp lp;
  lp.status = model.status();
  lp.iterations = model.numberIterations();
  if (model.isProvenOptimal()) {
    lp.outcome = LpOutcome::optimal;
    lp.f = Eigen::Map<const Eigen::VectorXd>(model.primalColumnSolution(), n);
  } else if (model.isProvenPrimalInfeasible()) {
    lp.outcome = LpOutcome::infeasible;
  }
  return lp;
}

class BaraffLp final : public ForceSolver {
 public:
  explicit BaraffLp(const Parameters& p)
      : vanishing_tolerance_(parameter(p, "vanishing_tolerance")),
        max_iterations_(static_cast<int>(parameter(p, "max_lp_iterations"))) {}

  ForceResult solve(const ContactProblem& problem,
                    std::unique_ptr<ForceWarmStart>* /*warm_start*/) const override {
    if (auto why = check_matrix_form(problem)) return failed_result(*why);
    try {
      return solve_checked(problem);
    } catch (const std::exception& e) {
      return failed_result(std::string("LP solver error: ") + e.what());
    } catch (...) {
      return failed_result("LP solver error (Clp threw a non-standard exception)");
    }
  }

 private:
  ForceResult solve_checked(const ContactProblem& problem) const {
    const Eigen::MatrixXd& A = problem.A;
    const Eigen::VectorXd& b = problem.b;
    const int n = problem.size();
    const double inf = COIN_DBL_MAX;
    ForceResult result;
    int lp_iterations = 0;
    auto finish = [&](Eigen::VectorXd f, std::string branch) {
      result.own_residual = natural_residual(A, b, f);
      result.normal_force = std::move(f);
      result.branch = std::move(branch);
      result.iterations = lp_iterations;
      return result;
    };
    auto lp_failure = [&](const char* which, const Lp& lp) {
      result = failed_result(std::string(which) + " LP stopped with Clp status " +
                             std::to_string(lp.status));
      result.iterations = lp_iterations;
      return result;
    };
    if (n == 0) return finish(Eigen::VectorXd(0), "V=empty");

    const std::vector<double> zero_objective(n, 0.0), unit_objective(n, 1.0);
    const std::vector<double> f_lower(n, 0.0), f_upper(n, inf);
    std::vector<double> minus_b(n), row_upper_inf(n, inf);
    for (int i = 0; i < n; ++i) minus_b[i] = -b[i];

    // §6.2: V = ∅.
    const Lp empty =
        solve_lp(A, zero_objective, minus_b, minus_b, f_lower, f_upper, max_iterations_);
    lp_iterations += empty.iterations;
    if (empty.outcome == LpOutcome::optimal) return finish(empty.f, "V=empty");
    if (empty.outcome == LpOutcome::other) return lp_failure("V=empty", empty);

    // §6.4: the minimum-sum-force approximate.
    const Lp approximate =
        solve_lp(A, unit_objective, minus_b, row_upper_inf, f_lower, f_upper, max_iterations_);
    lp_iterations += approximate.iterations;
    if (approximate.outcome == LpOutcome::infeasible) {
      result = failed_result("infeasible: no f >= 0 with A f + b >= 0 (minimum-sum-force LP)");
      result.iterations = lp_iterations;
      return result;
    }
    if (approximate.outcome == LpOutcome::other)
      return lp_failure("minimum-sum-force", approximate);

    // §6.3: predict V from the residual and test it with system (18).
    const Eigen::VectorXd residual = A * approximate.f + b;
    const double threshold = vanishing_tolerance_ * std::max(1.0, b.cwiseAbs().maxCoeff());
    std::vector<double> row_lower = minus_b, row_upper = minus_b, column_upper = f_upper;
    for (int i = 0; i < n; ++i)
      if (residual[i] > threshold) {  // predicted vanishing: f_i = 0, a_i ≥ 0
        row_upper[i] = inf;
        column_upper[i] = 0.0;
      }
    const Lp predicted =
        solve_lp(A, zero_objective, row_lower, row_upper, f_lower, column_upper, max_iterations_);
    lp_iterations += predicted.iterations;
    if (predicted.outcome == LpOutcome::optimal) return finish(predicted.f, "predicted");
    if (predicted.outcome == LpOutcome::other) return lp_failure("predicted-V", predicted);
    // §6.5: the prediction was wrong; the paper applies the approximate.
    return finish(approximate.f, "approximate");
  }

  double vanishing_tolerance_;
  int max_iterations_;
};

}  // namespace

ForceSolverInfo info() {
  return registered<BaraffLp>({
      .name = "baraff-lp",
      .family = "lp",
      .paper = "seed 002 §6 (LP heuristic: V = ∅, minimum-sum-force approximate, predicted V)",
      .description = "Baraff's LP heuristic with COIN-OR Clp",
      .capabilities = {.matrix_form = true},
      .defaults = {{"vanishing_tolerance", 1e-7}, {"max_lp_iterations", 100000}},
  });
}

}  // namespace touchstone::forces::baraff_lp
