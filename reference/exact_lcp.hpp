// The exact reference for contact forces (DESIGN §4, §3.3): the frictionless LCP
//   a = A f + b,  a >= 0,  f >= 0,  fᵀa = 0
// solved exactly from the very doubles A and b (each double is an exact rational).
//
// Route 1 (A symmetric and, checked exactly, positive semidefinite — every frictionless
// multibody problem): the LCP is the KKT system of the convex QP min ½fᵀAf + bᵀf over f >= 0
// (Baraff 1989 §5: the accelerations are then unique). CGAL's exact QP solver (Gmpzf) finds a
// solution f* or proves the problem infeasible (the QP is unbounded); a* = A f* + b exactly. All
// solutions share a*, so the solution set is {f >= 0 : A f = a* − b, f_i = 0 where a*_i > 0}; its
// minimum-norm member is f* itself when the forces are unique, else x = Mᵀ(MMᵀ)⁻¹t over independent
// rows when that is >= 0 (exact rationals), else a second exact QP (Gmpzf, rows scaled to
// integers). Forces are unique iff the columns of A on the contacts with a*_i = 0 are independent
// (exact rank). Route 2 (anything else): Lemke's method in exact rationals (Gmpq) with the
// lexicographic ratio test, so degenerate problems cannot cycle. It gives one solution
// (accelerations and forces not claimed unique); a ray termination proves infeasibility when xᵀAx
// >= 0 (exact test on the symmetric part: copositive-plus) and is reported "unresolved" otherwise.
#pragma once

#include <Eigen/Dense>
#include <string>

namespace touchstone {

struct ExactLcp {
  enum class Outcome { solved, infeasible, unresolved };
  Outcome outcome = Outcome::unresolved;
  std::string method;  // "qp-gmpzf+minnorm", "lemke-gmpq"
  std::string detail;  // why unresolved, pivots, ...
  // Rounded to nearest from the exact values (solved only).
  Eigen::VectorXd acceleration;  // a = A f + b of the solution (unique on route 1)
  Eigen::VectorXd force;         // minimum-norm solution (route 1) or Lemke's solution (route 2)
  bool acceleration_unique = false;  // route 1 (Baraff §5), or forces unique
  bool forces_unique = false;
  bool minimum_norm = false;  // force is the minimum-norm solution
  int pivots = 0;             // Lemke pivots (route 2)
};
std::string_view to_string(ExactLcp::Outcome o);

struct ExactLcpOptions {
  // Above this size the exact PSD test and the rank test (cubic in rationals) are skipped: the
  // problem goes to Lemke and forces are not claimed unique.
  int max_exact_factorization = 400;
  long max_pivots = 1000000;  // Lemke cap (exponential worst case: Murty's examples)
};

// Throws std::invalid_argument on mismatched sizes or non-finite input.
ExactLcp exact_lcp(const Eigen::MatrixXd& A, const Eigen::VectorXd& b,
                   const ExactLcpOptions& options = {});

}  // namespace touchstone
