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

void fill_world_face(WorldFace& out, const Face& face, std::span<const Vec3> vertices,
                     const Pose& pose, double eps) {
  out.normal = (pose.rotation * face.plane.normal).normalized();
  out.origin = vertices[face.vertices[0]];
  out.offset = out.normal.dot(out.origin);
  // u along the edge from the origin to its neighbour: any in-plane direction will do.
  const Vec3 along = vertices[face.vertices[1]] - out.origin;
  out.u = (along - out.normal.dot(along) * out.normal).normalized();
  out.v = out.normal.cross(out.u);
  out.polygon.clear();
  out.box = Box{out.origin, out.origin};
  for (int v : face.vertices) {
    out.polygon.push_back(out.to_2d(vertices[v]));
    out.box.lo = out.box.lo.cwiseMin(vertices[v]), out.box.hi = out.box.hi.cwiseMax(vertices[v]);
  }
  out.box.grow(eps);
}

namespace {

// Face f of w under the pose, into w.faces[f] (reusing its polygon's storage).
void fill_face(WorldShape& w, int f, const Pose& pose, double eps) {
  fill_world_face(w.faces[f], w.shape->faces()[f], w.vertices, pose, eps);
}

void fill_edge(WorldShape& w, int e, double eps) {
  const Edge& edge = w.shape->edges()[e];
  Box b{w.vertices[edge.tail].cwiseMin(w.vertices[edge.head]),
        w.vertices[edge.tail].cwiseMax(w.vertices[edge.head])};
  b.grow(eps);
  w.edge_boxes[e] = b;
}

void fill_vertex(WorldShape& w, int v) {
  bool convex = true;
  for (int e : w.shape->vertex_edges()[v]) convex = convex && !w.shape->edges()[e].reflex;
  w.vertex_convex[v] = convex;
}

void size_world(WorldShape& w) {
  w.faces.resize(w.shape->faces().size());
  w.edge_boxes.resize(w.shape->edges().size());
  w.vertex_convex.resize(w.shape->vertices().size());
}

}  // namespace

void world_vertices(WorldShape& w, const Polytope& shape, const Pose& pose) {
  w.shape = &shape;
  w.vertices.resize(shape.vertices().size());
  w.box = Box{};
  for (std::size_t i = 0; i < shape.vertices().size(); ++i) {
    const Vec3 p = pose.apply(shape.vertices()[i]);
    if (!p.allFinite())
      throw GeometryError("vertex " + std::to_string(i) + " is not finite in world coordinates");
    w.vertices[i] = p;
    if (i == 0) w.box = Box{p, p};
    w.box.lo = w.box.lo.cwiseMin(p), w.box.hi = w.box.hi.cwiseMax(p);
  }
}

void world_faces(WorldShape& w, const Pose& pose, double eps, std::span<const int> faces) {
  size_world(w);
  for (int f : faces) {
    fill_face(w, f, pose, eps);
    for (int e : w.shape->faces()[f].edges) fill_edge(w, e, eps);
    for (int v : w.shape->faces()[f].vertices) fill_vertex(w, v);
  }
}

WorldShape to_world(const Polytope& shape, const Pose& pose, double eps) {
  WorldShape w;
  world_vertices(w, shape, pose);
  size_world(w);
  for (std::size_t f = 0; f < shape.faces().size(); ++f)
    fill_face(w, static_cast<int>(f), pose, eps);
  for (std::size_t e = 0; e < shape.edges().size(); ++e) fill_edge(w, static_cast<int>(e), eps);
  for (std::size_t v = 0; v < shape.vertices().size(); ++v) fill_vertex(w, static_cast<int>(v));
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
