// A B-rep under its pose in exact arithmetic (exact_regions_internal.hpp) and the rational 2D
// helpers of the contact-region reference (exact_regions_geometry.hpp). GMP only, no CGAL
// package.
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "reference/exact_regions_geometry.hpp"

namespace touchstone::exact_detail {

ExactSolid make_exact_solid(const Polytope& shape, const Pose& pose, const char* name) {
  ExactSolid solid;
  solid.shape = &shape;
  solid.points = exact_world_points(shape.vertices(), pose, name);
  solid.face_normals.reserve(shape.faces().size());
  for (std::size_t k = 0; k < shape.faces().size(); ++k) {
    const std::vector<int>& ids = shape.faces()[k].vertices;
    const XPoint& origin = solid.points[ids[0]];
    // Newell's normal: the sum of the cross products of consecutive corners (taken relative to
    // the first corner, which leaves the sum unchanged), twice the area vector of the polygon.
    XPoint normal{NT(0), NT(0), NT(0)};
    for (std::size_t i = 1; i + 1 < ids.size(); ++i) {
      const XPoint c = cross(solid.points[ids[i]] - origin, solid.points[ids[i + 1]] - origin);
      normal = {normal.x + c.x, normal.y + c.y, normal.z + c.z};
    }
    bool planar = !is_zero(normal);
    for (std::size_t i = 1; planar && i < ids.size(); ++i)
      planar = dot(normal, solid.points[ids[i]] - origin).is_zero();
    if (!planar)
      throw std::runtime_error(std::string(name) + ": faces[" + std::to_string(k) +
                               "] is not exactly planar under its pose");
    solid.face_normals.push_back(normal);
  }
  return solid;
}

// x = mantissa · 2^exp.
Q to_q(const NT& x) {
  const CGAL::Gmpz mantissa(x.man());
  const long e = x.exp();
  const CGAL::Gmpz power = CGAL::Gmpz(1) << (e < 0 ? -e : e);
  return e >= 0 ? Q(mantissa * power) : Q(mantissa, power);
}

QPoint to_q(const XPoint& p) { return {to_q(p.x), to_q(p.y), to_q(p.z)}; }

PlaneFrame plane_frame(const QPoint& normal, const QPoint& on_plane) {
  PlaneFrame frame;
  frame.normal = normal;
  frame.offset = dot(normal, on_plane);
  const Q ax = normal.x < 0 ? -normal.x : normal.x;
  const Q ay = normal.y < 0 ? -normal.y : normal.y;
  const Q az = normal.z < 0 ? -normal.z : normal.z;
  frame.axis = (ax >= ay && ax >= az) ? 0 : (ay >= az ? 1 : 2);
  frame.swap = coord(normal, frame.axis) < 0;
  return frame;
}

// Dropping `axis` and keeping (axis+1, axis+2) in that order preserves orientation about
// +e_axis; exchanging them when the normal points along −e_axis keeps it about the normal.
P2 project(const PlaneFrame& frame, const QPoint& p) {
  const Q& first = coord(p, (frame.axis + 1) % 3);
  const Q& second = coord(p, (frame.axis + 2) % 3);
  return frame.swap ? P2{second, first} : P2{first, second};
}

QPoint lift(const PlaneFrame& frame, const P2& p) {
  const int i = (frame.axis + 1) % 3, j = (frame.axis + 2) % 3;
  QPoint out;
  coord(out, i) = frame.swap ? p.v : p.u;
  coord(out, j) = frame.swap ? p.u : p.v;
  const QPoint& n = frame.normal;
  coord(out, frame.axis) =
      (frame.offset - coord(n, i) * coord(out, i) - coord(n, j) * coord(out, j)) /
      coord(n, frame.axis);
  return out;
}

int locate(const std::vector<P2>& polygon, const P2& p) {
  bool inside = false;
  const std::size_t n = polygon.size();
  for (std::size_t i = 0; i < n; ++i) {
    const P2& a = polygon[i];
    const P2& b = polygon[(i + 1) % n];
    const Q o = orient(a, b, p);
    if (o == 0 && std::min(a.u, b.u) <= p.u && p.u <= std::max(a.u, b.u) &&
        std::min(a.v, b.v) <= p.v && p.v <= std::max(a.v, b.v))
      return 0;
    // Crossings of the ray from p towards +u, each edge counted half-open in v.
    if ((a.v > p.v) != (b.v > p.v) && (b.v > a.v ? o > 0 : o < 0)) inside = !inside;
  }
  return inside ? 1 : -1;
}

void drop_collinear(std::vector<P2>& polygon) {
  bool changed = true;
  while (changed && polygon.size() >= 3) {  // each pass removes a point or stops
    changed = false;
    const std::size_t n = polygon.size();
    for (std::size_t i = 0; i < n; ++i) {
      const P2& prev = polygon[(i + n - 1) % n];
      const P2& next = polygon[(i + 1) % n];
      if (same_point(prev, polygon[i]) || orient(prev, polygon[i], next) == 0) {
        polygon.erase(polygon.begin() + static_cast<std::ptrdiff_t>(i));
        changed = true;
        break;
      }
    }
  }
  if (polygon.size() == 2 && same_point(polygon[0], polygon[1])) polygon.pop_back();
}

Box3 empty_box() {
  const double inf = std::numeric_limits<double>::infinity();
  return {{inf, inf, inf}, {-inf, -inf, -inf}};
}

void grow(Box3& box, const Box3& other) {
  for (int i = 0; i < 3; ++i) {
    box.lo[i] = std::min(box.lo[i], other.lo[i]);
    box.hi[i] = std::max(box.hi[i], other.hi[i]);
  }
}

namespace {

Box3 point_box(const XPoint& p) {
  Box3 box;
  const NT* c[3] = {&p.x, &p.y, &p.z};
  for (int i = 0; i < 3; ++i) {
    const std::pair<double, double> range = CGAL::to_interval(*c[i]);
    box.lo[i] = range.first;
    box.hi[i] = range.second;
  }
  return box;
}

bool convex_ccw(const std::vector<P2>& polygon) {
  const std::size_t n = polygon.size();
  for (std::size_t i = 0; i < n; ++i)
    if (orient(polygon[(i + n - 1) % n], polygon[i], polygon[(i + 1) % n]) < 0) return false;
  return true;
}

}  // namespace

QSolid make_q_solid(const ExactSolid& solid) {
  const Polytope& shape = *solid.shape;
  QSolid out;
  out.solid = &solid;
  out.points.reserve(solid.points.size());
  for (const XPoint& p : solid.points) {
    out.points.push_back(to_q(p));
    out.vertex_boxes.push_back(point_box(p));
  }
  for (const Edge& e : shape.edges()) {
    Box3 box = out.vertex_boxes[e.tail];
    grow(box, out.vertex_boxes[e.head]);
    out.edge_boxes.push_back(box);
  }
  out.faces.reserve(shape.faces().size());
  for (std::size_t k = 0; k < shape.faces().size(); ++k) {
    const std::vector<int>& ids = shape.faces()[k].vertices;
    QFace face;
    face.frame = plane_frame(to_q(solid.face_normals[k]), out.points[ids[0]]);
    face.box = empty_box();
    for (int v : ids) {
      face.polygon.push_back(project(face.frame, out.points[v]));
      grow(face.box, out.vertex_boxes[v]);
    }
    face.convex = convex_ccw(face.polygon);
    out.faces.push_back(std::move(face));
  }
  return out;
}

const Box3& entity_box(const QSolid& solid, Feature f) {
  return f.kind == FeatureKind::vertex ? solid.vertex_boxes[f.id]
         : f.kind == FeatureKind::edge ? solid.edge_boxes[f.id]
                                       : solid.faces[f.id].box;
}

std::uint64_t entity_code(const Polytope& shape, Feature f) {
  const std::uint64_t nv = shape.vertices().size(), ne = shape.edges().size();
  const auto id = static_cast<std::uint64_t>(f.id);
  return f.kind == FeatureKind::vertex ? id : f.kind == FeatureKind::edge ? nv + id : nv + ne + id;
}

}  // namespace touchstone::exact_detail
