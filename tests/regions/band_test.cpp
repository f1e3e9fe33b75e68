// The ε band's geometry (band.hpp) and the normal cones the region verifier reads (normals.hpp),
// by hand: which face pairs within a distance the touching configuration leaves out, how far a
// region reaches, distances to a shape's boundary; cone pieces bound from both sides.
#include "harness/regions/band.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "harness/regions/normals.hpp"
#include "tests/support/region_scene.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

int index_of(const std::vector<Vec3>& v, const Vec3& p) {
  return static_cast<int>(std::find(v.begin(), v.end(), p) - v.begin());
}

// A = the corner tetrahedron conv{0, e1, e2, e3} (slanted face x + y + z = 1), B = the box
// [lo, hi] under the identity, c = B's corner nearest the slanted face, and the region of 𝓘 that
// pairs them (the slanted face and c).
struct TetrahedronAndBox {
  Polytope a = Polytope::from_points(
      std::vector<Vec3>{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)});
  Vec3 c;
  Polytope b;
  BandShapes s{a, b, Pose::identity(), Pose::identity()};
  int slanted = -1;
  Feature corner;
  std::vector<ExactRegion> touching;
  TetrahedronAndBox(const Vec3& lo, const Vec3& hi, const Vec3& nearest)
      : c(nearest), b(test_support::box(lo, hi)) {
    for (std::size_t f = 0; f < a.faces().size(); ++f) {
      const auto& vs = a.faces()[f].vertices;
      if (std::none_of(vs.begin(), vs.end(), [&](int v) { return a.vertices()[v].isZero(); }))
        slanted = static_cast<int>(f);
    }
    corner = {FeatureKind::vertex, index_of(b.vertices(), c)};
    ExactRegion r;
    r.a = {FeatureKind::face, slanted};
    r.b = corner;
    r.points = {c};
    touching = {r};
  }
  // Within `none` no face pair of A and B is left out; within `three`, the slanted face with B's
  // three faces at c, `near` apart.
  void expect_nearest_pairs(double none, double three, double near) const {
    ASSERT_GE(slanted, 0);
    ASSERT_LT(corner.id, 8);
    EXPECT_EQ(untouched_pairs(s, {}, none).count, 0);
    const UntouchedPairs left = untouched_pairs(s, {}, three);
    EXPECT_EQ(left.count, 3);
    EXPECT_EQ(left.face_a, slanted);
    EXPECT_NEAR(left.distance, near, 1e-15);
  }
};

TEST(RegionNormals, BothSidesOfAPieceBind) {
  NormalConePiece p;
  p.into_a = {Vec3(0, 0, -1), Vec3(1, 0, 0), Vec3(-1, 0, 0)};
  p.into_b = {Vec3(0, 1, 0), Vec3(0, -1, 0)};
  EXPECT_TRUE(normal_in_piece(Vec3(0, 0, -1), p, 1e-9));
  for (const double lean : {0.1, -0.1, 1e-10, -1e-10}) {
    const bool within = std::abs(lean) < 1e-9;
    EXPECT_EQ(normal_in_piece(Vec3(lean, 0, -1).normalized(), p, 1e-9), within) << "x " << lean;
    EXPECT_EQ(normal_in_piece(Vec3(0, lean, -1).normalized(), p, 1e-9), within) << "y " << lean;
  }
}

// A hand-made cone piece bounded from B's side: into_a = {(0, 0, −1), ±x}, into_b = {+y} admits
// (0, −0.6, −0.8) and rejects (0, 0.6, −0.8), which only the into_b bound excludes.
TEST(RegionNormals, TheVerifiersConeBindsOnBsSide) {
  using namespace test_support::region_scene;
  Scene s;
  NormalConePiece piece;
  piece.into_a = {kDown, Vec3(1, 0, 0), Vec3(-1, 0, 0)};
  piece.into_b = {Vec3(0, 1, 0)};
  s.exact.regions[0].cone = NormalCone{{piece}};
  RegionResult r = correct_answer(s.exact, RegionSubset::sufficient);
  r.regions[0].normals = {Vec3(0, -0.6, -0.8)};
  EXPECT_EQ(verify(r, entity_caps(), s.input()).verification.verdict, Verdict::pass);
  r.regions[0].normals = {Vec3(0, 0.6, -0.8)};
  expect_caught(verify(r, entity_caps(), s.input()).verification, Verdict::fail,
                "normal outside cone");
}

