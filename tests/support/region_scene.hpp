// The region verifier's hand-built scene and helpers (region_verifier_test.cpp and the second
// tests of its checks): a box with known face ids, B resting on A's top face with its exact
// regions worked out by hand, the correct answer from exact regions, and verdict expectations.
#pragma once

#include <gtest/gtest.h>

#include <span>
#include <string>
#include <vector>

#include "harness/regions/verifier.hpp"

namespace touchstone::test_support::region_scene {

// A box [lo, hi] as a B-rep with known ids: vertex x + 2y + 4z (0 or 1 per axis), faces 0 bottom
// (−z), 1 top (+z), 2 front (−y), 3 back (+y), 4 left (−x), 5 right (+x).
inline Polytope box(const Vec3& lo, const Vec3& hi) {
  std::vector<Vec3> v;
  for (int i = 0; i < 8; ++i)
    v.emplace_back(i & 1 ? hi.x() : lo.x(), i & 2 ? hi.y() : lo.y(), i & 4 ? hi.z() : lo.z());
  const std::vector<std::vector<int>> faces = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                                               {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  return Polytope::from_faces(v, faces);
}

inline Feature vertex(int id) { return {FeatureKind::vertex, id}; }
inline Feature edge(int id) { return {FeatureKind::edge, id}; }
inline Feature face(int id) { return {FeatureKind::face, id}; }

// The cone piece holding exactly the direction n (an axis): into_a pins every other axis to 0 and
// the sign of n (n·g ≥ 0 for g = ±other axes and for n itself).
inline NormalConePiece axis_piece(const Vec3& n) {
  NormalConePiece p;
  p.into_a.push_back(n);
  for (int i = 0; i < 3; ++i)
    if (n[i] == 0.0) {
      p.into_a.push_back(Vec3::Unit(i));
      p.into_a.push_back(-Vec3::Unit(i));
    }
  return p;
}

inline const Vec3 kDown(0, 0, -1);  // B's bottom normal: from B into A

// A = [0, 1]³ and B = [¼, ¾]² × [1, 1.5] resting on A's top face (face 1), by hand: 𝓘 = the 2D
// square (A face 1 / B face 0), B's four bottom edges and four bottom vertices on A's open top
// face (1D and 0D). 𝓡 = the square alone (the edges and vertices border it). Every cone is the
// single direction (0, 0, −1): A's side is the open face.
// Scaled by `scale` (the size and τ with it).
struct Scene {
  double scale;
  Polytope a = box(Vec3(0, 0, 0), Vec3(1, 1, 1) * scale);
  Polytope b = box(Vec3(0.25, 0.25, 1) * scale, Vec3(0.75, 0.75, 1.5) * scale);
  ExactRegions exact;
  explicit Scene(double s = 1.0) : scale(s) {
    exact.relation = Relation::touching;
    const Face& bottom = b.faces()[0];
    EXPECT_EQ(bottom.plane.normal, kDown);
    NormalCone down{{axis_piece(kDown)}};
    ExactRegion square{face(1), face(0), 2, {}, {}, true, down};
    for (int v : bottom.vertices) square.points.push_back(b.vertices()[v]);
    exact.regions.push_back(square);
    for (int e : bottom.edges) {
      const Edge& ed = b.edges()[e];
      exact.regions.push_back(
          {face(1), edge(e), 1, {b.vertices()[ed.tail], b.vertices()[ed.head]}, {}, false, down});
    }
    for (int v : bottom.vertices)
      exact.regions.push_back({face(1), vertex(v), 0, {b.vertices()[v]}, {}, false, down});
  }
  RegionVerificationInput input(std::span<const ContactRegion> previous = {}) const {
    return {&exact, 2.0 * scale, &a, &b, previous};  // τ = 2e-9 · scale
  }
};

inline RegionCapabilities entity_caps() {
  RegionCapabilities c;
  c.intersection_set = c.sufficient_set = c.normals = c.relation = c.nonconvex = true;
  return c;
}

// The correct answer, from the exact regions: every region of the subset with one normal per
// cone piece, up to 3 − dim.
inline RegionResult correct_answer(const ExactRegions& exact, RegionSubset subset) {
  RegionResult r;
  r.relation = exact.relation;
  r.subset = subset;
  for (const ExactRegion& e : exact.regions) {
    if (subset == RegionSubset::sufficient && !e.sufficient) continue;
    ContactRegion c{e.a, e.b, e.points, {}, std::nullopt};
    for (const NormalConePiece& p : e.cone.pieces)
      if (static_cast<int>(c.normals.size()) < 3 - e.dimension) c.normals.push_back(p.into_a[0]);
    r.regions.push_back(c);
  }
  return r;
}

inline RegionVerification verify(const RegionResult& r, const RegionCapabilities& caps,
                                 const RegionVerificationInput& in) {
  return verify_regions(r, caps, in, RegionTolerances{});
}

inline const CheckResult* check(const Verification& v, const std::string& name) {
  for (const CheckResult& c : v.checks)
    if (c.name == name) return &c;
  return nullptr;
}

// The verdict is `verdict` and the reason names `name` first.
inline void expect_caught(const Verification& v, Verdict verdict, const std::string& name,
                          const std::string& detail_part = "") {
  EXPECT_EQ(v.verdict, verdict) << v.reason;
  EXPECT_EQ(v.reason.rfind(name + ": ", 0), 0u) << v.reason;
  EXPECT_NE(v.reason.find(detail_part), std::string::npos) << v.reason;
}

// Point-only peers: no entities, normals declared; one point region per point.
inline RegionCapabilities peer_caps() {
  RegionCapabilities c;
  c.entities = false;
  c.normals = c.nonconvex = true;
  return c;
}

inline RegionResult points(std::vector<Vec3> ps, Vec3 n) {
  RegionResult r;
  for (const Vec3& p : ps) r.regions.push_back({{}, {}, {p}, {n}, 0.0});
  return r;
}

}  // namespace touchstone::test_support::region_scene
