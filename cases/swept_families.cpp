// Swept-query families built exactly (see the header).
#include "cases/swept_families.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <stdexcept>

namespace touchstone {

namespace {

using Eigen::Vector3d;
using P = std::array<double, 3>;

struct Base {
  const char* family;
  const char* variant;
  SweptType type;
  std::array<P, 8> points;  // rows 0-3 at t = 0, 4-7 at t = 1
  bool collides;
  double toi;  // exact earliest contact when collides
};

constexpr double kE30 = 0x1p-30;  // just outside / inside
constexpr double kE40 = 0x1p-40;
constexpr auto VF = SweptType::vertex_face;
constexpr auto EE = SweptType::edge_edge;

// A triangle (0,0,0), (2,0,0), (0,2,0) at rest; the vertex moves from v0 to v1.
Base vf_static(const char* f, const char* var, P v0, P v1, bool hit, double toi) {
  return {f,   var,
          VF,  {v0, P{0, 0, 0}, P{2, 0, 0}, P{0, 2, 0}, v1, P{0, 0, 0}, P{2, 0, 0}, P{0, 2, 0}},
          hit, toi};
}
// Edge a moves from (a0, a1) to (a0', a1'); edge b rests at (b0, b1).
Base ee_static(const char* f, const char* var, P a0, P a1, P a0e, P a1e, P b0, P b1, bool hit,
               double toi) {
  return {f, var, EE, {a0, a1, b0, b1, a0e, a1e, b0, b1}, hit, toi};
}

std::vector<Base> bases() {
  std::vector<Base> b;
  // Edges parallel through the step (edge a along x, falling from z = 1 to z = -1).
  b.push_back(ee_static("parallel-edges", "collinear-overlap", {0, 0, 1}, {2, 0, 1}, {0, 0, -1},
                        {2, 0, -1}, {1, 0, 0}, {3, 0, 0}, true, 0.5));
  b.push_back(ee_static("parallel-edges", "end-to-end", {0, 0, 1}, {2, 0, 1}, {0, 0, -1},
                        {2, 0, -1}, {2, 0, 0}, {4, 0, 0}, true, 0.5));
  b.push_back(ee_static("parallel-edges", "collinear-gap", {0, 0, 1}, {2, 0, 1}, {0, 0, -1},
                        {2, 0, -1}, {2 + kE30, 0, 0}, {4, 0, 0}, false, 0));
  b.push_back(ee_static("parallel-edges", "offset", {0, 0, 1}, {2, 0, 1}, {0, 0, -1}, {2, 0, -1},
                        {1, kE30, 0}, {3, kE30, 0}, false, 0));
  b.push_back(ee_static("parallel-edges", "sliding-along", {-4, 0, 0}, {-2, 0, 0}, {0, 0, 0},
                        {2, 0, 0}, {-1, 0, 0}, {1, 0, 0}, true, 0.25));
  // A vertex through a face's boundary.
  b.push_back(vf_static("graze-boundary", "edge", {1, 1, 1}, {1, 1, -1}, true, 0.5));
  b.push_back(vf_static("graze-boundary", "corner", {0, 0, 1}, {0, 0, -1}, true, 0.5));
  b.push_back(
      vf_static("graze-boundary", "edge-outside", {1, 1 + kE30, 1}, {1, 1 + kE30, -1}, false, 0));
  b.push_back(
      vf_static("graze-boundary", "edge-inside", {1, 1 - kE30, 1}, {1, 1 - kE30, -1}, true, 0.5));
  b.push_back(
      vf_static("graze-boundary", "corner-outside", {-kE30, 0, 1}, {-kE30, 0, -1}, false, 0));
  b.push_back(ee_static("graze-boundary", "edge-endpoint", {1, -1, 1}, {1, 1, 1}, {1, -1, -1},
                        {1, 1, -1}, {1, 0, 0}, {3, 0, 0}, true, 0.5));
  b.push_back(ee_static("graze-boundary", "edge-endpoint-miss", {1 - kE30, -1, 1}, {1 - kE30, 1, 1},
                        {1 - kE30, -1, -1}, {1 - kE30, 1, -1}, {1, 0, 0}, {3, 0, 0}, false, 0));
  // Contact exactly at t = 0 or t = 1.
  b.push_back(vf_static("contact-t0", "vertex-face", {0.5, 0.5, 0}, {0.5, 0.5, 1}, true, 0));
  b.push_back(ee_static("contact-t0", "edge-edge", {1, -1, 0}, {1, 1, 0}, {1, -1, 1}, {1, 1, 1},
                        {0, 0, 0}, {2, 0, 0}, true, 0));
  b.push_back(vf_static("contact-t1", "vertex-face", {0.5, 0.5, 1}, {0.5, 0.5, 0}, true, 1));
  b.push_back(
      vf_static("contact-t1", "vertex-face-miss", {0.5, 0.5, 1}, {0.5, 0.5, kE40}, false, 0));
  b.push_back(ee_static("contact-t1", "edge-edge", {1, -1, 1}, {1, 1, 1}, {1, -1, 0}, {1, 1, 0},
                        {0, 0, 0}, {2, 0, 0}, true, 1));
  b.push_back(ee_static("contact-t1", "edge-edge-miss", {1, -1, 1}, {1, 1, 1}, {1, -1, kE40},
                        {1, 1, kE40}, {0, 0, 0}, {2, 0, 0}, false, 0));
  // Distance 0 throughout.
  b.push_back(vf_static("resting", "vertex-on-face", {0.5, 0.5, 0}, {0.25, 0.75, 0}, true, 0));
  b.push_back(ee_static("resting", "crossing-edges", {1, -1, 0}, {1, 1, 0}, {1.5, -1, 0},
                        {1.5, 1, 0}, {0, 0, 0}, {2, 0, 0}, true, 0));
  b.push_back({"resting",
               "moving-together",
               VF,
               {P{0.5, 0.5, 0}, P{0, 0, 0}, P{2, 0, 0}, P{0, 2, 0}, P{8.5, 0.5, 4}, P{8, 0, 4},
                P{10, 0, 4}, P{8, 2, 4}},
               true,
               0});
  // Coplanar throughout, sliding into contact.
  b.push_back(vf_static("coplanar-sliding", "vertex-enters", {3, 3, 0}, {0.5, 0.5, 0}, true, 0.8));
  b.push_back(vf_static("coplanar-sliding", "vertex-passes-by", {3, -1, 0}, {-1, -1, 0}, false, 0));
  b.push_back(ee_static("coplanar-sliding", "edges-meet", {4, -1, 0}, {4, 1, 0}, {0, -1, 0},
                        {0, 1, 0}, {0, 0, 0}, {2, 0, 0}, true, 0.5));
  b.push_back(ee_static("coplanar-sliding", "edges-miss", {4, 1, 0}, {4, 2, 0}, {0, 1, 0},
                        {0, 2, 0}, {0, 0, 0}, {2, 0, 0}, false, 0));
  // A thin plate passed at high speed.
  b.push_back(
      vf_static("thin-plate", "vertex-through", {0.5, 0.25, 1000}, {0.5, 0.25, -1000}, true, 0.5));
  b.push_back({"thin-plate",
               "plate-through-vertex",
               VF,
               {P{0.5, 0.25, 0}, P{0, 0, -1500}, P{2, 0, -1500}, P{0, 2, -1500}, P{0.5, 0.25, 0},
                P{0, 0, 500}, P{2, 0, 500}, P{0, 2, 500}},
               true,
               0.75});
  b.push_back(ee_static("thin-plate", "edge-through", {1, -1, 1000}, {1, 1, 1000}, {1, -1, -1000},
                        {1, 1, -1000}, {0, 0, 0}, {2, 0, 0}, true, 0.5));
  b.push_back(vf_static("thin-plate", "vertex-misses", {2, 2, 1000}, {2, 2, -1000}, false, 0));
  return b;
}

// The 24 rotations of the cube: signed permutation matrices with determinant +1.
std::vector<std::array<std::array<int, 3>, 3>> cube_rotations() {
  std::vector<std::array<std::array<int, 3>, 3>> out;
  const int perms[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
  for (int p = 0; p < 6; ++p)
    for (int s = 0; s < 8; ++s) {
      const int sign[3] = {s & 1 ? -1 : 1, s & 2 ? -1 : 1, s & 4 ? -1 : 1};
      const int parity = p < 3 ? 1 : -1;
      if (parity * sign[0] * sign[1] * sign[2] != 1) continue;
      std::array<std::array<int, 3>, 3> m{};
      for (int r = 0; r < 3; ++r) m[r][perms[p][r]] = sign[r];
      out.push_back(m);
    }
  return out;
}

// Whole solids (issue 30 item 4): two translating boxes as triangle meshes, dyadic throughout.
struct SolidBase {
  const char* family;
  const char* variant;
  P a_lo, a_hi, a_start, a_end;  // body a: the box [a_lo, a_hi], translated from a_start to a_end
  P b_lo, b_hi, b_start, b_end;
  bool collides;
  double toi;
  P a_rotation{0, 0, 0};  // body a's rotation vector (docs/swept.md), about its own origin
  bool toi_known = true;  // false: the earliest time is algebraic, left to the reference
};

// Rotation over the step (docs/swept.md's Cayley model): body a turns about its own origin by
// 2 atan(|a|): 1e-8 rad (|a| = 5e-9), or 90° (|a| = 1) and 53.1° (|a| = 1/2). Rotating about the
// plate's normal keeps every height, so the plate-spin and resting-spin answers are the
// translation's; the others' times are algebraic (only collides is constructed, with margins
// far beyond the rounding of a's double).
std::vector<SolidBase> rotation_bases() {
  const P o{0, 0, 0};
  const P cube_lo{-0.5, -0.5, -0.5}, cube_hi{0.5, 0.5, 0.5};
  const P bar_lo{-2, -0.125, -0.125}, bar_hi{2, 0.125, 0.125};  // long along x
  const P plate_lo{-4, -4, -1}, plate_hi{4, 4, 0};
  const P spin_lo{-0.5, -0.5, 0}, spin_hi{0.5, 0.5, 1};
  std::vector<SolidBase> out;
  for (const bool tiny : {true, false}) {
    const char* family = tiny ? "solids-rotate-tiny" : "solids-rotate";
    const double h = tiny ? 5e-9 : 1.0;  // 2 atan(h): 1e-8 rad, or 90°
    auto add = [&](const char* variant, P a_lo, P a_hi, P a_s, P a_e, P a_rot, P b_lo, P b_hi,
                   bool collides, double toi, bool known) {
      out.push_back(
          {family, variant, a_lo, a_hi, a_s, a_e, b_lo, b_hi, o, o, collides, toi, a_rot, known});
    };
    // A cube falling through a plate 2^-10 thick at 2048 a step, spinning about the normal.
    add("plate-spin", spin_lo, spin_hi, {0, 0, 1024}, {0, 0, -1024}, {0, 0, h}, {-2, -2, -0x1p-10},
        {2, 2, 0}, true, 0.5, true);
    // A cube spinning on top of another: distance 0 throughout.
    add("resting-spin", spin_lo, spin_hi, o, o, {0, 0, h}, plate_lo, plate_hi, true, 0, true);
    if (tiny) {
      // The cube's edge at (1/2, −1/2) turns outwards by ~5e-9: hits a face 2^-30 away, not 2^-26.
      add("corner-hit", cube_lo, cube_hi, o, o, {0, 0, h}, {0.5 + kE30, -1, -0.5}, {1.5, 0, 0.5},
          true, 0, false);
      add("corner-miss", cube_lo, cube_hi, o, o, {0, 0, h}, {0.5 + 0x1p-26, -1, -0.5},
          {1.5, 0, 0.5}, false, 0, false);
      // The bar's tip (x = 2) dips by ~2e-8 onto the plate below: 2^-30 away, and 2^-24.
      add("bar-tips", bar_lo, bar_hi, {0, 0, 0.125 + kE30}, {0, 0, 0.125 + kE30}, {0, h, 0},
          plate_lo, plate_hi, true, 0, false);
      add("bar-tips-miss", bar_lo, bar_hi, {0, 0, 0.125 + 0x1p-24}, {0, 0, 0.125 + 0x1p-24},
          {0, h, 0}, plate_lo, plate_hi, false, 0, false);
    } else {
      // The bar sweeps a quarter turn about z: a cube at radius ~1.52 on the 45° ray is hit
      // (vertices interpolated linearly reach only ~1.42 there), one at ~2.09 is not.
      add("bar-sweep-hit", bar_lo, bar_hi, o, o, {0, 0, h}, {1.075, 1.075, -0.125},
          {1.325, 1.325, 0.125}, true, 0, false);
      add("bar-sweep-miss", bar_lo, bar_hi, o, o, {0, 0, h}, {1.475, 1.475, -0.125},
          {1.725, 1.725, 0.125}, false, 0, false);
      // A cube's edge at −45° swings out to x = √2/2 and back to 1/2 over the quarter turn:
      // through a wall at x = 5/8 that it clears at both ends.
      add("corner-through-wall", cube_lo, cube_hi, o, o, {0, 0, h}, {0.625, -2, -2}, {2, 2, 2},
          true, 0, false);
      // The bar tilts by up to 53° about y (|a| = 1/2) above the plate: its tip lands.
      add("bar-tips", bar_lo, bar_hi, {0, 0, 0.5}, {0, 0, 0.5}, {0, 0.5, 0}, plate_lo, plate_hi,
          true, 0, false);
    }
  }
  return out;
}

std::vector<SolidBase> solid_bases() {
  const P o{0, 0, 0}, one{1, 1, 1};
  return {
      // A unit cube through a plate 2^-10 thick at 2048 per step; beside it by 2^-30; both moving.
      {"solids-thin-plate",
       "cube-through",
       o,
       one,
       {0, 0, 1024},
       {0, 0, -1024},
       {-1, -1, -0x1p-10},
       {2, 2, 0},
       o,
       o,
       true,
       0.5},
      {"solids-thin-plate",
       "cube-beside",
       {2 + kE30, 0, 0},
       {3 + kE30, 1, 1},
       {0, 0, 1024},
       {0, 0, -1024},
       {-1, -1, -0x1p-10},
       {2, 2, 0},
       o,
       o,
       false,
       0},
      {"solids-thin-plate",
       "plate-onto-cube",
       {-1, -1, 0},
       {2, 2, 0x1p-10},
       {0, 0, 1024},
       {0, 0, -1024},
       o,
       one,
       o,
       o,
       true,
       1023.0 / 2048},
      {"solids-thin-plate",
       "plate-rising",
       o,
       one,
       {0, 0, 1024},
       {0, 0, -1024},
       {-1, -1, -0x1p-10},
       {2, 2, 0},
       {0, 0, -512},
       {0, 0, 512},
       true,
       0.5},
      // A box falling and sliding onto another: face on face, then onto its edge only.
      {"solids-slide-onto",
       "face-on-face",
       o,
       one,
       {-2, 0, 1},
       {2, 0, -1},
       {-1, -1, -1},
       {2, 2, 0},
       o,
       o,
       true,
       0.5},
      {"solids-slide-onto",
       "onto-edge",
       o,
       one,
       {1.5, 0, 1},
       {2.5, 0, -1},
       {-1, -1, -1},
       {2, 2, 0},
       o,
       o,
       true,
       0.5},
      {"solids-slide-onto",
       "past-edge",
       o,
       one,
       {1.5 + kE30, 0, 1},
       {2.5 + kE30, 0, -1},
       {-1, -1, -1},
       {2, 2, 0},
       o,
       o,
       false,
       0},
      // A cube passing another: faces grazing, edges grazing, a miss by 2^-30.
      {"solids-graze", "faces", o, one, {-4, 1, 0}, {4, 1, 0}, o, one, o, o, true, 0.375},
      {"solids-graze", "edges", o, one, {-4, 1, 1}, {4, 1, 1}, o, one, o, o, true, 0.375},
      {"solids-graze", "miss", o, one, {-4, 1 + kE30, 0}, {4, 1 + kE30, 0}, o, one, o, o, false, 0},
      // Distance 0 throughout: sliding on top of another, and still.
      {"solids-resting", "sliding", o, one, o, {1, 1, 0}, {0, 0, -1}, {2, 2, 0}, o, o, true, 0},
      {"solids-resting",
       "still",
       o,
       one,
       {0.5, 0.5, 0},
       {0.5, 0.5, 0},
       {0, 0, -1},
       {2, 2, 0},
       o,
       o,
       true,
       0},
  };
}

// The box [lo, hi] as 8 vertices and 12 triangles (outward), translated from `s` to `e`.
SweptBody box_body(const P& lo, const P& hi, const P& s, const P& e) {
  SweptBody b;
  for (int i = 0; i < 8; ++i)
    b.vertices.emplace_back(i & 1 ? hi[0] : lo[0], i & 2 ? hi[1] : lo[1], i & 4 ? hi[2] : lo[2]);
  b.triangles = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6}, {0, 1, 4}, {1, 5, 4},
                 {2, 6, 3}, {3, 6, 7}, {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
  b.start = Vector3d(s[0], s[1], s[2]);
  b.end = Vector3d(e[0], e[1], e[2]);
  return b;
}

}  // namespace

const std::vector<std::string>& swept_family_names() {
  static const std::vector<std::string> names{
      "parallel-edges", "graze-boundary",   "contact-t0", "contact-t1",
      "resting",        "coplanar-sliding", "thin-plate"};
  return names;
}

const std::vector<std::string>& swept_solid_family_names() {
  static const std::vector<std::string> names{"solids-thin-plate",  "solids-slide-onto",
                                              "solids-graze",       "solids-resting",
                                              "solids-rotate-tiny", "solids-rotate"};
  return names;
}

std::vector<SweptCase> swept_family_cases(const std::vector<std::string>& families) {
  auto known = [](const std::vector<std::string>& names, const std::string& f) {
    return std::find(names.begin(), names.end(), f) != names.end();
  };
  for (const auto& f : families)
    if (f != "*" && f != "solids" && !known(swept_family_names(), f) &&
        !known(swept_solid_family_names(), f))
      throw std::invalid_argument("unknown swept family '" + f + "'");
  auto wanted = [&](const std::string& f) {
    const bool solid = f.rfind("solids-", 0) == 0;
    return (families.empty() && !solid) || known(families, f) ||
           (solid ? known(families, "solids") : known(families, "*"));
  };
  std::vector<SweptCase> out;
  const auto rotations = cube_rotations();
  auto turn = [&](std::size_t r, const auto& p) {
    Vector3d x;
    for (int k = 0; k < 3; ++k) {
      x[k] = 0;
      for (int j = 0; j < 3; ++j) x[k] += rotations[r][k][j] * p[j];  // exact: ±1, 0
    }
    return x;
  };
  for (const Base& b : bases()) {
    if (!wanted(b.family)) continue;
    for (std::size_t r = 0; r < rotations.size(); ++r) {
      SweptCase c;
      c.family = b.family;
      c.id = std::string(b.family) + "/" + b.variant + "/r" + std::to_string(r);
      c.source = "swept family " + std::string(b.family);
      c.query.type = b.type;
      for (int i = 0; i < 8; ++i) c.query.points[i] = turn(r, b.points[i]);
      c.exact = exact_swept_query(c.query);
      c.truth = b.collides;
      if (b.collides) c.expected_toi = b.toi;
      out.push_back(std::move(c));
    }
  }
  auto solids = solid_bases();
  for (const SolidBase& b : rotation_bases()) solids.push_back(b);
  for (const SolidBase& b : solids) {
    if (!wanted(b.family)) continue;
    for (std::size_t r = 0; r < rotations.size(); ++r) {
      auto s = std::make_shared<SweptSolidsCase>();
      s->query.a = box_body(b.a_lo, b.a_hi, b.a_start, b.a_end);
      s->query.b = box_body(b.b_lo, b.b_hi, b.b_start, b.b_end);
      for (SweptBody* body : {&s->query.a, &s->query.b}) {
        for (auto& v : body->vertices) v = turn(r, v);
        body->start = turn(r, body->start);
        body->end = turn(r, body->end);
      }
      s->query.a.rotation = turn(r, b.a_rotation);
      s->exact = exact_swept_solids_query(s->query);
      SweptCase c;
      c.family = b.family;
      c.id = std::string(b.family) + "/" + b.variant + "/r" + std::to_string(r);
      c.source = "swept family " + std::string(b.family);
      c.solids = std::move(s);
      c.truth = b.collides;
      if (b.collides && b.toi_known) c.expected_toi = b.toi;
      out.push_back(std::move(c));
    }
  }
  return out;
}

}  // namespace touchstone
