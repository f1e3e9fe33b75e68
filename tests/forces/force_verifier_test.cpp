// The force verifier on hand-made answers: exact answers pass, perturbed ones fail on the named
// check, tolerances are relative (scaling the problem changes nothing) and overridable, a
// solver's failure is right only on an infeasible problem, position-level answers are judged on
// penetration after the step.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

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

// Position level: the contacts closed (gap 0) and at rest, one step of 0.01.
forces::ContactProblem stepped(forces::ContactProblem p) {
  p.gap = Eigen::VectorXd::Zero(p.size());
  p.normal_velocity = Eigen::VectorXd::Zero(p.size());
  p.time_step = 0.01;
  return p;
}

forces::ForceCapabilities position_level() {
  forces::ForceCapabilities caps;
  caps.position_level = true;
  return caps;
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
  const auto p = stepped(ball_stack());
  const auto x = exact_answer(p);
  const forces::ForceCapabilities position = position_level();
  // The exact force leaves the gaps at 0.
  EXPECT_EQ(verify_forces(answer(x.force), position, p, &x, {}).verdict, Verdict::pass);
  // Half the force lets the lower contact sink h²·g/2 ≈ 5e-4: far beyond the 1% band.
  const auto v = verify_forces(answer(x.force / 2), position, p, &x, {});
  EXPECT_EQ(first_failure(v), "penetration-after-step");
  // 0.1% low: penetration within the band, and the mean force within 1% of the exact one.
  EXPECT_EQ(verify_forces(answer(x.force * 0.999), position, p, &x, {}).verdict, Verdict::pass);
}

