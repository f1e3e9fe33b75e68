// Exact rational geometry shared by the intersection set 𝓘 (exact_regions_intersect.cpp), the
// separated distance (exact_regions_separation.cpp) and the coplanar polygon overlap
// (exact_regions_overlap.cpp). Private to those files and their tests.
//
// Every face is handled in 2D by dropping the dominant axis of its exact normal; the two remaining
// coordinates are ordered so that a polygon counter-clockwise about the face's outward normal is
// counter-clockwise in 2D. Points on the face's plane lift back exactly.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "reference/exact_regions_internal.hpp"

namespace touchstone::exact_detail {

inline QPoint operator+(const QPoint& a, const QPoint& b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
inline QPoint operator-(const QPoint& a, const QPoint& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
inline QPoint operator*(const Q& s, const QPoint& a) { return {s * a.x, s * a.y, s * a.z}; }
inline Q dot(const QPoint& a, const QPoint& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline QPoint cross(const QPoint& a, const QPoint& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline bool is_zero(const QPoint& a) { return a.x == 0 && a.y == 0 && a.z == 0; }
inline bool same_point(const QPoint& a, const QPoint& b) {
  return a.x == b.x && a.y == b.y && a.z == b.z;
}
inline const Q& coord(const QPoint& p, int axis) { return axis == 0 ? p.x : axis == 1 ? p.y : p.z; }
inline Q& coord(QPoint& p, int axis) { return axis == 0 ? p.x : axis == 1 ? p.y : p.z; }

Q to_q(const NT& x);  // exact
QPoint to_q(const XPoint& p);

struct P2 {
  Q u, v;
};
inline Q orient(const P2& a, const P2& b, const P2& c) {
  return (b.u - a.u) * (c.v - a.v) - (b.v - a.v) * (c.u - a.u);
}
inline bool same_point(const P2& a, const P2& b) { return a.u == b.u && a.v == b.v; }

// The 2D frame of a plane n·x = offset.
struct PlaneFrame {
  QPoint normal;
  Q offset;
  int axis = 2;       // dropped coordinate: the largest |normal component|
  bool swap = false;  // normal[axis] < 0: (u, v) exchanged to keep orientations
};
PlaneFrame plane_frame(const QPoint& normal, const QPoint& on_plane);
P2 project(const PlaneFrame& frame, const QPoint& p);
QPoint lift(const PlaneFrame& frame, const P2& p);  // the point of the plane above p

// 1: strictly inside the simple polygon, 0: on its boundary, -1: outside.
int locate(const std::vector<P2>& polygon, const P2& p);
// Drops repeated points and middle points of collinear triples (cyclically); a polygon that
// collapses keeps at most 2 points.
void drop_collinear(std::vector<P2>& polygon);

// Closed axis-aligned box in doubles, rounded outward from exact coordinates.
struct Box3 {
  std::array<double, 3> lo, hi;
};
Box3 empty_box();
void grow(Box3& box, const Box3& other);
inline bool overlap(const Box3& a, const Box3& b) {
  for (int i = 0; i < 3; ++i)
    if (a.hi[i] < b.lo[i] || b.hi[i] < a.lo[i]) return false;
  return true;
}

struct QFace {
  PlaneFrame frame;
  std::vector<P2> polygon;  // the face's vertices in order, counter-clockwise in 2D
  bool convex = false;
  Box3 box;
};
// An ExactSolid in rationals, with per-entity boxes.
struct QSolid {
  const ExactSolid* solid = nullptr;
  std::vector<QPoint> points;
  std::vector<Box3> vertex_boxes, edge_boxes;
  std::vector<QFace> faces;
};
QSolid make_q_solid(const ExactSolid& solid);
const Box3& entity_box(const QSolid& solid, Feature f);
// A number unique to each entity of `shape` (vertices, then edges, then faces), below entities().
std::uint64_t entity_code(const Polytope& shape, Feature f);
inline std::uint64_t entities(const Polytope& shape) {
  return shape.vertices().size() + shape.edges().size() + shape.faces().size();
}

// ---- exact_regions_intersect.cpp ----
// Candidate face pairs (face of a, face of b), sorted: CGAL::box_intersection_d over the closed
// face boxes, a's grown by `grow_a` (rounded outward) in every direction.
std::vector<std::pair<int, int>> face_box_pairs(const QSolid& a, const QSolid& b, double grow_a);

// ---- exact_regions_overlap.cpp (CGAL 2D Boolean set operations, Cartesian<Gmpq>) ----
// Connected components of the intersection of the interiors of two simple polygons, each
// counter-clockwise, as boundary polygons counter-clockwise (not yet cleaned of collinear points).
// Throws std::runtime_error if a component has a hole (impossible for simple inputs).
std::vector<std::vector<P2>> open_polygon_overlap(const std::vector<P2>& p,
                                                  const std::vector<P2>& q);

}  // namespace touchstone::exact_detail
