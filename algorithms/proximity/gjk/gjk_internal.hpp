// Internals shared by gjk.cpp and epa.cpp: the prepared shape (vertices as scan arrays, and above
// 128 vertices a vertex graph for hill-climbing support, the "enhanced GJK" of Cameron cited in
// seed 003 §2.4) and the support mapping of the Minkowski difference A − B, with B expressed in
// A's local frame.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "algorithms/proximity/gjk/gjk_scan.hpp"
#include "algorithms/proximity/proximity.hpp"

namespace touchstone::gjk::detail {

// Up to this many vertices a shape's support is a linear scan, above it a climb on the vertex
// graph. Around a hundred vertices the scan still takes fewer instructions for GJK and EPA alike:
// EPA's directions jump from face to face, so its climbs are long and their branches mispredict
// (docs/performance.md has the measurement).
inline constexpr int kHillClimbThreshold = 128;

// The tolerances that decide GJK's and EPA's answers, all relative to the pair's size (the
// rules they apply are at the top of gjk.cpp and epa.cpp); gjk::info() writes each into reports.
inline constexpr double kEpsRel = 1e-12;       // no-progress stop, relative to |v|²
inline constexpr double kEpsAbs = 1e-14;       // no-progress stop, absolute (× size × |v|)
inline constexpr double kTouch = 1e-13;        // |v| or depth at most this (× size): touching
inline constexpr int kIterationCapBase = 100;  // cap: this + |V(A)| + |V(B)| iterations
// Convergence of EPA's depth bound (upper and lower bounds differ by at most this). It must sit
// below kTouch, or a touching pair could stop on a face a few kTouch off the origin and be
// called penetrating (faces 1e-12 rad from parallel do that).
inline constexpr double kDepthTolerance = 1e-14;
// A face is visible from a new point only if the point is this far (× size) above its plane.
inline constexpr double kVisibilityTolerance = 1e-14;
// A point extends EPA's start simplex's dimension only if it is this far (× size) off its hull.
inline constexpr double kDimensionTolerance = 1e-10;

struct PreparedConvex : PreparedShape {
  std::vector<Vec3> vertices;
  // The same coordinates as three arrays for the linear-scan support, padded to a multiple of 4
  // with copies of vertex 0.
  std::vector<double> xs, ys, zs;
  // Vertex graph in compressed rows: neighbours of v are adj[adj_offset[v] .. adj_offset[v+1]).
  std::vector<int> adj_offset, adj;
  bool convex = true;
  int dimension = 3;  // Polytope::dimension(): 0 point, 1 segment, 2 polygon, 3 solid
  double diameter = 0.0;
  Vec3 centroid = Vec3::Zero();

  bool avx = false;  // the CPU runs the AVX scan (gjk_scan.hpp)

  // Index of a vertex maximizing d · x: the first one by a linear scan on small shapes (no
  // vertex graph), else by hill climbing from `hint` (any valid id).
  int support(const Vec3& d, int hint) const {
    if (adj.empty())
      return scan_support(xs.data(), ys.data(), zs.data(), static_cast<int>(xs.size()), d, avx);
    return climb(d, hint);
  }
  int climb(const Vec3& d, int hint) const;
};

// One point of the Minkowski difference together with the vertex pair it comes from (the
// vertices themselves are MinkowskiPair::vertex_a / vertex_b of the pair).
struct SupportPoint {
  Vec3 w = Vec3::Zero();  // a − b
  int ia = -1, ib = -1;
  bool same_vertices(const SupportPoint& o) const { return ia == o.ia && ib == o.ib; }
};

struct MinkowskiPair;
#ifdef TOUCHSTONE_GJK_SCAN_AVX
SupportPoint support_by_scans_avx(MinkowskiPair& m, const Vec3& d);
#endif

// A − B in A's local frame. B's vertices are mapped by (rotation, translation) = relative pose.
struct MinkowskiPair {
  const PreparedConvex* a = nullptr;
  const PreparedConvex* b = nullptr;
  Mat3 rotation = Mat3::Identity();
  Vec3 translation = Vec3::Zero();
  int hint_a = 0, hint_b = 0;  // last support vertices: hill climbing restarts from them
  bool scans_avx = false;      // both shapes use the linear scan, and the CPU runs the AVX one

  const Vec3& vertex_a(int ia) const { return a->vertices[static_cast<size_t>(ia)]; }
  // Vertex ib of B mapped into A's frame.
  Vec3 vertex_b(int ib) const {
    return rotation * b->vertices[static_cast<size_t>(ib)] + translation;
  }
  SupportPoint at(int ia, int ib) const {
    SupportPoint s;
    s.ia = ia;
    s.ib = ib;
    const Vec3 pb = vertex_b(ib);
    s.w = vertex_a(ia) - pb;
    return s;
  }
  // A point of A − B maximizing d · w.
  SupportPoint support(const Vec3& d) {
#ifdef TOUCHSTONE_GJK_SCAN_AVX
    if (scans_avx) return support_by_scans_avx(*this, d);
#endif
    return support_by_parts(d);
  }
  // support() through each shape's own support (scan or hill climbing). Kept out of line so that
  // support() itself stays small enough to inline.
  [[gnu::noinline]] SupportPoint support_by_parts(const Vec3& d) {
    hint_a = a->support(d, hint_a);
    hint_b = b->support(rotation.transpose() * (-d), hint_b);
    return at(hint_a, hint_b);
  }
};

#ifdef TOUCHSTONE_GJK_SCAN_AVX
// support() when both shapes are small on an AVX CPU, compiled for AVX as a whole so the two scans
// inline into it (a fifth of a 20-vertex GJK query went to calls and branches around them). The
// arithmetic is support_by_parts()'s: no fused multiply-add, the same products and sums in the same
// order.
__attribute__((target("avx"))) inline SupportPoint support_by_scans_avx(MinkowskiPair& m,
                                                                        const Vec3& d) {
  const PreparedConvex& a = *m.a;
  const PreparedConvex& b = *m.b;
  m.hint_a = scan_avx(a.xs.data(), a.ys.data(), a.zs.data(), static_cast<int>(a.xs.size()), d);
  const Vec3 db = m.rotation.transpose() * (-d);
  m.hint_b = scan_avx(b.xs.data(), b.ys.data(), b.zs.data(), static_cast<int>(b.xs.size()), db);
  return m.at(m.hint_a, m.hint_b);
}
#endif

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
