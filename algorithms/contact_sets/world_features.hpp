// Feature geometry in world coordinates for the contact-set trackers: a convex solid under a pose,
// its vertices, edges and faces where they are now, and the tests of seed 003 §3.2 ("Tracking
// contacts") that say whether a point on a feature's support line or plane lies on the feature
// itself (between the edge's end Voronoi planes, inside the face's edge Voronoi planes).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "algorithms/regions/regions.hpp"

namespace touchstone::contact_sets {

struct WorldSolid {
  const Polytope* shape = nullptr;
  std::vector<Vec3> vertices;    // world
  std::vector<Plane> planes;     // world, outward
  Vec3 centroid = Vec3::Zero();  // world
  WorldSolid(const Polytope& p, const Pose& pose);
  Vec3 edge_tail(int e) const { return vertices[shape->edges()[e].tail]; }
  Vec3 edge_head(int e) const { return vertices[shape->edges()[e].head]; }
  // Outward direction of the solid at a feature: the mean of the normals of the faces around it.
  Vec3 outward(const Feature& f) const;
  // Whether p (on the face's plane) lies inside every edge Voronoi plane of face f (seed 003 §3.2
  // case 2), within `slack` (a length).
  bool inside_face(int f, const Vec3& p, double slack) const;
  // The parameter of p's projection on edge e's support line, from the tail, and the edge's length.
  double edge_parameter(int e, const Vec3& p) const;
  double edge_length(int e) const { return (edge_head(e) - edge_tail(e)).norm(); }
  Vec3 feature_point(const Feature& f) const;  // a point of the feature (a vertex of it)
};

// A tracked feature pair where it is now (seed 003 §3.2): closest points, normal from B into A
// (unit), signed distance along it. nullopt: the points left a feature (inactivated), or the pair
// is of a kind §3.2 does not track (edge–face, face–face).
struct PairGeometry {
  Vec3 point_a, point_b, normal;
  double distance = 0;
};
std::optional<PairGeometry> track_pair(const WorldSolid& a, const Feature& fa, const WorldSolid& b,
                                       const Feature& fb);

// A contact as a region of the region contract: entities, one point (on B), one normal.
ContactRegion contact_region(const Feature& a, const Feature& b, const Vec3& point,
                             const Vec3& normal);

// A stable identity for a feature pair (kinds and ids packed).
std::uint64_t pair_key(const Feature& a, const Feature& b);

}  // namespace touchstone::contact_sets
