// Exact proximity reference for convex polytopes (DESIGN §4), computed with CGAL and exact number
// types from the very doubles the algorithms see: world vertex = R·v + t evaluated exactly from the
// double rotation matrix R, the double translation t and the double local vertex v.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>

#include "algorithms/geometry/pose.hpp"
#include "algorithms/proximity/proximity.hpp"

namespace touchstone {

struct ExactProximity {
  Relation relation = Relation::unknown;  // separated / touching / penetrating (never unknown)
  // Exact squared distance in lowest terms as GMP prints a rational: "num/den", or "num" when the
  // denominator is 1 (so "0" when touching or penetrating).
  std::string distance_sq_exact;
  double distance = 0.0;  // sqrt of the exact value, rounded to nearest
  Vec3 witness_a = Vec3::Zero(), witness_b = Vec3::Zero();  // a closest pair (rounded)
  // Penetrating pairs only: the exact squared depth (min over Minkowski-difference facets, same
  // format as distance_sq_exact) and a direction realizing it: the outward normal of the nearest
  // facet of A − B, normalized in double (a few ulp): moving B by depth · direction makes the pair
  // touch. Empty (and method says why) when the depth could not be had exactly: a shape is flat
  // under its pose and |A|·|B| > kMinkowskiHullDepthLimit. For solid shapes it is always given
  // (Gauss-map route, see exact_depth.cpp).
  std::optional<std::string> depth_sq_exact;
  std::optional<double> depth;
  std::optional<Vec3> depth_direction;
  // How it was obtained (for the report): "polytope_distance_d" (distance, witnesses), then, when
  // the distance is 0, "+gauss_map" (relation and depth from the Gauss-map candidates; needs depth
  // asked and both shapes solid under their poses), "+flat_difference" (A − B spans at most a
  // plane — points, segments, coplanar polygons — so a contact is touching with depth 0; see
  // exact_relation.cpp) or "+lp" (relation from the separating-plane
  // LP), the latter followed for penetrating pairs with depth asked by "+minkowski_hull_depth",
  // "+depth_unavailable" or "+depth_failed". The certified route says "certified_separation",
  // "certified_touching" or "certified_penetration" (then "+certified_depth" or the full depth
  // route's name when the depth was asked).
  std::string method;
  // Which route produced it: "certified" (a floating-point proposal proved exactly, see
  // certified_internal.hpp; no full construction ran) or "full" (the construction above: a
  // certificate failed; for a penetrating pair whose relation was certified but not its depth,
  // the depth's full construction ran).
  std::string route;
  double cost_ns = 0.0;  // wall time of the computation (0 when read from an old cache entry)
};

// Largest |A|·|B| for the brute-force depth (hull of all differences), used only when a shape is
// flat under its pose (the Gauss-map route needs solids).
inline constexpr std::size_t kMinkowskiHullDepthLimit = 40000;
// Up to this |A|·|B| the depth comes from the brute-force hull (exact, ≤ ~250 ms). Above it the
// Gauss-map route (exact_depth.cpp) gives a value realized by its direction — an exact upper
// bound — which is the depth only if its candidate set holds the nearest facet normal; on 3 of
// ~500 small family cases it did not (tests/proximity/reference_test.cpp), so large-pair depths are
// labelled "+gauss_map_depth" in `method` and should be read as upper bounds until fixed.
inline constexpr std::size_t kMinkowskiHullPreferredLimit = kMinkowskiHullDepthLimit;

struct ExactProximityOptions {
  bool compute_depth = true;  // penetration depth for penetrating pairs
  // Try the certified route first (exact either way; the full route when the certificate
  // fails). False: the full construction only (the oracle the certified route is tested against).
  bool certified = true;
};

// Convex hulls of the two vertex sets under their poses. Throws std::runtime_error on failure,
// and on empty or non-finite input (vertices or pose).
ExactProximity exact_proximity(std::span<const Vec3> vertices_a, const Pose& pose_a,
                               std::span<const Vec3> vertices_b, const Pose& pose_b,
                               const ExactProximityOptions& options = {});

// Exact squared distance from a point (world coordinates, a double) to the convex hull of
// vertices under pose, rounded to nearest double. Used to check that witness points lie on
// their shapes.
double exact_point_hull_distance_sq(std::span<const Vec3> vertices, const Pose& pose,
                                    const Vec3& point);

}  // namespace touchstone
