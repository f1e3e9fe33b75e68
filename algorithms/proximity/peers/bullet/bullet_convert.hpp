// Our poses and vectors to Bullet's and back (double build), shared by the Bullet peers of every
// kind (proximity and contact regions).
#pragma once

#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <LinearMath/btTransform.h>

#include <memory>

#include "algorithms/geometry/polytope.hpp"
#include "algorithms/geometry/pose.hpp"

namespace touchstone::peers {

inline btTransform to_bullet(const Pose& p) {
  const Mat3& r = p.rotation;
  return btTransform(
      btMatrix3x3(r(0, 0), r(0, 1), r(0, 2), r(1, 0), r(1, 1), r(1, 2), r(2, 0), r(2, 1), r(2, 2)),
      btVector3(p.translation.x(), p.translation.y(), p.translation.z()));
}

inline Vec3 to_vec(const btVector3& v) { return {v.x(), v.y(), v.z()}; }

// The polytope's vertices as a btConvexHullShape with margin 0 (the default 0.04 would inflate the
// solid: its contact points would lie off it), set before the cached local box is computed.
inline std::unique_ptr<btConvexHullShape> to_bullet_hull(const Polytope& shape) {
  auto hull = std::make_unique<btConvexHullShape>();
  for (const Vec3& v : shape.vertices())
    hull->addPoint(btVector3(v.x(), v.y(), v.z()), /*recalculateLocalAabb=*/false);
  hull->setMargin(0);
  hull->recalcLocalAabb();
  return hull;
}

}  // namespace touchstone::peers
