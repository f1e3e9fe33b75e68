// Dantzig–Cottle principal pivoting as Baraff 1994 ("Fast contact force computation for
// nonpenetrating rigid bodies", §4–5) applies it to the contact LCP a = A f + b of seed 002 §5:
// contacts are driven to zero acceleration one at a time; while driving contact d, the clamped
// set C keeps a_C = 0 and the free set NC keeps f_NC = 0, and the step stops at the first index
// that changes sets. The inverse of A_CC is kept by bordering updates (O(|C|²) per change) and
// refreshed from scratch every |C| changes to bound the drift.
#include "algorithms/forces/dantzig/dantzig.hpp"

#include <cmath>
#include <limits>
#include <vector>

#include "algorithms/forces/solver_support.hpp"

namespace touchstone::forces::dantzig {
namespace {

enum class Set : char { unprocessed, clamped, free };

// The clamped set C (contacts with a_i = 0 and f_i > 0) and P = (A_CC)⁻¹, kept up to date by
// rank-one updates and recomputed from scratch every max(32, |C|) changes.
class ClampedSet {
 public:
  ClampedSet(const Eigen::MatrixXd& A, std::vector<Set>& set) : A_(A), set_(set) {}

  std::vector<int> clamped;                   // order of rows/columns of P
  Eigen::MatrixXd P = Eigen::MatrixXd(0, 0);  // (A_CC)⁻¹

  // Recomputes P; false when A_CC is singular.
  bool refresh() {
    const Eigen::MatrixXd& A = A_;
    const int m = static_cast<int>(clamped.size());
    Eigen::MatrixXd Acc(m, m);
    for (int r = 0; r < m; ++r)
      for (int c = 0; c < m; ++c) Acc(r, c) = A(clamped[r], clamped[c]);
    Eigen::FullPivLU<Eigen::MatrixXd> lu(Acc);
    if (m > 0 && !lu.isInvertible()) return false;
    P = m > 0 ? Eigen::MatrixXd(lu.inverse()) : Eigen::MatrixXd(0, 0);
    changes_since_refresh_ = 0;
    return true;
  }

  // Adds contact k to C; false when the result is singular.
  bool add(int k) {
    const Eigen::MatrixXd& A = A_;
    const int m = static_cast<int>(clamped.size());
    Eigen::VectorXd u(m), v(m);
    for (int r = 0; r < m; ++r) {
      u[r] = A(clamped[r], k);
      v[r] = A(k, clamped[r]);
    }
    const Eigen::VectorXd Pu = P * u;
    const Eigen::RowVectorXd vP = v.transpose() * P;
    const double s = A(k, k) - v.dot(Pu);
    if (!(std::abs(s) > 1e-13 * std::max(1.0, std::abs(A(k, k))))) return false;
    Eigen::MatrixXd next(m + 1, m + 1);
    next.topLeftCorner(m, m) = P + Pu * vP / s;
    next.topRightCorner(m, 1) = -Pu / s;
    next.bottomLeftCorner(1, m) = -vP / s;
    next(m, m) = 1.0 / s;
    P.swap(next);
    clamped.push_back(k);
    set_[k] = Set::clamped;
    if (++changes_since_refresh_ > std::max<long>(32, static_cast<long>(clamped.size())))
      return refresh();
    return true;
  }

  // Moves contact k from C to the free set; false when its pivot is zero or the result singular.
  bool remove(int k) {
    const int m = static_cast<int>(clamped.size());
    int p = 0;
    while (clamped[p] != k) ++p;
    const double pivot = P(p, p);
    if (!(std::abs(pivot) > 0.0)) return false;
    Eigen::MatrixXd next = P - P.col(p) * P.row(p) / pivot;
    // Delete row and column p by moving the last one into its place.
    next.row(p) = next.row(m - 1);
    next.col(p) = next.col(m - 1);
    P = next.topLeftCorner(m - 1, m - 1);
    clamped[p] = clamped.back();
    clamped.pop_back();
    set_[k] = Set::free;
    if (++changes_since_refresh_ > std::max<long>(32, static_cast<long>(clamped.size())))
      return refresh();
    return true;
  }

 private:
  const Eigen::MatrixXd& A_;
  std::vector<Set>& set_;
  long changes_since_refresh_ = 0;
};

class Dantzig final : public ForceSolver {
 public:
  explicit Dantzig(const Parameters& p)
      : max_pivots_(static_cast<long>(parameter(p, "max_pivots"))),
        tolerance_(parameter(p, "tolerance")) {}

