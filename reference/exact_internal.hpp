// Internals shared by the exact proximity reference (DESIGN §4). Not part of the public API; tests
// include it to compare the fast depth route with the brute-force Minkowski hull.
//
// Exact world coordinates are CGAL::Gmpzf (an unbounded integer mantissa times a power of two):
// R·v + t is a sum of products of doubles, hence a finite binary fraction, so Gmpzf holds it
// exactly and all later ring operations (cross and dot products) stay exact without the
// gcd cost of rationals. Each .cpp wraps one CGAL package (DESIGN §9: compile cost).
#pragma once

#include <CGAL/Gmpzf.h>

#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "algorithms/geometry/pose.hpp"
#include "reference/exact_features.hpp"

namespace touchstone::exact_detail {

using NT = CGAL::Gmpzf;

struct XPoint {
  NT x, y, z;
};

inline XPoint operator-(const XPoint& a, const XPoint& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
inline XPoint operator-(const XPoint& a) { return {-a.x, -a.y, -a.z}; }
inline NT dot(const XPoint& a, const XPoint& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline XPoint cross(const XPoint& a, const XPoint& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline bool is_zero(const XPoint& a) { return a.x.is_zero() && a.y.is_zero() && a.z.is_zero(); }
// Nearest-ish double (Gmpzf::to_double truncates: within 1 ulp). Only for filters and directions.
inline Vec3 approx(const XPoint& a) { return {a.x.to_double(), a.y.to_double(), a.z.to_double()}; }

// R·v + t for every vertex, exactly. Throws std::runtime_error (naming `shape`) when the list is
// empty or any vertex or pose entry is not finite.
std::vector<XPoint> exact_world_points(std::span<const Vec3> vertices, const Pose& pose,
                                       const char* shape);

// ---- exact_features.cpp: the two direct routes of feature_pair_distance_gap, which tries the
// first, then the second, then the general route (tests compare them) ----
// Double-doubles with an error bound: nullopt when the bound cannot decide a sign.
std::optional<FeaturePairGap> filtered_feature_pair_gap(const Polytope& a, const Pose& pose_a,
                                                        const Polytope& b, const Pose& pose_b,
                                                        const Feature& a1, const Feature& b1,
                                                        const Feature& a2, const Feature& b2);
// Gmpzf fractions. Both: nullopt when a pair needs the general route (an edge–face or face–face
// pair).
std::optional<FeaturePairGap> exact_direct_feature_pair_gap(const Polytope& a, const Pose& pose_a,
                                                            const Polytope& b, const Pose& pose_b,
                                                            const Feature& a1, const Feature& b1,
                                                            const Feature& a2, const Feature& b2);

// ---- exact_numbers.cpp: rational output (GMP / MPFR, no CGAL package) ----
// num/den in lowest terms as GMP prints it: "p/q", or "p" when q = 1 (so zero is "0").
std::string fraction_string(const NT& num, const NT& den);
// num/den and sqrt(num/den) rounded to nearest double (ties to even). den > 0, num/den >= 0 for
// the square root.
double round_quotient(const NT& num, const NT& den);
double round_sqrt_quotient(const NT& num, const NT& den);

// ---- exact_distance.cpp: CGAL::Polytope_distance_d over Cartesian<Gmpzf> ----
struct DistanceResult {
  NT num, den;             // squared distance = num / den (den > 0)
  std::array<NT, 4> p, q;  // closest points, homogeneous (x, y, z, w)
};
DistanceResult polytope_distance(const std::vector<XPoint>& a, const std::vector<XPoint>& b);

// ---- exact_relation.cpp: CGAL linear programming (QP_functions.h) ----
// True iff the interiors of the hulls are disjoint (a weakly separating plane exists that keeps
// the vertex centroids strictly apart). Decides touching vs penetrating only when A − B spans 3D
// (difference_spans_space): for flat inputs it compares relative interiors.
bool interiors_disjoint(const std::vector<XPoint>& a, const std::vector<XPoint>& b);
// True iff A − B spans 3D (exact rank of the differences of each point set). False: A − B has no
// interior, so a pair at distance 0 is touching (points, segments, coplanar polygons).
bool difference_spans_space(const std::vector<XPoint>& a, const std::vector<XPoint>& b);

// ---- exact_hull.cpp: CGAL::convex_hull_3 over Epick on the local doubles ----
struct HullTopology {
  std::vector<std::array<int, 3>> triangles;  // indices into the input, counter-clockwise outside
  std::vector<std::array<int, 4>> edges;      // {tail, head, triangle, other triangle}
  std::vector<std::vector<int>> neighbors;    // per input index; empty for non-hull points
};
// nullopt when the points do not span 3D.
std::optional<HullTopology> hull_topology(std::span<const Vec3> points);

// ---- penetration depth (exact_depth.cpp, exact_minkowski_hull.cpp) ----
// Distance from the origin to the boundary of D = A − B, for a pair at distance 0 (origin in D).
// num = 0 means the origin is on the boundary: touching. num > 0: penetrating with that depth.
struct DepthResult {
  NT num, den;    // squared depth = num / den
  XPoint normal;  // outward normal of the nearest facet of A − B (not normalized)
};
// Gauss-map route: candidates are the face normals of A and B and the cross products of edge
// pairs whose Gauss-map arcs cross (exact sign tests). Needs both shapes full-dimensional under
// their poses; nullopt otherwise, or when the precondition (distance 0) is found violated.
std::optional<DepthResult> depth_gauss_map(std::span<const Vec3> local_a,
                                           const std::vector<XPoint>& a,
                                           std::span<const Vec3> local_b,
                                           const std::vector<XPoint>& b);
// Brute force: exact hull of all |A|·|B| differences. nullopt when the origin is outside D (the
// pair is separated) or the differences do not span 3D.
std::optional<DepthResult> depth_minkowski_hull(const std::vector<XPoint>& a,
                                                const std::vector<XPoint>& b);

}  // namespace touchstone::exact_detail
