#include "algorithms/contact_sets/world_features.hpp"

#include <cmath>

namespace touchstone::contact_sets {
namespace {

// Slack of the Voronoi tests, relative to the feature's size: a point exactly on a Voronoi plane
// (an edge crossing another exactly at its end vertex) stays on the feature whichever way the
// rounding fell.
constexpr double kRelativeSlack = 1e-12;

Vec3 unit_or(const Vec3& v, const Vec3& fallback) {
  const double n = v.norm();
  return n > 1e-300 && std::isfinite(n) ? Vec3(v / n) : fallback;
}

}  // namespace

WorldSolid::WorldSolid(const Polytope& p, const Pose& pose) : shape(&p) {
  vertices.reserve(p.vertices().size());
  for (const Vec3& v : p.vertices()) {
    vertices.push_back(pose.apply(v));
    centroid += vertices.back();
  }
  if (!vertices.empty()) centroid /= static_cast<double>(vertices.size());
  for (const Face& f : p.faces()) {
    const Vec3 n = pose.rotation * f.plane.normal;
    planes.push_back({n, n.dot(vertices[f.vertices[0]])});
  }
}

Vec3 WorldSolid::outward(const Feature& f) const {
  Vec3 sum = Vec3::Zero();
  if (f.kind == FeatureKind::face) return planes[f.id].normal;
  if (f.kind == FeatureKind::edge) {
    const Edge& e = shape->edges()[f.id];
    sum = planes[e.left_face].normal + planes[e.right_face].normal;
  } else {
    for (int e : shape->vertex_edges()[f.id]) sum += planes[shape->edges()[e].left_face].normal;
  }
  return unit_or(sum, unit_or(feature_point(f) - centroid, Vec3::UnitZ()));
}

Vec3 WorldSolid::feature_point(const Feature& f) const {
  if (f.kind == FeatureKind::vertex) return vertices[f.id];
  if (f.kind == FeatureKind::edge) return edge_tail(f.id);
  return vertices[shape->faces()[f.id].vertices[0]];
}

bool WorldSolid::inside_face(int f, const Vec3& p, double slack) const {
  const Face& face = shape->faces()[f];
  const Vec3& n = planes[f].normal;
  for (std::size_t i = 0; i < face.vertices.size(); ++i) {
    const Vec3& u = vertices[face.vertices[i]];
    const Vec3& w = vertices[face.vertices[(i + 1) % face.vertices.size()]];
    const Vec3 out = unit_or((w - u).cross(n), Vec3::Zero());
    if (out.dot(p - u) > slack) return false;
  }
  return true;
}

double WorldSolid::edge_parameter(int e, const Vec3& p) const {
  const Vec3 u = unit_or(edge_head(e) - edge_tail(e), Vec3::Zero());
  return (p - edge_tail(e)).dot(u);
}

namespace {

// seed 003 §3.2 case 1: the closest point on edge e to point p, if it lies on the edge itself.
std::optional<Vec3> point_on_edge(const WorldSolid& s, int e, const Vec3& p) {
  const double len = s.edge_length(e);
  const double t = s.edge_parameter(e, p);
  const double slack = kRelativeSlack * len;
  if (!(t >= -slack && t <= len + slack)) return std::nullopt;
  const Vec3 u = (s.edge_head(e) - s.edge_tail(e)) / len;
  return Vec3(s.edge_tail(e) + t * u);
}

// seed 003 §3.2 case 2: the projection of p on face f's plane, if it lies on the face itself.
std::optional<Vec3> point_on_face(const WorldSolid& s, int f, const Vec3& p) {
  const Plane& pl = s.planes[f];
  const Vec3 q = p - pl.signed_distance(p) * pl.normal;
  if (!s.inside_face(f, q, kRelativeSlack * s.shape->diameter())) return std::nullopt;
  return q;
}

// seed 003 §3.2 case 3: closest points of two edges' support lines, both on their edges. Parallel
// edges (1 − k² below rounding) take the middle of their overlap.
std::optional<std::pair<Vec3, Vec3>> edge_edge(const WorldSolid& a, int ea, const WorldSolid& b,
                                               int eb) {
  const Vec3 e1 = a.edge_tail(ea), e2 = b.edge_tail(eb);
  const double l1 = a.edge_length(ea), l2 = b.edge_length(eb);
  const Vec3 u1 = (a.edge_head(ea) - e1) / l1, u2 = (b.edge_head(eb) - e2) / l2;
  const double k = u1.dot(u2);
  Vec3 x;
  if (1 - k * k < 1e-12) {
    const double s0 = (e2 - e1).dot(u1), s1 = (b.edge_head(eb) - e1).dot(u1);
    const double lo = std::max(0.0, std::min(s0, s1)), hi = std::min(l1, std::max(s0, s1));
    if (lo > hi) return std::nullopt;
    x = e1 + 0.5 * (lo + hi) * u1;
  } else {
    x = e1 + ((e2 - e1).dot(u1 - k * u2) / (1 - k * k)) * u1;
  }
  const auto on1 = point_on_edge(a, ea, x);
  if (!on1) return std::nullopt;
  const auto on2 = point_on_edge(b, eb, *on1);
  if (!on2) return std::nullopt;
  return std::pair{*on1, *on2};
}

}  // namespace

std::optional<PairGeometry> track_pair(const WorldSolid& a, const Feature& fa, const WorldSolid& b,
                                       const Feature& fb) {
  using K = FeatureKind;
  PairGeometry g;
  const Vec3 apart = unit_or(a.centroid - b.centroid, Vec3::UnitZ());
  // Vertex, edge pairs: the normal runs along the closest points when they are apart, else it is
  // B's outward direction at its feature.
  auto along_points = [&](PairGeometry& r) {
    const Vec3 d = r.point_a - r.point_b;
    r.normal = unit_or(d, b.outward(fb));
    if (r.normal.dot(b.outward(fb)) < 0 && d.norm() <= 1e-300) r.normal = -r.normal;
    r.distance = d.norm();
  };
  if (fa.kind == K::vertex && fb.kind == K::vertex) {
    g.point_a = a.vertices[fa.id];
    g.point_b = b.vertices[fb.id];
    along_points(g);
    return g;
  }
  if (fa.kind == K::vertex && fb.kind == K::edge) {
    const auto q = point_on_edge(b, fb.id, a.vertices[fa.id]);
    if (!q) return std::nullopt;
    g.point_a = a.vertices[fa.id];
    g.point_b = *q;
    along_points(g);
    return g;
  }
  if (fa.kind == K::edge && fb.kind == K::vertex) {
    const auto q = point_on_edge(a, fa.id, b.vertices[fb.id]);
    if (!q) return std::nullopt;
    g.point_a = *q;
    g.point_b = b.vertices[fb.id];
    along_points(g);
    return g;
  }
  if (fa.kind == K::vertex && fb.kind == K::face) {
    const auto q = point_on_face(b, fb.id, a.vertices[fa.id]);
    if (!q) return std::nullopt;
    g.point_a = a.vertices[fa.id];
    g.point_b = *q;
    g.normal = b.planes[fb.id].normal;
    g.distance = b.planes[fb.id].signed_distance(g.point_a);
    return g;
  }
  if (fa.kind == K::face && fb.kind == K::vertex) {
    const auto q = point_on_face(a, fa.id, b.vertices[fb.id]);
    if (!q) return std::nullopt;
    g.point_a = *q;
    g.point_b = b.vertices[fb.id];
    g.normal = -a.planes[fa.id].normal;
    g.distance = a.planes[fa.id].signed_distance(g.point_b);
    return g;
  }
  if (fa.kind == K::edge && fb.kind == K::edge) {
    const auto pq = edge_edge(a, fa.id, b, fb.id);
    if (!pq) return std::nullopt;
    g.point_a = pq->first;
    g.point_b = pq->second;
    const Vec3 u1 = a.edge_head(fa.id) - a.edge_tail(fa.id);
    const Vec3 u2 = b.edge_head(fb.id) - b.edge_tail(fb.id);
    Vec3 n = unit_or(u1.cross(u2), apart);
    if (n.dot(b.outward(fb)) < 0) n = -n;
    g.normal = n;
    g.distance = (g.point_a - g.point_b).dot(n);
    return g;
  }
  return std::nullopt;  // edge–face, face–face: not a contact of §3.2
}

ContactRegion contact_region(const Feature& a, const Feature& b, const Vec3& point,
                             const Vec3& normal) {
  ContactRegion r;
  r.a = a;
  r.b = b;
  r.points = {point};
  r.normals = {normal};
  return r;
}

std::uint64_t pair_key(const Feature& a, const Feature& b) {
  const auto pack = [](const Feature& f) {
    return (static_cast<std::uint64_t>(f.kind) << 30) | static_cast<std::uint32_t>(f.id);
  };
  return (pack(a) << 32) | pack(b);
}

}  // namespace touchstone::contact_sets
