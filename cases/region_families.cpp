// Contact-region families (see region_families.hpp). Each scene is drawn in integer units in the
// frame where body B (the environment) is fixed and body A (the moving part) touches it at gap 0;
// A's pose carries the gap along the scene's gap direction (entries 0 or 1, so the translation is
// exact) and, for multi-step scenes, A's slide along an axis orthogonal to the gap direction.
#include "cases/region_families.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "cases/family_support.hpp"
#include "cases/patch_families.hpp"
#include "cases/region_shapes.hpp"
#include "cases/scalable_shapes.hpp"

namespace touchstone {
namespace {

using cases::Brep;
using cases::Level;
using cases::Polygon2;

// What the gap does to the relation.
enum class GapModel {
  external,  // gap > 0 separated, 0 touching, < 0 penetrating
  resting,   // other contacts slide along the gap direction: gap >= 0 touching, < 0 penetrating
  sliding,   // the gap moves A along every contact: touching at every gap
};

struct Scene {
  Brep a, b;                              // integer units
  Vec3 gap_direction = Vec3::UnitX();     // entries 0 or 1
  std::vector<Vec3> slide{Vec3::Zero()};  // A's offset at each step (units, ⟂ gap direction)
  std::optional<Vec3> velocity;           // A's velocity (units per step), every step
  GapModel model = GapModel::external;
  std::string contact;  // tag "contact:<what>"
  nlohmann::json params = nlohmann::json::object();
};

constexpr double kUnitsPerSize = 8.0;  // unit = size / 8, a power of two (scenes span 8-24 units)

Relation intended(GapModel model, double gap) {
  if (model == GapModel::sliding) return Relation::touching;
  if (gap < 0) return Relation::penetrating;
  if (gap == 0 || model != GapModel::external) return Relation::touching;
  return Relation::separated;
}

ShapeSpec spec(const std::string& name, const Brep& b, double unit) {
  const Brep scaled = cases::transformed(b, unit);
  return {name, scaled.vertices, scaled.faces};
}

RegionCase make_case(cases::FamilyContext& ctx, Scene scene) {
  const double size = cases::random_size(ctx.rng);
  const double unit = size / kUnitsPerSize;
  const std::array<double, 4> q = cases::exact_quaternion(ctx.rng);
  const Mat3 r = Pose::from_quaternion(q, Vec3::Zero()).rotation;
  const double gap = ctx.gap * size;
  RegionCase c;
  c.id = ctx.family + "/s" + std::to_string(ctx.seed) + "/i" + std::to_string(ctx.index);
  c.family = ctx.family;
  c.a = spec("A", scene.a, unit);
  c.b = spec("B", scene.b, unit);
  for (const Vec3& s : scene.slide) {
    if (s.cwiseProduct(scene.gap_direction) != Vec3::Zero())
      throw std::logic_error(c.id + ": slide along the gap direction is not exact");
    RegionStep step{Pose::from_quaternion(q, r * (s * unit + scene.gap_direction * gap)),
                    Pose::from_quaternion(q, Vec3::Zero()), std::nullopt, std::nullopt};
    if (scene.velocity) {
      step.velocity_a = BodyVelocity{r * (*scene.velocity * unit), Vec3::Zero()};
      step.velocity_b = BodyVelocity{};
    }
    c.steps.push_back(step);
  }
  const Relation relation = intended(scene.model, gap);
  c.expected_relation = relation;
  c.tags = {cases::gap_tag(ctx.gap), std::string(to_string(relation)) + "-intended",
            "exact-contact", "contact:" + scene.contact};
  if (c.steps.size() > 1) c.tags.push_back("steps:" + std::to_string(c.steps.size()));
  c.origin = {{"family", ctx.family},  {"seed", ctx.seed},       {"index", ctx.index},
              {"gap", ctx.gap},        {"gap_exact", gap},       {"size", size},
              {"unit", unit},          {"variant", ctx.variant}, {"rotation", q},
              {"params", scene.params}};
  return c;
}

// ---- scenes ----

// B: a floor slab with a wall on its -x end (an L in the xz plane). A: an L-block or a box
// against the wall on the floor, inside or partly past B's end in y.
Scene l_block_corner(cases::FamilyContext& ctx) {
  Scene s;
  s.b = cases::cell_solid({-6, -4, 6}, {-4, 4}, {-2, 0, 6},
                          [](int i, int, int k) { return k == 0 || i == 0; });
  const int shape = ctx.variant % 3;
  const bool past_end = (ctx.variant / 3) % 2 == 1;
  const std::vector<double> ys = past_end ? std::vector<double>{2, 6} : std::vector<double>{-2, 2};
  if (shape == 2) {
    s.a = cases::box({-4, ys[0], 0}, {0, ys[1], 2});
  } else {
    s.a = cases::cell_solid({-4, 0, 2}, ys, {0, 2, 4},
                            [&](int i, int, int k) { return k == 0 || i == (shape == 0 ? 0 : 1); });
  }
  s.gap_direction = {1, 0, 1};
  s.contact = "face-face+edge-edge";
  s.params = {{"a", shape == 0   ? "L-upright-at-wall"
                    : shape == 1 ? "L-upright-away"
                                 : "box"},
              {"past_end", past_end}};
  return s;
}

// B: three steps (treads 4 wide, risers 2 high). A: a box against a riser, a box over the top
// step's nose, or a stepped block resting on two treads and a riser.
Scene block_on_steps(cases::FamilyContext& ctx) {
  Scene s;
  s.b = cases::cell_solid({0, 4, 8, 12}, {-4, 4}, {0, 2, 4, 6},
                          [](int i, int, int k) { return k <= i; });
  const int shape = ctx.variant % 3;
  if (shape == 0) {
    s.a = cases::box({1, -2, 2}, {4, 2, 4});
    s.gap_direction = {0, 0, 1};
    s.model = GapModel::resting;  // the riser contact slides upward
    s.contact = "face-face";
  } else if (shape == 1) {
    s.a = cases::box({10, -2, 6}, {14, 2, 8});
    s.gap_direction = {0, 0, 1};
    s.contact = "face-face+edge-face";
  } else {
    s.a = cases::cell_solid({0, 4, 8}, {-2, 2}, {2, 4, 6},
                            [](int i, int, int k) { return i == 0 || k == 1; });
    s.gap_direction = {0, 0, 1};
    s.model = GapModel::resting;
    s.contact = "face-face+edge-edge";
  }
  s.params = {{"a", shape == 0 ? "box-at-riser" : shape == 1 ? "box-over-nose" : "stepped-block"}};
  return s;
}

// B: a plate with a square through-hole (genus 1) or a blind pocket. A: a square peg in a corner
// of the hole, or filling it (touching all four walls).
Scene peg_in_hole(cases::FamilyContext& ctx) {
  Scene s;
  const int shape = ctx.variant % 4;
  const bool through = shape == 0 || shape == 3;
  if (through) {
    s.b = cases::cell_solid({-6, -2, 2, 6}, {-6, -2, 2, 6}, {-2, 2},
                            [](int i, int j, int) { return !(i == 1 && j == 1); });
  } else {
    s.b = cases::cell_solid({-6, -2, 2, 6}, {-6, -2, 2, 6}, {-4, -2, 2},
                            [](int i, int j, int k) { return !(i == 1 && j == 1 && k == 1); });
  }
  const double bottom = through ? -6 : -2;
  if (shape <= 1) {
    s.a = cases::box({-2, -2, bottom}, {0, 0, 4});
    s.gap_direction = through ? Vec3(1, 1, 0) : Vec3(1, 1, 1);
    s.contact = "face-face+edge-edge";
  } else {
    s.a = cases::box({-2, -2, bottom}, {2, 2, through ? 6.0 : 4.0});
    s.gap_direction = {0, 0, 1};
    s.model = through ? GapModel::sliding : GapModel::resting;
    s.contact = "face-face";
  }
  s.params = {{"hole", through ? "through" : "blind"}, {"peg", shape <= 1 ? "corner" : "tight"}};
  return s;
}

Brep two_finger_base() {
  return cases::extrude_xz(
      {{-8, -4}, {8, -4}, {8, 0}, {5, 0}, {4, 2}, {3, 0}, {-3, 0}, {-4, 2}, {-5, 0}, {-8, 0}}, -4,
      4);
}

// Seed 000 Fig. 8: B, a base with two knife-edge fingers (ridges along y at x = ±4, height 2);
// A, a block sliding along +x on them until its trailing bottom edge lies on the left ridge (1D
// edge-on-edge); before that, two edge-on-face contacts.
Scene two_finger_support(cases::FamilyContext& ctx) {
  Scene s;
  s.b = two_finger_base();
  s.a = cases::box({-4, -2, 2}, {10, 2, 4});
  const bool halving = ctx.variant % 2 == 1;
  s.slide = halving
                ? std::vector<Vec3>{{-2, 0, 0}, {-1, 0, 0}, {-0.5, 0, 0}, {-0.25, 0, 0}, {0, 0, 0}}
                : std::vector<Vec3>{{-3, 0, 0}, {-2, 0, 0}, {-1, 0, 0}, {0, 0, 0}};
  s.velocity = Vec3(1, 0, 0);
  s.gap_direction = {0, 0, 1};
  s.contact = "edge-face+edge-edge";
  s.params = {{"steps", halving ? "halving" : "uniform"}};
  return s;
}

// B: a cube with one octant cut out (a concave corner: three reflex edges meeting at the origin).
// A: a tetrahedron with its apex in the corner (0D, three constraints), a tetrahedron with its
// apex on a reflex edge, or a cube filling the corner (three 2D regions).
Scene tetra_in_corner(cases::FamilyContext& ctx) {
  Scene s;
  s.b = cases::cell_solid({-4, 0, 4}, {-4, 0, 4}, {-4, 0, 4},
                          [](int i, int j, int k) { return !(i == 1 && j == 1 && k == 1); });
  const int shape = ctx.variant % 3;
  if (shape == 0) {
    s.a = cases::tetrahedron({0, 0, 0}, {4, 1, 1}, {1, 4, 1}, {1, 1, 4});
    s.gap_direction = {1, 1, 1};
    s.contact = "vertex-vertex";
  } else if (shape == 1) {
    s.a = cases::tetrahedron({0, 0, 2}, {3, 1, 1}, {1, 3, 3}, {3, 3, 3});
    s.gap_direction = {1, 1, 0};
    s.contact = "vertex-edge";
  } else {
    s.a = cases::box({0, 0, 0}, {2, 2, 2});
    s.gap_direction = {1, 1, 1};
    s.contact = "face-face";
  }
  s.params = {{"a", shape == 0   ? "tetra-apex-in-corner"
                    : shape == 1 ? "tetra-apex-on-edge"
                                 : "cube-in-corner"}};
  return s;
}

// Two square rings (frames, genus 1), B in the xy plane and A in the xz plane, linked: A's bar
// runs through B's hole and B's bar through A's hole, touching on both sides, on one side only,
// or with A's bar in a corner of B's hole.
Scene interlocked_rings(cases::FamilyContext& ctx) {
  Scene s;
  s.b = cases::cell_solid({-4, -2, 2, 4}, {-4, -2, 2, 4}, {-1, 1},
                          [](int i, int j, int) { return !(i == 1 && j == 1); });
  const int shape = ctx.variant % 3;
  const std::vector<double> xs =
      shape == 1 ? std::vector<double>{-2, 0, 6, 8} : std::vector<double>{-2, 0, 4, 6};
  const std::vector<double> ys =
      shape == 2 ? std::vector<double>{0, 2} : std::vector<double>{-1, 1};
  s.a = cases::cell_solid(xs, ys, {-4, -2, 2, 4},
                          [](int i, int, int k) { return !(i == 1 && k == 1); });
  s.gap_direction = {1, 0, 0};
  s.contact = shape == 2 ? "face-face+edge-edge" : "face-face";
  if (shape == 2) {
    // Away from both walls of B's hole corner: +x and -y. Mirror y so the direction stays 0/1.
    for (Vec3& v : s.a.vertices) v.y() = -v.y();
    for (Vec3& v : s.b.vertices) v.y() = -v.y();
    for (auto& f : s.a.faces) std::reverse(f.begin(), f.end());
    for (auto& f : s.b.faces) std::reverse(f.begin(), f.end());
    s.gap_direction = {1, 1, 0};
  }
  s.params = {{"contact", shape == 0 ? "both-sides" : shape == 1 ? "one-side" : "hole-corner"}};
  return s;
}

// A countersunk bolt (octagonal shank, frustum head) seated in a plate whose through-hole has a
// countersink: the head's frustum faces lie on the countersink's (2D), the head's lower rim on the
// countersink's lower rim (1D); the shank has clearance.
Scene bolt_countersunk(cases::FamilyContext& ctx) {
  Scene s;
  const Polygon2 octagon{{2, 1}, {1, 2}, {-1, 2}, {-2, 1}, {-2, -1}, {-1, -2}, {1, -2}, {2, -1}};
  s.b = cases::holed(octagon, {{-6, 6}, {2, 6}}, octagon, {{-6, 2}, {0, 2}, {2, 4}});
  const bool proud = ctx.variant % 2 == 1;
  s.a = proud ? cases::loft(octagon, {{-8, 1}, {0, 1}, {0, 2}, {2, 4}, {3, 4}})
              : cases::loft(octagon, {{-6, 1}, {0, 1}, {0, 2}, {2, 4}});
  s.gap_direction = {0, 0, 1};
  s.contact = "face-face+edge-edge";
  s.params = {{"head", proud ? "proud" : "flush"}};
  return s;
}

// Two toothed plates (straight racks of trapezoidal teeth, flanks of slope 1:2) meshed: every
// tooth of A sits in a gap of B touching both flanks (2D regions on slanted faces).
Scene gear_teeth(cases::FamilyContext& ctx) {
  Scene s;
  s.b = cases::extrude_xy({{-6, -12},
                           {0, -12},
                           {0, -11},
                           {4, -9},
                           {4, -7},
                           {0, -5},
                           {0, -3},
                           {4, -1},
                           {4, 1},
                           {0, 3},
                           {0, 5},
                           {4, 7},
                           {4, 9},
                           {0, 11},
                           {0, 12},
                           {-6, 12}},
                          -2, 2);
  const int shape = ctx.variant % 3;
  const Polygon2 two{{12, -8}, {12, 8}, {6, 8}, {2, 6}, {2, 2}, {6, 0}, {2, -2}, {2, -6}, {6, -8}};
  const Polygon2 one{{12, 0}, {12, 8}, {6, 8}, {2, 6}, {2, 2}, {6, 0}};
  s.a = cases::extrude_xy(shape == 1 ? one : two, shape == 2 ? -1 : -2, shape == 2 ? 1 : 2);
  s.gap_direction = {1, 0, 0};
  s.contact = "face-face";
  s.params = {{"a", shape == 0 ? "two-teeth" : shape == 1 ? "one-tooth" : "two-teeth-thin"}};
  return s;
}

RegionFamily scene_family(std::string name, std::string description, int count,
                          Scene (*scene)(cases::FamilyContext&)) {
  RegionFamily f;
  f.name = name;
  f.description = std::move(description);
  f.default_count = count;
  f.generate = [name, scene](std::uint64_t seed, int index) {
    cases::FamilyContext ctx(name, seed, index);
    return make_case(ctx, scene(ctx));
  };
  return f;
}

// Seed 000 §4.1 (back-face culling): A spins by ω per step about the contact normal and slides
// inside the touching face (touching at every step) or approaches B along the normal (touching at
// the last step), 5 steps with the motion's velocities (cases/scalable_shapes.hpp); variant
// v = index / 11 gives ω = 5 × (v % 6) degrees, the pair: UV spheres for even v / 6, racks for
// odd, the motion: slide for even v / 12, approach for odd, and the size: about 24 faces for even
// v / 24 (8 × 3 spheres, 3-tooth racks), about 264 for odd (24 × 11, 33 teeth). The gap moves
// A along the contact normal (exact: the contact plane is coordinate 0 and the spin keeps that
// coordinate); no scene rotation (it would make the spin inexact).
RegionFamily coherent_motion_family() {
  RegionFamily f;
  f.name = "coherent-motion";
  f.description =
      "seed 000 §4.1: a sphere or rack pair (24 or 264 faces) spinning 0-25° per step about the "
      "contact normal, sliding face on face or approaching until touching (5 steps, velocities)";
  f.default_count = 24;
  f.generate = [name = f.name](std::uint64_t seed, int index) {
    cases::FamilyContext ctx(name, seed, index);
    const double omega = 5.0 * (ctx.variant % 6);
    const auto kind =
        (ctx.variant / 6) % 2 == 0 ? cases::PairKind::convex : cases::PairKind::nonconvex;
    const auto motion =
        (ctx.variant / 12) % 2 == 0 ? cases::Motion::slide : cases::Motion::approach;
    const int faces = (ctx.variant / 24) % 2 == 0 ? 24 : 264;
    const double size = kind == cases::PairKind::convex ? 2.0 : 8.0;
    RegionCase c = cases::coherent_motion_case(kind, motion, faces, omega, 5, ctx.gap * size);
    c.id = ctx.family + "/s" + std::to_string(ctx.seed) + "/i" + std::to_string(ctx.index);
    const Relation relation = intended(GapModel::external, ctx.gap);
    c.expected_relation = relation;
    c.tags = {cases::gap_tag(ctx.gap),
              std::string(to_string(relation)) + "-intended",
              "exact-contact",
              "contact:face-face",
              "steps:5",
              "pair:" + std::string(to_string(kind))};
    c.origin.update(nlohmann::json{{"family", ctx.family},
                                   {"seed", ctx.seed},
                                   {"index", ctx.index},
                                   {"gap", ctx.gap},
                                   {"variant", ctx.variant}});
    return c;
  };
  return f;
}

RegionFamily proximity_family(const std::string& name, int count) {
  const CaseFamily* source = find_case_family(name);
  if (!source) throw std::logic_error("no proximity family " + name);
  RegionFamily f;
  f.name = name;
  f.description = source->description + " (as contact regions: 2D regions)";
  f.default_count = count;
  f.generate = [source](std::uint64_t seed, int index) {
    return region_case_from_proximity(source->generate(seed, index));
  };
  return f;
}

std::vector<RegionFamily> make_families() {
  std::vector<RegionFamily> f;
  f.push_back(scene_family("l-block-corner", "an L-block or box on a floor against a wall", 33,
                           l_block_corner));
  f.push_back(scene_family("block-on-steps",
                           "a box or stepped block on stairs: treads, risers, a step's nose", 33,
                           block_on_steps));
  f.push_back(scene_family("peg-in-hole",
                           "a square peg in a through-hole or pocket, against its walls", 44,
                           peg_in_hole));
  f.push_back(scene_family("two-finger-support",
                           "seed 000 Fig. 8: a block sliding over two knife-edge fingers until "
                           "its edge meets one (multi-step, 1D edge-on-edge)",
                           22, two_finger_support));
  f.push_back(scene_family("tetra-in-corner",
                           "a tetrahedron's apex in a concave corner (0D, three constraints)", 33,
                           tetra_in_corner));
  f.push_back(scene_family("interlocked-rings", "two linked square rings (genus 1) touching", 33,
                           interlocked_rings));
  f.push_back(scene_family("bolt-countersunk",
                           "a countersunk bolt seated in its hole (frustum faces)", 22,
                           bolt_countersunk));
  f.push_back(
      scene_family("gear-teeth", "two toothed plates meshed flank to flank", 33, gear_teeth));
  f.push_back(coherent_motion_family());
  for (const char* name : {"face-face-partial", "face-face-contained", "face-face-identical"})
    f.push_back(proximity_family(name, 11));
  for (RegionFamily& p : patch_families()) f.push_back(std::move(p));  // seed 001
  return f;
}

}  // namespace

RegionCase region_case_from_proximity(const ProximityCase& c) {
  RegionCase r;
  r.id = c.id;
  r.family = c.family;
  r.tags = c.tags;
  r.a = c.a;
  r.b = c.b;
  r.steps.push_back({c.pose_a, c.pose_b, std::nullopt, std::nullopt});
  r.expected_relation = c.expected_relation;
  r.origin = c.origin;
  return r;
}

RegionCase figure8_case() {
  RegionCase c;
  c.id = "figure-8";
  c.family = "two-finger-support";
  const Brep a = cases::box({-4, -2, 2}, {10, 2, 4});
  const Brep b = two_finger_base();
  c.a = {"block", a.vertices, a.faces};
  c.b = {"support", b.vertices, b.faces};
  const BodyVelocity v{Vec3(1, 0, 0), Vec3::Zero()};
  for (double x : {-1.0, 0.0})
    c.steps.push_back(
        {Pose::from_quaternion({1, 0, 0, 0}, Vec3(x, 0, 0)), Pose::identity(), v, BodyVelocity{}});
  c.expected_relation = Relation::touching;
  c.tags = {"exact-contact", "contact:edge-face+edge-edge", "steps:2"};
  c.origin = {{"family", c.family}, {"figure", "seed 000 Fig. 8"}};
  return c;
}

const std::vector<RegionFamily>& region_families() {
  static const std::vector<RegionFamily> families = make_families();
  return families;
}

const RegionFamily* find_region_family(const std::string& name) {
  return cases::find_named(region_families(), name);
}

std::vector<const RegionFamily*> match_region_families(const std::string& pattern) {
  return cases::match_named(region_families(), pattern);
}

std::vector<RegionCase> default_region_suite(std::uint64_t seed) {
  std::vector<RegionCase> out;
  for (const RegionFamily& f : region_families())
    for (int i = 0; i < (f.named_only ? 0 : f.default_count); ++i)
      out.push_back(f.generate(seed, i));
  return out;
}

}  // namespace touchstone
