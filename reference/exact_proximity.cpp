// Exact proximity reference (DESIGN §4): ties the exact routes together.
//  distance, witnesses ........ Polytope_distance_d over exact world points (exact_distance.cpp)
//  touching vs penetrating .... only when the distance is 0: touching when A − B is flat
//                               (points, segments, polygons), else the separating-plane LP
//                               (exact_relation.cpp)
//  depth ...................... brute-force hull of all differences (exact_minkowski_hull.cpp)
//                               for small pairs, the Gauss-map candidates (exact_depth.cpp) for
//                               large ones.
//  certified route ............ first, unless asked not to: a floating-point proposal proved
//                               exactly (certified_proximity.cpp); the routes above run only when
//                               its certificate fails, or for a penetrating pair's depth.
#include "reference/exact_proximity.hpp"

#include <chrono>

#include "reference/certified_internal.hpp"
#include "reference/exact_internal.hpp"

namespace touchstone {

using namespace exact_detail;

namespace {
Vec3 round_homogeneous(const std::array<NT, 4>& h) {
  return {round_quotient(h[0], h[3]), round_quotient(h[1], h[3]), round_quotient(h[2], h[3])};
}

Vec3 round_point(const std::array<NT, 3>& p, const NT& den) {
  return {round_quotient(p[0], den), round_quotient(p[1], den), round_quotient(p[2], den)};
}

// The depth of a penetrating pair, appended to r (method and depth fields). The brute-force hull
// of all differences when the pair is small (it has no candidate-selection logic that could be
// wrong), else the Gauss-map route, which evaluates every candidate direction with true exact
// supports (see exact_depth.cpp).
void add_depth(ExactProximity& r, std::span<const Vec3> vertices_a, const std::vector<XPoint>& a,
               std::span<const Vec3> vertices_b, const std::vector<XPoint>& b) {
  std::optional<DepthResult> depth;
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
}

ExactProximity full_proximity(std::span<const Vec3> vertices_a, const Pose& pose_a,
                              std::span<const Vec3> vertices_b, const Pose& pose_b,
                              const ExactProximityOptions& options) {
  const std::vector<XPoint> a = exact_world_points(vertices_a, pose_a, "A");
  const std::vector<XPoint> b = exact_world_points(vertices_b, pose_b, "B");

  ExactProximity r;
  r.route = "full";
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
  // At distance 0 the separating-plane LP decides touching versus penetrating, unless A − B is
  // flat (lower-dimensional shapes, exact_relation.cpp): then it has no interior and the pair
  // touches.
  if (!difference_spans_space(a, b)) {
    r.method += "+flat_difference";
    r.relation = Relation::touching;
    return r;
  }
  r.method += "+lp";
  r.relation = interiors_disjoint(a, b) ? Relation::touching : Relation::penetrating;
  if (r.relation == Relation::penetrating && options.compute_depth)
    add_depth(r, vertices_a, a, vertices_b, b);
  return r;
}

// The certified route; nullopt when its certificate fails.
std::optional<ExactProximity> certified_proximity(std::span<const Vec3> vertices_a,
                                                  const Pose& pose_a,
                                                  std::span<const Vec3> vertices_b,
                                                  const Pose& pose_b,
                                                  const ExactProximityOptions& options) {
  const std::optional<CertifiedAnswer> c =
      certify_proximity(vertices_a, pose_a, vertices_b, pose_b);
  if (!c) return std::nullopt;
  ExactProximity r;
  r.route = "certified";
  r.method =
      "certified_" + std::string(c->kind == CertifiedAnswer::Kind::separated  ? "separation"
                                 : c->kind == CertifiedAnswer::Kind::touching ? "touching"
                                                                              : "penetration");
  if (c->kind == CertifiedAnswer::Kind::separated) {
    r.relation = Relation::separated;
    const auto [num, den] = c->distance_sq();
    r.distance_sq_exact = fraction_string(num, den);
    r.distance = round_sqrt_quotient(num, den);
    r.witness_a = round_point(c->pa, c->den);
    r.witness_b = round_point(c->qb, c->den);
    return r;
  }
  r.distance_sq_exact = "0";
  r.distance = 0.0;
  // Both certificates name a common point: Σλ_k a_k = Σλ_k b_k.
  r.witness_a = r.witness_b = round_point(c->pa, c->den);
  if (c->kind == CertifiedAnswer::Kind::touching) {
    r.relation = Relation::touching;
    return r;
  }
  r.relation = Relation::penetrating;
  if (options.compute_depth) {
    if (auto depth = certify_depth(vertices_a, pose_a, vertices_b, pose_b, c->pairs)) {
      r.method += "+certified_depth";
      r.depth_sq_exact = fraction_string(depth->num, depth->den);
      r.depth = round_sqrt_quotient(depth->num, depth->den);
      r.depth_direction = approx(depth->normal).normalized();
    } else {
      // Not proved: the full depth construction, so the route is "full".
      r.route = "full";
      add_depth(r, vertices_a, exact_world_points(vertices_a, pose_a, "A"), vertices_b,
                exact_world_points(vertices_b, pose_b, "B"));
    }
  }
  return r;
}

}  // namespace

ExactProximity exact_proximity(std::span<const Vec3> vertices_a, const Pose& pose_a,
                               std::span<const Vec3> vertices_b, const Pose& pose_b,
                               const ExactProximityOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  std::optional<ExactProximity> r;
  if (options.certified) r = certified_proximity(vertices_a, pose_a, vertices_b, pose_b, options);
  if (!r) r = full_proximity(vertices_a, pose_a, vertices_b, pose_b, options);
  r->cost_ns =
      std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
  return *r;
}

double exact_point_hull_distance_sq(std::span<const Vec3> vertices, const Pose& pose,
                                    const Vec3& point) {
  // Certified first, as the proximity reference (the point is shape A).
  if (const auto c = certify_distance(std::span<const Vec3>(&point, 1), Pose{}, vertices, pose)) {
    if (c->kind != CertifiedAnswer::Kind::separated) return 0.0;
    const auto [num, den] = c->distance_sq();
    return round_quotient(num, den);
  }
  const std::vector<XPoint> shape = exact_world_points(vertices, pose, "shape");
  const std::vector<XPoint> p =
      exact_world_points(std::span<const Vec3>(&point, 1), Pose{}, "point");
  const DistanceResult d = polytope_distance(p, shape);
  return round_quotient(d.num, d.den);
}

}  // namespace touchstone
