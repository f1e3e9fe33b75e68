// The force verifier on hand-made answers: exact answers pass, perturbed ones fail on the named
// check, tolerances are relative (scaling the problem changes nothing) and overridable, a
// solver's failure is right only on an infeasible problem, position-level answers are judged on
// penetration after the step.
#include <gtest/gtest.h>

#include <cmath>

#include "harness/forces/verifier.hpp"

namespace touchstone {
namespace {

using forces::ForceResult;

// Ball of mass 9 on a ball of mass 1 on a floor (g = 9.81): A = [[1, −1], [−1, 1 + 1/9]],
// b = (−g, 0) (both balls fall alike; only the floor contact sees gravity): f = (10 g, 9 g),
// a = 0.
forces::ContactProblem ball_stack(double scale = 1.0) {
  forces::ContactProblem p;
  p.A = Eigen::Matrix2d{{1, -1}, {-1, 1 + 1.0 / 9}} * scale;
  p.b = Eigen::Vector2d(-9.81, 0) * scale;
  return p;
}

ExactLcp exact_answer(const forces::ContactProblem& p) { return exact_lcp(p.A, p.b); }

ForceResult answer(const Eigen::VectorXd& f) {
  ForceResult r;
  r.normal_force = f;
  return r;
}

std::string first_failure(const Verification& v) { return v.reason.substr(0, v.reason.find(':')); }

TEST(ForceVerifier, ExactAnswerPassesAndPerturbedFails) {
  const auto p = ball_stack();
  const auto x = exact_answer(p);
  ASSERT_EQ(x.outcome, ExactLcp::Outcome::solved);
  // Exact for the doubles given (1 + 1/9 is rounded), so only close to (10 g, 9 g).
  EXPECT_NEAR(x.force[0], 98.1, 1e-12);
  EXPECT_NEAR(x.force[1], 88.29, 1e-12);
  const ForceTolerances tol;
  EXPECT_EQ(verify_forces(answer(x.force), {}, p, &x, tol).verdict, Verdict::pass);
  // 1e-3 relative too little support on the lower contact: it penetrates.
  const Eigen::VectorXd low = x.force.cwiseProduct(Eigen::Vector2d(1 - 1e-3, 1));
  const auto v = verify_forces(answer(low), {}, p, &x, tol);
  EXPECT_EQ(v.verdict, Verdict::fail);
  EXPECT_EQ(first_failure(v), "penetration");
  // A looser, overridden tolerance accepts it.
  ForceTolerances loose;
  loose.residual_relative = loose.acceleration_relative = loose.force_relative = 1e-2;
  EXPECT_EQ(verify_forces(answer(low), {}, p, &x, loose).verdict, Verdict::pass);
}

TEST(ForceVerifier, ToleranceIsRelativeToTheProblemScale) {
  for (double scale : {1e-6, 1.0, 1e6}) {
    const auto p = ball_stack(scale);
    const auto x = exact_answer(p);
    const Eigen::VectorXd close = x.force * (1 + 1e-9);
    const Eigen::VectorXd far = x.force.cwiseProduct(Eigen::Vector2d(1 + 1e-3, 1));
    EXPECT_EQ(verify_forces(answer(close), {}, p, &x, {}).verdict, Verdict::pass) << scale;
    EXPECT_EQ(verify_forces(answer(far), {}, p, &x, {}).verdict, Verdict::fail) << scale;
  }
}

TEST(ForceVerifier, StatusIsNotTrusted) {
  const auto p = ball_stack();
  const auto x = exact_answer(p);
  ForceResult failed;
  failed.status = forces::SolveStatus::failed;
  failed.reason = "iteration cap";
  EXPECT_EQ(first_failure(verify_forces(failed, {}, p, &x, {})), "status");
  // Failure is the right answer on an infeasible problem.
  forces::ContactProblem bad;
  bad.A = Eigen::Matrix2d{{1, -1}, {-1, 1}};
  bad.b = Eigen::Vector2d(-1, -1);
  const auto none = exact_answer(bad);
  ASSERT_EQ(none.outcome, ExactLcp::Outcome::infeasible);
  EXPECT_EQ(verify_forces(failed, {}, bad, &none, {}).verdict, Verdict::pass);
  EXPECT_EQ(first_failure(verify_forces(answer(Eigen::Vector2d(1, 1)), {}, bad, &none, {})),
            "feasibility");
  // A good own residual with NaN forces is still a failure.
  ForceResult nan = answer(Eigen::Vector2d(std::nan(""), 1));
  nan.own_residual = 0;
  EXPECT_EQ(first_failure(verify_forces(nan, {}, p, &x, {})), "finite");
  ForceResult unsupported;
  unsupported.status = forces::SolveStatus::unsupported;
  EXPECT_EQ(verify_forces(unsupported, {}, p, &x, {}).verdict, Verdict::unsupported);
}

TEST(ForceVerifier, WithoutReferenceOnlyResidualsAreChecked) {
  const auto p = ball_stack();
  const auto x = exact_answer(p);
  const auto v = verify_forces(answer(x.force), {}, p, nullptr, {});
  EXPECT_EQ(v.verdict, Verdict::pass);
  bool noted = false;
  for (const auto& c : v.checks)
    noted |= c.name == "reference" && c.verdict == Verdict::unsupported;
  EXPECT_TRUE(noted);
}

TEST(ForceVerifier, PositionLevelIsJudgedOnPenetrationAfterTheStep) {
  auto p = ball_stack();
  p.gap = Eigen::Vector2d(0, 0);
  p.normal_velocity = Eigen::Vector2d(0, 0);
  p.time_step = 0.01;
  const auto x = exact_answer(p);
  forces::ForceCapabilities position;
  position.position_level = true;
  // The exact force leaves the gaps at 0.
  EXPECT_EQ(verify_forces(answer(x.force), position, p, &x, {}).verdict, Verdict::pass);
  // Half the force lets the lower contact sink h²·g/2 ≈ 5e-4: far beyond the 1% band.
  const auto v = verify_forces(answer(x.force / 2), position, p, &x, {});
  EXPECT_EQ(first_failure(v), "penetration-after-step");
  // 0.1% low: penetration within the band, and the mean force within 1% of the exact one.
  EXPECT_EQ(verify_forces(answer(x.force * 0.999), position, p, &x, {}).verdict, Verdict::pass);
}

// b = 0: both scales sit at their floor (F = 1e-300, S = max|A| · 1e-300) and F · S underflows to
// 0; complementarity was |f_i a_i| / (F S) = 0 / 0 = NaN, so every correct answer failed.
TEST(ForceVerifier, ZeroRightHandSideNeverDividesByZero) {
  forces::ContactProblem p;
  p.A = Eigen::Matrix2d{{2, 1}, {1, 2}};  // positive definite: f = 0, a = 0 is the one solution
  p.b = Eigen::Vector2d::Zero();
  const auto x = exact_answer(p);
  ASSERT_EQ(x.outcome, ExactLcp::Outcome::solved);
  const auto v = verify_forces(answer(Eigen::Vector2d::Zero()), {}, p, &x, {});
  EXPECT_EQ(v.verdict, Verdict::pass) << v.reason;
  for (const auto& c : v.checks) EXPECT_TRUE(std::isfinite(c.error)) << c.name;
  // A = 0 as well: every f >= 0 solves (a = 0); f = (1, 1e10) is a correct answer.
  p.A.setZero();
  const auto any = verify_forces(answer(Eigen::Vector2d(1, 1e10)), {}, p, nullptr, {});
  EXPECT_EQ(any.verdict, Verdict::pass) << any.reason;
  // Wrong answers still fail, on the right check. A = I, b = 0: f = (1, 0) gives a = (1, 0),
  // f_0 a_0 = 1 (relative: (1 / 1e-300)², beyond any tolerance); f = (−1e-3, 0) pulls.
  p.A = Eigen::Matrix2d::Identity();
  const auto y = exact_answer(p);
  const auto wrong = verify_forces(answer(Eigen::Vector2d(1, 0)), {}, p, &y, {});
  EXPECT_EQ(wrong.verdict, Verdict::fail);
  EXPECT_EQ(first_failure(wrong), "complementarity");
  const auto pulling = verify_forces(answer(Eigen::Vector2d(-1e-3, 0)), {}, p, &y, {});
  EXPECT_EQ(first_failure(pulling), "pulling");
}

}  // namespace
}  // namespace touchstone
