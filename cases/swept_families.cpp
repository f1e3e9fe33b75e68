// Swept-query families built exactly (see the header).
#include "cases/swept_families.hpp"

#include <algorithm>
#include <array>
#include <cmath>
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

}  // namespace

const std::vector<std::string>& swept_family_names() {
  static const std::vector<std::string> names{
      "parallel-edges", "graze-boundary",   "contact-t0", "contact-t1",
      "resting",        "coplanar-sliding", "thin-plate"};
  return names;
}

std::vector<SweptCase> swept_family_cases(const std::vector<std::string>& families) {
  for (const auto& f : families)
    if (f != "*" && std::find(swept_family_names().begin(), swept_family_names().end(), f) ==
                        swept_family_names().end())
      throw std::invalid_argument("unknown swept family '" + f + "'");
  auto wanted = [&](const std::string& f) {
    return families.empty() || std::find(families.begin(), families.end(), "*") != families.end() ||
           std::find(families.begin(), families.end(), f) != families.end();
  };
  std::vector<SweptCase> out;
  const auto rotations = cube_rotations();
  for (const Base& b : bases()) {
    if (!wanted(b.family)) continue;
    for (std::size_t r = 0; r < rotations.size(); ++r) {
      SweptCase c;
      c.family = b.family;
      c.id = std::string(b.family) + "/" + b.variant + "/r" + std::to_string(r);
      c.source = "swept family " + std::string(b.family);
      c.query.type = b.type;
      for (int i = 0; i < 8; ++i)
        for (int k = 0; k < 3; ++k) {
          double x = 0;
          for (int j = 0; j < 3; ++j) x += rotations[r][k][j] * b.points[i][j];  // exact: ±1, 0
          c.query.points[i][k] = x;
        }
      c.exact = exact_swept_query(c.query);
      c.truth = b.collides;
      if (b.collides) c.expected_toi = b.toi;
      out.push_back(std::move(c));
    }
  }
  return out;
}

}  // namespace touchstone
