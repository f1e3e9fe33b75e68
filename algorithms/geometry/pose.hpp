// Rigid poses: rotation matrix + translation. The matrix is derived once from a unit quaternion
// [w, x, y, z] and that double matrix *is* the pose: the exact reference evaluates R·v + t exactly
// from these very doubles (DESIGN §6.2), so algorithms and reference agree on the input.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <array>
#include <optional>

namespace touchstone {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;

struct Pose {
  Mat3 rotation = Mat3::Identity();
  Vec3 translation = Vec3::Zero();
  // The quaternion the rotation was derived from, as given, so a case can be written back to a
  // file and regenerate this very matrix. Empty for poses built otherwise (relative_pose).
  std::optional<std::array<double, 4>> source_quaternion;

  Vec3 apply(const Vec3& local) const { return rotation * local + translation; }
  Vec3 apply_inverse(const Vec3& world) const {
    return rotation.transpose() * (world - translation);
  }
  bool has_rotation() const { return rotation != Mat3::Identity(); }

  static Pose identity() { return {}; }
  static Pose from_translation(const Vec3& t) { return {Mat3::Identity(), t, std::nullopt}; }
  // Normalizes q (throws std::invalid_argument when |q| is 0 or not finite).
  static Pose from_quaternion(const std::array<double, 4>& wxyz, const Vec3& t);
};

// The pose of B expressed in A's frame (R_a^T R_b, R_a^T (t_b - t_a)). Computing relative to A
// keeps shapes far from the origin accurate: t_b - t_a is exact when the shapes are close.
Pose relative_pose(const Pose& a, const Pose& b);

}  // namespace touchstone
