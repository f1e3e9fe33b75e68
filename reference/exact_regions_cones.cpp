// Local tangent cones of a B-rep at its open entities, decided exactly
// (exact_regions_internal.hpp): membership of a direction, one direction per open cell of a central
// plane arrangement, overlap of two cones, and exact point-in-solid by ray casting. Every decision
// is the sign of a ring expression in the exact world coordinates (CGAL::Gmpzf) or of a rational
// (CGAL::Gmpq); no floating-point value decides anything. No CGAL package.
#include <optional>
#include <stdexcept>
#include <string>

#include "reference/exact_regions_geometry.hpp"
#include "reference/exact_regions_internal.hpp"

namespace touchstone::exact_detail {

namespace {

int sgn(const NT& x) { return static_cast<int>(x.sign()); }
XPoint plus(const XPoint& a, const XPoint& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
XPoint times(const NT& s, const XPoint& a) { return {s * a.x, s * a.y, s * a.z}; }
bool parallel(const XPoint& a, const XPoint& b) { return is_zero(cross(a, b)); }
bool same_direction(const XPoint& a, const XPoint& b) {
  return parallel(a, b) && sgn(dot(a, b)) > 0;
}
NT abs_value(const NT& x) { return sgn(x) < 0 ? -x : x; }

const XPoint& point(const ExactSolid& s, int v) { return s.points[static_cast<std::size_t>(v)]; }
const XPoint& normal(const ExactSolid& s, int f) {
  return s.face_normals[static_cast<std::size_t>(f)];
}

// 1: d in the open sector, 0: on its boundary (an edge ray or the apex), -1: elsewhere in (or
// off) its plane. d is taken in the sector's plane.
int classify(const ConeSector& s, const XPoint& d) {
  if (is_zero(d)) return 0;
  const int sa = sgn(dot(s.normal, cross(s.a, d)));
  const int sb = sgn(dot(s.normal, cross(d, s.b)));
  if ((sa == 0 && sgn(dot(s.a, d)) > 0) || (sb == 0 && sgn(dot(s.b, d)) > 0)) return 0;
  bool inside;
  if (s.corner > 0)
    inside = sa > 0 && sb > 0;
  else if (s.corner < 0)
    inside = !(sa <= 0 && sb <= 0);  // outside the closed complementary angle (below 180°)
  else
    inside = sa > 0;  // a straight angle: the half-plane left of a
  return inside ? 1 : -1;
}

// A direction strictly inside the open sector, the k-th of a family that meets every line of the
// plane at most once (k = 1, 2, ...).
XPoint sector_point(const ConeSector& s, int k) {
  const NT kk(k);
  if (s.corner > 0) return plus(s.a, times(kk, s.b));
  if (s.corner < 0) return -plus(s.a, times(kk, s.b));
  return plus(cross(s.normal, s.a), times(kk, s.a));
}

// Crossings of the open segment (d, q) with the sectors other than `end` (q lies in sector `end`).
// nullopt when the segment is degenerate: it passes through an edge ray or the apex, lies in a
// sector's plane, or ends on another plane.
std::optional<int> crossings(const LocalCone& cone, const XPoint& d, const XPoint& q,
                             std::size_t end) {
  int count = 0;
  for (std::size_t g = 0; g < cone.sectors.size(); ++g) {
    if (g == end) continue;
    const ConeSector& s = cone.sectors[g];
    const NT alpha = dot(s.normal, d), beta = dot(s.normal, q);
    const int sa = sgn(alpha), sb = sgn(beta);
    if (sb == 0) return std::nullopt;
    if (sa == 0 || sa == sb) continue;  // d is off the closed sector (checked by the caller)
    // The crossing point is a positive multiple of sign(α − β)·(α q − β d).
    XPoint x = plus(times(alpha, q), times(-beta, d));
    if (sgn(alpha - beta) < 0) x = -x;
    const int c = classify(s, x);
    if (c == 0) return std::nullopt;
    if (c > 0) ++count;
  }
  return count;
}

// A vertex cone that is not convex: walk from d to a point q inside one face's sector, where the
// side is known (just before q, the solid lies behind the face: the side of -normal), and count
// the sector crossings on the way. Degenerate walks are retried with another q; each sector line
// can spoil at most one q of a family per face, so the cap is never reached on valid input.
bool in_open_vertex_cone(const LocalCone& cone, const XPoint& d) {
  for (const ConeSector& s : cone.sectors)
    if (sgn(dot(s.normal, d)) == 0 && classify(s, d) >= 0) return false;  // on the boundary
  const int family = 2 * static_cast<int>(cone.sectors.size()) + 4;
  for (std::size_t f = 0; f < cone.sectors.size(); ++f) {
    const int side = sgn(dot(cone.sectors[f].normal, d));
    if (side == 0) continue;
    for (int k = 1; k <= family; ++k) {
      const std::optional<int> n = crossings(cone, d, sector_point(cone.sectors[f], k), f);
      if (n) return (side < 0) != (*n % 2 == 1);
    }
  }
  throw std::runtime_error("exact regions: no generic walk inside the cone at vertex " +
                           std::to_string(cone.entity.id));
}

void add_face(LocalCone& cone, const ExactSolid& s, int f) {
  cone.faces.push_back(f);
  cone.planes.push_back(normal(s, f));
}

LocalCone vertex_cone(const ExactSolid& s, int v) {
  const Polytope& shape = *s.shape;
  LocalCone cone;
  cone.kind = LocalCone::Kind::vertex;
  cone.entity = {FeatureKind::vertex, v};
  for (int e : shape.vertex_edges()[static_cast<std::size_t>(v)]) {
    const Edge& edge = shape.edges()[static_cast<std::size_t>(e)];
    if (edge_convexity(s, e) < 0) cone.convex = false;
    for (int f : {edge.left_face, edge.right_face}) {
      bool seen = false;
      for (int g : cone.faces) seen = seen || g == f;
      if (!seen) add_face(cone, s, f);
    }
  }
  for (int f : cone.faces) {
    const std::vector<int>& loop = shape.faces()[static_cast<std::size_t>(f)].vertices;
    const std::size_t n = loop.size();
    std::size_t i = 0;
    while (i < n && loop[i] != v) ++i;
    if (i == n) throw std::runtime_error("exact regions: vertex fan is not consistent");
    ConeSector sector;
    sector.normal = normal(s, f);
    sector.a = point(s, loop[(i + 1) % n]) - point(s, v);
    sector.b = point(s, loop[(i + n - 1) % n]) - point(s, v);
    sector.corner = sgn(dot(sector.normal, cross(sector.a, sector.b)));
    if (sector.corner == 0 && sgn(dot(sector.a, sector.b)) > 0)
      throw std::runtime_error("exact regions: face " + std::to_string(f) +
                               " folds back on itself at vertex " + std::to_string(v));
    if (sector.corner < 0) cone.convex = false;
    cone.sectors.push_back(sector);
  }
  return cone;
}

// The rays ±(n_k × r) of the planes through r, as seen around r: the sum of each ray and the next
// one counter-clockwise about r (an angle below 180°, as there are at least two lines) lies
// strictly inside one sector. Every sector around r is met.
std::vector<XPoint> sector_midpoints(const std::vector<XPoint>& n, const XPoint& r) {
  std::vector<XPoint> rays;
  for (const XPoint& m : n) {
    if (sgn(dot(m, r)) != 0) continue;
    const XPoint b = cross(m, r);
    for (const XPoint& u : {b, -b}) {
      bool seen = false;
      for (const XPoint& w : rays) seen = seen || same_direction(u, w);
      if (!seen) rays.push_back(u);
    }
  }
  std::vector<XPoint> out;
  for (const XPoint& u : rays) {
    const XPoint* next = nullptr;
    for (const XPoint& v : rays) {
      if (sgn(dot(r, cross(u, v))) <= 0) continue;  // not within (0°, 180°) counter-clockwise
      if (next == nullptr || sgn(dot(r, cross(v, *next))) > 0) next = &v;
    }
    if (next != nullptr) out.push_back(plus(u, *next));
  }
  return out;
}

// r + εs with ε small enough that no plane off r changes sign (planes through r take the sign of
// s): ε = min |n_k·r| / (2 |n_k·s|), written without division as B·r + A·s.
XPoint nudge(const std::vector<XPoint>& n, const XPoint& r, const XPoint& s) {
  NT best_a, best_b;
  bool found = false;
  for (const XPoint& m : n) {
    const NT a = abs_value(dot(m, r)), b = abs_value(dot(m, s));
    if (sgn(a) == 0 || sgn(b) == 0) continue;
    if (!found || a * best_b < best_a * b) {
      best_a = a;
      best_b = b;
      found = true;
    }
  }
  if (!found) return plus(r, s);
  return plus(times(NT(2) * best_b, r), times(best_a, s));
}

}  // namespace

int edge_convexity(const ExactSolid& s, int edge) {
  const Edge& e = s.shape->edges()[static_cast<std::size_t>(edge)];
  return sgn(dot(point(s, e.head) - point(s, e.tail),
                 cross(normal(s, e.left_face), normal(s, e.right_face))));
}

LocalCone local_cone(const ExactSolid& s, Feature x) {
  if (x.kind == FeatureKind::vertex) return vertex_cone(s, x.id);
  LocalCone cone;
  cone.entity = x;
  if (x.kind == FeatureKind::face) {
    add_face(cone, s, x.id);
    return cone;
  }
  const Edge& e = s.shape->edges()[static_cast<std::size_t>(x.id)];
  add_face(cone, s, e.left_face);
  add_face(cone, s, e.right_face);
  const bool reflex = edge_convexity(s, x.id) < 0;
  cone.kind = reflex ? LocalCone::Kind::reflex_wedge : LocalCone::Kind::convex_wedge;
  cone.convex = !reflex;
  return cone;
}

bool in_open_cone(const LocalCone& cone, const XPoint& d) {
  switch (cone.kind) {
    case LocalCone::Kind::halfspace:
      return sgn(dot(cone.planes[0], d)) < 0;
    case LocalCone::Kind::convex_wedge:
      return sgn(dot(cone.planes[0], d)) < 0 && sgn(dot(cone.planes[1], d)) < 0;
    case LocalCone::Kind::reflex_wedge:
      return sgn(dot(cone.planes[0], d)) < 0 || sgn(dot(cone.planes[1], d)) < 0;
    case LocalCone::Kind::vertex:
      break;
  }
  if (cone.convex) {  // the intersection of its faces' halfspaces
    for (const XPoint& m : cone.planes)
      if (sgn(dot(m, d)) >= 0) return false;
    return true;
  }
  return in_open_vertex_cone(cone, d);
}

// Completeness: drop zero and repeated planes. With normals of rank 3, every open cell is a pointed
// cone; each of its extreme rays lies on two planes with independent normals, so it is ±(n_i ×
// n_j), and the cell fills one sector around that ray (cut by the planes through it) near the ray:
// nudge(r, s) for that sector's midpoint s lands in it. With rank 2 every plane contains the line
// l = n_i × n_j and the cells are the wedges around it: one midpoint each. Rank 1: the two sides.
std::vector<XPoint> cell_directions(const std::vector<XPoint>& normals) {
  std::vector<XPoint> n;
  for (const XPoint& m : normals) {
    if (is_zero(m)) continue;
    bool seen = false;
    for (const XPoint& w : n) seen = seen || parallel(m, w);
    if (!seen) n.push_back(m);
  }
  if (n.empty()) return {XPoint{NT(1), NT(0), NT(0)}};
  if (n.size() == 1) return {n[0], -n[0]};
  std::vector<XPoint> lines;
  for (std::size_t i = 0; i < n.size(); ++i)
    for (std::size_t j = i + 1; j < n.size(); ++j) {
      const XPoint r = cross(n[i], n[j]);
      bool seen = false;
      for (const XPoint& w : lines) seen = seen || parallel(r, w);
      if (!seen) lines.push_back(r);
    }
  bool rank3 = false;
  for (const XPoint& m : n) rank3 = rank3 || sgn(dot(m, lines[0])) != 0;
  if (!rank3) return sector_midpoints(n, lines[0]);
  std::vector<XPoint> out;
  for (const XPoint& line : lines)
    for (const XPoint& r : {line, -line})
      for (const XPoint& s : sector_midpoints(n, r)) out.push_back(nudge(n, r, s));
  return out;
}

bool cones_overlap(const LocalCone& a, const LocalCone& b) {
  std::vector<XPoint> planes = a.planes;
  planes.insert(planes.end(), b.planes.begin(), b.planes.end());
  for (const XPoint& d : cell_directions(planes))
    if (in_open_cone(a, d) && in_open_cone(b, d)) return true;
  return false;
}

namespace {

// A fixed sequence of small integer directions; each is generic for all but finitely many
// (point, face) configurations, so a few retries always find a clean ray.
QPoint ray_direction(int k) {
  const long x = 7 + 3L * k, y = ((13L * k * k + 5) % 211) - 101, z = ((31L * k + 17) % 197) - 97;
  return {Q(x), Q(y == 0 ? 1 : y), Q(z == 0 ? 1 : z)};
}

}  // namespace

// Parity of the crossings of the ray p + t·w (t > 0) with the open faces. A ray through an edge or
// a vertex, or lying in a face's plane, is degenerate and is replaced by the next direction.
bool strictly_inside(const ExactSolid& solid, const QPoint& p) {
  const QSolid q = make_q_solid(solid);
  for (const QFace& face : q.faces)
    if (dot(face.frame.normal, p) == face.frame.offset &&
        locate(face.polygon, project(face.frame, p)) >= 0)
      return false;  // on the boundary
  constexpr int kAttempts = 64;
  for (int k = 0; k < kAttempts; ++k) {
    const QPoint w = ray_direction(k);
    bool inside = false, degenerate = false;
    for (std::size_t f = 0; f < q.faces.size() && !degenerate; ++f) {
      const QFace& face = q.faces[f];
      const Q alpha = face.frame.offset - dot(face.frame.normal, p);
      const Q beta = dot(face.frame.normal, w);
      if (beta == 0) {
        degenerate = alpha == 0;  // the ray runs in the face's plane
        continue;
      }
      const Q t = alpha / beta;
      if (t <= 0) continue;  // behind p, or p on the plane outside the face: leaves at once
      const int where = locate(face.polygon, project(face.frame, p + t * w));
      if (where == 0) degenerate = true;
      if (where > 0) inside = !inside;
    }
    if (!degenerate) return inside;
  }
  throw std::runtime_error("exact regions: no generic ray for the point-in-solid test");
}

}  // namespace touchstone::exact_detail