// ---- the ε band's geometry (band.hpp), by hand ----
// A = the corner tetrahedron conv{0, e1, e2, e3} (slanted face x + y + z = 1), B = the cube
// [0.2, 0.3]³ inside it. B's corner c = (0.3, 0.3, 0.3) is (1 − 0.9)/√3 from the slanted face,
// the nearest of B's other points to it as far as (1 − 0.8)/√3; every point of B is ≥ 0.2 from
// A's other three faces.
TEST(BandGeometry, ByHandOnACubeInsideATetrahedron) {
  const TetrahedronAndBox x(Vec3(0.2, 0.2, 0.2), Vec3(0.3, 0.3, 0.3), Vec3(0.3, 0.3, 0.3));
  const auto& [a, c, b, s, slanted, corner, touching] = x;
  const double near = 0.1 / std::sqrt(3.0);
  // Within 0.05: no face pair. Within 0.06: the slanted face with B's three faces at c.
  ASSERT_NO_FATAL_FAILURE(x.expect_nearest_pairs(0.05, 0.06, near));
  // A region of the slanted face and c touches those three pairs: none is left out.
  EXPECT_EQ(untouched_pairs(s, touching, 0.06).count, 0);
  // Reach: from c, 0 to the corner of B and `near` to the slanted face; from the origin, 0 to A's
  // vertex 0 and √3 · 0.3 to c.
  const Vec3 pi[] = {c};
  EXPECT_NEAR(region_reach(s, {FeatureKind::face, slanted}, corner, pi), near, 1e-15);
  const Feature origin{FeatureKind::vertex, index_of(a.vertices(), Vec3::Zero())};
  const Vec3 at_origin[] = {Vec3::Zero()};
  EXPECT_NEAR(region_reach(s, origin, corner, at_origin), 0.3 * std::sqrt(3.0), 1e-15);
  // Boundary distances: c is 0 from ∂B and `near` from ∂A; B's centre 0.05 from ∂B.
  EXPECT_NEAR(distance_to_boundary(a, Pose::identity(), c), near, 1e-15);
  EXPECT_NEAR(distance_to_boundary(b, Pose::identity(), c), 0.0, 1e-15);
  EXPECT_NEAR(distance_to_boundary(b, Pose::identity(), Vec3(0.25, 0.25, 0.25)), 0.05, 1e-15);
  // Margin: 1e-6 τ, or 64 ulps of the largest coordinate when that is more.
  EXPECT_EQ(band_margin(1.0, 1.0), 1e-6);
  EXPECT_EQ(band_margin(1e-12, 1e6), 64 * std::numeric_limits<double>::epsilon() * 1e6);
  EXPECT_EQ(largest_coordinate(s), 1.0);
}

// The same tetrahedron A with the cube B = [0.4, 0.5]³ outside it: B's corner c = (0.4, 0.4, 0.4)
// is (1.2 − 1)/√3 ≈ 0.115 from the slanted face (its foot (⅓, ⅓, ⅓) inside the face), B's three
// faces at c as near, its other three (1.3 − 1)/√3 ≈ 0.173; A's other faces are ≥ 0.4 from B. The
// faces' bounding boxes overlap the slanted face's, so only the distances decide.
TEST(BandGeometry, ByHandOnACubeOutsideATetrahedron) {
  const TetrahedronAndBox x(Vec3(0.4, 0.4, 0.4), Vec3(0.5, 0.5, 0.5), Vec3(0.4, 0.4, 0.4));
  const auto& [a, c, b, s, slanted, corner, touching] = x;
  const double near = 0.2 / std::sqrt(3.0);
  ASSERT_NO_FATAL_FAILURE(x.expect_nearest_pairs(0.1, 0.15, near));
  EXPECT_EQ(untouched_pairs(s, {}, 0.2).count, 6);
  // A region of the slanted face and c touches B's three faces at c, not the other three.
  EXPECT_EQ(untouched_pairs(s, touching, 0.15).count, 0);
  EXPECT_EQ(untouched_pairs(s, touching, 0.2).count, 3);
  // From the foot (⅓, ⅓, ⅓), on the slanted face: `near` to c.
  const Vec3 foot[] = {Vec3(1, 1, 1) / 3.0};
  EXPECT_NEAR(region_reach(s, {FeatureKind::face, slanted}, corner, foot), near, 1e-15);
  // (0.42, 0.45, 0.47) is 0.02 from B's face x = 0.4; (0.1, 0.2, 0.3) 0.1 from A's face x = 0
  // (the slanted face is (1 − 0.6)/√3 ≈ 0.23 away).
  EXPECT_NEAR(distance_to_boundary(b, Pose::identity(), Vec3(0.42, 0.45, 0.47)), 0.02, 1e-15);
  EXPECT_NEAR(distance_to_boundary(a, Pose::identity(), Vec3(0.1, 0.2, 0.3)), 0.1, 1e-15);
}

}  // namespace
}  // namespace touchstone
