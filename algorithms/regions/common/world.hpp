// Contact regions, shared by the region algorithms (first written for regions-allpairs): one shape
// in world coordinates (vertices, face planes and 2D frames, ε-grown bounding boxes) and the
// floating-point predicates on it.
#pragma once

#include <Eigen/Core>
#include <span>
#include <vector>

#include "algorithms/geometry/polytope.hpp"

namespace touchstone::region_common {

using Vec2 = Eigen::Vector2d;

struct Box {
  Vec3 lo = Vec3::Constant(0), hi = Vec3::Constant(0);
  bool overlaps(const Box& o) const {
    return (lo.array() <= o.hi.array()).all() && (o.lo.array() <= hi.array()).all();
  }
  void grow(double by) { lo.array() -= by, hi.array() += by; }
};
Box box_of(std::span<const Vec3> points);

struct WorldFace {
  Vec3 normal = Vec3::Zero();                                      // unit, outward
  double offset = 0.0;                                             // normal · x = offset
  Vec3 origin = Vec3::Zero(), u = Vec3::Zero(), v = Vec3::Zero();  // u × v = normal
  std::vector<Vec2> polygon;  // the face in (u, v) coordinates, counter-clockwise
  Box box;                    // grown by ε
  Vec2 to_2d(const Vec3& p) const { return {(p - origin).dot(u), (p - origin).dot(v)}; }
  Vec3 to_3d(const Vec2& q) const { return origin + q.x() * u + q.y() * v; }
  double height(const Vec3& p) const { return normal.dot(p) - offset; }
};

struct WorldShape {
  const Polytope* shape = nullptr;
  std::vector<Vec3> vertices;
  std::vector<WorldFace> faces;
  std::vector<Box> edge_boxes;      // grown by ε
  std::vector<bool> vertex_convex;  // no incident reflex edge
  Box box;                          // not grown
  const Vec3& tail(int e) const { return vertices[shape->edges()[e].tail]; }
  const Vec3& head(int e) const { return vertices[shape->edges()[e].head]; }
  // Face vertices in world coordinates.
  std::vector<Vec3> face_points(int f) const;
};

// ε = epsilon × the diagonal of the world bounding box of A ∪ B under their poses (the
// absolute tolerance of a relative epsilon).
double absolute_epsilon(const Polytope& a, const Pose& pose_a, const Polytope& b,
                        const Pose& pose_b, double epsilon);

// Throws GeometryError when a vertex is not finite after the pose is applied.
WorldShape to_world(const Polytope& shape, const Pose& pose, double eps);

// One face under the pose (`vertices`: the shape's world vertices), into `out` (its polygon's
// storage reused).
void fill_world_face(WorldFace& out, const Face& face, std::span<const Vec3> vertices,
                     const Pose& pose, double eps);

// The same in two steps, for algorithms that touch few faces of a large shape and reuse `w`
// across queries: every vertex (and the box) under the pose, then only the listed faces with their
// edges' boxes and their vertices' convexity. The other faces, edges and vertices keep what they
// held (the caller must not read them).
void world_vertices(WorldShape& w, const Polytope& shape, const Pose& pose);
void world_faces(WorldShape& w, const Pose& pose, double eps, std::span<const int> faces);

// 2D polygon helpers (counter-clockwise simple polygons).
double cross2(const Vec2& a, const Vec2& b);
double segment_distance(const Vec2& p, const Vec2& a, const Vec2& b);
double boundary_distance(const Vec2& p, std::span<const Vec2> polygon);
bool inside_polygon(const Vec2& p, std::span<const Vec2> polygon);  // crossing number
// Inside the open polygon and farther than eps from its boundary.
bool deep_inside(const Vec2& p, std::span<const Vec2> polygon, double eps);

// Distance from p to the closed face.
double face_distance(const WorldFace& face, const Vec3& p);
// Winding number of the closed surface around p (about 1 inside, 0 outside; p off the surface).
double winding_number(const WorldShape& s, const Vec3& p);

}  // namespace touchstone::region_common
