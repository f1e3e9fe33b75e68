// Exact proximity reference (DESIGN §4): ties the exact routes together.
//  distance, witnesses ........ Polytope_distance_d over exact world points (exact_distance.cpp)
//  touching vs penetrating .... only when the distance is 0: the separating-plane LP
//                               (exact_relation.cpp)
//  depth ...................... brute-force hull of all differences (exact_minkowski_hull.cpp)
//                               for small pairs, the Gauss-map candidates (exact_depth.cpp) for
//                               large ones.
#include "reference/exact_proximity.hpp"

#include "reference/exact_internal.hpp"

namespace touchstone {

using namespace exact_detail;

namespace {
Vec3 round_homogeneous(const std::array<NT, 4>& h) {
  return {round_quotient(h[0], h[3]), round_quotient(h[1], h[3]), round_quotient(h[2], h[3])};
}
}  // namespace

ExactProximity exact_proximity(std::span<const Vec3> vertices_a, const Pose& pose_a,
                               std::span<const Vec3> vertices_b, const Pose& pose_b,
                               const ExactProximityOptions& options) {
  const std::vector<XPoint> a = exact_world_points(vertices_a, pose_a, "A");
  const std::vector<XPoint> b = exact_world_points(vertices_b, pose_b, "B");

  ExactProximity r;
  const DistanceResult d = polytope_distance(a, b);
  r.method = "polytope_distance_d";
  r.distance_sq_exact = fraction_string(d.num, d.den);
  r.distance = round_sqrt_quotient(d.num, d.den);
  r.witness_a = round_homogeneous(d.p);
  r.witness_b = round_homogeneous(d.q);
  if (d.num.sign() == CGAL::POSITIVE) {
    r.relation = Relation::separated;
    return r;
  }
  // At distance 0 the separating-plane LP decides touching versus penetrating. The depth of a
  // penetrating pair comes from the brute-force hull of all differences when the pair is small
  // (it has no candidate-selection logic that could be wrong), else from the Gauss-map route,
  // which evaluates every candidate direction with true exact supports (see exact_depth.cpp).
  std::optional<DepthResult> depth;
  r.method += "+lp";
  r.relation = interiors_disjoint(a, b) ? Relation::touching : Relation::penetrating;
  if (r.relation != Relation::penetrating || !options.compute_depth) return r;
  if (vertices_a.size() * vertices_b.size() <= kMinkowskiHullPreferredLimit) {
    depth = depth_minkowski_hull(a, b);
    r.method += depth ? "+minkowski_hull_depth" : "+depth_failed";
  } else {
    depth = depth_gauss_map(vertices_a, a, vertices_b, b);
    if (depth) {
      r.method += "+gauss_map_depth";
    } else if (vertices_a.size() * vertices_b.size() <= kMinkowskiHullDepthLimit) {
      depth = depth_minkowski_hull(a, b);
      r.method += depth ? "+minkowski_hull_depth" : "+depth_failed";
    } else {
      r.method += "+depth_unavailable";
    }
  }
  if (depth && r.relation == Relation::penetrating) {
    r.depth_sq_exact = fraction_string(depth->num, depth->den);
    r.depth = round_sqrt_quotient(depth->num, depth->den);
    r.depth_direction = approx(depth->normal).normalized();
  }
  return r;
}

double exact_point_hull_distance_sq(std::span<const Vec3> vertices, const Pose& pose,
                                    const Vec3& point) {
  const std::vector<XPoint> shape = exact_world_points(vertices, pose, "shape");
  const std::vector<XPoint> p =
      exact_world_points(std::span<const Vec3>(&point, 1), Pose{}, "point");
  const DistanceResult d = polytope_distance(p, shape);
  return round_quotient(d.num, d.den);
}

}  // namespace touchstone
