// Lemke's complementary pivoting for the LCP a = A f + b, a, f >= 0, fᵀa = 0 (the frictionless
// contact problem of seed 002 §5; Lemke 1965, as described in Cottle–Pang–Stone §4.4 and Murty
// 1988 §2.2, the reference [14] of seed 002). One artificial variable z0 with covering vector
// (1, ..., 1); the ratio test breaks ties lexicographically on the rows of B⁻¹, which is what keeps
// degenerate problems (redundant contacts, b with repeated entries) from cycling. Ray termination
// means the method cannot find a solution (for a PSD A: the LCP is infeasible). The answer is
// re-verified (signs, complementarity) before it is returned as `ok`.
#include "algorithms/forces/lemke/lemke.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/forces/solver_support.hpp"

namespace touchstone::forces::lemke {
namespace {

class Lemke final : public ForceSolver {
 public:
  explicit Lemke(const Parameters& p)
      : max_pivots_(static_cast<long>(parameter(p, "max_pivots"))),
        lexicographic_(parameter(p, "lexicographic") != 0.0),
        pivot_tolerance_(parameter(p, "pivot_tolerance")),
        verify_tolerance_(parameter(p, "verify_tolerance")),
        refactor_every_(static_cast<long>(parameter(p, "refactor_every"))) {}

  ForceResult solve(const ContactProblem& problem,
                    std::unique_ptr<ForceWarmStart>* /*warm_start*/) const override {
    if (auto why = check_matrix_form(problem)) return failed_result(*why);
    const Eigen::MatrixXd& M = problem.A;
    const Eigen::VectorXd& q = problem.b;
    const int n = problem.size();
    ForceResult result;
    result.normal_force = Eigen::VectorXd::Zero(n);
    if (n == 0 || q.minCoeff() >= 0.0) {
      result.branch = "trivial";
      result.own_residual = 0.0;
      return result;
    }

    // Labels: 0..n-1 are w_i (= a_i), n..2n-1 are z_i (= f_i), 2n is the artificial z0.
    const int z0 = 2 * n;
    std::vector<int> basis(n);
    for (int i = 0; i < n; ++i) basis[i] = i;
    Eigen::MatrixXd Binv = Eigen::MatrixXd::Identity(n, n);
    Eigen::VectorXd rhs = q;

    // The tableau column of a label: B⁻¹ times its column in [I, -M, -1].
    auto column = [&](int label) -> Eigen::VectorXd {
      if (label < n) return Binv.col(label);
      if (label < 2 * n) return -(Binv * M.col(label - n));
      return -Binv.rowwise().sum();
    };
    auto pivot = [&](int row, const Eigen::VectorXd& col) {
      const double p = col[row];
      Binv.row(row) /= p;
      rhs[row] /= p;
      Eigen::VectorXd c = col;
      c[row] = 0.0;
      const Eigen::RowVectorXd pivot_row = Binv.row(row);
      Binv.noalias() -= c * pivot_row;
      rhs -= c * rhs[row];
    };

    // First pivot: z0 enters at the level that makes every w nonnegative; the leaving row is the
    // most negative q_i, ties going to the largest index (the lexicographic choice for B = I).
    int row = 0;
    for (int i = 1; i < n; ++i)
      if (q[i] < q[row] || (lexicographic_ && q[i] == q[row])) row = i;
    int entering = z0;
    long pivots = 0;
    while (true) {
      const Eigen::VectorXd col = column(entering);
      if (pivots > 0) {
        row = ratio_test(col, rhs, Binv, basis, z0);
        if (row < 0) {
          set_failed(result, "ray termination");
          result.iterations = static_cast<int>(pivots);
          return result;
        }
      }
      pivot(row, col);
      ++pivots;
      const int leaving = basis[row];
      basis[row] = entering;
      if (leaving == z0) break;
      if (pivots >= max_pivots_) {
        set_failed(result, "pivot cap reached (" + std::to_string(max_pivots_) + " pivots)");
        result.iterations = static_cast<int>(pivots);
        return result;
      }
      entering = leaving < n ? leaving + n : leaving - n;  // the complement of the leaving label
      // Reinversion: B⁻¹ is recomputed from the basis columns every so many pivots, so the
      // rank-one updates' rounding cannot pile up into wrong ratio tests.
      if (refactor_every_ > 0 && pivots % refactor_every_ == 0) {
        const Eigen::FullPivLU<Eigen::MatrixXd> lu(basis_matrix(M, basis));
        if (lu.isInvertible()) {
          Binv = lu.inverse();
          rhs = Binv * q;
        }
      }
    }
    if (!rhs.allFinite() || !Binv.allFinite())
      return failed_result("numerical breakdown (non-finite tableau)");
    // B⁻¹ has been updated by rank-one steps; two rounds of iterative refinement of B x_B = q
    // against the basis columns themselves remove most of the accumulated error.
    refine(M, q, basis, Binv, rhs);
    forces_from(basis, rhs, result.normal_force);
    // The answer is re-verified before it is called a solution. If the updated B⁻¹ has drifted
    // too far (an ill-conditioned basis), the final basis is solved afresh with a pivoted LU; if
    // that does not verify either, the result is `failed`, never `ok` with negative forces.
    if (auto why = violation(M, q, result.normal_force)) {
      const Eigen::VectorXd fresh = basis_matrix(M, basis).fullPivLu().solve(q);
      Eigen::VectorXd f = Eigen::VectorXd::Zero(n);
      if (fresh.allFinite()) forces_from(basis, fresh, f);
      if (!fresh.allFinite() || violation(M, q, f)) {
        set_failed(result, "pivoting ended on a basis that is not a solution (" + *why +
                               "; re-solving that basis with a pivoted LU did not fix it)");
        result.iterations = static_cast<int>(pivots);
        return result;
      }
      result.normal_force = f;
      result.branch = "basis re-solved";
    }
    result.iterations = static_cast<int>(pivots);
    result.own_residual = natural_residual(M, q, result.normal_force);
    return result;
  }

