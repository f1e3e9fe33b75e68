// Multibody form -> matrix form (Baraff 1989, seed 002, §5 and appendix A eq. 34), body
// accelerations from contact forces, and a semi-implicit Euler step.
#include "algorithms/dynamics/dynamics.hpp"

#include <cmath>
#include <stdexcept>

namespace touchstone::dynamics {
namespace {

Mat3 world_inertia(const RigidBody& b) {
  return b.orientation * b.inertia * b.orientation.transpose();
}

bool finite(const Vec3& v) { return v.allFinite(); }

[[noreturn]] void bad(const std::string& what, const std::string& message) {
  throw std::invalid_argument(what + ": " + message);
}

// Contact directions: n only, or n, t1, t2 when any contact has friction.
std::vector<Vec3> directions(const Contact& c, bool with_friction) {
  if (!with_friction) return {c.normal};
  const auto [t1, t2] = tangent_basis(c.normal);
  return {c.normal, t1, t2};
}

bool any_friction(const MultibodySystem& s) {
  for (const Contact& c : s.contacts)
    if (c.friction) return true;
  return false;
}

Vec3 point_velocity(const RigidBody& b, const Vec3& p) {
  return b.fixed ? Vec3::Zero() : Vec3(b.velocity + b.angular_velocity.cross(p - b.position));
}

Assembly assemble_jacobian(const MultibodySystem& s, bool with_friction) {
  Assembly out;
  int free = 0;
  for (const RigidBody& b : s.bodies) out.free_index.push_back(b.fixed ? -1 : free++);
  const int per = with_friction ? 3 : 1;
  const int rows = per * static_cast<int>(s.contacts.size());
  out.jacobian = Eigen::MatrixXd::Zero(rows, 6 * free);
  out.inverse_mass = Eigen::MatrixXd::Zero(6 * free, 6 * free);
  out.free_acceleration = Eigen::VectorXd::Zero(6 * free);
  for (std::size_t k = 0; k < s.bodies.size(); ++k) {
    const RigidBody& b = s.bodies[k];
    const int f = out.free_index[k];
    if (f < 0) continue;
    const Mat3 I = world_inertia(b);
    const Mat3 I_inv = I.inverse();
    out.inverse_mass.block<3, 3>(6 * f, 6 * f) = Mat3::Identity() / b.mass;
    out.inverse_mass.block<3, 3>(6 * f + 3, 6 * f + 3) = I_inv;
    out.free_acceleration.segment<3>(6 * f) = b.force / b.mass + s.gravity;
    // Euler's equation: I ω̇ = τ − ω × (I ω) (the gyroscopic term).
    out.free_acceleration.segment<3>(6 * f + 3) =
        I_inv * (b.torque - b.angular_velocity.cross(I * b.angular_velocity));
  }
  for (std::size_t i = 0; i < s.contacts.size(); ++i) {
    const Contact& c = s.contacts[i];
    const auto dirs = directions(c, with_friction);
    for (int k = 0; k < per; ++k) {
      const int row = per * static_cast<int>(i) + k;
      for (const auto& [body, sign] : {std::pair{c.body_a, 1.0}, std::pair{c.body_b, -1.0}}) {
        const int f = out.free_index[body];
        if (f < 0) continue;
        const Vec3 r = c.point - s.bodies[body].position;
        out.jacobian.block<1, 3>(row, 6 * f) += sign * dirs[k].transpose();
        out.jacobian.block<1, 3>(row, 6 * f + 3) += sign * r.cross(dirs[k]).transpose();
      }
    }
  }
  return out;
}

}  // namespace

std::pair<Vec3, Vec3> tangent_basis(const Vec3& n) {
  // The world axis least aligned with n gives a well-conditioned first tangent.
  int axis = 0;
  for (int k = 1; k < 3; ++k)
    if (std::abs(n[k]) < std::abs(n[axis])) axis = k;
  const Vec3 t1 = n.cross(Vec3::Unit(axis)).normalized();
  return {t1, n.cross(t1)};
}

void validate(const MultibodySystem& s) {
  if (!s.gravity.allFinite()) bad("gravity", "not finite");
  if (!std::isfinite(s.time_step) || s.time_step < 0) bad("time_step", "must be finite and >= 0");
  for (std::size_t k = 0; k < s.bodies.size(); ++k) {
    const RigidBody& b = s.bodies[k];
    const std::string name = "bodies[" + std::to_string(k) + "] (" + b.name + ")";
    if (b.fixed) continue;
    if (!(std::isfinite(b.mass) && b.mass > 0)) bad(name + ".mass", "must be finite and > 0");
    if (!b.inertia.allFinite()) bad(name + ".inertia", "not finite");
    if ((b.inertia - b.inertia.transpose()).norm() > 1e-12 * b.inertia.norm())
      bad(name + ".inertia", "not symmetric");
    Eigen::SelfAdjointEigenSolver<Mat3> eig(b.inertia);
    if (eig.eigenvalues().minCoeff() <= 0) bad(name + ".inertia", "not positive definite");
    if (!b.orientation.allFinite() ||
        (b.orientation.transpose() * b.orientation - Mat3::Identity()).norm() > 1e-9)
      bad(name + ".orientation", "not a rotation");
    if (!finite(b.position) || !finite(b.velocity) || !finite(b.angular_velocity) ||
        !finite(b.force) || !finite(b.torque))
      bad(name, "position, velocity, angular velocity, force and torque must be finite");
  }
  for (std::size_t i = 0; i < s.contacts.size(); ++i) {
    const Contact& c = s.contacts[i];
    const std::string name = "contacts[" + std::to_string(i) + "]";
    const int n = static_cast<int>(s.bodies.size());
    if (c.body_a < 0 || c.body_a >= n) bad(name + ".bodies[0]", "no such body");
    if (c.body_b < 0 || c.body_b >= n) bad(name + ".bodies[1]", "no such body");
    if (c.body_a == c.body_b) bad(name + ".bodies", "a contact needs two different bodies");
    if (s.bodies[c.body_a].fixed && s.bodies[c.body_b].fixed)
      bad(name + ".bodies", "both bodies are fixed");
    if (!finite(c.point)) bad(name + ".point", "not finite");
    if (!finite(c.normal) || std::abs(c.normal.norm() - 1.0) > 1e-9)
      bad(name + ".normal", "must be a unit vector");
    if (!std::isfinite(c.gap)) bad(name + ".gap", "not finite");
    if (c.friction && !(std::isfinite(*c.friction) && *c.friction >= 0))
      bad(name + ".friction", "must be finite and >= 0");
  }
}

forces::ContactProblem assemble(const MultibodySystem& s) {
  validate(s);
  const bool with_friction = any_friction(s);
  const int n = static_cast<int>(s.contacts.size());
  const Assembly full = assemble_jacobian(s, with_friction);
  const int per = with_friction ? 3 : 1;

  // Velocity terms of eq. 34 per direction d: σ d·(ω×(ω×r)) for both bodies, and 2 ḋ·(ṗ_A − ṗ_B)
  // with ḋ = ω_B × d (the directions are attached to B).
  Eigen::VectorXd velocity_terms = Eigen::VectorXd::Zero(per * n);
  Eigen::VectorXd normal_velocity(n), gap(n);
  for (int i = 0; i < n; ++i) {
    const Contact& c = s.contacts[i];
    const RigidBody& A = s.bodies[c.body_a];
    const RigidBody& B = s.bodies[c.body_b];
    const Vec3 relative_velocity = point_velocity(A, c.point) - point_velocity(B, c.point);
    const auto dirs = directions(c, with_friction);
    for (int k = 0; k < per; ++k) {
      double t = 0.0;
      for (const auto& [body, sign] : {std::pair{&A, 1.0}, std::pair{&B, -1.0}}) {
        if (body->fixed) continue;
        const Vec3 r = c.point - body->position;
        t += sign * dirs[k].dot(body->angular_velocity.cross(body->angular_velocity.cross(r)));
      }
      if (!B.fixed) t += 2.0 * B.angular_velocity.cross(dirs[k]).dot(relative_velocity);
      velocity_terms[per * i + k] = t;
    }
    normal_velocity[i] = c.normal.dot(relative_velocity);
    gap[i] = c.gap;
  }

  forces::ContactProblem p;
  const Eigen::MatrixXd body_map = full.inverse_mass * full.jacobian.transpose();
  // Symmetrized so A is symmetric to the bit, as J M⁻¹ Jᵀ is (the product's rounding is not).
  const Eigen::MatrixXd product = full.jacobian * body_map;
  const Eigen::MatrixXd A_full = 0.5 * (product + product.transpose());
  const Eigen::VectorXd b_full = full.jacobian * full.free_acceleration + velocity_terms;
  if (with_friction) {
    p.A.resize(n, n);
    p.b.resize(n);
    for (int i = 0; i < n; ++i) {
      p.b[i] = b_full[3 * i];
      for (int j = 0; j < n; ++j) p.A(i, j) = A_full(3 * i, 3 * j);
    }
    p.friction = Eigen::VectorXd(n);
    for (int i = 0; i < n; ++i) p.friction[i] = s.contacts[i].friction.value_or(0.0);
    p.A_full = A_full;
    p.b_full = b_full;
  } else {
    p.A = A_full;
    p.b = b_full;
  }
  p.gap = gap;
  p.normal_velocity = normal_velocity;
  p.time_step = s.time_step;
  p.body_map = body_map;
  p.body_offset = full.free_acceleration;
  return p;
}

Eigen::VectorXd body_accelerations(const MultibodySystem& s, const Eigen::VectorXd& f) {
  const int n = static_cast<int>(s.contacts.size());
  const bool with_friction = f.size() == 3 * n && n > 0;
  if (!with_friction && f.size() != n)
    throw std::invalid_argument("body_accelerations: force vector has the wrong size");
  const Assembly a = assemble_jacobian(s, with_friction);
  return a.free_acceleration + a.inverse_mass * (a.jacobian.transpose() * f);
}

MultibodySystem step(const MultibodySystem& s, const Eigen::VectorXd& f, double h) {
  const Eigen::VectorXd acc = body_accelerations(s, f);
  MultibodySystem next = s;
  int free = 0;
  for (RigidBody& b : next.bodies) {
    if (b.fixed) continue;
    b.velocity += h * acc.segment<3>(6 * free);
    b.angular_velocity += h * acc.segment<3>(6 * free + 3);
    b.position += h * b.velocity;
    const double angle = h * b.angular_velocity.norm();
    if (angle > 0)
      b.orientation = Eigen::AngleAxisd(angle, b.angular_velocity.normalized()).toRotationMatrix() *
                      b.orientation;
    ++free;
  }
  for (std::size_t i = 0; i < next.contacts.size(); ++i) {
    Contact& c = next.contacts[i];
    const RigidBody& A = next.bodies[c.body_a];
    const RigidBody& B = next.bodies[c.body_b];
    // The gap advances with the new relative normal velocity at the old point (semi-implicit).
    c.gap += h * c.normal.dot(point_velocity(A, c.point) - point_velocity(B, c.point));
    const RigidBody& old_a = s.bodies[c.body_a];
    if (!A.fixed)
      c.point = A.position + A.orientation * old_a.orientation.transpose() *
                                 (s.contacts[i].point - old_a.position);
    if (!B.fixed) c.normal = B.orientation * s.bodies[c.body_b].orientation.transpose() * c.normal;
  }
  return next;
}

}  // namespace touchstone::dynamics
