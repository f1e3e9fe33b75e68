// Contact-region families: deterministic, exactly planar, valid B-reps with dyadic coordinates,
// the gap carried exactly, the hand-known topology of the solids, and the default suite.
#include "cases/region_families.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "algorithms/geometry/polytope.hpp"
#include "cases/families.hpp"
#include "cases/mesh_import.hpp"
#include "cases/patch_families.hpp"

namespace touchstone {
namespace {

bool is_face_face(const std::string& family) { return family.rfind("face-face-", 0) == 0; }
// The contact-patch families (cases/patch_families.hpp) follow their own conventions: shapes
// given by vertices, depths instead of the gap sweep, decimal meshes and degenerate scales.
bool is_patch_family(const std::string& family) {
  for (const RegionFamily& f : patch_families())
    if (f.name == family) return true;
  return false;
}

Polytope build(const ShapeSpec& s) {
  return s.faces ? Polytope::from_faces(s.vertices, *s.faces) : Polytope::from_points(s.vertices);
}

// V - E + F (2 for a sphere, 0 for a ring).
long euler(const Polytope& p) {
  return static_cast<long>(p.vertices().size()) - static_cast<long>(p.edges().size()) +
         static_cast<long>(p.faces().size());
}

TEST(RegionFamilies, ListAndGlob) {
  const std::set<std::string> expected{
      "l-block-corner",    "block-on-steps",      "peg-in-hole",         "two-finger-support",
      "tetra-in-corner",   "interlocked-rings",   "bolt-countersunk",    "gear-teeth",
      "face-face-partial", "face-face-contained", "face-face-identical", "coherent-motion",
      "hex-stack",         "hex-overlap",         "hex-mesh-interface",  "hull-pairs",
      "patch-degenerate"};
  std::set<std::string> names;
  for (const RegionFamily& f : region_families()) {
    names.insert(f.name);
    EXPECT_GE(f.default_count, 11) << f.name;
    EXPECT_LE(f.default_count, 44) << f.name;
  }
  EXPECT_EQ(names, expected);
  EXPECT_EQ(match_region_families("face-face-*").size(), 3u);
  EXPECT_EQ(match_region_families("*-in-*").size(), 2u);  // peg-in-hole, tetra-in-corner
  EXPECT_NE(find_region_family("gear-teeth"), nullptr);
  EXPECT_EQ(find_region_family("gear"), nullptr);
}

TEST(RegionFamilies, DeterministicExactAndValid) {
  for (const RegionFamily& f : region_families()) {
    // coherent-motion's UV spheres have coordinates on the 2^-40 grid (cases/scalable_shapes.hpp).
    const bool scalable = f.name == "coherent-motion";
    for (int i = 0; i < f.default_count; ++i) {
      const RegionCase c = f.generate(7, i);
      const RegionCase again = f.generate(7, i);
      EXPECT_EQ(write_region_case_document({&c}), write_region_case_document({&again})) << c.id;
      EXPECT_EQ(c.id, f.name + "/s7/i" + std::to_string(i));
      EXPECT_EQ(c.origin["family"], f.name);
      EXPECT_EQ(c.origin["index"], i);
      if (is_patch_family(f.name)) {  // shapes given by vertices: they build
        for (const ShapeSpec* s : {&c.a, &c.b})
          EXPECT_NO_THROW(build(*s)) << c.id << " " << s->name;
        continue;
      }
      const double gap = gap_sweep()[static_cast<std::size_t>(i) % 11];
      EXPECT_EQ(c.origin["gap"].get<double>(), gap) << c.id;
      ASSERT_FALSE(c.steps.empty());
      for (const ShapeSpec* s : {&c.a, &c.b}) {
        if (s->faces) {
          EXPECT_TRUE(nonplanar_faces(s->vertices, *s->faces).empty()) << c.id << " " << s->name;
          EXPECT_LE(s->faces->size(), 64u) << c.id;
        }
        EXPECT_NO_THROW(build(*s)) << c.id << " " << s->name;
      }
      if (is_face_face(f.name)) continue;
      // Dyadic coordinates: 2^12 · x (2^40 · x) is an integer for every vertex coordinate.
      for (const ShapeSpec* s : {&c.a, &c.b})
        for (const Vec3& v : s->vertices)
          for (int k = 0; k < 3; ++k)
            EXPECT_EQ(std::fmod(std::ldexp(v[k], scalable ? 40 : 12), 1.0), 0.0) << c.id;
      // The gap is exact: A's translation, turned back, is slide + gap·size along the gap axis.
      const double realized = c.origin["gap_exact"].get<double>();
      EXPECT_EQ(realized, gap * c.origin["size"].get<double>()) << c.id;
      const Relation intended = gap > 0   ? Relation::separated
                                : gap < 0 ? Relation::penetrating
                                          : Relation::touching;
      if (f.name != "peg-in-hole" && f.name != "block-on-steps") {
        EXPECT_EQ(c.expected_relation, intended) << c.id;
      }
    }
  }
}

TEST(RegionFamilies, SolidsHaveTheirHandKnownShape) {
  // Seed and index fixed: variant 0 of each family (index 0, gap 0).
  const RegionCase corner = find_region_family("l-block-corner")->generate(1, 0);
  const Polytope corner_b = build(corner.b);
  EXPECT_FALSE(corner_b.is_convex());
  EXPECT_EQ(corner_b.faces().size(), 8u);  // an L prism: 6 sides and 2 L caps
  EXPECT_EQ(euler(corner_b), 2);

  const RegionCase rings = find_region_family("interlocked-rings")->generate(1, 0);
  EXPECT_EQ(euler(build(rings.a)), 0);  // genus 1
  EXPECT_EQ(euler(build(rings.b)), 0);
  EXPECT_EQ(rings.expected_relation, Relation::touching);

  const RegionCase tetra = find_region_family("tetra-in-corner")->generate(1, 0);
  const Polytope cavity = build(tetra.b);
  int reflex = 0;
  for (const Edge& e : cavity.edges()) reflex += e.reflex;
  EXPECT_EQ(reflex, 3);  // the three edges of the cut-out octant
  EXPECT_EQ(build(tetra.a).vertices().size(), 4u);

  const RegionCase bolt = find_region_family("bolt-countersunk")->generate(1, 0);
  EXPECT_EQ(euler(build(bolt.b)), 0);           // a plate with a hole
  EXPECT_EQ(bolt.a.faces->size(), 8u * 3 + 2);  // shank, ledge and frustum sides, two caps

  const RegionCase fingers = find_region_family("two-finger-support")->generate(1, 0);
  ASSERT_EQ(fingers.steps.size(), 4u);
  for (const RegionStep& s : fingers.steps) EXPECT_TRUE(s.velocity_a.has_value());
  // A slides one unit (size / 8) per step along the pose's turned x axis.
  const double unit = fingers.origin["unit"].get<double>();
  const Mat3 r = fingers.steps[0].pose_a.rotation;
  for (std::size_t k = 1; k < fingers.steps.size(); ++k) {
    const Vec3 d = r.transpose() *
                   (fingers.steps[k].pose_a.translation - fingers.steps[k - 1].pose_a.translation);
    EXPECT_EQ(d, Vec3(unit, 0, 0));
  }
}

TEST(RegionFamilies, ProximityFamiliesBecomeOneStepRegionCases) {
  const ProximityCase p = find_case_family("face-face-partial")->generate(3, 5);
  const RegionCase r = find_region_family("face-face-partial")->generate(3, 5);
  EXPECT_EQ(r.id, p.id);
  ASSERT_EQ(r.steps.size(), 1u);
  EXPECT_EQ(r.steps[0].pose_b.translation, p.pose_b.translation);
  EXPECT_EQ(r.a.vertices, p.a.vertices);
  EXPECT_EQ(r.expected_relation, p.expected_relation);
}

TEST(RegionFamilies, DefaultSuiteBuilds) {
  const std::vector<RegionCase> suite = default_region_suite(0);
  int expected = 0;
  for (const RegionFamily& f : region_families()) expected += f.default_count;
  EXPECT_EQ(static_cast<int>(suite.size()), expected);
  std::set<std::string> ids;
  for (const RegionCase& c : suite) EXPECT_TRUE(ids.insert(c.id).second) << c.id;
}

}  // namespace
}  // namespace touchstone
