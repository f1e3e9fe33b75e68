// Shapes and poses the tests build by hand: axis-aligned boxes and translations.
#pragma once

#include <vector>

#include "algorithms/geometry/polytope.hpp"
#include "algorithms/geometry/pose.hpp"

namespace touchstone::test_support {

// The eight corners of the box [lo, hi], x varying slowest and z fastest (vertex ids of the hull
// follow this order).
inline std::vector<Vec3> box_corners(const Vec3& lo, const Vec3& hi) {
  std::vector<Vec3> p;
  for (double x : {lo.x(), hi.x()})
    for (double y : {lo.y(), hi.y()})
      for (double z : {lo.z(), hi.z()}) p.emplace_back(x, y, z);
  return p;
}

inline Polytope box(const Vec3& lo, const Vec3& hi) {
  return Polytope::from_points(box_corners(lo, hi));
}

// [0, 1]³.
inline Polytope unit_cube() { return box(Vec3(0, 0, 0), Vec3(1, 1, 1)); }

// The translation by (x, y, z).
inline Pose at(double x, double y, double z) { return Pose::from_translation(Vec3(x, y, z)); }

}  // namespace touchstone::test_support
