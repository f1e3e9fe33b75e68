// Rigid-body contact dynamics: turns the multibody form of a contact problem (bodies, contacts,
// external forces) into the matrix form a = A f + b of Baraff 1989 (seed 002, §4–5 and
// appendix A), with the friction system over two tangents, the affine map from contact forces to
// body accelerations, the position-level data (gaps, normal velocities, step), and a small
// semi-implicit Euler stepper.
#pragma once

#include <Eigen/Dense>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/forces/force_solver.hpp"

namespace touchstone::dynamics {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;

struct RigidBody {
  std::string name;
  bool fixed = false;  // fixed bodies (floor, walls) have infinite mass and never move
  double mass = 1.0;
  Mat3 inertia = Mat3::Identity();       // body-frame inertia tensor about the centre of mass
  Mat3 orientation = Mat3::Identity();   // body-to-world rotation
  Vec3 position = Vec3::Zero();          // centre of mass, world
  Vec3 velocity = Vec3::Zero();          // of the centre of mass, world
  Vec3 angular_velocity = Vec3::Zero();  // world
  Vec3 force = Vec3::Zero();             // external force besides gravity, world
  Vec3 torque = Vec3::Zero();            // external torque about the centre of mass, world
};

struct Contact {
  int body_a = 0, body_b = 1;   // indices into MultibodySystem::bodies; the force pushes A along n
  Vec3 point = Vec3::Zero();    // world
  Vec3 normal = Vec3::UnitZ();  // unit, pointing from B toward A, attached to B (Baraff's face)
  double gap = 0.0;             // signed separation along the normal (negative = penetrating)
  std::optional<double> friction;  // Coulomb coefficient; absent = frictionless
};

struct MultibodySystem {
  std::vector<RigidBody> bodies;
  std::vector<Contact> contacts;
  Vec3 gravity = Vec3(0, 0, -9.81);
  double time_step = 0.0;  // for position-level methods; 0 = none
};

// Throws std::invalid_argument naming the body or contact and the field (non-positive mass,
// singular inertia, bad body index, normal not unit, A == B, both fixed, non-finite numbers).
void validate(const MultibodySystem& system);

// The contact Jacobian rows for directions d (one per contact, or three per contact with
// friction): row·[v; ω per free body] = d·(ṗ_A − ṗ_B).
struct Assembly {
  Eigen::MatrixXd jacobian;           // rows × 6·free bodies
  Eigen::MatrixXd inverse_mass;       // 6·free × 6·free, block diag(I/m, I_world⁻¹)
  Eigen::VectorXd free_acceleration;  // [v̇; ω̇] of every free body with no contact force
  std::vector<int> free_index;        // body index -> position among free bodies, or -1
};

// The contact problem of Baraff 1989 §5 / appendix A (eq. 34):
//   a_i = n_i·(p̈_A − p̈_B) + 2 ṅ_i·(ṗ_A − ṗ_B),  p̈ = v̇ + ω̇×r + ω×(ω×r),  ṅ = ω_B × n,
// where v̇, ω̇ include gravity, external forces, the gyroscopic term −I⁻¹(ω × Iω) and the contact
// forces. A = J M⁻¹ Jᵀ is symmetric PSD. Friction coefficients on any contact add A_full/b_full
// over [n, t1, t2] per contact (tangents attached to B like the normal). Always fills gap,
// normal_velocity, time_step, body_map and body_offset (over the free bodies in order).
forces::ContactProblem assemble(const MultibodySystem& system);

// Tangents t1, t2 of a unit normal (right-handed n, t1, t2), deterministic.
std::pair<Vec3, Vec3> tangent_basis(const Vec3& n);

// Body accelerations [v̇; ω̇] per free body, stacked, for forces f (n normal magnitudes, or the 3n
// vector [f_n, f_t1, f_t2] per contact).
Eigen::VectorXd body_accelerations(const MultibodySystem& system, const Eigen::VectorXd& f);

// One semi-implicit Euler step of length h under constant contact forces f (as above):
// v += h v̇, ω += h ω̇, then x += h v, R = exp(h ω) R; contact gaps advance by h times the new
// normal velocity (matching forces::gap_after_step), points move with body A.
MultibodySystem step(const MultibodySystem& system, const Eigen::VectorXd& f, double h);

}  // namespace touchstone::dynamics