 private:
  // The leaving row for an entering column: minimum ratio rhs_i / col_i over col_i > 0; ties
  // broken by the lexicographic minimum of B⁻¹_i / col_i (or the lowest row when lexicographic
  // is off, the naive rule that can cycle). z0 leaves whenever it ties. -1: ray termination.
  int ratio_test(const Eigen::VectorXd& col, const Eigen::VectorXd& rhs,
                 const Eigen::MatrixXd& Binv, const std::vector<int>& basis, int z0) const {
    const double threshold = pivot_tolerance_ * std::max(1.0, col.cwiseAbs().maxCoeff());
    std::vector<int> candidates;
    for (int i = 0; i < col.size(); ++i)
      if (col[i] > threshold) candidates.push_back(i);
    if (candidates.empty()) return -1;
    auto keep_minimal = [&](auto value) {
      double best = std::numeric_limits<double>::infinity();
      for (int i : candidates) best = std::min(best, value(i));
      const double tie = 1e-12 * std::max(1.0, std::abs(best));
      std::vector<int> kept;
      for (int i : candidates)
        if (value(i) <= best + tie) kept.push_back(i);
      candidates.swap(kept);
    };
    keep_minimal([&](int i) { return rhs[i] / col[i]; });
    for (int i : candidates)
      if (basis[i] == z0) return i;
    if (!lexicographic_) return candidates.front();
    for (int k = 0; k < Binv.cols() && candidates.size() > 1; ++k)
      keep_minimal([&](int i) { return Binv(i, k) / col[i]; });
    return candidates.front();
  }

