// regions-bsp: the convex pieces the tree cuts (points, segments, convex polygons) and the small
// geometry on them.
#pragma once

#include <array>
#include <utility>
#include <vector>

#include "algorithms/geometry/polytope.hpp"

namespace touchstone::bsp {

// One triangle of a face (ear clipping, regions/peers/mesh.hpp: non-convex faces are covered
// exactly once, collinear corners dropped).
struct FaceTriangle {
  int face = -1;
  std::array<int, 3> corners{};
};

// Every face's triangles, each with its face. Throws GeometryError when a triangle cannot be
// matched to the face it came from.
std::vector<FaceTriangle> face_triangles(const Polytope& shape);

// The parts of a convex polygon (≥ 3 vertices) or segment (2) in front of and behind `plane`;
// vertices within `tol` of it count as on and go to both sides, a crossing edge is cut at h = 0.
std::pair<std::vector<Vec3>, std::vector<Vec3>> split_polygon(const std::vector<Vec3>& piece,
                                                              const Plane& plane, double tol);

// Distance from p to a closed convex polygon (≥ 3 vertices), a segment (2) or a point (1).
double polygon_distance(const Vec3& p, const std::vector<Vec3>& polygon);

// Distance between a segment and a closed convex polygon, segment or point.
double segment_polygon_distance(const Vec3& p0, const Vec3& p1, const std::vector<Vec3>& polygon);

}  // namespace touchstone::bsp