// Two identical contacts under one point mass (A = [[1, 1], [1, 1]], b = −g on both): only
// f1 + f2 = g is determined, so a position-level answer is judged on the accelerations of its
// mean force, the one unique quantity. Any split of g passes; pushing 2g in all lifts the mass
// (no penetration) with a = g where the exact a is 0, and fails there.
TEST(ForceVerifier, PositionLevelRedundantContactsAreJudgedOnAccelerations) {
  forces::ContactProblem p;
  const double g = 9.81;
  p.A = Eigen::Matrix2d{{1, 1}, {1, 1}};
  p.b = Eigen::Vector2d(-g, -g);
  p = stepped(p);
  const auto x = exact_answer(p);
  ASSERT_EQ(x.outcome, ExactLcp::Outcome::solved);
  ASSERT_FALSE(x.forces_unique);
  const forces::ForceCapabilities position = position_level();
  const auto split = verify_forces(answer(Eigen::Vector2d(g / 4, 3 * g / 4)), position, p, &x, {});
  EXPECT_EQ(split.verdict, Verdict::pass) << split.reason;
  const auto twice = verify_forces(answer(Eigen::Vector2d(g, g)), position, p, &x, {});
  EXPECT_EQ(twice.verdict, Verdict::fail);
  EXPECT_EQ(first_failure(twice), "mean-force-acceleration");
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

// A near-singular A (κ ≈ 4e8): the unique exact force is f = (1, 0) with a = 0 on both contacts,
// and f' = (1 − δ, δ) leaves a = (0, 1e-8 δ), within every residual tolerance. Its forces miss by
// δ: within κ times the force tolerance they are ambiguous (determined only that well by the
// residuals), not a pass; the exact force passes.
TEST(ForceVerifier, IllConditionedForcesOffByMoreThanTheToleranceAreAmbiguous) {
  forces::ContactProblem p;
  p.A = Eigen::Matrix2d{{1, 1}, {1, 1 + 1e-8}};
  p.b = Eigen::Vector2d(-1, -1);
  const auto x = exact_answer(p);
  ASSERT_EQ(x.outcome, ExactLcp::Outcome::solved);
  ASSERT_TRUE(x.forces_unique);
  EXPECT_NEAR(x.force[0], 1.0, 1e-12);
  EXPECT_NEAR(x.force[1], 0.0, 1e-12);
  EXPECT_EQ(verify_forces(answer(x.force), {}, p, &x, {}).verdict, Verdict::pass);
  for (double delta : {1e-4, 1e-3}) {
    const auto v = verify_forces(answer(Eigen::Vector2d(1 - delta, delta)), {}, p, &x, {});
    EXPECT_EQ(v.verdict, Verdict::ambiguous) << delta << ": " << v.reason;
    EXPECT_EQ(first_failure(v), "force") << delta;
  }
}

// Scales beyond doubles: b = −1e300 on A = 1e-300 makes F = |b| / max|A| overflow. Nothing can be
// checked there, so the answer is ambiguous, never a pass, whatever the forces.
TEST(ForceVerifier, OverflowingScalesAreAmbiguous) {
  forces::ContactProblem p;
  p.A = Eigen::Matrix<double, 1, 1>(1e-300);
  p.b = Eigen::Matrix<double, 1, 1>(-1e300);
  for (double f : {0.0, 1.0, 1e300}) {
    const auto v = verify_forces(answer(Eigen::Matrix<double, 1, 1>(f)), {}, p, nullptr, {});
    EXPECT_EQ(v.verdict, Verdict::ambiguous) << f << ": " << v.reason;
    EXPECT_EQ(first_failure(v), "scales") << f;
  }
}

// One contact whose tangential force couples into its normal row: A_full over [n, t1, t2] is
// [[1, 1/2, 0], [1/2, 1, 0], [0, 0, 1]] (positive definite), μ = 1/2, and b_full = −A_full x* for
// the sticking answer x* = (9, 0, 0), so the normal rows alone (A = 1, b = −9) are satisfied by
// f_n = 9 whatever the friction, while the full system's normal row reads a_n = f_n − 9 + t1 / 2.
// b and b_full are scaled by `scale`, and with them every force and acceleration: the checks are
// relative.
forces::ContactProblem coupled_friction(double scale) {
  forces::ContactProblem p;
  p.A = Eigen::Matrix<double, 1, 1>(1.0);
  p.b = Eigen::Matrix<double, 1, 1>(-9.0 * scale);
  p.A_full = Eigen::Matrix3d{{1, 0.5, 0}, {0.5, 1, 0}, {0, 0, 1}};
  p.b_full = Eigen::Vector3d(-9, -4.5, 0) * scale;
  p.friction = Eigen::Matrix<double, 1, 1>(0.5);
  return p;
}

ForceResult frictional(double normal, double t1, double t2) {
  ForceResult r = answer(Eigen::Matrix<double, 1, 1>(normal));
  r.friction_force = Eigen::Matrix<double, 1, 2>(t1, t2);
  return r;
}

forces::ForceCapabilities with_friction() {
  forces::ForceCapabilities caps;
  caps.friction = true;
  return caps;
}

// The verdict of each named check (absent: not run).
std::map<std::string, Verdict> by_check(const Verification& v) {
  std::map<std::string, Verdict> out;
  for (const auto& c : v.checks) out[c.name] = c.verdict;
  return out;
}

// On friction problems the friction checks are the whole verdict, so each wrong answer must fail
// on its own check and only there; the right answer and one exactly on the cone pass.
TEST(ForceVerifierFriction, RightAnswerAndOneOnTheConePass) {
  for (double scale : {1e-6, 1.0, 1e6}) {
    const auto p = coupled_friction(scale);
    const auto right = verify_forces(frictional(9 * scale, 0, 0), with_friction(), p, nullptr, {});
    EXPECT_EQ(right.verdict, Verdict::pass) << scale << ": " << right.reason;
    EXPECT_EQ(by_check(right)["friction-cone"], Verdict::pass);
    // t = μ f_n (−0.6, 0.8) lies on the circle (|t| = μ f_n); its normal row moves by
    // t1 / 2 = −0.15 f_n, so f_n = 9 / 0.85 keeps a_n = 0.
    const double fn = 9 / 0.85, edge = 0.5 * fn;
    const auto on_cone =
        verify_forces(frictional(fn * scale, -0.6 * edge * scale, 0.8 * edge * scale),
                      with_friction(), p, nullptr, {});
    EXPECT_EQ(on_cone.verdict, Verdict::pass) << scale << ": " << on_cone.reason;
    EXPECT_EQ(by_check(on_cone)["friction-cone"], Verdict::pass) << scale;
  }
}

// t = (−0.9, 0.9) μ f_n, |t| ≈ 1.27 μ f_n: outside the circular Coulomb cone, though each
// component is within μ f_n (inside the square max(|t1|, |t2|) <= μ f_n a wrong cone would
// accept). f_n = 9 − t1 / 2 keeps the full normal row at a_n = 0.
TEST(ForceVerifierFriction, OutsideTheCircularConeFails) {
  for (double scale : {1e-6, 1.0, 1e6}) {
    const auto p = coupled_friction(scale);
    const double fn = 9 / (1 - 0.225), t1 = -0.45 * fn, t2 = 0.45 * fn;  // a_n = 0
    ASSERT_GT(std::hypot(t1, t2), 0.5 * fn);
    ASSERT_LE(std::max(std::abs(t1), std::abs(t2)), 0.5 * fn);
    const auto v = verify_forces(frictional(fn * scale, t1 * scale, t2 * scale), with_friction(), p,
                                 nullptr, {});
    EXPECT_EQ(v.verdict, Verdict::fail) << scale;
    auto checks = by_check(v);
    EXPECT_EQ(checks["friction-cone"], Verdict::fail) << scale;
    EXPECT_EQ(checks["penetration"], Verdict::pass) << scale;
    EXPECT_EQ(checks["complementarity"], Verdict::pass) << scale;
  }
}

// Two uncoupled unit contacts (A_full = I, b_full = (−1, 0, 0, −2, 0, 0), μ = (1/2, 1/4)): f_n =
// (1, 2) and the cone is checked on each contact with its own μ and f_n. Contact 2's friction
// (0.45, −0.45) is inside its square limit μ f_n = 0.5 but |t| ≈ 0.64 is outside its circle;
// (0.3, −0.4) is on the circle, and contact 1's (0.3, 0.4) within its circle of 0.5.
TEST(ForceVerifierFriction, TheConeOfEveryContactIsCircular) {
  forces::ContactProblem p;
  p.A = Eigen::Matrix2d::Identity();
  p.b = Eigen::Vector2d(-1, -2);
  p.A_full = Eigen::MatrixXd::Identity(6, 6);
  p.b_full = (Eigen::VectorXd(6) << -1, 0, 0, -2, 0, 0).finished();
  p.friction = Eigen::Vector2d(0.5, 0.25);
  ForceResult r = answer(Eigen::Vector2d(1, 2));
  r.friction_force = (Eigen::MatrixXd(2, 2) << 0.3, 0.4, 0.3, -0.4).finished();
  const auto on = verify_forces(r, with_friction(), p, nullptr, {});
  EXPECT_EQ(on.verdict, Verdict::pass) << on.reason;
  (*r.friction_force)(1, 0) = 0.45;
  (*r.friction_force)(1, 1) = -0.45;
  const auto out = verify_forces(r, with_friction(), p, nullptr, {});
  EXPECT_EQ(out.verdict, Verdict::fail);
  EXPECT_EQ(first_failure(out), "friction-cone");
}

// f_n = 9 satisfies the normal rows alone (a = A f + b = 0), but friction t1 = −2 pulls the full
// system's normal row to a_n = −1: the contact penetrates. Only the full [n, t1, t2] system sees
// it.
TEST(ForceVerifierFriction, PenetratingOnTheFullSystemFails) {
  for (double scale : {1e-6, 1.0, 1e6}) {
    const auto p = coupled_friction(scale);
    const auto v =
        verify_forces(frictional(9 * scale, -2 * scale, 0), with_friction(), p, nullptr, {});
    EXPECT_EQ(v.verdict, Verdict::fail) << scale;
    EXPECT_EQ(first_failure(v), "penetration") << scale;
    EXPECT_EQ(by_check(v)["friction-cone"], Verdict::pass) << scale;
  }
}

// t1 = +2 lifts the full normal row to a_n = +1 while f_n = 9 still pushes: not complementary
// (f_n a_n ≠ 0), though the normal rows alone read a = 0 and the force is inside the cone.
TEST(ForceVerifierFriction, NotComplementaryOnTheFullSystemFails) {
  for (double scale : {1e-6, 1.0, 1e6}) {
    const auto p = coupled_friction(scale);
    const auto v =
        verify_forces(frictional(9 * scale, 2 * scale, 0), with_friction(), p, nullptr, {});
    EXPECT_EQ(v.verdict, Verdict::fail) << scale;
    auto checks = by_check(v);
    EXPECT_EQ(checks["complementarity"], Verdict::fail) << scale;
    EXPECT_EQ(checks["penetration"], Verdict::pass) << scale;
    EXPECT_EQ(checks["friction-cone"], Verdict::pass) << scale;
  }
}

// Second tests for checks one test alone used to pin (docs/mutation.md), each on another input.

// Two contacts, where contact 2's first tangential force couples into contact 1's normal row
// (A_full = I + 1/2 at (0, 4) and (4, 0), positive definite; μ = (1/2, 1/4)). f_n = (1, 2)
// satisfies the normal rows alone (A = I, b = (−1, −2)); contact 2's friction t = (∓0.4, 0) is
// inside its cone (0.4 <= 0.5) but moves contact 1's full normal row to a_n = ∓0.2: −0.2
// penetrates, +0.2 under f_n = 1 is not complementary. Each fails on its own check.
TEST(ForceVerifierFriction, FrictionOfOneContactPenetratesAnother) {
  forces::ContactProblem p;
  p.A = Eigen::Matrix2d::Identity();
  p.b = Eigen::Vector2d(-1, -2);
  Eigen::MatrixXd A_full = Eigen::MatrixXd::Identity(6, 6);
  A_full(0, 4) = A_full(4, 0) = 0.5;
  p.A_full = A_full;
  p.b_full = (Eigen::VectorXd(6) << -1, 0, 0, -2, 0, 0).finished();
  p.friction = Eigen::Vector2d(0.5, 0.25);
  ForceResult r = answer(Eigen::Vector2d(1, 2));
  r.friction_force = (Eigen::MatrixXd(2, 2) << 0, 0, 0, 0).finished();
  EXPECT_EQ(verify_forces(r, with_friction(), p, nullptr, {}).verdict, Verdict::pass);
  (*r.friction_force)(1, 0) = -0.4;
  auto pushed_in = by_check(verify_forces(r, with_friction(), p, nullptr, {}));
  EXPECT_EQ(pushed_in["penetration"], Verdict::fail);
  EXPECT_EQ(pushed_in["friction-cone"], Verdict::pass);
  (*r.friction_force)(1, 0) = 0.4;
  auto lifted = by_check(verify_forces(r, with_friction(), p, nullptr, {}));
  EXPECT_EQ(lifted["penetration"], Verdict::pass);
  EXPECT_EQ(lifted["complementarity"], Verdict::fail);
}

// A failed solve is right only where the exact reference proves the problem infeasible: without
// a reference (here a friction problem), the failure is a fail on "status".
TEST(ForceVerifier, AFailureWithoutAReferenceIsAFail) {
  ForceResult failed;
  failed.status = forces::SolveStatus::failed;
  failed.reason = "no convergence";
  for (const auto& p : {coupled_friction(1.0), ball_stack()}) {
    const auto v = verify_forces(failed, with_friction(), p, nullptr, {});
    EXPECT_EQ(v.verdict, Verdict::fail);
    EXPECT_EQ(first_failure(v), "status");
  }
}

// Here F stays finite (|b| / max|A| = 5e307) but S = |b| + max|A| F = 2e308 overflows: nothing can
// be checked, so even the exact answer is ambiguous on "scales".
TEST(ForceVerifier, AnOverflowingAccelerationScaleIsAmbiguous) {
  forces::ContactProblem p;
  p.A = Eigen::Vector2d(1, 2).asDiagonal();
  p.b = Eigen::Vector2d(-1e308, -1e308);
  const auto v = verify_forces(answer(Eigen::Vector2d(1e308, 5e307)), {}, p, nullptr, {});
  EXPECT_EQ(v.verdict, Verdict::ambiguous) << v.reason;
  EXPECT_EQ(first_failure(v), "scales");
}

// A = [[1, 1 − 1e-8], [1 − 1e-8, 1]], b = (−1, −1): both contacts carry s = 1 / (2 − 1e-8) and
// κ ≈ 2e8. Moving δ = 1e-3 from one contact to the other changes a by (1e-11, −1e-11), within
// every residual and acceleration tolerance (1e-6 S, S ≈ 2), but the unique forces miss by 1e-3 F,
// beyond the force tolerance and within κ times it: ambiguous, not a pass.
TEST(ForceVerifier, UniqueForcesOfATiedPairAreCompared) {
  forces::ContactProblem p;
  p.A = Eigen::Matrix2d{{1, 1 - 1e-8}, {1 - 1e-8, 1}};
  p.b = Eigen::Vector2d(-1, -1);
  const auto x = exact_answer(p);
  ASSERT_EQ(x.outcome, ExactLcp::Outcome::solved);
  ASSERT_TRUE(x.forces_unique);
  EXPECT_NEAR(x.force[0], 0.5, 1e-8);
  EXPECT_NEAR(x.force[1], 0.5, 1e-8);
  EXPECT_EQ(verify_forces(answer(x.force), {}, p, &x, {}).verdict, Verdict::pass);
  const auto v = verify_forces(answer(x.force + Eigen::Vector2d(1e-3, -1e-3)), {}, p, &x, {});
  EXPECT_EQ(v.verdict, Verdict::ambiguous) << v.reason;
  EXPECT_EQ(first_failure(v), "force");
}

// Position level on the ball stack (unique forces): twice the exact force lifts the lower ball
// (a = −b = (9.81, 0), no penetration after the step), so its mean-force accelerations miss the
// exact a = 0 by 9.81 / S ≈ 8 %, beyond the 1 % tolerance, and that check fails by name.
TEST(ForceVerifier, PositionLevelTooMuchForceFailsOnItsAccelerations) {
  const auto p = stepped(ball_stack());
  const auto x = exact_answer(p);
  const forces::ForceCapabilities position = position_level();
  auto checks = by_check(verify_forces(answer(2 * x.force), position, p, &x, {}));
  EXPECT_EQ(checks["penetration-after-step"], Verdict::pass);
  EXPECT_EQ(checks["mean-force-acceleration"], Verdict::fail);
}

}  // namespace
}  // namespace touchstone
