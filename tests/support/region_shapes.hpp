// Non-convex solids the contact-region tests build by hand: prisms over (u, v) profiles, square
// rings (genus 1), a cube with a corner notch, an L-shaped floor and wall.
#pragma once

#include <array>
#include <vector>

#include "algorithms/geometry/polytope.hpp"

namespace touchstone::test_support {

// (u, v, w) → world with an even permutation (orientation kept): w is the extrusion axis.
inline Vec3 place(double u, double v, double w, int axis) {
  if (axis == 0) return {w, u, v};
  if (axis == 1) return {v, w, u};
  return {u, v, w};
}

// The counter-clockwise (u, v) polygon `profile` extruded along `axis` from w0 to w1.
inline Polytope prism(const std::vector<std::array<double, 2>>& profile, double w0, double w1,
                      int axis) {
  const int n = static_cast<int>(profile.size());
  std::vector<Vec3> v;
  for (double w : {w0, w1})
    for (const auto& p : profile) v.push_back(place(p[0], p[1], w, axis));
  std::vector<std::vector<int>> faces(2);
  for (int i = n - 1; i >= 0; --i) faces[0].push_back(i);
  for (int i = 0; i < n; ++i) faces[1].push_back(n + i);
  for (int i = 0; i < n; ++i) faces.push_back({i, (i + 1) % n, (i + 1) % n + n, i + n});
  return Polytope::from_faces(v, faces);
}

// A square ring (genus 1): outer [u0, u1] × [v0, v1], hole (i0, i1) × (j0, j1), extruded along
// `axis` from w0 to w1. The caps have no holes: four trapezoids each (flat edges between them).
inline Polytope ring(std::array<double, 4> outer, std::array<double, 4> hole, double w0, double w1,
                     int axis) {
  const double ou[4] = {outer[0], outer[1], outer[1], outer[0]};
  const double ov[4] = {outer[2], outer[2], outer[3], outer[3]};
  const double iu[4] = {hole[0], hole[1], hole[1], hole[0]};
  const double iv[4] = {hole[2], hole[2], hole[3], hole[3]};
  std::vector<Vec3> v;  // outer bottom 0-3, inner bottom 4-7, outer top 8-11, inner top 12-15
  for (double w : {w0, w1}) {
    for (int k = 0; k < 4; ++k) v.push_back(place(ou[k], ov[k], w, axis));
    for (int k = 0; k < 4; ++k) v.push_back(place(iu[k], iv[k], w, axis));
  }
  std::vector<std::vector<int>> faces;
  for (int k = 0; k < 4; ++k) {
    const int m = (k + 1) % 4;
    faces.push_back({8 + k, 8 + m, 12 + m, 12 + k});  // top cap
    faces.push_back({4 + k, 4 + m, m, k});            // bottom cap
    faces.push_back({k, m, 8 + m, 8 + k});            // outer wall
    faces.push_back({4 + m, 4 + k, 12 + k, 12 + m});  // wall of the hole
  }
  return Polytope::from_faces(v, faces);
}

// [-2, 2]³ without the corner [0, 2]³: a concave corner at the origin where three reflex edges
// (along +x, +y, +z) and the notch faces x = 0, y = 0, z = 0 (normals +x, +y, +z) meet.
inline Polytope notched_cube() {
  const std::vector<Vec3> v{{-2, -2, -2}, {2, -2, -2}, {2, 2, -2}, {-2, 2, -2}, {-2, -2, 2},
                            {2, -2, 2},   {-2, 2, 2},  {0, 0, 0},  {2, 0, 0},   {0, 2, 0},
                            {0, 0, 2},    {2, 2, 0},   {2, 0, 2},  {0, 2, 2}};
  const std::vector<std::vector<int>> faces{
      {0, 3, 2, 1},          {0, 4, 6, 3},         {0, 1, 5, 4},
      {4, 5, 12, 10, 13, 6}, {1, 2, 11, 8, 12, 5}, {3, 6, 13, 9, 11, 2},
      {7, 9, 13, 10},        {7, 10, 12, 8},       {7, 8, 11, 9}};
  return Polytope::from_faces(v, faces);
}

// B: an L profile in (y, z) — floor z ∈ [-1, 0] for y ∈ [-1, 3], wall y ∈ [-1, 0] up to z = 3 —
// extruded along x over [-2, 2]; the reflex edge runs along x at y = z = 0. `slant` tilts the
// wall away from A (its face then runs from (0,0) to (-1,1)).
inline Polytope floor_and_wall(bool slant) {
  if (slant) return prism({{-2, -1}, {3, -1}, {3, 0}, {0, 0}, {-1, 1}, {-2, 1}}, -2, 2, 0);
  return prism({{-1, -1}, {3, -1}, {3, 0}, {0, 0}, {0, 3}, {-1, 3}}, -2, 2, 0);
}

}  // namespace touchstone::test_support
