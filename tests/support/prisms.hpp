// Prisms the region tests build by hand: a counter-clockwise polygon extruded, which gives
// non-convex solids (an L-block, a U) with explicit, possibly non-convex faces.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "algorithms/geometry/polytope.hpp"

namespace touchstone::test_support {

// The prism over a counter-clockwise polygon (a, b) for c in [c0, c1], in world coordinates
// (a, b, c) or, with `upright`, rotated by (a, b, c) → (a, −c, b) (the polygon then stands in the
// xz-plane). Faces: 0 the bottom (c = c0), 1 the top, then one side per polygon edge.
inline Polytope prism(const std::vector<Eigen::Vector2d>& polygon, double c0, double c1,
                      bool upright = false) {
  const auto world = [&](double a, double b, double c) {
    return upright ? Vec3(a, -c, b) : Vec3(a, b, c);
  };
  const int n = static_cast<int>(polygon.size());
  std::vector<Vec3> v;
  for (double c : {c0, c1})
    for (const auto& p : polygon) v.push_back(world(p.x(), p.y(), c));
  std::vector<std::vector<int>> faces(2);
  for (int i = n - 1; i >= 0; --i) faces[0].push_back(i);
  for (int i = 0; i < n; ++i) faces[1].push_back(n + i);
  for (int i = 0; i < n; ++i) faces.push_back({i, (i + 1) % n, n + (i + 1) % n, n + i});
  return Polytope::from_faces(v, faces);
}

}  // namespace touchstone::test_support
