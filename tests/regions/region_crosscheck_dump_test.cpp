// The sample for the independent cross-check of the exact contact-region reference
// (reference/crosscheck/regions_crosscheck.py): hand-built non-convex pairs and seeded random
// placements of boxes, L-blocks and rings (dyadic coordinates, the 12 exact rotations), each with
// exact_regions()'s answer, written to one JSON file. Every double is written exactly (C's "%a",
// which Python's float.fromhex reads back bit for bit). The Python route recomputes 𝓘, Π, the
// relation and the separated distance with rationals and compares.
//
// Output: $TOUCHSTONE_REGION_CROSSCHECK_OUT, else region_crosscheck.json in the working directory.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "cases/family_support.hpp"
#include "cases/region_families.hpp"
#include "harness/common/case_shapes.hpp"
#include "harness/proximity/runner.hpp"
#include "reference/exact_patch.hpp"
#include "reference/exact_regions.hpp"
#include "tests/support/region_shapes.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

using namespace test_support;  // box, at, prism, ring, notched_cube, floor_and_wall

struct Pair {
  std::string name;
  Polytope a, b;
  Pose pose_a, pose_b;
};

std::string hex(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", x);
  return buf;
}

nlohmann::json shape_json(const Polytope& p, const Pose& pose) {
  nlohmann::json j;
  for (const Vec3& v : p.vertices()) j["vertices"].push_back({hex(v.x()), hex(v.y()), hex(v.z())});
  for (const Edge& e : p.edges()) j["edges"].push_back({e.tail, e.head});
  for (const Face& f : p.faces()) j["faces"].push_back(f.vertices);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) j["rotation"].push_back(hex(pose.rotation(r, c)));
  for (int r = 0; r < 3; ++r) j["translation"].push_back(hex(pose.translation[r]));
  return j;
}

nlohmann::json feature_json(const Feature& f) {
  return {{"kind", std::string(to_string(f.kind))}, {"id", f.id}};
}

nlohmann::json reference_json(const ExactRegions& r) {
  nlohmann::json j;
  j["relation"] = std::string(to_string(r.relation));
  j["regions"] = nlohmann::json::array();
  for (const ExactRegion& g : r.regions)
    j["regions"].push_back({{"a", feature_json(g.a)},
                            {"b", feature_json(g.b)},
                            {"dimension", g.dimension},
                            {"points_exact", g.points_exact},
                            {"sufficient", g.sufficient}});
  if (r.distance_sq_exact) j["distance_sq_exact"] = *r.distance_sq_exact;
  if (r.closure) {  // inside the band: the touching configuration B + t (exact_regions.hpp)
    nlohmann::json regions = nlohmann::json::array();
    for (const ExactRegion& g : r.closure->regions)
      regions.push_back({{"a", feature_json(g.a)},
                         {"b", feature_json(g.b)},
                         {"dimension", g.dimension},
                         {"points_exact", g.points_exact}});
    j["epsilon_closure"] = {{"translation_exact", r.closure->translation_exact},
                            {"relation", std::string(to_string(r.closure->relation))},
                            {"regions", regions}};
  }
  return j;
}

// The band of the region verifier: 1e-9 × the diagonal of the pair's world bounding box.
double band_limit(const Pair& p) {
  Vec3 lo = Vec3::Constant(1e300), hi = Vec3::Constant(-1e300);
  for (const auto& [shape, pose] : {std::pair{&p.a, p.pose_a}, std::pair{&p.b, p.pose_b}})
    for (const Vec3& v : shape->vertices()) {
      lo = lo.cwiseMin(pose.apply(v));
      hi = hi.cwiseMax(pose.apply(v));
    }
  return 1e-9 * (hi - lo).norm();
}

Pose rotated(const std::array<double, 4>& q, const Vec3& t) { return Pose::from_quaternion(q, t); }

