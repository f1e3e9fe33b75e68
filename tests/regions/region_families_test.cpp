// Contact-region families: deterministic, exactly planar, valid B-reps with dyadic coordinates,
// the gap carried exactly, the hand-known topology of the solids, and the default suite.
#include "cases/region_families.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <set>

#include "algorithms/geometry/polytope.hpp"
#include "cases/families.hpp"
#include "cases/mesh_import.hpp"
#include "cases/patch_families.hpp"
#include "cases/sparsify_scene.hpp"

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
      "patch-degenerate",  "sparsify-hex",        "sparsify-tet"};
  std::set<std::string> names;
  for (const RegionFamily& f : region_families()) {
    names.insert(f.name);
    if (f.named_only) continue;  // a whole scene (sparsify_scene_test.cpp)
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
    // A whole scene (hundreds of pairs, checked cell by cell below): its first 48 pairs.
    for (int i = 0; i < (f.named_only ? std::min(f.default_count, 48) : f.default_count); ++i) {
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
  for (const RegionFamily& f : region_families()) expected += f.named_only ? 0 : f.default_count;
  EXPECT_EQ(static_cast<int>(suite.size()), expected);
  std::set<std::string> ids;
  for (const RegionCase& c : suite) EXPECT_TRUE(ids.insert(c.id).second) << c.id;
}

// The sparsification scenes (cases/sparsify_scene.hpp), checked from their cells alone: every
// cell is a unit cube or one of the six Kuhn tetrahedra of a unit cube, the cells of each cube
// tile it (volumes sum to 1, every inner face shared by exactly two cells), each block is
// 2 cubes high on its stated footprint, and the upper block sinks exactly 2^-10 into the lower one.
Vec3 cell_lo(const std::vector<Vec3>& cell) {
  Vec3 lo = cell.front();
  for (const Vec3& p : cell) lo = lo.cwiseMin(p);
  return lo;
}

std::vector<std::string> block_problems(const std::vector<std::vector<Vec3>>& cells, bool tets,
                                        const Vec3& lo, int cubes, const std::string& body) {
  std::vector<std::string> out;
  std::map<std::array<double, 3>, double> volume;  // 6 × the volume per cube (exact integers)
  std::map<std::array<double, 3>, std::map<std::array<double, 9>, int>> inner_faces;
  for (std::size_t k = 0; k < cells.size(); ++k) {
    const std::vector<Vec3>& c = cells[k];
    const Vec3 o = cell_lo(c);
    const std::string at = body + " cell " + std::to_string(k);
    const std::size_t want = tets ? 4 : 8;
    bool corners = c.size() == want;
    for (const Vec3& p : c) {  // a corner of the unit cube at o, all distinct
      const Vec3 d = p - o;
      for (int a = 0; a < 3; ++a) corners = corners && (d[a] == 0.0 || d[a] == 1.0);
      corners = corners && std::count(c.begin(), c.end(), p) == 1;
    }
    if (!corners) {
      out.push_back(at + ": not corners of a unit cube");
      continue;
    }
    const std::array<double, 3> cube = {o.x(), o.y(), o.z()};
    if (!tets) {
      volume[cube] += 6.0;  // eight distinct corners of the unit cube: the cube itself
      continue;
    }
    const double det = (c[1] - c[0]).cross(c[2] - c[0]).dot(c[3] - c[0]);  // exact: small ints
    if (std::abs(det) != 1.0)
      out.push_back(at + ": not a Kuhn tetrahedron (6 V = " + std::to_string(det) + ")");
    volume[cube] += std::abs(det);
    for (int skip = 0; skip < 4; ++skip) {  // faces off the cube's boundary
      std::vector<std::array<double, 3>> f;
      for (int v = 0; v < 4; ++v)
        if (v != skip) f.push_back({c[v].x() - o.x(), c[v].y() - o.y(), c[v].z() - o.z()});
      bool boundary = false;
      for (int a = 0; a < 3; ++a)
        for (double side : {0.0, 1.0})
          boundary = boundary || (f[0][a] == side && f[1][a] == side && f[2][a] == side);
      if (boundary) continue;
      std::sort(f.begin(), f.end());
      ++inner_faces[cube][{f[0][0], f[0][1], f[0][2], f[1][0], f[1][1], f[1][2], f[2][0], f[2][1],
                           f[2][2]}];
    }
  }
  for (const auto& [cube, v] : volume)
    if (v != 6.0) out.push_back(body + ": the cells of a cube fill " + std::to_string(v / 6));
  for (const auto& [cube, faces] : inner_faces)
    for (const auto& [face, count] : faces)
      if (count != 2) out.push_back(body + ": an inner face held by " + std::to_string(count));
  if (volume.size() != static_cast<std::size_t>(2 * cubes * cubes))
    out.push_back(body + ": " + std::to_string(volume.size()) + " cubes");
  for (const auto& [cube, v] : volume) {
    const Vec3 d = Vec3(cube[0], cube[1], cube[2]) - lo;
    for (int a = 0; a < 3; ++a)
      if (d[a] != std::floor(d[a]) || d[a] < 0 || d[a] >= (a == 2 ? 2 : cubes))
        out.push_back(body + ": a cube off the block's grid");
  }
  return out;
}

std::vector<std::string> scene_problems(const SparsifyScene& s) {
  const bool tets = s.cell == "tet";
  const double delta = std::ldexp(1.0, -7), sink = std::ldexp(1.0, -10);
  std::vector<std::string> out =
      block_problems(s.upper, tets, Vec3(delta, delta, -sink), s.n, "upper");
  for (std::string& p : block_problems(s.lower, tets, Vec3(0, 0, -2), s.n + 1, "lower"))
    out.push_back(std::move(p));
  double upper_bottom = 1e300, lower_top = -1e300;  // the bodies touch: overlap exactly `sink`
  for (const auto& c : s.upper)
    for (const Vec3& p : c) upper_bottom = std::min(upper_bottom, p.z());
  for (const auto& c : s.lower)
    for (const Vec3& p : c) lower_top = std::max(lower_top, p.z());
  if (lower_top - upper_bottom != sink)
    out.push_back("the blocks overlap by " + std::to_string(lower_top - upper_bottom));
  return out;
}

TEST(SparsifyScenes, CellsConvexBlocksTiledAndSunkAsBuilt) {
  for (const std::string& name : sparsify_scene_names()) {
    const SparsifyScene& s = sparsify_scene(name);
    EXPECT_TRUE(scene_problems(s).empty()) << name << ": " << scene_problems(s).front();
    EXPECT_EQ(find_region_family(name)->default_count, static_cast<int>(s.pairs.size()));
    // Each bottom cube of the upper block meets four top cubes below by its box (shifted by δ in
    // x and y); a Kuhn tetrahedron's box is its whole cube: 4 n² hexahedron pairs, 6 · 6 · 4 n².
    const int n = s.n;
    EXPECT_EQ(s.pairs.size(), static_cast<std::size_t>(s.cell == "hex" ? 4 * n * n : 144 * n * n));
  }
  const SparsifyScene& hex = sparsify_scene("sparsify-hex");
  EXPECT_EQ(hex.n, 13);
  // Every hexahedron pair overlaps in a box of positive volume (exact: dyadic bounds).
  for (const auto& [u, l] : hex.pairs) {
    const Vec3 ulo = cell_lo(hex.upper[static_cast<std::size_t>(u)]);
    const Vec3 llo = cell_lo(hex.lower[static_cast<std::size_t>(l)]);
    const Vec3 side = (ulo.cwiseMax(llo) - (ulo.cwiseMin(llo) + Vec3::Ones())).cwiseMin(0.0);
    EXPECT_GT(-side.prod(), 0.0) << u << " " << l;
  }
  // The checks can fail: a cell moved by 2^-20, a tetrahedron doubled, the block lifted.
  SparsifyScene moved = hex;
  moved.upper[5][3].x() += std::ldexp(1.0, -20);
  EXPECT_FALSE(scene_problems(moved).empty());
  SparsifyScene doubled = sparsify_scene("sparsify-tet");
  doubled.lower[7] = doubled.lower[8];
  EXPECT_FALSE(scene_problems(doubled).empty());
  SparsifyScene lifted = hex;
  for (auto& c : lifted.upper)
    for (Vec3& p : c) p.z() += std::ldexp(1.0, -10);
  EXPECT_FALSE(scene_problems(lifted).empty());
}

// Seed 001's lines 1–5 as properties of the output, order-free (dom.c defaults: threshold 0.01,
// minarea 0, mindist 1e-6), with topological adjacency computed here from the cells' lowest
// corners (hexahedra: cubes one step apart) or their vertex sets (tetrahedra: three in common):
// no kept contact would delete another kept one, and every deleted contact has a contact that
// would delete it.
using Adjacent = std::function<bool(int, int)>;
Adjacent adjacency(const std::vector<std::vector<Vec3>>& cells, bool tets) {
  return [&cells, tets](int x, int y) {
    const auto& a = cells[static_cast<std::size_t>(x)];
    const auto& b = cells[static_cast<std::size_t>(y)];
    if (!tets) return (cell_lo(a) - cell_lo(b)).cwiseAbs().sum() == 1.0;
    int common = 0;
    for (const Vec3& p : a)
      for (const Vec3& q : b) common += p == q;
    return common == 3;
  };
}

std::vector<std::string> rule_violations(const SceneContacts& sc, const std::vector<bool>& kept,
                                         const Adjacent& upper, const Adjacent& lower) {
  std::vector<std::string> out;
  auto deletes = [&](std::size_t i, std::size_t j) {  // would c_j delete c_i (lines 4–5)?
    const auto &ci = sc.raw[i], &cj = sc.raw[j];
    const bool same = ci.upper == cj.upper && ci.lower == cj.lower;
    const bool topo = !same && (ci.upper == cj.upper || upper(ci.upper, cj.upper)) &&
                      (ci.lower == cj.lower || lower(ci.lower, cj.lower));
    return (ci.area < 0.01 * cj.area && topo) || (ci.point - cj.point).norm() < 1e-6;
  };
  for (std::size_t i = 0; i < sc.raw.size(); ++i) {
    bool dominated = false;
    for (std::size_t j = 0; j < sc.raw.size(); ++j) {
      if (j == i || !deletes(i, j)) continue;
      dominated = true;
      if (kept[i] && kept[j])
        out.push_back("kept " + std::to_string(i) + " deleted by kept " + std::to_string(j));
    }
    if (!kept[i] && !dominated) out.push_back("deleted " + std::to_string(i) + " without cause");
  }
  return out;
}

TEST(SparsifyScenes, SparsifiedSetFollowsTheSeedRules) {
  for (const std::string& name : sparsify_scene_names()) {
    const SparsifyScene& s = sparsify_scene(name);
    const SceneContacts sc = scene_contacts(s);
    ASSERT_EQ(sc.kept.size(), sc.raw.size()) << name;
    EXPECT_EQ(sc.failed, 0) << name;
    const bool tets = s.cell == "tet";
    const Adjacent up = adjacency(s.upper, tets), low = adjacency(s.lower, tets);
    const auto v = rule_violations(sc, sc.kept, up, low);
    EXPECT_TRUE(v.empty()) << name << ": " << v.front();
    // The checks can fail: the first kept contact deleted; on the hexahedra, also the first
    // deleted one kept (a side sliver, deleted by its own cell's kept overlap).
    for (bool flip_kept : {true, false}) {
      if (tets && !flip_kept) continue;
      std::vector<bool> wrong = sc.kept;
      const auto at = std::find(wrong.begin(), wrong.end(), flip_kept);
      ASSERT_NE(at, wrong.end());
      *at = !flip_kept;
      EXPECT_FALSE(rule_violations(sc, wrong, up, low).empty()) << name << " " << flip_kept;
    }
  }
  // By hand, on the hexahedra (δ = 2^-7, sink d = 2^-10, areas = half the overlap box's surface):
  // each bottom cell's own overlap has area (1−δ)² + 2d(1−δ) ≈ 0.986, its side slivers
  // δ(1−δ) + d ≈ 0.0087 (< 0.01 of it, topologically adjacent: deleted), its corner sliver
  // δ² + 2δd ≈ 7.6e-5, whose lower cell is diagonal to the big one's: it is deleted by a
  // neighbouring cell's big overlap, except at the corner (n−1, n−1), whose neighbours' slivers
  // towards it were deleted first. So 4 n² = 676 contacts become n² + 1 = 170.
  const SparsifyScene& hex = sparsify_scene("sparsify-hex");
  const SceneContacts sc = scene_contacts(hex);
  ASSERT_EQ(sc.raw.size(), 676u);
  int kept = 0;
  for (std::size_t i = 0; i < sc.raw.size(); ++i) {
    if (!sc.kept[i]) continue;
    ++kept;
    const Vec3 u = cell_lo(hex.upper[static_cast<std::size_t>(sc.raw[i].upper)]);
    const Vec3 l = cell_lo(hex.lower[static_cast<std::size_t>(sc.raw[i].lower)]);
    const bool own = std::floor(u.x()) == l.x() && std::floor(u.y()) == l.y();
    const bool corner = l.x() == 13 && l.y() == 13;
    EXPECT_TRUE(own || corner) << i;
  }
  EXPECT_EQ(kept, 170);
}

}  // namespace
}  // namespace touchstone
