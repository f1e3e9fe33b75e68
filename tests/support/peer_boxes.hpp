// Box pairs as the peer libraries' own tests give them (full edge lengths, a centre, a rotation),
// turned into our vertex lists and run through a registered peer or the exact reference: used by
// peer_library_expectations_test.cpp and peer_primitives_test.cpp.
#pragma once

#include <Eigen/Geometry>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/proximity/registry.hpp"
#include "reference/exact_proximity.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone::test_support {

// A box of edge lengths `size` centred at pose.translation, turned by pose.rotation.
struct PeerBox {
  Vec3 size;
  Pose pose;
};

inline Mat3 rotation_about(const Vec3& axis, double angle) {
  return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
}

inline Pose posed(const Mat3& rotation, const Vec3& centre) {
  return {rotation, centre, std::nullopt};
}

// Corners of `b` in a frame whose origin is the point `frame_origin` of the box's own
// (centre-based) frame: 0 is what the libraries' primitives use; elsewhere the frame's origin lies
// off centre, possibly outside the box.
inline std::vector<Vec3> corners(const PeerBox& b, const Vec3& frame_origin = Vec3::Zero()) {
  return box_corners(-b.size / 2 - frame_origin, b.size / 2 - frame_origin);
}

// The pose that puts corners(b, frame_origin) where b is.
inline Pose pose_for(const PeerBox& b, const Vec3& frame_origin = Vec3::Zero()) {
  return posed(b.pose.rotation, b.pose.apply(frame_origin));
}

// A registered peer's answer on the pair, with each box's frame at `origin_a` / `origin_b` (see
// corners()); nullopt when the peer is not registered (its library switched off).
inline std::optional<ProximityResult> peer_answer(const std::string& name, const PeerBox& a,
                                                  const PeerBox& b,
                                                  const Vec3& origin_a = Vec3::Zero(),
                                                  const Vec3& origin_b = Vec3::Zero()) {
  const ProximityAlgorithmInfo* info = ProximityRegistry::builtin().find(name);
  if (!info) return std::nullopt;
  const auto algorithm = info->make();
  const Polytope pa = Polytope::from_points(corners(a, origin_a));
  const Polytope pb = Polytope::from_points(corners(b, origin_b));
  const auto prepared_a = algorithm->prepare(pa), prepared_b = algorithm->prepare(pb);
  return algorithm->query(*prepared_a, pose_for(a, origin_a), *prepared_b, pose_for(b, origin_b),
                          nullptr);
}

// The answer as one signed number: distance when separated, 0 touching, -depth penetrating.
inline double signed_distance(const ProximityResult& r) {
  if (r.relation == Relation::penetrating) return -r.penetration_depth.value_or(0.0);
  if (r.relation == Relation::touching) return 0.0;
  return r.distance.value_or(0.0);
}

inline ExactProximity exact(const PeerBox& a, const PeerBox& b) {
  const std::vector<Vec3> va = corners(a), vb = corners(b);
  return exact_proximity(va, a.pose, vb, b.pose);
}

// The exact answer as one signed number, like signed_distance().
inline double exact_signed_distance(const PeerBox& a, const PeerBox& b) {
  const ExactProximity e = exact(a, b);
  return e.relation == Relation::penetrating ? -e.depth.value_or(0.0) : e.distance;
}

}  // namespace touchstone::test_support
