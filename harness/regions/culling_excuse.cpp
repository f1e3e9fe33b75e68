#include "harness/regions/culling_excuse.hpp"

#include <algorithm>
#include <vector>

namespace touchstone {
namespace {

// Eq. (1): the velocity of the body's point p (world), about the pose's origin.
Vec3 velocity_at(const BodyVelocity& v, const Pose& pose, const Vec3& p) {
  return v.linear + v.angular.cross(p - pose.translation);
}

// Eq. (13) for face f of `s` moving with `mine` against the other body's `other`.
bool face_culled(const Polytope& s, const Pose& pose, const BodyVelocity& mine, int f,
                 const Pose& other_pose, const BodyVelocity& other) {
  const Face& face = s.faces()[static_cast<std::size_t>(f)];
  const Vec3 n = pose.rotation * face.plane.normal;
  return std::all_of(face.vertices.begin(), face.vertices.end(), [&](int v) {
    const Vec3 p = pose.apply(s.vertices()[static_cast<std::size_t>(v)]);
    return (velocity_at(mine, pose, p) - velocity_at(other, other_pose, p)).dot(n) < 0;
  });
}

// The faces whose closure holds the entity x.
std::vector<int> faces_of(const Polytope& s, const Feature& x) {
  if (x.kind == FeatureKind::face) return {x.id};
  std::vector<int> edges{x.id};
  if (x.kind == FeatureKind::vertex) edges = s.vertex_edges()[static_cast<std::size_t>(x.id)];
  std::vector<int> out;
  for (int e : edges)
    for (int f : {s.edges()[static_cast<std::size_t>(e)].left_face,
                  s.edges()[static_cast<std::size_t>(e)].right_face})
      if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
  return out;
}

bool entity_culled(const Polytope& s, const Pose& pose, const BodyVelocity& mine, const Feature& x,
                   const Pose& other_pose, const BodyVelocity& other) {
  const std::vector<int> faces = faces_of(s, x);
  return !faces.empty() && std::all_of(faces.begin(), faces.end(), [&](int f) {
    return face_culled(s, pose, mine, f, other_pose, other);
  });
}

}  // namespace

bool culled_by_motion(const ExactRegion& region, const RegionVerificationInput& input) {
  const RegionStep* step = input.step;
  if (!step || !step->velocity_a || !step->velocity_b || !input.a || !input.b) return false;
  return entity_culled(*input.a, step->pose_a, *step->velocity_a, region.a, step->pose_b,
                       *step->velocity_b) ||
         entity_culled(*input.b, step->pose_b, *step->velocity_b, region.b, step->pose_a,
                       *step->velocity_a);
}

}  // namespace touchstone
