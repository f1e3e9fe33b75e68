// The dynamics module against hand-derived values of Baraff 1989 (seed 002) appendix A, eq. 34.
#include "algorithms/dynamics/dynamics.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace touchstone::dynamics {
namespace {

RigidBody fixed_body() {
  RigidBody b;
  b.name = "floor";
  b.fixed = true;
  return b;
}

RigidBody free_body(double mass, const Vec3& position) {
  RigidBody b;
  b.name = "body";
  b.mass = mass;
  b.position = position;
  return b;
}

TEST(Dynamics, PointMassOnFloor) {
  MultibodySystem s;
  s.bodies = {free_body(2.0, {0, 0, 0}), fixed_body()};
  s.contacts = {{0, 1, {0, 0, 0}, {0, 0, 1}, 0.0, std::nullopt}};
  const auto p = assemble(s);
  ASSERT_EQ(p.size(), 1);
  EXPECT_DOUBLE_EQ(p.A(0, 0), 0.5);  // 1/m
  EXPECT_DOUBLE_EQ(p.b[0], -9.81);   // gravity pulls A into the floor
  // f = m g makes the acceleration vanish, and the body accelerations too.
  const Eigen::VectorXd f = Eigen::VectorXd::Constant(1, 2.0 * 9.81);
  EXPECT_NEAR((p.A * f + p.b)[0], 0.0, 1e-15);
  const Eigen::VectorXd acc = *p.body_map * f + *p.body_offset;
  EXPECT_NEAR(acc.norm(), 0.0, 1e-15);
  EXPECT_EQ(acc.size(), 6);
}

TEST(Dynamics, TwoFreeSpheresOnTheLineOfCentres) {
  // Sphere A (mass 3) on sphere B (mass 5), contact on the line of centres: r × n = 0 on both,
  // so A = 1/3 + 1/5; gravity accelerates both alike, so b = 0.
  MultibodySystem s;
  s.bodies = {free_body(3.0, {0, 0, 2}), free_body(5.0, {0, 0, 0})};
  s.contacts = {{0, 1, {0, 0, 1}, {0, 0, 1}, 0.0, std::nullopt}};
  const auto p = assemble(s);
  EXPECT_DOUBLE_EQ(p.A(0, 0), 1.0 / 3.0 + 1.0 / 5.0);
  EXPECT_DOUBLE_EQ(p.b[0], 0.0);
  EXPECT_EQ(p.body_map->rows(), 12);
}

TEST(Dynamics, LeverArmAddsRotationalTerm) {
  // Contact at r = (2, 0, 0) from the centre, normal z, inertia diag(1, 4, 1): r × n = (0, −2, 0),
  // so A = 1/m + (r×n)ᵀ I⁻¹ (r×n) = 1 + 4/4 = 2.
  MultibodySystem s;
  RigidBody b = free_body(1.0, {0, 0, 0});
  b.inertia = Eigen::Vector3d(1, 4, 1).asDiagonal();
  s.bodies = {b, fixed_body()};
  s.contacts = {{0, 1, {2, 0, 0}, {0, 0, 1}, 0.0, std::nullopt}};
  s.gravity.setZero();
  const auto p = assemble(s);
  EXPECT_DOUBLE_EQ(p.A(0, 0), 2.0);
  EXPECT_DOUBLE_EQ(p.b[0], 0.0);
}

TEST(Dynamics, CentripetalTerm) {
  // A spins about z at w = 3 with the contact at r = (0.5, 0, 0) and normal x:
  // n·(ω×(ω×r)) = −w² |r| = −4.5.
  MultibodySystem s;
  RigidBody b = free_body(1.0, {0, 0, 0});
  b.angular_velocity = {0, 0, 3};
  s.bodies = {b, fixed_body()};
  s.contacts = {{0, 1, {0.5, 0, 0}, {1, 0, 0}, 0.0, std::nullopt}};
  s.gravity.setZero();
  const auto p = assemble(s);
  EXPECT_DOUBLE_EQ(p.b[0], -4.5);
  EXPECT_DOUBLE_EQ(p.A(0, 0), 1.0);
  EXPECT_DOUBLE_EQ((*p.normal_velocity)[0], 0.0);  // ω × r is along y
}

TEST(Dynamics, GyroscopicTerm) {
  // Inertia diag(1, 2, 3), ω = (1, 1, 0): ω × Iω = (0, 0, 1), so ω̇ = (0, 0, −1/3) with no torque.
  // Contact r = (1, 0, 0), n = y: n·(ω̇ × r) = −1/3 and n·(ω×(ω×r)) = 1, so b = 2/3.
  MultibodySystem s;
  RigidBody b = free_body(1.0, {0, 0, 0});
  b.inertia = Eigen::Vector3d(1, 2, 3).asDiagonal();
  b.angular_velocity = {1, 1, 0};
  s.bodies = {b, fixed_body()};
  s.contacts = {{0, 1, {1, 0, 0}, {0, 1, 0}, 0.0, std::nullopt}};
  s.gravity.setZero();
  const auto p = assemble(s);
  EXPECT_NEAR(p.b[0], 2.0 / 3.0, 1e-15);
  EXPECT_NEAR((*p.body_offset)[5], -1.0 / 3.0, 1e-15);
}

TEST(Dynamics, NormalDerivativeTerm) {
  // B spins about z at w = 2 with its normal x attached: ṅ = ω_B × n = (0, 2, 0). A slides along y
  // at u = 5 through B's centre (r = 0 on both): b = 2 ṅ·(ṗ_A − ṗ_B) = 2·2·5 = 20.
  MultibodySystem s;
  RigidBody a = free_body(1.0, {0, 0, 0});
  a.velocity = {0, 5, 0};
  RigidBody b = free_body(1.0, {0, 0, 0});
  b.angular_velocity = {0, 0, 2};
  s.bodies = {a, b};
  s.contacts = {{0, 1, {0, 0, 0}, {1, 0, 0}, 0.0, std::nullopt}};
  s.gravity.setZero();
  const auto p = assemble(s);
  EXPECT_DOUBLE_EQ(p.b[0], 20.0);
  EXPECT_DOUBLE_EQ(p.A(0, 0), 2.0);
}

TEST(Dynamics, FrictionSystemHasNormalBlockEqualToA) {
  // Point mass on an inclined floor: the tangential rows see 1/m too, and b_full carries gravity's
  // components along n, t1, t2.
  MultibodySystem s;
  s.bodies = {free_body(2.0, {0, 0, 0}), fixed_body()};
  const double th = 0.3;
  const Vec3 n(std::sin(th), 0, std::cos(th));
  s.contacts = {{0, 1, {0, 0, 0}, n, 0.0, 0.5}};
  const auto p = assemble(s);
  ASSERT_TRUE(p.A_full && p.b_full);
  EXPECT_NEAR((*p.A_full - 0.5 * Eigen::Matrix3d::Identity()).norm(), 0.0, 1e-15);
  EXPECT_NEAR(p.b[0], -9.81 * std::cos(th), 1e-15);
  EXPECT_DOUBLE_EQ((*p.b_full)[0], p.b[0]);
  const auto [t1, t2] = tangent_basis(n);
  EXPECT_NEAR((*p.b_full)[1], t1.dot(s.gravity), 1e-15);
  EXPECT_NEAR((*p.b_full)[2], t2.dot(s.gravity), 1e-15);
  EXPECT_NEAR(t1.dot(n), 0.0, 1e-15);
  EXPECT_NEAR(n.cross(t1).dot(t2), 1.0, 1e-15);
  EXPECT_EQ(p.body_map->cols(), 3);
  EXPECT_DOUBLE_EQ(p.friction[0], 0.5);
}

TEST(Dynamics, StepMatchesGapAfterStep) {
  // A body falling onto the floor from gap 0.1 at speed −1: after one step with f = 0 the gap is
  // 0.1 + h (−1 + h (−9.81)), the same as forces::gap_after_step.
  MultibodySystem s;
  RigidBody b = free_body(1.0, {0, 0, 0.1});
  b.velocity = {0, 0, -1};
  s.bodies = {b, fixed_body()};
  s.contacts = {{0, 1, {0, 0, 0}, {0, 0, 1}, 0.1, std::nullopt}};
  s.time_step = 0.01;
  const auto p = assemble(s);
  const Eigen::VectorXd f = Eigen::VectorXd::Zero(1);
  const auto next = step(s, f, s.time_step);
  const double expected = 0.1 + 0.01 * (-1 + 0.01 * -9.81);
  EXPECT_NEAR(next.contacts[0].gap, expected, 1e-15);
  EXPECT_NEAR(forces::gap_after_step(p, f)[0], expected, 1e-15);
  EXPECT_NEAR(next.bodies[0].position.z(), 0.1 + 0.01 * (-1 - 0.0981), 1e-15);
}

TEST(Dynamics, BadInputNamesTheField) {
  MultibodySystem s;
  s.bodies = {free_body(-1.0, {0, 0, 0}), fixed_body()};
  s.contacts = {{0, 1, {0, 0, 0}, {0, 0, 1}, 0.0, std::nullopt}};
  try {
    assemble(s);
    FAIL() << "negative mass accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("bodies[0] (body).mass"), std::string::npos) << e.what();
  }
  s.bodies[0].mass = 1;
  s.contacts[0].normal = {0, 0, 2};
  EXPECT_THROW(assemble(s), std::invalid_argument);
  s.contacts[0].normal = {0, 0, 1};
  s.contacts[0].body_b = 5;
  EXPECT_THROW(assemble(s), std::invalid_argument);
}

}  // namespace
}  // namespace touchstone::dynamics
