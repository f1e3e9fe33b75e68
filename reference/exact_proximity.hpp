// Exact proximity reference for convex polytopes (DESIGN §4), computed with CGAL and exact number
// types from the very doubles the algorithms see: world vertex = R·v + t evaluated exactly from the
// double rotation matrix R, the double translation t and the double local vertex v.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "algorithms/geometry/pose.hpp"
#include "algorithms/proximity/proximity.hpp"

namespace touchstone {

struct ExactProximity {
  Relation relation = Relation::unknown;  // separated / touching / penetrating (never unknown)
  std::string distance_sq_exact;          // exact squared distance as "num/den" (or "0")
  double distance = 0.0;                  // sqrt of the exact value, rounded to nearest
  Vec3 witness_a = Vec3::Zero(), witness_b = Vec3::Zero();  // a closest pair (rounded)
  // Penetrating pairs only: the exact squared depth (min over Minkowski-difference facets) and a
  // direction realizing it (unit, rounded): moving B by depth · direction makes the pair touch.
  std::optional<std::string> depth_sq_exact;
  std::optional<double> depth;
  std::optional<Vec3> depth_direction;
  std::string method;  // how it was obtained, e.g. "polytope_distance_d+lp" (for the report)
};

struct ExactProximityOptions {
  bool compute_depth = true;  // penetration depth for penetrating pairs
};

// Convex hulls of the two vertex sets under their poses. Throws std::runtime_error on failure.
ExactProximity exact_proximity(std::span<const Vec3> vertices_a, const Pose& pose_a,
                               std::span<const Vec3> vertices_b, const Pose& pose_b,
                               const ExactProximityOptions& options = {});

// Exact squared distance from a point (world coordinates, a double) to the convex hull of
// vertices under pose, rounded to nearest double. Used to check that witness points lie on
// their shapes.
double exact_point_hull_distance_sq(std::span<const Vec3> vertices, const Pose& pose,
                                    const Vec3& point);

}  // namespace touchstone
