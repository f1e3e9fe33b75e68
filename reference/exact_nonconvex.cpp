// The proximity reference of non-convex pairs from the region reference (exact_nonconvex.hpp).
#include "reference/exact_nonconvex.hpp"

#include <vector>

#include "reference/exact_features.hpp"
#include "reference/exact_regions.hpp"

namespace touchstone {

ExactProximity exact_nonconvex_proximity(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                         const Pose& pose_b) {
  const ExactRegions regions = exact_regions(a, pose_a, b, pose_b);
  ExactProximity e;
  e.relation = regions.relation;
  e.distance_sq_exact = regions.distance_sq_exact.value_or("0");
  e.distance = regions.distance.value_or(0.0);
  e.method = "exact_regions (non-convex): " + regions.method + "; no penetration depth";
  e.route = "full";
  if (regions.closest_a && regions.closest_b) {
    const auto points = [](const Polytope& shape, const Feature& f) {
      std::vector<Vec3> out;
      for (int v : feature_vertices(shape, f))
        out.push_back(shape.vertices()[static_cast<std::size_t>(v)]);
      return out;
    };
    // A vertex or an edge is its own hull, a face's hull may be larger than a non-convex face: the
    // hulls' closest pair counts only when it is exactly as far apart as the solids.
    const ExactProximity pair = exact_proximity(points(a, *regions.closest_a), pose_a,
                                                points(b, *regions.closest_b), pose_b, {false});
    if (compare_exact_squared(pair.distance_sq_exact, e.distance_sq_exact) == 0) {
      e.witness_a = pair.witness_a;
      e.witness_b = pair.witness_b;
    } else {
      e.method += "; no witness points";
    }
  }
  return e;
}

}  // namespace touchstone
