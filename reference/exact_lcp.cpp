// Exact frictionless LCP reference (exact_lcp.hpp): exact PSD test, exact QPs (route 1), exact
// Lemke with the lexicographic ratio test (route 2), exact rank for uniqueness of forces.
#include "reference/exact_lcp.hpp"

#include <mpfr.h>

#include <chrono>
#include <cmath>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "reference/exact_lcp_internal.hpp"

namespace touchstone {
namespace {

using exact_lcp_detail::Q;
using Matrix = std::vector<std::vector<Q>>;

double nearest(const Q& q) {
  mpfr_t x;
  mpfr_init2(x, 53);
  mpfr_set_q(x, q.mpq(), MPFR_RNDN);
  const double d = mpfr_get_d(x, MPFR_RNDN);
  mpfr_clear(x);
  return d;
}

Matrix exact_matrix(const Eigen::MatrixXd& A) {
  Matrix m(A.rows(), std::vector<Q>(A.cols()));
  for (int i = 0; i < A.rows(); ++i)
    for (int j = 0; j < A.cols(); ++j) m[i][j] = Q(A(i, j));
  return m;
}

// xᵀAx >= 0 for all x, decided on the exact symmetric part (A + Aᵀ)/2 by symmetric elimination
// without pivoting: PSD iff every pivot is >= 0 and a zero pivot has a zero row.
bool exactly_psd(const Eigen::MatrixXd& A) {
  Matrix m = exact_matrix(A);
  for (std::size_t i = 0; i < m.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) m[i][j] = m[j][i] = (m[i][j] + m[j][i]) / Q(2);
  const int n = static_cast<int>(m.size());
  for (int k = 0; k < n; ++k) {
    const Q d = m[k][k];
    if (d < 0) return false;
    if (CGAL::is_zero(d)) {
      for (int j = k + 1; j < n; ++j)
        if (!CGAL::is_zero(m[k][j])) return false;
      continue;
    }
    for (int i = k + 1; i < n; ++i) {
      if (CGAL::is_zero(m[i][k])) continue;
      const Q factor = m[i][k] / d;
      for (int j = k + 1; j < n; ++j)
        if (!CGAL::is_zero(m[k][j])) m[i][j] -= factor * m[k][j];
    }
  }
  return true;
}

// Rank of the columns `columns` of A, and a maximal set of linearly independent rows of that
// submatrix (exact elimination with row swaps).
int exact_rank(const Eigen::MatrixXd& A, const std::vector<int>& columns,
               std::vector<int>* independent_rows = nullptr) {
  const int rows = static_cast<int>(A.rows());
  const int cols = static_cast<int>(columns.size());
  Matrix m(rows, std::vector<Q>(cols));
  std::vector<int> origin(rows);
  for (int i = 0; i < rows; ++i) {
    origin[i] = i;
    for (int j = 0; j < cols; ++j) m[i][j] = Q(A(i, columns[j]));
  }
  int rank = 0;
  for (int c = 0; c < cols && rank < rows; ++c) {
    int pivot = -1;
    for (int i = rank; i < rows; ++i)
      if (!CGAL::is_zero(m[i][c])) {
        pivot = i;
        break;
      }
    if (pivot < 0) continue;
    std::swap(m[pivot], m[rank]);
    std::swap(origin[pivot], origin[rank]);
    for (int i = rank + 1; i < rows; ++i) {
      if (CGAL::is_zero(m[i][c])) continue;
      const Q factor = m[i][c] / m[rank][c];
      for (int j = c; j < cols; ++j) m[i][j] -= factor * m[rank][j];
    }
    ++rank;
  }
  // The first `rank` rows after the swaps span the row space of the submatrix.
  if (independent_rows) independent_rows->assign(origin.begin(), origin.begin() + rank);
  return rank;
}

// The minimum-norm solution of M x = t for independent rows, x = Mᵀ (M Mᵀ)⁻¹ t, exactly. When it
// is >= 0 it is also the minimum-norm member of {x >= 0, M x = t}, and the QP is not needed.
std::optional<std::vector<Q>> nonnegative_least_norm(const std::vector<std::vector<Q>>& M,
                                                     const std::vector<Q>& t) {
  const int r = static_cast<int>(M.size());
  const int k = r ? static_cast<int>(M[0].size()) : 0;
  Matrix G(r, std::vector<Q>(r + 1));
  for (int i = 0; i < r; ++i) {
    for (int j = 0; j <= i; ++j) {
      Q s(0);
      for (int c = 0; c < k; ++c)
        if (!CGAL::is_zero(M[i][c]) && !CGAL::is_zero(M[j][c])) s += M[i][c] * M[j][c];
      G[i][j] = G[j][i] = s;
    }
    G[i][r] = t[i];
  }
  for (int c = 0; c < r; ++c) {  // G is positive definite: no pivoting needed
    if (CGAL::is_zero(G[c][c])) return std::nullopt;
    for (int i = c + 1; i < r; ++i) {
      if (CGAL::is_zero(G[i][c])) continue;
      const Q factor = G[i][c] / G[c][c];
      for (int j = c; j <= r; ++j)
        if (!CGAL::is_zero(G[c][j])) G[i][j] -= factor * G[c][j];
    }
  }
  std::vector<Q> y(r);
  for (int i = r - 1; i >= 0; --i) {
    Q s = G[i][r];
    for (int j = i + 1; j < r; ++j)
      if (!CGAL::is_zero(G[i][j])) s -= G[i][j] * y[j];
    y[i] = s / G[i][i];
  }
  std::vector<Q> x(k, Q(0));
  for (int c = 0; c < k; ++c) {
    for (int i = 0; i < r; ++i)
      if (!CGAL::is_zero(M[i][c])) x[c] += M[i][c] * y[i];
    if (x[c] < 0) return std::nullopt;
  }
  return x;
}

// Lemke's method on w = M z + q with covering vector e. Tableau T = B⁻¹ [I | −M | −e | q]; the
// first n columns hold B⁻¹, used by the lexicographic ratio test (no cycling on degenerate
// problems). Returns z, or nullopt on ray termination; throws at the pivot cap.
std::optional<std::vector<Q>> lemke(const Eigen::MatrixXd& M, const Eigen::VectorXd& q,
                                    long max_pivots, int& pivots) {
  const int n = static_cast<int>(q.size());
  const int z0 = 2 * n, rhs = 2 * n + 1;
  Matrix T(n, std::vector<Q>(2 * n + 2));
  std::vector<int> basis(n);
  for (int i = 0; i < n; ++i) {
    T[i][i] = 1;
    for (int j = 0; j < n; ++j) T[i][n + j] = Q(-M(i, j));
    T[i][z0] = -1;
    T[i][rhs] = Q(q[i]);
    basis[i] = i;
  }
  pivots = 0;
  std::vector<Q> z(n, Q(0));
  int r = -1;
  for (int i = 0; i < n; ++i)
    if (T[i][rhs] < 0 && (r < 0 || T[i][rhs] <= T[r][rhs])) r = i;  // ties: largest index
  if (r < 0) return z;                                              // q >= 0: z = 0

  auto pivot = [&](int row, int col) {
    const Q p = T[row][col];
    for (Q& x : T[row]) x /= p;
    for (int i = 0; i < n; ++i) {
      if (i == row || CGAL::is_zero(T[i][col])) continue;
      const Q factor = T[i][col];
      for (int j = 0; j <= rhs; ++j)
        if (!CGAL::is_zero(T[row][j])) T[i][j] -= factor * T[row][j];
    }
    const int left = basis[row];
    basis[row] = col;
    ++pivots;
    return left;
  };

  int entering = z0;
  for (;;) {
    if (pivots >= max_pivots)
      throw std::runtime_error("exact Lemke: pivot cap " + std::to_string(max_pivots) + " reached");
    if (entering != z0) {
      // Lexicographic minimum of [rhs_i, B⁻¹_i] / T[i][entering] over rows with T[i][e] > 0.
      r = -1;
      for (int i = 0; i < n; ++i) {
        if (!(T[i][entering] > 0)) continue;
        if (r < 0) {
          r = i;
          continue;
        }
        const Q& di = T[i][entering];
        const Q& dr = T[r][entering];
        int cmp = CGAL::compare(T[i][rhs] * dr, T[r][rhs] * di);
        for (int j = 0; cmp == 0 && j < n; ++j) cmp = CGAL::compare(T[i][j] * dr, T[r][j] * di);
        if (cmp < 0) r = i;
      }
      if (r < 0) return std::nullopt;  // ray termination
    }
    const int left = pivot(r, entering);
    if (left == z0) {  // z0 left the basis at level zero: a complementary solution
      for (int i = 0; i < n; ++i)
        if (basis[i] >= n && basis[i] < 2 * n) z[basis[i] - n] = T[i][rhs];
      return z;
    }
    // The complement of the variable that left enters next.
    entering = left < n ? left + n : left - n;
  }
}

}  // namespace

std::string_view to_string(ExactLcp::Outcome o) {
  switch (o) {
    case ExactLcp::Outcome::solved:
      return "solved";
    case ExactLcp::Outcome::infeasible:
      return "infeasible";
    case ExactLcp::Outcome::unresolved:
      return "unresolved";
  }
  return "unresolved";
}

ExactLcp exact_lcp(const Eigen::MatrixXd& A, const Eigen::VectorXd& b,
                   const ExactLcpOptions& options) {
  const int n = static_cast<int>(b.size());
  if (A.rows() != n || A.cols() != n)
    throw std::invalid_argument("exact LCP: A is " + std::to_string(A.rows()) + "x" +
                                std::to_string(A.cols()) + " but b has " + std::to_string(n) +
                                " entries");
  if (!A.allFinite() || !b.allFinite())
    throw std::invalid_argument("exact LCP: A or b is not finite");
  ExactLcp out;
  using Clock = std::chrono::steady_clock;
  auto t0 = Clock::now();
  std::ostringstream times;  // where the time goes, for the report
  auto lap = [&](const char* what) {
    const auto t = Clock::now();
    times << what << " " << std::chrono::duration<double, std::milli>(t - t0).count() << " ms; ";
    t0 = t;
  };
  const bool small = n <= options.max_exact_factorization;
  const bool symmetric = A == A.transpose();
  const bool psd = small && exactly_psd(A);
  lap("psd-test");

  std::vector<Q> f, a(n);
  if (psd && symmetric) {
    out.method = "qp-gmpzf+minnorm";
    const auto solution = exact_lcp_detail::lcp_as_qp(A, b);
    lap("qp");
    if (!solution) {
      out.outcome = ExactLcp::Outcome::infeasible;
      out.detail = "A f + b >= 0, f >= 0 has no solution (exact QP infeasible)";
      return out;
    }
    for (int i = 0; i < n; ++i) {
      a[i] = Q(b[i]);
      for (int j = 0; j < n; ++j)
        if (A(i, j) != 0.0) a[i] += Q(A(i, j)) * (*solution)[j];
    }
    // The QP's optimum satisfies the LCP by its KKT conditions; confirm it exactly.
    for (int i = 0; i < n; ++i)
      if (a[i] < 0 || (*solution)[i] < 0 ||
          (!CGAL::is_zero(a[i]) && !CGAL::is_zero((*solution)[i])))
        throw std::runtime_error("exact QP optimum is not an LCP solution (internal error)");
    std::vector<Q> target(n);
    std::vector<bool> forced_zero(n);
    std::vector<int> active;
    for (int i = 0; i < n; ++i) {
      target[i] = a[i] - Q(b[i]);
      forced_zero[i] = a[i] > 0;
      if (!forced_zero[i]) active.push_back(i);
    }
    // Over the active contacts only (the others are 0), on independent rows of A[:, active]:
    // the same solution set, and far cheaper for the QP solver than redundant equalities.
    std::vector<int> rows;
    const int rank = exact_rank(A, active, &rows);
    lap("rank");
    out.forces_unique = rank == static_cast<int>(active.size());
    std::vector<std::vector<Q>> M(rows.size(), std::vector<Q>(active.size()));
    std::vector<Q> rhs(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      rhs[i] = target[rows[i]];
      for (std::size_t j = 0; j < active.size(); ++j) M[i][j] = Q(A(rows[i], active[j]));
    }
    std::vector<Q> x;
    if (out.forces_unique) {
      for (int j : active) x.push_back((*solution)[j]);
    } else if (auto direct = nonnegative_least_norm(M, rhs)) {
      x = std::move(*direct);
      lap("min-norm-direct");
    } else {
      x = exact_lcp_detail::minimum_norm(M, rhs);
      lap("min-norm-qp");
    }
    f.assign(n, Q(0));
    for (std::size_t j = 0; j < active.size(); ++j) f[active[j]] = x[j];
    // The minimum-norm member must solve the LCP: check it exactly.
    for (int i = 0; i < n; ++i) {
      Q ai = Q(b[i]);
      for (int j = 0; j < n; ++j)
        if (A(i, j) != 0.0) ai += Q(A(i, j)) * f[j];
      if (ai != a[i] || f[i] < 0)
        throw std::runtime_error("exact minimum-norm forces do not reproduce the accelerations");
    }
    out.minimum_norm = true;
    out.acceleration_unique = true;
    out.detail = times.str();
  } else {
    out.method = "lemke-gmpq";
    const auto solution = lemke(A, b, options.max_pivots, out.pivots);
    lap("lemke");
    out.detail = std::to_string(out.pivots) + " pivots; " + times.str();
    if (!solution) {
      // Ray termination proves infeasibility for copositive-plus matrices, which include every
      // A with xᵀAx >= 0 (checked exactly above); otherwise it proves nothing.
      if (psd) {
        out.outcome = ExactLcp::Outcome::infeasible;
        out.detail += "; ray termination with xᵀAx >= 0: infeasible";
      } else {
        out.outcome = ExactLcp::Outcome::unresolved;
        out.detail += "; ray termination (A not known to be copositive-plus: no conclusion)";
      }
      return out;
    }
    f = *solution;
    for (int i = 0; i < n; ++i) {
      a[i] = Q(b[i]);
      for (int j = 0; j < n; ++j)
        if (A(i, j) != 0.0) a[i] += Q(A(i, j)) * f[j];
    }
    // The solution is exact; say so only if it really is one.
    for (int i = 0; i < n; ++i)
      if (f[i] < 0 || a[i] < 0 || !(CGAL::is_zero(f[i]) || CGAL::is_zero(a[i])))
        throw std::runtime_error("exact Lemke produced a non-solution (internal error)");
  }
  out.outcome = ExactLcp::Outcome::solved;
  out.force.resize(n);
  out.acceleration.resize(n);
  for (int i = 0; i < n; ++i) {
    out.force[i] = nearest(f[i]);
    out.acceleration[i] = nearest(a[i]);
  }
  return out;
}

}  // namespace touchstone
