// The shapes and cases of the seed 000 §4 reproduction (cases/scalable_shapes.hpp, the
// coherent-motion family, Fig. 8): counts computed by hand, closed valid B-reps, and exact
// contact checked against the exact reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <set>

#include "cases/format/case_loader.hpp"
#include "cases/region_families.hpp"
#include "cases/scalable_shapes.hpp"
#include "harness/common/case_shapes.hpp"
#include "reference/exact_regions.hpp"

namespace touchstone {
namespace {

using cases::Brep;

Polytope solid(const Brep& b) { return Polytope::from_faces(b.vertices, b.faces); }

int faces_with(const Brep& b, std::size_t corners) {
  return static_cast<int>(std::count_if(b.faces.begin(), b.faces.end(),
                                        [&](const auto& f) { return f.size() == corners; }));
}

TEST(ScalableShapes, UvSphereOf128FacesIs16By8) {
  const Brep b = cases::uv_sphere(16, 8);
  // 16 strips × 8 bands; two polar fans of 16 triangles, 6 bands of 16 quads.
  EXPECT_EQ(b.faces.size(), 128u);
  EXPECT_EQ(faces_with(b, 3), 32);
  EXPECT_EQ(faces_with(b, 4), 96);
  const Polytope p = solid(b);           // throws unless closed, 2-manifold, outward, planar
  EXPECT_EQ(p.vertices().size(), 114u);  // 16 × 7 rings + 2 poles
  EXPECT_EQ(p.edges().size(), 240u);     // 16 × 8 meridian pieces + 16 × 7 ring edges
  EXPECT_EQ(p.faces().size(), 128u);
  EXPECT_TRUE(p.is_convex());
}

TEST(ScalableShapes, OctasphereOf128Faces) {
  const Polytope p = solid(cases::octasphere(2));
  // 8 · 4² triangles; e = 3f / 2; v = 2 − f + e (Euler).
  EXPECT_EQ(p.faces().size(), 128u);
  EXPECT_EQ(p.edges().size(), 192u);
  EXPECT_EQ(p.vertices().size(), 66u);
  EXPECT_TRUE(p.is_convex());
}

TEST(ScalableShapes, UvSphereGridHasOddBands) {
  // faces 100: bands round(√50) = 7, longitudes round(100 / 7) = 14.
  EXPECT_EQ(cases::uv_sphere_grid(100), std::make_pair(14, 7));
  // faces 10000: bands round(√5000) = 71, longitudes round(10000 / 71) = 141.
  EXPECT_EQ(cases::uv_sphere_grid(10000), std::make_pair(141, 71));
  // faces 300: round(√150) = 12 is even, so 13 bands, longitudes round(300 / 13) = 23.
  EXPECT_EQ(cases::uv_sphere_grid(300), std::make_pair(23, 13));
}

TEST(ScalableShapes, RackCountsAndVolume) {
  const Brep b = cases::rack(3);
  // Outline 6·3 + 2 = 20 points → 20 side quads; 3 cells per cap.
  EXPECT_EQ(b.faces.size(), 26u);
  EXPECT_EQ(b.vertices.size(), 40u);
  const Polytope p = solid(b);
  EXPECT_FALSE(p.is_convex());
  // Base 24 × 4, three teeth of (6 + 2) / 2 × 4 = 16: area 144, depth 8 → volume 1152.
  EXPECT_EQ(cases::volume6(b), 6 * 1152.0);
  EXPECT_EQ(cases::rack_teeth(1002), 125);  // (1002 − 2) / 8
}

TEST(ScalableShapes, PaperConvexSolidsCounts) {
  // name → v, e, f (v + e + f: 14, 26, 62, 3842)
  const std::map<std::string, std::array<std::size_t, 3>> expected{
      {"tetrahedron", {4, 6, 4}},
      {"cube", {8, 12, 6}},
      {"icosahedron", {12, 30, 20}},
      {"icosphere-642", {642, 1920, 1280}}};
  const auto solids = cases::paper_convex_solids();
  ASSERT_EQ(solids.size(), expected.size());
  for (const auto& s : solids) {
    const Polytope p = Polytope::from_points(s.points);
    const auto& e = expected.at(s.name);
    EXPECT_EQ(p.vertices().size(), e[0]) << s.name;
    EXPECT_EQ(p.edges().size(), e[1]) << s.name;
    EXPECT_EQ(p.faces().size(), e[2]) << s.name;
  }
}

ExactRegions reference_at(const RegionCase& c, std::size_t step) {
  const Polytope a = build_case_shape(c.a), b = build_case_shape(c.b);
  return exact_regions(a, c.steps[step].pose_a, b, c.steps[step].pose_b);
}

int count_dimension(const ExactRegions& e, int dimension) {
  return static_cast<int>(std::count_if(e.regions.begin(), e.regions.end(), [&](const auto& r) {
    return r.sufficient && r.dimension == dimension;
  }));
}

TEST(ScalableShapes, ScalingPairsTouchFaceOnFace) {
  const RegionCase convex = cases::scaling_case(cases::PairKind::convex, 100);
  const ExactRegions ec = reference_at(convex, 0);
  EXPECT_EQ(ec.relation, Relation::touching);
  EXPECT_EQ(count_dimension(ec, 2), 1);  // the one coincident quad
  // Racks of rack_teeth(50) = 6 teeth: every tip on its mirror image.
  const RegionCase racks = cases::scaling_case(cases::PairKind::nonconvex, 50);
  const ExactRegions er = reference_at(racks, 0);
  EXPECT_EQ(er.relation, Relation::touching);
  EXPECT_EQ(count_dimension(er, 2), 6);
}

TEST(CoherentMotion, SpinKeepsExactContact) {
  for (auto kind : {cases::PairKind::convex, cases::PairKind::nonconvex}) {
    const RegionCase c = cases::coherent_motion_case(kind, cases::Motion::slide, 264, 25, 5, 0.0);
    ASSERT_EQ(c.steps.size(), 5u);
    ASSERT_TRUE(c.steps[4].velocity_a.has_value());
    // 100° turned and four slides later the faces still overlap in area.
    const ExactRegions e = reference_at(c, 4);
    EXPECT_EQ(e.relation, Relation::touching) << to_string(kind);
    EXPECT_GE(count_dimension(e, 2), 1) << to_string(kind);
    // Approaching: 1/32 of the size per step, so 3/32 apart at step 1, touching at step 4.
    const RegionCase in =
        cases::coherent_motion_case(kind, cases::Motion::approach, 60, 20, 5, 0.0);
    EXPECT_EQ(reference_at(in, 1).relation, Relation::separated) << to_string(kind);
    EXPECT_EQ(reference_at(in, 4).relation, Relation::touching) << to_string(kind);
    // Moving toward B: against step 0's offset (4/32 of the size along the normal).
    EXPECT_LT(in.steps[4].velocity_a->linear.dot(in.steps[0].pose_a.translation), 0.0);
  }
  const RegionCase apart =
      cases::coherent_motion_case(cases::PairKind::convex, cases::Motion::slide, 60, 10, 5, 1e-3);
  EXPECT_EQ(reference_at(apart, 3).relation, Relation::separated);
}

TEST(CoherentMotion, FamilySweepsOmegaAndPairs) {
  const RegionFamily* f = find_region_family("coherent-motion");
  ASSERT_NE(f, nullptr);
  const RegionCase c = f->generate(1, 11 * 9);  // variant 9: ω = 5 × 3 = 15°, racks, slide
  EXPECT_EQ(c.origin["omega_degrees"], 15.0);
  EXPECT_EQ(c.origin["kind"], "nonconvex");
  EXPECT_EQ(c.origin["motion"], "slide");
  const RegionCase d = f->generate(1, 11 * 14);  // variant 14: ω = 10°, spheres, approach
  EXPECT_EQ(d.origin["omega_degrees"], 10.0);
  EXPECT_EQ(d.origin["kind"], "convex");
  EXPECT_EQ(d.origin["motion"], "approach");
  EXPECT_EQ(d.origin["faces"], 24);
  const RegionCase e = f->generate(1, 11 * 24);  // variant 24: ω = 0°, spheres, slide, 264 faces
  EXPECT_EQ(e.origin["faces"], 264);
  EXPECT_EQ(e.a.faces->size(), 264u);                        // 24 × 11
  EXPECT_EQ(f->generate(1, 11 * 31).a.faces->size(), 266u);  // racks of 33 teeth: 8 · 33 + 2
  EXPECT_EQ(c.origin["gap_exact"], 0.0);
  EXPECT_EQ(c.id, "coherent-motion/s1/i99");
}

std::set<std::array<double, 3>> vertex_set(const ShapeSpec& s) {
  std::set<std::array<double, 3>> out;
  for (const Vec3& v : s.vertices) out.insert({v.x(), v.y(), v.z()});
  return out;
}

bool has_region(const ExactRegions& e, int dimension, FeatureKind ka, FeatureKind kb,
                std::set<std::array<double, 3>> points) {
  for (const ExactRegion& r : e.regions) {
    if (!r.sufficient || r.dimension != dimension || r.a.kind != ka || r.b.kind != kb) continue;
    std::set<std::array<double, 3>> got;
    for (const Vec3& p : r.points) got.insert({p.x(), p.y(), p.z()});
    if (got == points) return true;
  }
  return false;
}

TEST(Figure8, ExampleFileMatchesTheCaseInCode) {
  const LoadedCases loaded =
      load_cases(std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/examples/figure-8.json");
  for (const auto& e : loaded.errors) ADD_FAILURE() << e.to_string();
  ASSERT_EQ(loaded.regions.size(), 1u);
  const RegionCase& file = loaded.regions[0];
  const RegionCase code = figure8_case();
  ASSERT_EQ(file.steps.size(), 2u);
  ASSERT_EQ(code.steps.size(), 2u);
  EXPECT_EQ(vertex_set(file.a), vertex_set(code.a));
  EXPECT_EQ(vertex_set(file.b), vertex_set(code.b));
  EXPECT_EQ(file.b.faces->size(), 12u);  // 10 sides + 2 caps
  for (std::size_t k = 0; k < 2; ++k) {
    EXPECT_EQ(file.steps[k].pose_a.translation, code.steps[k].pose_a.translation);
    ASSERT_TRUE(file.steps[k].velocity_a.has_value());
    EXPECT_EQ(file.steps[k].velocity_a->linear, Vec3(1, 0, 0));
  }
}

TEST(Figure8, ExactReferenceGivesTheEdgeOnEdgeRegion) {
  const RegionCase c =
      load_cases(std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/examples/figure-8.json")
          .regions.at(0);
  const auto E = FeatureKind::edge, F = FeatureKind::face;
  // t − Δt: the block spans x ∈ [−5, 9]; both ridges (x = ±4, z = 2) lie under its bottom face
  // for y ∈ [−2, 2]: two 1D edge-on-face regions (A's face, B's edge).
  const ExactRegions before = reference_at(c, 0);
  EXPECT_EQ(before.relation, Relation::touching);
  EXPECT_TRUE(has_region(before, 1, F, E, {{-4, -2, 2}, {-4, 2, 2}}));
  EXPECT_TRUE(has_region(before, 1, F, E, {{4, -2, 2}, {4, 2, 2}}));
  EXPECT_EQ(count_dimension(before, 1), 2);
  // t: the block's left bottom edge (x = −4, z = 2) lies on the left ridge: the collinear
  // edge-on-edge region over y ∈ [−2, 2]; the right ridge is still under the bottom face.
  const ExactRegions at = reference_at(c, 1);
  EXPECT_EQ(at.relation, Relation::touching);
  EXPECT_TRUE(has_region(at, 1, E, E, {{-4, -2, 2}, {-4, 2, 2}}));
  EXPECT_TRUE(has_region(at, 1, F, E, {{4, -2, 2}, {4, 2, 2}}));
  EXPECT_FALSE(has_region(at, 1, F, E, {{-4, -2, 2}, {-4, 2, 2}}));
}

}  // namespace
}  // namespace touchstone
