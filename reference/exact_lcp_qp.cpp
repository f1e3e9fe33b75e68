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
  if (n == 0) return std::vector<Q>{};
  // min ½ fᵀAf + bᵀf over f >= 0 and nothing else: its KKT conditions are the LCP itself
  // (A f + b = μ >= 0, μᵀf = 0), and for PSD A it is unbounded exactly when the LCP is infeasible.
  // CGAL takes 2D = A (lower triangle) and needs no constraint rows.
  CGAL::Quadratic_program<double> qp(CGAL::LARGER, true, 0.0, false, 0.0);
  for (int i = 0; i < n; ++i) {
    qp.set_c(i, b[i]);
    for (int j = 0; j <= i; ++j)
      if (A(i, j) != 0.0) qp.set_d(i, j, A(i, j));
  }
  const auto solution = CGAL::solve_quadratic_program(qp, CGAL::Gmpzf());
  if (solution.is_unbounded()) return std::nullopt;
  if (!solution.is_optimal())
    throw std::runtime_error("exact QP: neither optimal nor unbounded (A not PSD?)");
  std::vector<Q> f;
  for (auto it = solution.variable_values_begin(); it != solution.variable_values_end(); ++it)
    f.push_back(to_q(it->numerator()) / to_q(it->denominator()));
  return f;
}

std::vector<Q> minimum_norm(const std::vector<std::vector<Q>>& M, const std::vector<Q>& target) {
  const int rows = static_cast<int>(M.size());
  const int n = rows ? static_cast<int>(M[0].size()) : 0;
  CGAL::Quadratic_program<CGAL::Gmpzf> qp(CGAL::EQUAL, true, CGAL::Gmpzf(0), false, CGAL::Gmpzf(0));
  for (int j = 0; j < n; ++j) qp.set_d(j, j, CGAL::Gmpzf(2));
  for (int i = 0; i < rows; ++i) {
    // Scale the row by the lcm of its denominators: integer coefficients, same constraint.
    CGAL::Gmpz scale(1);
    auto absorb = [&](const Q& q) { mpz_lcm(scale.mpz(), scale.mpz(), mpq_denref(q.mpq())); };
    absorb(target[i]);
    for (const Q& x : M[i]) absorb(x);
    auto integer = [&](const Q& q) {
      CGAL::Gmpz z;
      mpz_divexact(z.mpz(), scale.mpz(), mpq_denref(q.mpq()));
      mpz_mul(z.mpz(), z.mpz(), mpq_numref(q.mpq()));
      return CGAL::Gmpzf(z);
    };
    qp.set_b(i, integer(target[i]));
    for (int j = 0; j < n; ++j)
      if (!CGAL::is_zero(M[i][j])) qp.set_a(j, i, integer(M[i][j]));
  }
  if (n == 0) return {};
  const auto solution = CGAL::solve_quadratic_program(qp, CGAL::Gmpzf());
  if (!solution.is_optimal())
    throw std::runtime_error("exact minimum-norm QP is not optimal (infeasible or unbounded)");
  std::vector<Q> f;
  for (auto it = solution.variable_values_begin(); it != solution.variable_values_end(); ++it)
    f.push_back(to_q(it->numerator()) / to_q(it->denominator()));
  return f;
}

}  // namespace touchstone::exact_lcp_detail
