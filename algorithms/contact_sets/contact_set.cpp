#include "algorithms/contact_sets/contact_set.hpp"

#include <Eigen/Geometry>
#include <cmath>

#include "algorithms/contact_sets/brepindex/brepindex_contacts.hpp"
#include "algorithms/contact_sets/bullet/bullet_manifold.hpp"
#include "algorithms/contact_sets/clipping/clipping.hpp"
#include "algorithms/contact_sets/mirtich/mirtich.hpp"

namespace touchstone {
namespace {

Eigen::Quaterniond quaternion_of(const Pose& p) {
  if (p.source_quaternion) {
    const auto& q = *p.source_quaternion;
    return Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized();
  }
  return Eigen::Quaterniond(p.rotation);
}

}  // namespace

void register_builtin(ContactSetRegistry& registry) {
  registry.add(mirtich_contacts::info());
  registry.add(clipping_manifold::info());
  registry.add(brepindex_contacts::info());
#ifdef TOUCHSTONE_HAVE_BULLET_REGIONS  // Bullet found (algorithms/regions/peers/peers.cmake)
  registry.add(bullet_manifold::info());
#endif
}

Pose interpolate_pose(const Pose& from, const Pose& to, double t) {
  if (t <= 0) return from;
  if (t >= 1) return to;
  const Eigen::Quaterniond q = quaternion_of(from).slerp(t, quaternion_of(to));
  Pose p;
  p.rotation = q.toRotationMatrix();
  p.translation = (1 - t) * from.translation + t * to.translation;
  return p;
}

bool all_finite(const ContactSetResult& result) {
  for (const TrackedContact& c : result.contacts) {
    if (!std::isfinite(c.distance)) return false;
    for (const Vec3& p : c.region.points)
      if (!p.allFinite()) return false;
    for (const Vec3& n : c.region.normals)
      if (!n.allFinite()) return false;
  }
  return true;
}

}  // namespace touchstone
