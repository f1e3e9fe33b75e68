// Internals shared by the Lin-Canny sources (lin_canny.cpp: the query loop and result assembly;
// lin_canny_applicability.cpp: the applicability tests and explicit closest points;
// lin_canny_pairs.cpp: one iteration on each kind of feature pair; lin_canny_contact.cpp: touching
// vs penetrating and the final separating-slab check).
#pragma once

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/proximity/lin_canny/lin_canny.hpp"

namespace touchstone::lin_canny::detail {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

// One polytope placed in A's frame (A itself has the identity). Voronoi tests run in the owner's
// local coordinates, so only the test points are transformed.
struct Body {
  const Polytope* shape = nullptr;
  Mat3 rotation = Mat3::Identity();
  Vec3 translation = Vec3::Zero();

  const Polytope& p() const { return *shape; }
  Vec3 local_vertex(int v) const { return shape->vertices()[static_cast<std::size_t>(v)]; }
  Vec3 vertex(int v) const { return rotation * local_vertex(v) + translation; }
  Vec3 to_local(const Vec3& x) const { return rotation.transpose() * (x - translation); }
  Vec3 to_frame(const Vec3& local) const { return rotation * local + translation; }
  const Face& face(int f) const { return shape->faces()[static_cast<std::size_t>(f)]; }
  const Edge& edge(int e) const { return shape->edges()[static_cast<std::size_t>(e)]; }
  Vec3 normal(int f) const { return rotation * face(f).plane.normal; }
  double height(int f, const Vec3& local) const { return face(f).plane.signed_distance(local); }
};

inline Feature vertex_feature(int id) { return {FeatureKind::vertex, id}; }
inline Feature edge_feature(int id) { return {FeatureKind::edge, id}; }
inline Feature face_feature(int id) { return {FeatureKind::face, id}; }

// ---- applicability tests, in the feature owner's local coordinates ----
// (lin_canny_applicability.cpp)

// Point-vertex: p must not lie beyond the plane through v normal to any incident edge.
std::optional<Feature> vertex_test(const Body& s, int v, const Vec3& p, double eps);
// Point-edge: between the two vertex planes and outside both face-edge planes.
std::optional<Feature> edge_test(const Body& s, int e, const Vec3& p, double eps);
// Point-face prism: inside every face-edge plane of the boundary, up to `slack` (a negative
// slack demands a margin). Returns the most violated boundary edge.
std::optional<Feature> prism_test(const Body& s, int f, const Vec3& p, double slack);

// ---- explicit closest points (A's frame; lin_canny_applicability.cpp) ----

// Which end of a segment a closest point sits at: -1 inside, 0 the first point, 1 the second.
inline int segment_end(double l) { return l <= 0.0 ? 0 : l >= 1.0 ? 1 : -1; }

Vec3 closest_on_segment(const Vec3& p, const Vec3& a, const Vec3& b, int* end = nullptr);

struct SegmentPair {
  Vec3 x, y;
  int end_a = -1, end_b = -1;  // segment_end of x on a0a1 and of y on b0b1
};

// Closest points of segments a0a1 and b0b1. Exactly parallel segments take the middle of their
// overlap (the closest points are not unique there — the source of Lin-Canny's trouble, seed 003
// §2.2 note 1). Otherwise the best of the interior solution (when it lies inside both segments)
// and the four endpoint-to-segment pairs, so nearly parallel edges do not lose accuracy to the
// ill-conditioned interior formula.
SegmentPair closest_segments(const Vec3& a0, const Vec3& a1, const Vec3& b0, const Vec3& b1);

// The lowest-dimensional feature holding a segment's closest point: its end vertex or the edge.
Feature edge_or_end(const Body& s, int e, int end);

std::vector<int> feature_vertex_ids(const Body& s, const Feature& f);
std::vector<int> feature_edge_ids(const Body& s, const Feature& f);

// ---- one iteration (lin_canny_pairs.cpp) ----

enum class Kind { step, done, penetrating, failed };
struct Outcome {
  Kind kind = Kind::step;
  Feature p, q;  // next pair (step) or final pair
  Vec3 xp = Vec3::Zero(), xq = Vec3::Zero();
  std::string reason;
};

struct Context {
  double eps = 0.0;       // applicability slack (absolute)
  double parallel = 0.0;  // |sin| of the parallel threshold
};

inline Outcome step_to(Feature p, Feature q) { return {Kind::step, p, q, {}, {}, {}}; }
inline Outcome done(Feature p, Feature q, const Vec3& xp, const Vec3& xq) {
  return {Kind::done, p, q, xp, xq, {}};
}

// One applicability step on the pair (fa on A, fb on B).
Outcome iterate(const Body& A, Feature fa, const Body& B, Feature fb, const Context& c);

// ---- contact and verification (lin_canny_contact.cpp) ----

// True when a plane through the contact separates the polytopes (within tol). The candidates are
// the face normals of both tangent cones and the cross products of their rays: if the cones can
// be separated, one of these does it.
bool separable(const Body& A, Feature fa, const Vec3& xa, const Body& B, Feature fb, const Vec3& xb,
               double tol);

// A separated answer `o` at distance d: true when the plane through its closest points bounds a
// separating slab (no vertex of A beyond it, none of B short of it; see lin_canny_contact.cpp).
bool slab_verified(const Body& A, const Body& B, const Outcome& o, double d, double scale,
                   double contact);

}  // namespace touchstone::lin_canny::detail
