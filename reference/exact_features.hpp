// Exact distance between two closest features (DESIGN §5; seed 003 §2, Theorem 1): a vertex, edge
// or face of a Polytope is the convex hull of its vertices, placed in world coordinates R·v + t
// evaluated exactly from the double pose, like the rest of the exact reference. The verifier's
// `features` check compares this exactly with the global distance: the pair is a closest pair iff
// the two are equal.
#pragma once

#include <string>

#include "algorithms/geometry/polytope.hpp"
#include "algorithms/proximity/proximity.hpp"

namespace touchstone {

struct ExactFeatureDistance {
  std::string distance_sq_exact;  // same format as ExactProximity::distance_sq_exact
  double distance = 0.0;          // sqrt of the exact value, rounded to nearest
};

// The vertex ids spanning a feature of the polytope. Throws std::invalid_argument with a reason
// when the id is out of range for its kind.
std::vector<int> feature_vertices(const Polytope& shape, const Feature& feature);

// Exact squared distance between feature_a of `a` under pose_a and feature_b of `b` under pose_b.
// Throws std::invalid_argument (naming the shape) when a feature id is invalid.
ExactFeatureDistance exact_feature_distance(const Polytope& a, const Pose& pose_a,
                                            const Feature& feature_a, const Polytope& b,
                                            const Pose& pose_b, const Feature& feature_b);

// Exact comparison of two feature pairs of the same shapes under the same poses: −1, 0 or +1
// as the squared distance of (a1 of `a`, b1 of `b`) is <, =, > that of (a2, b2).
// Vertex–vertex, vertex–edge, vertex–face and edge–edge pairs are computed directly (Gmpzf
// fractions, much cheaper than exact_feature_distance); other pairs go through
// exact_feature_distance.
int compare_feature_pair_distances(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                   const Pose& pose_b, const Feature& a1, const Feature& b1,
                                   const Feature& a2, const Feature& b2);

// The exact sign of d²(a1, b1) − d²(a2, b2) (−1, 0, +1, as compare_feature_pair_distances), and
// that difference approximately (its exact numerator and denominator each rounded to a double):
// for steering a root search, never for a decision. NaN when out of double range or when a pair
// needs the general route.
struct FeaturePairGap {
  int sign = 0;
  double approx = 0;
};
FeaturePairGap feature_pair_distance_gap(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                         const Pose& pose_b, const Feature& a1, const Feature& b1,
                                         const Feature& a2, const Feature& b2);

// Exact comparison of two squared distances written as GMP rationals ("p/q" or "p"): negative,
// zero or positive as x <, =, > y. Throws std::invalid_argument on a malformed string.
int compare_exact_squared(const std::string& x, const std::string& y);

}  // namespace touchstone
