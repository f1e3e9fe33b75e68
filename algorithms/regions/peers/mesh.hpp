// What the region peers share: our faces as triangles (ear clipping, so non-convex faces are
// covered exactly once), and one library contact as a point-only region.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/regions/regions.hpp"

namespace touchstone::region_peers {

struct TriangleMesh {
  std::vector<Vec3> vertices;                 // the polytope's vertices, in its own frame
  std::vector<std::array<int, 3>> triangles;  // counter-clockwise seen from outside
};

// Every face ear-clipped in its plane; collinear corners are dropped, never made into
// zero-area triangles.
TriangleMesh triangulate(const Polytope& shape);

// A point-only region: the contact point, one unit normal from B into A (none when the library's
// normal is zero or not finite) and the library's depth.
ContactRegion point_contact(const Vec3& point, const Vec3& normal_b_into_a,
                            std::optional<double> depth);

// The query's two shapes as prepared by a peer (its `Shape`); nulls when either is not.
template <class Shape>
std::pair<const Shape*, const Shape*> prepared_as(const RegionQuery& q) {
  const auto* a = dynamic_cast<const Shape*>(q.a);
  const auto* b = dynamic_cast<const Shape*>(q.b);
  if (!a || !b) return {nullptr, nullptr};
  return {a, b};
}

// The failed answer for shapes the peer did not prepare.
inline RegionResult not_prepared(const std::string& peer) {
  RegionResult r;
  r.status = QueryStatus::failed;
  r.reason = "shape not prepared by " + peer;
  return r;
}

// What the mesh peers declare: contact points with normals, non-convex meshes, no entities.
inline constexpr RegionCapabilities kMeshPeerCapabilities{.entities = false,
                                                          .intersection_set = false,
                                                          .sufficient_set = false,
                                                          .normals = true,
                                                          .temporal_coherence = false,
                                                          .back_face_culling = false,
                                                          .relation = false,
                                                          .nonconvex = true};

// What the convex-convex peers declare: contact points with normals on convex solids, judged on
// penetrating pairs too (penetration_points), no entities.
inline constexpr RegionCapabilities kConvexPeerCapabilities{
    .entities = false, .normals = true, .nonconvex = false, .penetration_points = true};

}  // namespace touchstone::region_peers
