// Internals shared by gjk.cpp and epa.cpp: the prepared shape (vertices + vertex graph for
// hill-climbing support, the "enhanced GJK" of Cameron cited in seed 003 §2.4) and the support
// mapping of the Minkowski difference A − B, with B expressed in A's local frame.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "algorithms/proximity/proximity.hpp"

namespace touchstone::gjk::detail {

// Below this many vertices a linear scan is faster than walking the vertex graph.
inline constexpr int kHillClimbThreshold = 32;

struct PreparedConvex : PreparedShape {
  std::vector<Vec3> vertices;
  std::vector<double> xs, ys, zs;  // the same coordinates as three arrays (linear-scan support)
  // Vertex graph in compressed rows: neighbours of v are adj[adj_offset[v] .. adj_offset[v+1]).
  std::vector<int> adj_offset, adj;
  bool convex = true;
  int dimension = 3;  // Polytope::dimension(): 0 point, 1 segment, 2 polygon, 3 solid
  double diameter = 0.0;
  Vec3 centroid = Vec3::Zero();

  // Index of a vertex maximizing d · x. `hint` is where hill climbing starts (any valid id).
  int support(const Vec3& d, int hint) const;
};

// One point of the Minkowski difference together with the vertex pair it comes from.
struct SupportPoint {
  Vec3 w = Vec3::Zero();  // a − b
  Vec3 a = Vec3::Zero();  // vertex of A (A's frame)
  Vec3 b = Vec3::Zero();  // vertex of B mapped into A's frame
  int ia = -1, ib = -1;
  bool same_vertices(const SupportPoint& o) const { return ia == o.ia && ib == o.ib; }
};

// A − B in A's local frame. B's vertices are mapped by (rotation, translation) = relative pose.
struct MinkowskiPair {
  const PreparedConvex* a = nullptr;
  const PreparedConvex* b = nullptr;
  Mat3 rotation = Mat3::Identity();
  Vec3 translation = Vec3::Zero();
  int hint_a = 0, hint_b = 0;  // last support vertices: hill climbing restarts from them

  SupportPoint at(int ia, int ib) const {
    SupportPoint s;
    s.ia = ia;
    s.ib = ib;
    s.a = a->vertices[static_cast<size_t>(ia)];
    s.b = rotation * b->vertices[static_cast<size_t>(ib)] + translation;
    s.w = s.a - s.b;
    return s;
  }
  // A point of A − B maximizing d · w.
  SupportPoint support(const Vec3& d) {
    hint_a = a->support(d, hint_a);
    hint_b = b->support(rotation.transpose() * (-d), hint_b);
    return at(hint_a, hint_b);
  }
};

struct EpaResult {
  bool ok = false;
  std::string reason;           // when !ok
  double depth = 0.0;           // signed distance from the origin to the closest face (A's frame)
  Vec3 normal = Vec3::UnitX();  // outward unit normal of that face (A's frame)
  // Bound gap at acceptance: the boundary of A − B along `normal` lies within [depth,
  // depth + accuracy] of the origin.
  double accuracy = 0.0;
  int iterations = 0;
  // When !ok because A − B is flat (no support point leaves the start simplex's affine hull by
  // more than the dimension tolerance): a unit direction across that flat set, for the caller to
  // prove the pair touching along it (both signs) by support evaluations.
  std::optional<Vec3> flat_normal;
};

// Expanding polytope algorithm (van den Bergen 2001, "Proximity queries and penetration depth
// computation on 3D game objects"): penetration depth of A and B given GJK's final simplex.
// `size` is the pair's length scale for tolerances; `max_iterations` caps the expansion.
EpaResult expanding_polytope(MinkowskiPair& pair, std::span<const SupportPoint> simplex,
                             double size, int max_iterations);

}  // namespace touchstone::gjk::detail
