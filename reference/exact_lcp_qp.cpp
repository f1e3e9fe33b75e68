// The PSD LCP as exact convex QPs with CGAL's QP solver (CGAL/QP_functions.h): Gmpzf for the
// double input, Gmpq for the minimum-norm solve whose right-hand side is rational.
#include <CGAL/Gmpzf.h>
#include <CGAL/QP_functions.h>
#include <CGAL/QP_models.h>

#include <stdexcept>

#include "reference/exact_lcp_internal.hpp"

namespace touchstone::exact_lcp_detail {
namespace {

Q to_q(const CGAL::Gmpzf& x) {
  Q q(x.man());
  const long e = x.exp();
  if (e > 0) mpq_mul_2exp(q.mpq(), q.mpq(), static_cast<unsigned long>(e));
  if (e < 0) mpq_div_2exp(q.mpq(), q.mpq(), static_cast<unsigned long>(-e));
  return q;
}

}  // namespace

std::optional<std::vector<Q>> lcp_as_qp(const Eigen::MatrixXd& A, const Eigen::VectorXd& b) {
  const int n = static_cast<int>(b.size());
  // Default bounds f >= 0; rows A f >= −b.
  CGAL::Quadratic_program<double> qp(CGAL::LARGER, true, 0.0, false, 0.0);
  for (int i = 0; i < n; ++i) {
    qp.set_b(i, -b[i]);
    qp.set_c(i, b[i]);
    for (int j = 0; j < n; ++j) {
      if (A(i, j) != 0.0) qp.set_a(j, i, A(i, j));
      // Objective fᵀAf: CGAL takes 2D, lower triangle (2·x is exact in double).
      if (j <= i && A(i, j) != 0.0) qp.set_d(i, j, 2.0 * A(i, j));
    }
  }
  if (n == 0) return std::vector<Q>{};
  const auto solution = CGAL::solve_quadratic_program(qp, CGAL::Gmpzf());
  if (solution.is_infeasible()) return std::nullopt;
  if (!solution.is_optimal())
    throw std::runtime_error("exact QP: unbounded (A is not positive semidefinite)");
  std::vector<Q> f;
  for (auto it = solution.variable_values_begin(); it != solution.variable_values_end(); ++it)
    f.push_back(to_q(it->numerator()) / to_q(it->denominator()));
  const auto value = solution.objective_value();
  if (!CGAL::is_zero(value.numerator()))
    throw std::runtime_error("exact QP: optimum is not zero (A is not positive semidefinite)");
  return f;
}

std::vector<Q> minimum_norm(const Eigen::MatrixXd& A, const std::vector<Q>& target,
                            const std::vector<bool>& forced_zero) {
  const int n = static_cast<int>(target.size());
  CGAL::Quadratic_program<Q> qp(CGAL::EQUAL, true, Q(0), false, Q(0));
  for (int i = 0; i < n; ++i) {
    qp.set_b(i, target[i]);
    qp.set_d(i, i, Q(2));
    if (forced_zero[i]) qp.set_u(i, true, Q(0));
    for (int j = 0; j < n; ++j)
      if (A(i, j) != 0.0) qp.set_a(j, i, Q(A(i, j)));
  }
  const auto solution = CGAL::solve_quadratic_program(qp, Q());
  if (!solution.is_optimal())
    throw std::runtime_error("exact minimum-norm QP is not optimal (infeasible or unbounded)");
  std::vector<Q> f;
  for (auto it = solution.variable_values_begin(); it != solution.variable_values_end(); ++it)
    f.push_back(it->numerator() / it->denominator());
  return f;
}

}  // namespace touchstone::exact_lcp_detail
