// Internals of the exact LCP reference (exact_lcp.hpp): the two CGAL QP solves live in their own
// translation unit (compile cost, DESIGN §9).
#pragma once

#include <CGAL/Gmpq.h>

#include <Eigen/Dense>
#include <optional>
#include <vector>

namespace touchstone::exact_lcp_detail {

using Q = CGAL::Gmpq;

// min ½fᵀAf + bᵀf s.t. f >= 0 (A symmetric PSD): the optimum solves the LCP (KKT), and the QP is
// unbounded exactly when the LCP is infeasible (nullopt). Throws std::runtime_error otherwise.
std::optional<std::vector<Q>> lcp_as_qp(const Eigen::MatrixXd& A, const Eigen::VectorXd& b);

// min |x|² s.t. M x = target, x >= 0, with M given by exact rows (linearly independent: the
// solver is much slower on redundant equalities). Each row is scaled to integers so the QP runs
// in Gmpzf. Throws std::runtime_error when infeasible (cannot happen when target = M x* for a
// solution x*).
std::vector<Q> minimum_norm(const std::vector<std::vector<Q>>& M, const std::vector<Q>& target);

}  // namespace touchstone::exact_lcp_detail
