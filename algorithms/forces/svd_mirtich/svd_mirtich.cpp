// Mirtich's SVD method (seed 003 §4.2): set the relative accelerations of the active contacts to
// zero and take the minimum-norm forces f = −A⁺ b through the SVD (equation 3), which spreads the
// load symmetrically over redundant contacts. Then, as §4.2 describes, repeat until the forces are
// valid: a contact with a negative normal force becomes inactive (the most negative one per
// round; `drop_all_negative` drops them all at once, which on lcp_mmc empties the set); with
// friction, a static contact (three force components, three zero accelerations) whose force leaves
// the friction cone becomes dynamic, its force fixed to n + μ t̂ with t̂ the direction of the
// offending tangential force, so only its magnitude and its normal acceleration remain in the
// system. The contract carries no tangential velocities, so every contact starts static (resting
// contact); complementarity is not modeled (§4.2), and this loop is not guaranteed to find a
// correct answer: the verifier judges.
#include "algorithms/forces/svd_mirtich/svd_mirtich.hpp"

#include <cmath>
#include <vector>

#include "algorithms/forces/solver_support.hpp"

namespace touchstone::forces::svd_mirtich {
namespace {

enum class Mode : char { inactive, static_contact, dynamic_contact };

Eigen::VectorXd minimum_norm_solve(const Eigen::MatrixXd& A, const Eigen::VectorXd& rhs,
                                   double threshold) {
  Eigen::BDCSVD<Eigen::MatrixXd> svd(A, Eigen::ComputeThinU | Eigen::ComputeThinV);
  svd.setThreshold(threshold);
  return svd.solve(rhs);
}

class SvdMirtich final : public ForceSolver {
 public:
  explicit SvdMirtich(const Parameters& p)
      : threshold_(parameter(p, "svd_threshold")),
        negative_tolerance_(parameter(p, "negative_tolerance")),
        drop_all_(parameter(p, "drop_all_negative") != 0.0) {}

  ForceResult solve(const ContactProblem& problem,
                    std::unique_ptr<ForceWarmStart>* /*warm_start*/) const override {
    if (auto why = check_matrix_form(problem)) return failed_result(*why);
    if (problem.has_friction()) return solve_with_friction(problem);
    const int n = problem.size();
    const Eigen::MatrixXd& A = problem.A;
    const Eigen::VectorXd& b = problem.b;
    const double tolerance =
        negative_tolerance_ * std::max(1.0, b.size() ? b.cwiseAbs().maxCoeff() : 0.0);
    std::vector<int> active(n);
    for (int i = 0; i < n; ++i) active[i] = i;
    ForceResult result;
    result.normal_force = Eigen::VectorXd::Zero(n);
    int rounds = 0;
    while (!active.empty()) {
      ++rounds;
      const int m = static_cast<int>(active.size());
      Eigen::MatrixXd As(m, m);
      Eigen::VectorXd bs(m);
      for (int r = 0; r < m; ++r) {
        bs[r] = b[active[r]];
        for (int c = 0; c < m; ++c) As(r, c) = A(active[r], active[c]);
      }
      const Eigen::VectorXd fs = minimum_norm_solve(As, -bs, threshold_);
      if (!fs.allFinite()) return failed_result("SVD produced a non-finite force");
      int most_negative = 0;
      for (int r = 1; r < m; ++r)
        if (fs[r] < fs[most_negative]) most_negative = r;
      if (fs[most_negative] >= -tolerance) {
        for (int r = 0; r < m; ++r) result.normal_force[active[r]] = fs[r];
        break;
      }
      std::vector<int> kept;
      for (int r = 0; r < m; ++r)
        if (drop_all_ ? fs[r] >= -tolerance : r != most_negative) kept.push_back(active[r]);
      active.swap(kept);
    }
    result.iterations = rounds;
    result.branch = active.size() == static_cast<size_t>(n)
                        ? "all contacts active"
                        : std::to_string(n - active.size()) + " contacts dropped";
    result.own_residual = natural_residual(A, b, result.normal_force);
    return result;
  }