// The pairs of the reference's own tests (tests/regions/exact_regions_test.cpp), by name.
std::vector<Pair> hand_built() {
  const Pose id = Pose::identity();
  const Polytope unit = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const Polytope slab = box(Vec3(-2, -2, -1), Vec3(2, 2, 0));
  const Polytope tetra_corner = Polytope::from_points(
      std::vector<Vec3>{{0, 0, 0}, {1, 0.5, 0.5}, {0.5, 1, 0.5}, {0.5, 0.5, 1}});
  const Polytope fig5 =
      Polytope::from_points(std::vector<Vec3>{{0, 0, 0}, {1, 0, 0}, {0.5, 1, 0}, {0.5, 0.5, 1}});
  const Polytope pyramid = Polytope::from_points(
      std::vector<Vec3>{{0, 0, 0}, {1, 1, 1}, {-1, 1, 1}, {-1, -1, 1}, {1, -1, 1}});
  const Polytope dart = Polytope::from_faces(
      std::vector<Vec3>{{0, 0.5, 0}, {0, 2, -1}, {-1, -1, -1}, {0, 0, -1}, {1, -1, -1}},
      std::vector<std::vector<int>>{{4, 3, 2, 1}, {1, 2, 0}, {2, 3, 0}, {3, 4, 0}, {4, 1, 0}});
  const Polytope ring_a = ring({-3, 3, -3, 3}, {-1, 1, -1, 1}, -1, 1, 2);
  const Polytope ring_b = ring({-3, 3, 0, 6}, {-2, 2, 1, 4}, -0.5, 0.5, 1);
  const Polytope block = box(Vec3(-1, 0, 0), Vec3(1, 1, 1));
  const Polytope big = box(Vec3(0, 0, 0), Vec3(4, 4, 4)), small = box(Vec3(1, 1, 1), Vec3(2, 2, 2));
  const Polytope ell = prism({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}, 0, 1, 2);
  return {
      {"cubes-face-on", unit, box(Vec3(0, 0, -1), Vec3(1, 1, 0)), id, id},
      {"cubes-edge-on", unit, unit, id, at(1, 0, 1)},
      {"cubes-vertex-on", unit, unit, id, at(1, 1, 1)},
      {"cubes-face-offset", unit, unit, id, at(0.5, 0.25, 1)},
      {"prism-ridge", prism({{0, 0}, {1, 1}, {-1, 1}}, -1, 1, 0), slab, id, id},
      {"pyramid-apex", pyramid, slab, id, id},
      {"tetrahedron-in-corner", tetra_corner, notched_cube(), id, id},
      {"seed-figure-5", fig5, notched_cube(), id, id},
      {"nonconvex-apex", box(Vec3(-2, -2, 0), Vec3(2, 3, 1)), dart, id, id},
      {"block-floor-wall", block, floor_and_wall(false), id, id},
      {"block-floor-slanted-wall", block, floor_and_wall(true), id, id},
      {"rings-interlocked", ring_a, ring_b, id, id},
      {"rings-interlocked-penetrating", ring_a, ring_b, id, at(0.25, 0, 0)},
      {"ring-plug", ring_a, box(Vec3(-1, -1, -1), Vec3(1, 1, 1)), id, id},
      {"nested-big-small", big, small, id, id},
      {"nested-small-big", small, big, id, id},
      {"nested-corner", big, small, id, at(-1, -1, -1)},
      {"crossing", small, small, id, at(0.5, 0.5, 0.5)},
      {"separated-cubes", unit, unit, id, at(2, 3, 0)},
      {"separated-l-notch", ell, box(Vec3(1.5, 1.25, 0), Vec3(2, 1.75, 1)), id, id},
      {"l-notch-touching", ell, box(Vec3(1, 1, 0), Vec3(2, 2, 1)), id, id},
      {"sunk-shallow", box(Vec3(0, 0, -4), Vec3(4, 4, 0)), unit, id, at(1, 1, -0.125)},
  };
}

// A box, an L-block or a ring with dyadic dimensions (multiples of 1/2 or 1/4).
Polytope random_shape(cases::Rng& rng, double unit) {
  auto len = [&](int lo, int hi) { return static_cast<double>(rng.integer(lo, hi)) * unit; };
  switch (rng.integer(0, 2)) {
    case 0: {
      const double x = len(1, 4), y = len(1, 4), z = len(1, 4);
      return box(Vec3(0, 0, 0), Vec3(x, y, z));
    }
    case 1: {
      const double w = len(2, 4), h = len(2, 4), t = len(1, 1), d = len(1, 3);
      return prism({{0, 0}, {w, 0}, {w, t}, {t, t}, {t, h}, {0, h}}, 0, d, 2);
    }
    default: {
      const double o = len(3, 4), i = len(1, 2), d = len(1, 2);
      return ring({-o, o, -o, o}, {-i, i, -i, i}, 0, d, 2);
    }
  }
}

std::vector<Pair> random_pairs(int count) {
  std::vector<Pair> out;
  for (int i = 0; i < count; ++i) {
    cases::Rng rng("region-crosscheck", 2024, i);
    const double unit = i % 4 == 3 ? 0.25 : 0.5;
    Polytope a = random_shape(rng, unit);
    Polytope b = random_shape(rng, unit);
    const std::array<double, 4> qa = cases::exact_quaternion(rng);
    const std::array<double, 4> qb = cases::exact_quaternion(rng);
    Vec3 t;
    for (int k = 0; k < 3; ++k) t[k] = static_cast<double>(rng.integer(-4, 4)) * unit;
    Vec3 s;
    for (int k = 0; k < 3; ++k) s[k] = static_cast<double>(rng.integer(-1, 1)) * unit;
    out.push_back({"random-" + std::to_string(i), std::move(a), std::move(b), rotated(qa, s),
                   rotated(qb, t)});
  }
  return out;
}

// A sample of every contact-region family: gaps 0, ±1e-15 and ±1e-3 of the sweep, over the
// first variants, every step of each case.
std::vector<Pair> family_pairs() {
  std::vector<Pair> out;
  for (const RegionFamily& f : region_families())
    for (int index : {0, 1, 2, 9, 10, 11, 22, 33}) {
      const RegionCase c = f.generate(7, index);
      // The contact-patch families have their own cross-check (patch_crosscheck.py).
      if (std::find(c.tags.begin(), c.tags.end(), "contact-patch") != c.tags.end()) continue;
      const Polytope a = build_case_shape(c.a), b = build_case_shape(c.b);
      for (std::size_t k = 0; k < c.steps.size(); ++k)
        out.push_back(
            {c.id + "/step" + std::to_string(k), a, b, c.steps[k].pose_a, c.steps[k].pose_b});
    }
  return out;
}

