// Closest points of two segments (the clamped parameters of the textbook construction, e.g.
// Ericson, Real-Time Collision Detection §5.1.9), safe for parallel and zero-length segments.
// Shared by V-Clip's nearest points and the robustness trials' double-precision feature search.
#pragma once

#include <algorithm>
#include <utility>

#include "algorithms/geometry/pose.hpp"

namespace touchstone {

// (s, t) in [0, 1]² such that p0 + s (p1 − p0) and q0 + t (q1 − q0) are closest.
inline std::pair<double, double> segment_parameters(const Vec3& p0, const Vec3& p1, const Vec3& q0,
                                                    const Vec3& q1) {
  const Vec3 d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
  const double a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r);
  if (a <= 0 && e <= 0) return {0.0, 0.0};
  if (a <= 0) return {0.0, std::clamp(f / e, 0.0, 1.0)};
  const double c = d1.dot(r);
  if (e <= 0) return {std::clamp(-c / a, 0.0, 1.0), 0.0};
  const double b = d1.dot(d2);
  const double denom = a * e - b * b;
  double s = denom > 0 ? std::clamp((b * f - c * e) / denom, 0.0, 1.0) : 0.0;
  double t = (b * s + f) / e;
  if (t < 0) {
    t = 0;
    s = std::clamp(-c / a, 0.0, 1.0);
  } else if (t > 1) {
    t = 1;
    s = std::clamp((b - c) / a, 0.0, 1.0);
  }
  return {s, t};
}

}  // namespace touchstone
