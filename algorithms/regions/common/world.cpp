#include "algorithms/regions/common/world.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

namespace touchstone::region_common {

Box box_of(std::span<const Vec3> points) {
  Box b;
  if (points.empty()) return b;
  b.lo = b.hi = points.front();
  for (const Vec3& p : points) b.lo = b.lo.cwiseMin(p), b.hi = b.hi.cwiseMax(p);
  return b;
}

std::vector<Vec3> WorldShape::face_points(int f) const {
  std::vector<Vec3> out;
  out.reserve(shape->faces()[f].vertices.size());
  for (int v : shape->faces()[f].vertices) out.push_back(vertices[v]);
  return out;
}

namespace {

WorldFace world_face(const Face& face, const std::vector<Vec3>& vertices, const Pose& pose,
                     double eps) {
  WorldFace w;
  w.normal = (pose.rotation * face.plane.normal).normalized();
  w.origin = vertices[face.vertices[0]];
  w.offset = w.normal.dot(w.origin);
  // u along the longest edge from the origin's neighbour: any in-plane direction will do.
  const Vec3 along = vertices[face.vertices[1]] - w.origin;
  w.u = (along - w.normal.dot(along) * w.normal).normalized();
  w.v = w.normal.cross(w.u);
  std::vector<Vec3> points;
  points.reserve(face.vertices.size());
  w.polygon.reserve(face.vertices.size());
  for (int v : face.vertices) {
    points.push_back(vertices[v]);
    w.polygon.push_back(w.to_2d(vertices[v]));
  }
  w.box = box_of(points);
  w.box.grow(eps);
  return w;
}

}  // namespace

WorldShape to_world(const Polytope& shape, const Pose& pose, double eps) {
  WorldShape w;
  w.shape = &shape;
  w.vertices.reserve(shape.vertices().size());
  w.faces.reserve(shape.faces().size());
  w.edge_boxes.reserve(shape.edges().size());
  for (std::size_t i = 0; i < shape.vertices().size(); ++i) {
    const Vec3 p = pose.apply(shape.vertices()[i]);
    if (!p.allFinite())
      throw GeometryError("vertex " + std::to_string(i) + " is not finite in world coordinates");
    w.vertices.push_back(p);
  }
  w.box = box_of(w.vertices);
  for (const Face& f : shape.faces()) w.faces.push_back(world_face(f, w.vertices, pose, eps));
  for (const Edge& e : shape.edges()) {
    Box b{w.vertices[e.tail].cwiseMin(w.vertices[e.head]),
          w.vertices[e.tail].cwiseMax(w.vertices[e.head])};  // box_of, without a vector
    b.grow(eps);
    w.edge_boxes.push_back(b);
  }
  w.vertex_convex.assign(shape.vertices().size(), true);
  for (const Edge& e : shape.edges())
    if (e.reflex) w.vertex_convex[e.tail] = w.vertex_convex[e.head] = false;
  return w;
}

double cross2(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

double segment_distance(const Vec2& p, const Vec2& a, const Vec2& b) {
  const Vec2 d = b - a;
  const double len2 = d.squaredNorm();
  const double t = len2 > 0 ? std::clamp((p - a).dot(d) / len2, 0.0, 1.0) : 0.0;
  return (a + t * d - p).norm();
}

double boundary_distance(const Vec2& p, std::span<const Vec2> polygon) {
  double best = INFINITY;
  for (std::size_t i = 0; i < polygon.size(); ++i)
    best = std::min(best, segment_distance(p, polygon[i], polygon[(i + 1) % polygon.size()]));
  return best;
}

bool inside_polygon(const Vec2& p, std::span<const Vec2> polygon) {
  bool inside = false;
  for (std::size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) {
    const Vec2& a = polygon[i];
    const Vec2& b = polygon[j];
    if ((a.y() > p.y()) != (b.y() > p.y())) {
      const double x = a.x() + (p.y() - a.y()) / (b.y() - a.y()) * (b.x() - a.x());
      if (p.x() < x) inside = !inside;
    }
  }
  return inside;
}

bool deep_inside(const Vec2& p, std::span<const Vec2> polygon, double eps) {
  return inside_polygon(p, polygon) && boundary_distance(p, polygon) > eps;
}

double face_distance(const WorldFace& face, const Vec3& p) {
  const double h = face.height(p);
  const Vec2 q = face.to_2d(p);
  if (inside_polygon(q, face.polygon)) return std::abs(h);
  const double d = boundary_distance(q, face.polygon);
  return std::sqrt(h * h + d * d);
}

// Signed solid angle of triangle (a, b, c) seen from the origin (Van Oosterom and Strackee).
static double solid_angle(const Vec3& a, const Vec3& b, const Vec3& c) {
  const double la = a.norm(), lb = b.norm(), lc = c.norm();
  const double num = a.dot(b.cross(c));
  // A triangle seen edge-on subtends no solid angle. atan2(±0, negative) would give ±π by the sign
  // of a zero, and the fan triangles of a non-convex face that overlap outside it would then add
  // up instead of cancelling (a point beside a coplanar face counted as inside).
  if (num == 0.0) return 0.0;
  const double den = la * lb * lc + a.dot(b) * lc + a.dot(c) * lb + b.dot(c) * la;
  return 2.0 * std::atan2(num, den);
}

double winding_number(const WorldShape& s, const Vec3& p) {
  double total = 0.0;
  for (const Face& f : s.shape->faces()) {
    const Vec3 a = s.vertices[f.vertices[0]] - p;
    for (std::size_t i = 1; i + 1 < f.vertices.size(); ++i)
      total += solid_angle(a, s.vertices[f.vertices[i]] - p, s.vertices[f.vertices[i + 1]] - p);
  }
  return std::abs(total) / (4.0 * std::numbers::pi);
}

double absolute_epsilon(const Polytope& a, const Pose& pose_a, const Polytope& b,
                        const Pose& pose_b, double epsilon) {
  Vec3 lo = Vec3::Constant(INFINITY), hi = Vec3::Constant(-INFINITY);
  for (const Vec3& v : a.vertices()) {
    const Vec3 p = pose_a.apply(v);
    lo = lo.cwiseMin(p), hi = hi.cwiseMax(p);
  }
  for (const Vec3& v : b.vertices()) {
    const Vec3 p = pose_b.apply(v);
    lo = lo.cwiseMin(p), hi = hi.cwiseMax(p);
  }
  return epsilon * (hi - lo).norm();
}

}  // namespace touchstone::region_common
