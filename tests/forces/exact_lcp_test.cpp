// The exact LCP reference against hand-derived answers.
#include "reference/exact_lcp.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace touchstone {
namespace {

Eigen::MatrixXd mat(std::initializer_list<std::initializer_list<double>> rows) {
  Eigen::MatrixXd m(rows.size(), rows.begin()->size());
  int i = 0;
  for (const auto& r : rows) {
    int j = 0;
    for (double x : r) m(i, j++) = x;
    ++i;
  }
  return m;
}
Eigen::VectorXd vec(std::initializer_list<double> v) {
  Eigen::VectorXd x(v.size());
  int i = 0;
  for (double d : v) x[i++] = d;
  return x;
}

TEST(ExactLcp, PointMassOnFloor) {
  const auto r = exact_lcp(mat({{0.5}}), vec({-9.81}));
  ASSERT_EQ(r.outcome, ExactLcp::Outcome::solved);
  EXPECT_EQ(r.method, "qp-gmpzf+minnorm");
  EXPECT_EQ(r.force[0], 19.62);  // exact: 9.81 / 0.5 is the double 19.62 rounded to nearest
  EXPECT_EQ(r.acceleration[0], 0.0);
  EXPECT_TRUE(r.forces_unique);
}

TEST(ExactLcp, RoundsToNearest) {
  const auto r = exact_lcp(mat({{3.0}}), vec({-1.0}));
  ASSERT_EQ(r.outcome, ExactLcp::Outcome::solved);
  EXPECT_EQ(r.force[0], 1.0 / 3.0);
  EXPECT_EQ(r.acceleration[0], 0.0);
}

TEST(ExactLcp, RedundantContactsGiveMinimumNorm) {
  // f1 + f2 = 2 is the whole solution set; minimum norm (1, 1); a = 0; not unique.
  const auto r = exact_lcp(mat({{1, 1}, {1, 1}}), vec({-2, -2}));
  ASSERT_EQ(r.outcome, ExactLcp::Outcome::solved);
  EXPECT_EQ(r.force, vec({1, 1}));
  EXPECT_EQ(r.acceleration, vec({0, 0}));
  EXPECT_FALSE(r.forces_unique);
  EXPECT_TRUE(r.minimum_norm);
}

TEST(ExactLcp, VanishingContact) {
  const auto r = exact_lcp(mat({{1, 0}, {0, 1}}), vec({-1, 2}));
  ASSERT_EQ(r.outcome, ExactLcp::Outcome::solved);
  EXPECT_EQ(r.force, vec({1, 0}));
  EXPECT_EQ(r.acceleration, vec({0, 2}));
  EXPECT_TRUE(r.forces_unique);
}

// A degenerate non-symmetric LCP (route 2): Lemke's first ratio test after z0 enters ties two rows
// at zero. The lexicographic rule picks the row that leads to the solution; taking the first
// tied row instead ends on a ray. By hand: z = (0, 1/3, 0) gives w = M z + q = (0, 0, 2/3), so
// z >= 0, w >= 0, zᵀw = 0; no other support with a nonsingular block gives one (all 8 supports
// enumerated in exact fractions).
TEST(ExactLcp, DegenerateTieNeedsTheLexicographicRule) {
  const auto r = exact_lcp(mat({{-1, -3, -1}, {-1, 3, 3}, {-2, -1, 1}}), vec({1, -1, 1}));
  ASSERT_EQ(r.outcome, ExactLcp::Outcome::solved) << r.detail;
  EXPECT_EQ(r.method, "lemke-gmpq");
  EXPECT_EQ(r.force, vec({0, 1.0 / 3.0, 0}));
  EXPECT_EQ(r.acceleration, vec({0, 0, 2.0 / 3.0}));
}

// Another degenerate non-symmetric LCP (found by the same kind of search, checked by hand): M =
// [[−3, 0, −2], [−2, −3, 0], [3, 1, 1]], q = (1, 2, −1). Its solutions, from the 8 supports in
// exact fractions: z = (1/3, 0, 0) with w = M z + q = (0, 4/3, 0); (1/3, 4/9, 0) with (0, 0, 4/9);
// (0, 2/3, 1/3) with (1/3, 0, 0). Lemke's ratio test ties at zero again; without the
// lexicographic rule it ends on a ray and finds none.
TEST(ExactLcp, AnotherDegenerateTieIsSolved) {
  const auto r = exact_lcp(mat({{-3, 0, -2}, {-2, -3, 0}, {3, 1, 1}}), vec({1, 2, -1}));
  ASSERT_EQ(r.outcome, ExactLcp::Outcome::solved) << r.detail;
  EXPECT_EQ(r.method, "lemke-gmpq");
  const std::vector<std::pair<Eigen::VectorXd, Eigen::VectorXd>> solutions = {
      {vec({1.0 / 3, 0, 0}), vec({0, 4.0 / 3, 0})},
      {vec({1.0 / 3, 4.0 / 9, 0}), vec({0, 0, 4.0 / 9})},
      {vec({0, 2.0 / 3, 1.0 / 3}), vec({1.0 / 3, 0, 0})}};
  EXPECT_TRUE(
      std::any_of(solutions.begin(), solutions.end(),
                  [&](const auto& s) { return r.force == s.first && r.acceleration == s.second; }))
      << r.force.transpose() << " / " << r.acceleration.transpose();
}

TEST(ExactLcp, TrivialSolution) {
  const auto r = exact_lcp(mat({{2, 1}, {1, 2}}), vec({0.5, 0}));
  ASSERT_EQ(r.outcome, ExactLcp::Outcome::solved);
  EXPECT_EQ(r.force, vec({0, 0}));
  EXPECT_EQ(r.acceleration, vec({0.5, 0}));
}

TEST(ExactLcp, InfeasibleIsDetected) {
  // f1 − f2 >= 1 and f2 − f1 >= 1 cannot both hold.
  const auto r = exact_lcp(mat({{1, -1}, {-1, 1}}), vec({-1, -1}));
  EXPECT_EQ(r.outcome, ExactLcp::Outcome::infeasible);
}

TEST(ExactLcp, NonsymmetricGoesToLemke) {
  // w1 = z1 + 2 z2 − 1, w2 = z2 − 1: z = (0, 1), w = (1, 0).
  const auto r = exact_lcp(mat({{1, 2}, {0, 1}}), vec({-1, -1}));
  ASSERT_EQ(r.outcome, ExactLcp::Outcome::solved);
  EXPECT_EQ(r.method, "lemke-gmpq");
  EXPECT_EQ(r.force, vec({0, 1}));
  EXPECT_EQ(r.acceleration, vec({1, 0}));
  EXPECT_GE(r.pivots, 1);
}

TEST(ExactLcp, NonsymmetricInfeasibleWithPsdPart) {
  // w = [[0, 1], [-1, 0]] z + (−1, −1) needs z2 >= 1 and −z1 >= 1, impossible with z >= 0;
  // xᵀAx = 0 for this skew A, so it is copositive-plus and the ray proves infeasibility.
  const auto r = exact_lcp(mat({{0, 1}, {-1, 0}}), vec({-1, -1}));
  EXPECT_EQ(r.outcome, ExactLcp::Outcome::infeasible);
}

TEST(ExactLcp, NotCopositiveIsUnresolved) {
  // A = −1: w = −z − 1 < 0 always: infeasible, but A is not copositive-plus, so Lemke's ray
  // proves nothing and the reference says so.
  const auto r = exact_lcp(mat({{-1}}), vec({-1}));
  EXPECT_EQ(r.outcome, ExactLcp::Outcome::unresolved);
}

// A = [[−1, 2], [2, −1]] (symmetric, not PSD), b = (−1, −1): z = (1, 1) solves it (w = 0), yet
// Lemke ends on a secondary ray: whichever tied row z0 replaces, the entering z_i raises z0 and
// the other w without bound (z0 = 1 + z_i, w_j = 3 z_i). A ray without copositivity proves
// nothing, so the reference must not call this feasible problem infeasible.
TEST(ExactLcp, ARayOnAFeasibleProblemIsNotInfeasible) {
  const auto r = exact_lcp(mat({{-1, 2}, {2, -1}}), vec({-1, -1}));
  EXPECT_EQ(r.method, "lemke-gmpq");
  EXPECT_EQ(r.outcome, ExactLcp::Outcome::unresolved) << r.detail;
}

TEST(ExactLcp, BadSizesThrow) {
  EXPECT_THROW(exact_lcp(mat({{1, 0}}), vec({1})), std::invalid_argument);
}

}  // namespace
}  // namespace touchstone