TEST(RegionCrosscheckDump, WritesTheSample) {
  std::vector<Pair> pairs = hand_built();
  for (Pair& p : random_pairs(170)) pairs.push_back(std::move(p));
  for (Pair& p : family_pairs()) pairs.push_back(std::move(p));
  nlohmann::json out;
  out["pairs"] = nlohmann::json::array();
  int tally[3] = {0, 0, 0};
  std::size_t regions = 0, closures = 0;
  for (const Pair& p : pairs) {
    ExactRegionOptions ask;
    ask.shallow_limit = ask.closure_limit = band_limit(p);
    const ExactRegions r = exact_regions(p.a, p.pose_a, p.b, p.pose_b, ask);
    ASSERT_NE(r.relation, Relation::unknown) << p.name;
    closures += r.closure.has_value();
    ++tally[static_cast<int>(r.relation)];
    regions += r.regions.size();
    out["pairs"].push_back({{"name", p.name},
                            {"a", shape_json(p.a, p.pose_a)},
                            {"b", shape_json(p.b, p.pose_b)},
                            {"reference", reference_json(r)}});
  }
  // The sample must exercise every relation and carry regions to compare.
  for (int t : tally) EXPECT_GE(t, 15);
  EXPECT_GE(pairs.size(), 150u);
  EXPECT_GE(regions, 500u);
  EXPECT_GE(closures, 20u);  // the families' ±1e-15 steps
  const char* env = std::getenv("TOUCHSTONE_REGION_CROSSCHECK_OUT");
  const std::string path = env && *env ? env : "region_crosscheck.json";
  std::ofstream file(path);
  ASSERT_TRUE(file) << "cannot write " << path;
  file << out.dump(1) << '\n';
  ASSERT_TRUE(file.good()) << "writing " << path;
  std::printf("wrote %zu pairs (%d separated, %d touching, %d penetrating), %zu regions to %s\n",
              pairs.size(), tally[0], tally[1], tally[2], regions, path.c_str());
}

// The contact-patch sample (reference/crosscheck/patch_crosscheck.py): convex element pairs of the
// patch families, each with exact_patch()'s answer. Output: $TOUCHSTONE_PATCH_CROSSCHECK_OUT, else
// patch_crosscheck.json in the working directory.
TEST(PatchCrosscheckDump, WritesTheSample) {
  const std::vector<std::pair<const char*, int>> plan = {
      {"hex-stack", 44}, {"hex-overlap", 100}, {"hex-mesh-interface", 27}, {"hull-pairs", 150}};
  nlohmann::json out;
  out["pairs"] = nlohmann::json::array();
  int with_volume = 0;
  for (const auto& [family, count] : plan)
    for (int index = 0; index < count; ++index) {
      const RegionCase c = find_region_family(family)->generate(7, index);
      const Polytope a = build_case_shape(c.a), b = build_case_shape(c.b);
      const Pose& pa = c.steps[0].pose_a;
      const Pose& pb = c.steps[0].pose_b;
      const ExactPatch patch = exact_patch(a, pa, b, pb);
      with_volume += !patch.empty;
      nlohmann::json faces = nlohmann::json::array();
      for (const ExactPatchFace& f : patch.faces)
        faces.push_back({{"side", f.side == ExactPatchFace::Side::a   ? "a"
                                  : f.side == ExactPatchFace::Side::b ? "b"
                                                                      : "both"},
                         {"face_a", f.face_a},
                         {"face_b", f.face_b},
                         {"area_sq_exact", f.area_sq_exact},
                         {"centroid_exact", f.centroid_exact}});
      out["pairs"].push_back(
          {{"name", c.id},
           {"a", shape_json(a, pa)},
           {"b", shape_json(b, pb)},
           {"patch",
            {{"empty", patch.empty},
             {"volume_exact", patch.volume_exact},
             {"area", hex(patch.area)},
             {"point", {hex(patch.point.x()), hex(patch.point.y()), hex(patch.point.z())}},
             {"faces", faces}}}});
    }
  EXPECT_GE(out["pairs"].size(), 300u);
  EXPECT_GE(with_volume, 150);
  const char* env = std::getenv("TOUCHSTONE_PATCH_CROSSCHECK_OUT");
  const std::string path = env && *env ? env : "patch_crosscheck.json";
  std::ofstream file(path);
  ASSERT_TRUE(file) << "cannot write " << path;
  file << out.dump(1) << '\n';
  ASSERT_TRUE(file.good()) << "writing " << path;
  std::printf("wrote %zu pairs (%d with volume) to %s\n", out["pairs"].size(), with_volume,
              path.c_str());
}

}  // namespace
}  // namespace touchstone