 private:
  ForceResult solve_with_friction(const ContactProblem& problem) const {
    const int n = problem.size();
    if (problem.friction.size() != n) return failed_result("friction has the wrong size");
    if (!problem.A_full || !problem.b_full)
      return failed_result("friction coefficients given without A_full/b_full");
    const Eigen::MatrixXd& A = *problem.A_full;
    const Eigen::VectorXd& b = *problem.b_full;
    if (A.rows() != 3 * n || A.cols() != 3 * n || b.size() != 3 * n)
      return failed_result("A_full/b_full must be 3n×3n and 3n");
    if (!A.allFinite() || !b.allFinite() || !problem.friction.allFinite())
      return failed_result("A_full, b_full or friction has a non-finite entry");
    const double tolerance = negative_tolerance_ * std::max(1.0, b.cwiseAbs().maxCoeff());

    std::vector<Mode> mode(n, Mode::static_contact);
    Eigen::MatrixXd direction = Eigen::MatrixXd::Zero(n, 2);  // t̂ of dynamic contacts
    Eigen::VectorXd force_full = Eigen::VectorXd::Zero(3 * n);
    int rounds = 0;
    int dropped = 0, converted = 0;
    // Each round deactivates or converts at least one contact, and a contact changes at most
    // twice (static → dynamic → inactive), so 2n + 1 rounds bound the loop.
    for (; rounds <= 2 * n + 1; ++rounds) {
      // Unknowns and equations: static contacts contribute 3 of each, dynamic contacts one
      // unknown (the magnitude) and one equation (the normal acceleration).
      std::vector<int> rows;
      std::vector<Eigen::VectorXd> columns;
      std::vector<int> owner;
      for (int i = 0; i < n; ++i) {
        if (mode[i] == Mode::static_contact) {
          for (int k = 0; k < 3; ++k) {
            rows.push_back(3 * i + k);
            columns.push_back(A.col(3 * i + k));
            owner.push_back(i);
          }
        } else if (mode[i] == Mode::dynamic_contact) {
          rows.push_back(3 * i);
          const double mu = problem.friction[i];
          columns.push_back(A.col(3 * i) + mu * (direction(i, 0) * A.col(3 * i + 1) +
                                                 direction(i, 1) * A.col(3 * i + 2)));
          owner.push_back(i);
        }
      }
      force_full.setZero();
      if (rows.empty()) break;
      const int m = static_cast<int>(rows.size());
      Eigen::MatrixXd As(m, m);
      Eigen::VectorXd bs(m);
      for (int r = 0; r < m; ++r) {
        bs[r] = b[rows[r]];
        for (int c = 0; c < m; ++c) As(r, c) = columns[c][rows[r]];
      }
      const Eigen::VectorXd x = minimum_norm_solve(As, -bs, threshold_);
      if (!x.allFinite()) return failed_result("SVD produced a non-finite force");
      for (int c = 0; c < m;) {
        const int i = owner[c];
        if (mode[i] == Mode::static_contact) {
          force_full.segment<3>(3 * i) = x.segment<3>(c);
          c += 3;
        } else {
          const double mu = problem.friction[i];
          force_full[3 * i] = x[c];
          force_full[3 * i + 1] = mu * direction(i, 0) * x[c];
          force_full[3 * i + 2] = mu * direction(i, 1) * x[c];
          c += 1;
        }
      }
      // The most negative normal force goes first; only when none is negative do static
      // contacts outside their cone turn dynamic (the worst one first).
      bool changed = false;
      int worst = -1;
      double worst_value = -tolerance;
      for (int i = 0; i < n; ++i)
        if (mode[i] != Mode::inactive && force_full[3 * i] < worst_value)
          worst = i, worst_value = force_full[3 * i];
      for (int i = 0; i < n; ++i) {
        const bool negative = mode[i] != Mode::inactive && force_full[3 * i] < -tolerance;
        if (negative && (drop_all_ || i == worst)) {
          mode[i] = Mode::inactive;
          ++dropped;
          changed = true;
        }
      }
      if (!changed) {
        int outside = -1;
        double excess = tolerance;
        for (int i = 0; i < n; ++i) {
          if (mode[i] != Mode::static_contact) continue;
          const Eigen::Vector2d ft(force_full[3 * i + 1], force_full[3 * i + 2]);
          const double e = ft.norm() - problem.friction[i] * std::max(force_full[3 * i], 0.0);
          if (e > excess) outside = i, excess = e;
        }
        if (outside >= 0) {
          const Eigen::Vector2d ft(force_full[3 * outside + 1], force_full[3 * outside + 2]);
          mode[outside] = Mode::dynamic_contact;
          direction.row(outside) = (ft / ft.norm()).transpose();
          ++converted;
          changed = true;
        }
      }
      if (!changed) break;
    }
    if (rounds > 2 * n + 1) return failed_result("contact-mode loop did not settle");
    ForceResult result;
    result.normal_force.resize(n);
    Eigen::MatrixXd friction(n, 2);
    for (int i = 0; i < n; ++i) {
      result.normal_force[i] = force_full[3 * i];
      friction(i, 0) = force_full[3 * i + 1];
      friction(i, 1) = force_full[3 * i + 2];
    }
    result.friction_force = friction;
    result.iterations = rounds + 1;
    result.branch =
        std::to_string(dropped) + " dropped, " + std::to_string(converted) + " static→dynamic";
    result.own_residual = natural_residual(problem.A, problem.b, result.normal_force);
    return result;
  }

  double threshold_;
  double negative_tolerance_;
  bool drop_all_;  // drop every negative contact per round instead of the most negative only
};

}  // namespace

ForceSolverInfo info() {
  return registered<SvdMirtich>({
      .name = "svd-mirtich",
      .family = "svd",
      .paper = "seed 003 §4.2 (SVD method, static/dynamic friction)",
      .description = "minimum-norm f = −A⁺b by SVD, negative forces dropped, friction cone loop",
      .capabilities = {.matrix_form = true, .friction = true, .minimum_norm = true},
      .defaults = {{"svd_threshold", 1e-10},
                   {"negative_tolerance", 1e-12},
                   {"drop_all_negative", 0}},
  });
}

}  // namespace touchstone::forces::svd_mirtich