  ForceResult solve(const ContactProblem& problem,
                    std::unique_ptr<ForceWarmStart>* /*warm_start*/) const override {
    if (auto why = check_matrix_form(problem)) return failed_result(*why);
    const Eigen::MatrixXd& A = problem.A;
    const int n = problem.size();
    ForceResult result;
    Eigen::VectorXd f = Eigen::VectorXd::Zero(n);
    Eigen::VectorXd a = problem.b;
    const double scale = std::max(1.0, problem.b.cwiseAbs().maxCoeff());
    const double eps = tolerance_ * scale;

    std::vector<Set> set(n, Set::unprocessed);
    ClampedSet cs(A, set);
    const std::vector<int>& clamped = cs.clamped;
    const Eigen::MatrixXd& P = cs.P;
    long pivots = 0;

    auto fail = [&](std::string reason) {
      set_failed(result, std::move(reason));
      result.iterations = static_cast<int>(pivots);
      result.normal_force = f;
      return result;
    };

    while (true) {
      // Drive the most negative unprocessed acceleration to zero.
      int d = -1;
      for (int i = 0; i < n; ++i)
        if (set[i] == Set::unprocessed && a[i] < -eps && (d < 0 || a[i] < a[d])) d = i;
      if (d < 0) break;
      while (true) {
        if (pivots >= max_pivots_)
          return fail("pivot cap reached (" + std::to_string(max_pivots_) + " pivots)");
        ++pivots;
        // Direction: Δf_d = 1, Δf_C keeps a_C fixed, Δf elsewhere 0.
        const int m = static_cast<int>(clamped.size());
        Eigen::VectorXd Acd(m);
        for (int r = 0; r < m; ++r) Acd[r] = A(clamped[r], d);
        const Eigen::VectorXd dfc = -(P * Acd);
        Eigen::VectorXd da = A.col(d);
        for (int r = 0; r < m; ++r) da += A.col(clamped[r]) * dfc[r];
        if (!da.allFinite()) return fail("numerical breakdown (non-finite direction)");

        double step = std::numeric_limits<double>::infinity();
        int blocking = -1;
        if (da[d] > 0.0) {
          step = -a[d] / da[d];
          blocking = d;
        }
        for (int r = 0; r < m; ++r)
          if (dfc[r] < 0.0) {
            const double s = std::max(0.0, -f[clamped[r]] / dfc[r]);
            if (s < step) step = s, blocking = clamped[r];
          }
        for (int i = 0; i < n; ++i)
          if (set[i] == Set::free && da[i] < 0.0) {
            const double s = std::max(0.0, -a[i] / da[i]);
            if (s < step) step = s, blocking = i;
          }
        if (blocking < 0)
          return fail("unbounded drive: no force stops a[" + std::to_string(d) +
                      "] from staying negative (infeasible LCP, or A neither PSD nor P)");
        f[d] += step;
        for (int r = 0; r < m; ++r) f[clamped[r]] += step * dfc[r];
        a += step * da;

        if (blocking == d) {
          a[d] = 0.0;
          if (!cs.add(d)) return fail("singular clamped set A_CC");
          break;
        }
        if (set[blocking] == Set::clamped) {
          f[blocking] = 0.0;
          if (!cs.remove(blocking)) return fail("singular clamped set A_CC");
        } else {
          a[blocking] = 0.0;
          if (!cs.add(blocking)) return fail("singular clamped set A_CC");
        }
      }
    }
    result.normal_force = f;
    result.iterations = static_cast<int>(pivots);
    result.own_residual = natural_residual(A, problem.b, f);
    return result;
  }

 private:
  long max_pivots_;
  double tolerance_;
};

}  // namespace

ForceSolverInfo info() {
  return registered<Dantzig>({
      .name = "dantzig",
      .family = "lcp-pivoting",
      .paper = "Baraff 1994 §4–5 (Dantzig principal pivoting) on the LCP of seed 002 §5",
      .description = "Dantzig–Cottle principal pivoting, one contact driven to zero at a time",
      .capabilities = {.matrix_form = true},
      .defaults = {{"max_pivots", 100000}, {"tolerance", 1e-12}},
  });
}

}  // namespace touchstone::forces::dantzig
