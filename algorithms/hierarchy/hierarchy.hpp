// Bounding-volume hierarchies on non-convex solids (seed 004 §2.2–2.4, SiLVIA) as proximity
// algorithms: a hierarchy of one volume type per shape (tree.hpp), the relation by exact
// simultaneous descent (collide, §2.3) and the distance of separated pairs by branch and bound
// (distance, §2.4) with either strategy. Names: bvh-<volume> (best-first) and bvh-<volume>-greedy.
//
// The relation: a crossing face pair (an edge through an open face) is penetrating; meeting faces
// without a crossing are touching; no meeting face pair is separated unless one solid holds the
// other (a winding number). Not covered: penetration whose every witness is degenerate (an edge
// through another's edge or vertex, coplanar faces overlapping from the same side) reads as
// touching.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "algorithms/hierarchy/traversal.hpp"
#include "algorithms/proximity/registry.hpp"

namespace touchstone::hierarchy {

enum class VolumeType { sphere, aabb, obb, kdop6, kdop14, kdop18, kdop26 };
std::string_view to_string(VolumeType v);
std::span<const VolumeType> all_volume_types();

// Calls f(V{}) with the volume type `v` names.
template <class F>
decltype(auto) with_volume(VolumeType v, F&& f) {
  switch (v) {
    case VolumeType::sphere:
      return f(Sphere{});
    case VolumeType::aabb:
      return f(Aabb{});
    case VolumeType::obb:
      return f(Obb{});
    case VolumeType::kdop6:
      return f(Kdop<6>{});
    case VolumeType::kdop14:
      return f(Kdop<14>{});
    case VolumeType::kdop18:
      return f(Kdop<18>{});
    case VolumeType::kdop26:
      break;
  }
  return f(Kdop<26>{});
}

// A shape's hierarchy of one volume type and its face triangulation. Throws GeometryError for a
// shape that is not a solid.
std::unique_ptr<PreparedShape> prepare(const Polytope& shape, VolumeType volume);

// Default node budget of the registered algorithms (per traversal).
inline constexpr std::int64_t kDefaultMaxNodes = 50'000'000;

// Both shapes prepared with the same volume type. Throw std::invalid_argument when they were
// not, and GeometryError on a non-finite pose or world vertex.
CollideResult collide_shapes(const PreparedShape& a, const Pose& pose_a, const PreparedShape& b,
                             const Pose& pose_b, CollideStop stop, const Budget& budget);
DistanceResult distance_shapes(const PreparedShape& a, const Pose& pose_a, const PreparedShape& b,
                               const Pose& pose_b, Strategy strategy, const Budget& budget);

struct Options {
  VolumeType volume = VolumeType::obb;
  Strategy strategy = Strategy::best_first;
  Budget budget{kDefaultMaxNodes};
};
std::unique_ptr<ProximityAlgorithm> make(const Options& options);
ProximityAlgorithmInfo info(VolumeType volume, Strategy strategy);

}  // namespace touchstone::hierarchy