  // x_B += B⁻¹ (q − B x_B), twice, B being the basis columns of [I, −M].
  static void refine(const Eigen::MatrixXd& M, const Eigen::VectorXd& q,
                     const std::vector<int>& basis, const Eigen::MatrixXd& Binv,
                     Eigen::VectorXd& rhs) {
    const int n = static_cast<int>(q.size());
    for (int round = 0; round < 2; ++round) {
      Eigen::VectorXd Bx = Eigen::VectorXd::Zero(n);
      for (int r = 0; r < n; ++r) {
        if (basis[r] < n)
          Bx[basis[r]] += rhs[r];
        else if (basis[r] < 2 * n)
          Bx -= M.col(basis[r] - n) * rhs[r];
      }
      rhs += Binv * (q - Bx);
    }
  }
  // The basis columns of [I, −M, −1] (labels w_i, z_i, z0).
  static Eigen::MatrixXd basis_matrix(const Eigen::MatrixXd& M, const std::vector<int>& basis) {
    const int n = static_cast<int>(M.rows());
    Eigen::MatrixXd B = Eigen::MatrixXd::Zero(n, n);
    for (int r = 0; r < n; ++r) {
      if (basis[r] < n)
        B(basis[r], r) = 1.0;
      else if (basis[r] < 2 * n)
        B.col(r) = -M.col(basis[r] - n);
      else
        B.col(r).setConstant(-1.0);  // the artificial z0
    }
    return B;
  }
  static void forces_from(const std::vector<int>& basis, const Eigen::VectorXd& x,
                          Eigen::VectorXd& f) {
    const int n = static_cast<int>(f.size());
    f.setZero();
    for (int i = 0; i < n; ++i)
      if (basis[i] >= n && basis[i] < 2 * n) f[basis[i] - n] = x[i];
  }
  // Why f is not a solution of the LCP (M, q) within verify_tolerance_, relative to the scales
  // F = max(‖f‖∞, ‖q‖∞ / max|M_ij|) and S = ‖q‖∞ + max|M_ij| F (each floored at the smallest
  // normal double, and complementarity taken as (f_i / F)(w_i / S) so nothing underflows to 0/0).
  std::optional<std::string> violation(const Eigen::MatrixXd& M, const Eigen::VectorXd& q,
                                       const Eigen::VectorXd& f) const {
    if (!f.allFinite()) return "non-finite forces";
    const double tiny = std::numeric_limits<double>::min();
    const double m_max = std::max(M.cwiseAbs().maxCoeff(), tiny);
    const double q_max = q.cwiseAbs().maxCoeff();
    const double F = std::max({f.cwiseAbs().maxCoeff(), q_max / m_max, tiny});
    const double S = std::max(q_max + m_max * F, tiny);
    const Eigen::VectorXd w = M * f + q;
    const double pulling = -f.minCoeff() / F, penetrating = -w.minCoeff() / S;
    double complementarity = 0.0;
    for (int i = 0; i < f.size(); ++i)
      complementarity = std::max(complementarity, std::abs((f[i] / F) * (w[i] / S)));
    const double tol = verify_tolerance_;
    if (!(pulling <= tol)) return "min f = " + std::to_string(f.minCoeff());
    if (!(penetrating <= tol)) return "min (M f + q) = " + std::to_string(w.minCoeff());
    if (!(complementarity <= tol))
      return "complementarity max |f_i w_i| / (F S) = " + std::to_string(complementarity);
    return std::nullopt;
  }

  long max_pivots_;
  bool lexicographic_;
  double pivot_tolerance_;
  double verify_tolerance_;
  long refactor_every_;  // pivots between reinversions of B (0: never)
};

}  // namespace

ForceSolverInfo info() {
  return registered<Lemke>({
      .name = "lemke",
      .family = "lcp-pivoting",
      .paper = "seed 002 §5 (LCP); Lemke's method, Murty 1988 §2.2",
      .description = "Lemke complementary pivoting with lexicographic ratio test",
      .capabilities = {.matrix_form = true},
      .defaults = {{"max_pivots", 100000},
                   {"lexicographic", 1},
                   {"pivot_tolerance", 1e-10},
                   {"verify_tolerance", 1e-7},
                   {"refactor_every", 50}},
  });
}

}  // namespace touchstone::forces::lemke
