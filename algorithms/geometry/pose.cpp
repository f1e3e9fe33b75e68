#include "algorithms/geometry/pose.hpp"

#include <cmath>
#include <stdexcept>

namespace touchstone {

Pose Pose::from_quaternion(const std::array<double, 4>& wxyz, const Vec3& t) {
  const double n =
      std::sqrt(wxyz[0] * wxyz[0] + wxyz[1] * wxyz[1] + wxyz[2] * wxyz[2] + wxyz[3] * wxyz[3]);
  if (!std::isfinite(n) || n == 0.0)
    throw std::invalid_argument("rotation quaternion must be finite and non-zero");
  if (!t.allFinite()) throw std::invalid_argument("translation must be finite");
  // The identity quaternion gives the exact identity matrix (no rounding of 1 - 2(y²+z²)).
  const double w = wxyz[0] / n, x = wxyz[1] / n, y = wxyz[2] / n, z = wxyz[3] / n;
  Pose p;
  p.rotation << 1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
      2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x), 2 * (x * z - w * y),
      2 * (y * z + w * x), 1 - 2 * (x * x + y * y);
  p.translation = t;
  p.source_quaternion = wxyz;
  return p;
}

Pose relative_pose(const Pose& a, const Pose& b) {
  Pose r;
  r.rotation = a.rotation.transpose() * b.rotation;
  r.translation = a.rotation.transpose() * (b.translation - a.translation);
  return r;
}

}  // namespace touchstone
