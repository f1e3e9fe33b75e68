// Helpers shared by the peer adapters: turning a library's signed answer into our
// ProximityResult, and a support mapping over our B-rep for libraries that take one (libccd).
#pragma once

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/proximity/proximity.hpp"
#include "algorithms/proximity/result_support.hpp"

namespace touchstone::peers {

// The library's answers are passed on as they are, never clamped or repaired: a negative depth
// or distance reaches the verifier and fails there, visibly.
//
// Separated at `distance` (touching when 0).
inline ProximityResult separated_result(double distance) {
  ProximityResult r;
  r.relation = distance == 0 ? Relation::touching : Relation::separated;
  r.distance = distance;
  return r;
}

// In contact with penetration `depth` (touching when 0); `direction` is the library's, turned into
// ours: move B by depth · direction to bring the pair to touching.
inline ProximityResult penetrating_result(double depth, const Vec3& direction) {
  ProximityResult r;
  r.relation = depth == 0 ? Relation::touching : Relation::penetrating;
  r.distance = 0.0;
  r.penetration_depth = depth;
  const double n = direction.norm();
  if (n > 0 && std::isfinite(n)) r.penetration_direction = direction / n;
  return r;
}

// `r` with the library's witness points on A and B (world coordinates).
inline ProximityResult with_witnesses(ProximityResult r, const Vec3& witness_a,
                                      const Vec3& witness_b) {
  r.witness_a = witness_a;
  r.witness_b = witness_b;
  return r;
}

// The "-tight" peer variants run at the accuracy the verifier asks of every answer (its default
// distance, depth and witness bands are 1e-9 of the pair's bounding-box diagonal,
// harness/proximity/verifier.hpp): their absolute tolerances are set per query to
// kMatchedRelative times the larger shape's bounding-box diagonal, which is at most the pair's.
inline constexpr double kMatchedRelative = 1e-9;
inline double matched_tolerance(double size) { return kMatchedRelative * size; }

// What the GJK/EPA peers (Bullet, FCL) answer: distance, witness points and penetration depth.
inline constexpr Capabilities kGjkEpaCapabilities{
    .distance = true, .witness_points = true, .penetration_depth = true};

// Support mapping of a convex polytope in its own frame: brute force up to 32 vertices, hill
// climbing over the vertex adjacency above (as FCL does), starting from the last answer.
class SupportMap {
 public:
  explicit SupportMap(const Polytope& p) : vertices_(p.vertices()) {
    if (vertices_.size() > 32) {
      neighbors_.resize(vertices_.size());
      for (std::size_t v = 0; v < vertices_.size(); ++v)
        neighbors_[v] = p.vertex_neighbors(static_cast<int>(v));
    }
  }
  // Index of a vertex maximizing dir · v.
  int support(const Vec3& dir) const {
    if (neighbors_.empty()) {
      int best = 0;
      double best_dot = dir.dot(vertices_[0]);
      for (std::size_t i = 1; i < vertices_.size(); ++i) {
        const double d = dir.dot(vertices_[i]);
        if (d > best_dot) best_dot = d, best = static_cast<int>(i);
      }
      return best;
    }
    int v = last_;
    double best_dot = dir.dot(vertices_[v]);
    for (bool moved = true; moved;) {
      moved = false;
      for (int w : neighbors_[v]) {
        const double d = dir.dot(vertices_[w]);
        if (d > best_dot) {
          best_dot = d, v = w, moved = true;
          break;
        }
      }
    }
    last_ = v;
    return v;
  }
  const Vec3& vertex(int i) const { return vertices_[i]; }

 private:
  std::vector<Vec3> vertices_;
  std::vector<std::vector<int>> neighbors_;
  mutable int last_ = 0;
};

}  // namespace touchstone::peers
