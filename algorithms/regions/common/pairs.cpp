#include "algorithms/regions/common/pairs.hpp"

#include <algorithm>
#include <cmath>

#include "algorithms/geometry/segments.hpp"
#include "algorithms/regions/common/overlap2d.hpp"

namespace touchstone::region_common {
namespace {

using Points = std::vector<Vec3>;

double line_distance(const Vec3& x, const Vec3& q0, const Vec3& q1) {
  const Vec3 d = q1 - q0;
  const double len = d.norm();
  return len > 0 ? (x - q0).cross(d).norm() / len : (x - q0).norm();
}

// Farther than ε from both ends.
bool clear_of(const Vec3& x, const Vec3& e0, const Vec3& e1, double eps) {
  return (x - e0).norm() > eps && (x - e1).norm() > eps;
}

std::optional<Vec3> vertex_vertex(const Vec3& p, const Vec3& q, double eps) {
  if ((p - q).norm() <= eps) return (p + q) / 2;
  return std::nullopt;
}

std::optional<Vec3> vertex_edge(const Vec3& p, const Vec3& q0, const Vec3& q1, double eps) {
  const Vec3 d = q1 - q0;
  const double len2 = d.squaredNorm();
  if (len2 == 0) return std::nullopt;
  const Vec3 foot = q0 + std::clamp((p - q0).dot(d) / len2, 0.0, 1.0) * d;
  if ((p - foot).norm() <= eps && clear_of(foot, q0, q1, eps)) return (p + foot) / 2;
  return std::nullopt;
}

std::optional<Points> edge_edge(const Vec3& p0, const Vec3& p1, const Vec3& q0, const Vec3& q1,
                                double eps) {
  const bool collinear = line_distance(p0, q0, q1) <= eps && line_distance(p1, q0, q1) <= eps &&
                         line_distance(q0, p0, p1) <= eps && line_distance(q1, p0, p1) <= eps;
  if (collinear) {
    const double len = (q1 - q0).norm();
    const Vec3 d = (q1 - q0) / len;
    const double s0 = (p0 - q0).dot(d), s1 = (p1 - q0).dot(d);
    const double lo = std::max(0.0, std::min(s0, s1)), hi = std::min(len, std::max(s0, s1));
    if (hi - lo > eps) return Points{q0 + lo * d, q0 + hi * d};
    return std::nullopt;
  }
  const auto [s, t] = segment_parameters(p0, p1, q0, q1);
  const Vec3 ca = p0 + s * (p1 - p0), cb = q0 + t * (q1 - q0);
  if ((ca - cb).norm() <= eps && clear_of(ca, p0, p1, eps) && clear_of(cb, q0, q1, eps))
    return Points{(ca + cb) / 2};
  return std::nullopt;
}

}  // namespace

std::optional<Vec3> vertex_face(const Vec3& p, const WorldFace& f, double eps) {
  const double h = f.height(p);
  if (std::abs(h) > eps || !deep_inside(f.to_2d(p), f.polygon, eps)) return std::nullopt;
  return p - h / 2 * f.normal;
}

EdgeFace edge_face(const Vec3& p0, const Vec3& p1, const WorldFace& f, double eps) {
  EdgeFace out;
  const double h0 = f.height(p0), h1 = f.height(p1);
  if (std::abs(h0) <= eps && std::abs(h1) <= eps) {
    out.coplanar = true;
    for (const auto& [s, e] : segment_in_polygon(f.to_2d(p0), f.to_2d(p1), f.polygon, eps))
      out.regions.push_back({f.to_3d(s), f.to_3d(e)});
    return out;
  }
  if (!(h0 * h1 < 0)) return out;
  const Vec3 x = p0 + h0 / (h0 - h1) * (p1 - p0);
  if (clear_of(x, p0, p1, eps) && deep_inside(f.to_2d(x), f.polygon, eps)) {
    out.regions.push_back({x});
    out.through = std::abs(h0) > eps && std::abs(h1) > eps;
  }
  return out;
}

FaceFace face_face(const WorldFace& fa, const Points& pa, const WorldFace& fb, const Points& pb,
                   double eps) {
  FaceFace out;
  for (const Vec3& p : pa)
    if (std::abs(fb.height(p)) > eps) return out;
  for (const Vec3& p : pb)
    if (std::abs(fa.height(p)) > eps) return out;
  std::vector<Vec2> poly;
  for (const Vec3& p : pa) poly.push_back(fb.to_2d(p));
  out.same_side = fa.normal.dot(fb.normal) > 0;
  if (!out.same_side) std::reverse(poly.begin(), poly.end());
  Overlap overlap = polygon_overlap(poly, fb.polygon, eps);
  out.failure = overlap.failure;
  for (const auto& polygon : overlap.polygons) {
    Points points;
    for (const Vec2& q : polygon) points.push_back(fb.to_3d(q));
    out.regions.push_back(std::move(points));
  }
  return out;
}

namespace {

Box point_box(const Vec3& p) { return {p, p}; }

Feature vertex(int i) { return {FeatureKind::vertex, i}; }
Feature edge(int i) { return {FeatureKind::edge, i}; }
Feature face(int i) { return {FeatureKind::face, i}; }

// The pairs with a vertex on one side: vertex–vertex, and vertex of `s` against edges and faces
// of `t` (`s_is_a` orders the features).
void scan_vertices(const WorldShape& s, const WorldShape& t, bool s_is_a, double eps, Scan& scan) {
  const auto add = [&](Feature x, Feature y, Points points) {
    if (s_is_a)
      scan.regions.push_back({x, y, std::move(points)});
    else
      scan.regions.push_back({y, x, std::move(points)});
  };
  Box reach = t.box;
  reach.grow(eps);
  const int nv = static_cast<int>(s.vertices.size());
  for (int v = 0; v < nv; ++v) {
    const Vec3& p = s.vertices[v];
    const Box pb = point_box(p);
    if (!pb.overlaps(reach)) continue;
    if (s_is_a) {
      for (std::size_t w = 0; w < t.vertices.size(); ++w) {
        if ((p - t.vertices[w]).cwiseAbs().maxCoeff() > eps) continue;
        ++scan.tested;
        if (auto x = vertex_vertex(p, t.vertices[w], eps))
          add(vertex(v), vertex(static_cast<int>(w)), {*x});
      }
    }
    for (std::size_t e = 0; e < t.edge_boxes.size(); ++e) {
      if (!pb.overlaps(t.edge_boxes[e])) continue;
      ++scan.tested;
      const int ei = static_cast<int>(e);
      if (auto x = vertex_edge(p, t.tail(ei), t.head(ei), eps)) add(vertex(v), edge(ei), {*x});
    }
    for (std::size_t f = 0; f < t.faces.size(); ++f) {
      if (!pb.overlaps(t.faces[f].box)) continue;
      ++scan.tested;
      if (auto x = vertex_face(p, t.faces[f], eps)) add(vertex(v), face(static_cast<int>(f)), {*x});
    }
  }
}

// Edges of `s` against faces of `t`.
void scan_edge_faces(const WorldShape& s, const WorldShape& t, bool s_is_a, double eps,
                     Scan& scan) {
  for (std::size_t e = 0; e < s.edge_boxes.size(); ++e) {
    const int ei = static_cast<int>(e);
    for (std::size_t f = 0; f < t.faces.size(); ++f) {
      if (!s.edge_boxes[e].overlaps(t.faces[f].box)) continue;
      ++scan.tested;
      EdgeFace found = edge_face(s.tail(ei), s.head(ei), t.faces[f], eps);
      scan.penetrating = scan.penetrating || found.through;
      const Feature x = edge(ei), y = face(static_cast<int>(f));
      for (auto& points : found.regions) {
        if (s_is_a)
          scan.regions.push_back({x, y, std::move(points)});
        else
          scan.regions.push_back({y, x, std::move(points)});
      }
    }
  }
}

void scan_edges_and_faces(const WorldShape& a, const WorldShape& b, double eps, Scan& scan) {
  for (std::size_t ea = 0; ea < a.edge_boxes.size(); ++ea) {
    const int ia = static_cast<int>(ea);
    for (std::size_t eb = 0; eb < b.edge_boxes.size(); ++eb) {
      if (!a.edge_boxes[ea].overlaps(b.edge_boxes[eb])) continue;
      ++scan.tested;
      const int ib = static_cast<int>(eb);
      if (auto points = edge_edge(a.tail(ia), a.head(ia), b.tail(ib), b.head(ib), eps))
        scan.regions.push_back({edge(ia), edge(ib), std::move(*points)});
    }
  }
  scan_edge_faces(a, b, true, eps, scan);
  scan_edge_faces(b, a, false, eps, scan);
  for (std::size_t fa = 0; fa < a.faces.size(); ++fa) {
    const Points pa = a.face_points(static_cast<int>(fa));
    for (std::size_t fb = 0; fb < b.faces.size(); ++fb) {
      if (!a.faces[fa].box.overlaps(b.faces[fb].box)) continue;
      ++scan.tested;
      FaceFace found =
          face_face(a.faces[fa], pa, b.faces[fb], b.face_points(static_cast<int>(fb)), eps);
      if (found.failure && !scan.failure)
        scan.failure = "faces " + std::to_string(fa) + " (A) and " + std::to_string(fb) +
                       " (B): " + *found.failure;
      scan.penetrating = scan.penetrating || (found.same_side && !found.regions.empty());
      for (auto& points : found.regions)
        scan.regions.push_back(
            {face(static_cast<int>(fa)), face(static_cast<int>(fb)), std::move(points)});
    }
  }
}

}  // namespace

Scan scan_pairs(const WorldShape& a, const WorldShape& b, double eps) {
  Scan scan;
  scan_vertices(a, b, true, eps, scan);
  scan_vertices(b, a, false, eps, scan);
  scan_edges_and_faces(a, b, eps, scan);
  return scan;
}

namespace {

std::vector<Points> one(std::optional<Vec3> x) {
  if (!x) return {};
  return {Points{*x}};
}

// A vertex (at p) against an entity of `t`.
std::vector<Points> vertex_against(const Vec3& p, const WorldShape& t, const Feature& y,
                                   double eps) {
  switch (y.kind) {
    case FeatureKind::vertex:
      return one(vertex_vertex(p, t.vertices[y.id], eps));
    case FeatureKind::edge:
      return one(vertex_edge(p, t.tail(y.id), t.head(y.id), eps));
    case FeatureKind::face:
      return one(vertex_face(p, t.faces[y.id], eps));
  }
  return {};
}

}  // namespace

PairTest test_pair(const WorldShape& a, const Feature& x, const WorldShape& b, const Feature& y,
                   double eps) {
  PairTest out;
  if (x.kind == FeatureKind::vertex) {
    out.regions = vertex_against(a.vertices[x.id], b, y, eps);
  } else if (y.kind == FeatureKind::vertex) {
    out.regions = vertex_against(b.vertices[y.id], a, x, eps);
  } else if (x.kind == FeatureKind::edge && y.kind == FeatureKind::edge) {
    if (auto points = edge_edge(a.tail(x.id), a.head(x.id), b.tail(y.id), b.head(y.id), eps))
      out.regions.push_back(std::move(*points));
  } else if (x.kind == FeatureKind::edge) {
    EdgeFace found = edge_face(a.tail(x.id), a.head(x.id), b.faces[y.id], eps);
    out.regions = std::move(found.regions);
    out.penetrating = found.through;
  } else if (y.kind == FeatureKind::edge) {
    EdgeFace found = edge_face(b.tail(y.id), b.head(y.id), a.faces[x.id], eps);
    out.regions = std::move(found.regions);
    out.penetrating = found.through;
  } else {
    FaceFace found =
        face_face(a.faces[x.id], a.face_points(x.id), b.faces[y.id], b.face_points(y.id), eps);
    if (found.failure)
      out.failure = "faces " + std::to_string(x.id) + " (A) and " + std::to_string(y.id) +
                    " (B): " + *found.failure;
    out.penetrating = found.same_side && !found.regions.empty();
    out.regions = std::move(found.regions);
  }
  return out;
}

bool vertex_deep_inside(const WorldShape& inner, const WorldShape& outer, double eps) {
  for (const Vec3& p : inner.vertices) {
    if (!point_box(p).overlaps(outer.box)) continue;
    double nearest = INFINITY;
    for (const WorldFace& f : outer.faces) nearest = std::min(nearest, face_distance(f, p));
    if (nearest > eps && winding_number(outer, p) > 0.5) return true;
  }
  return false;
}

}  // namespace touchstone::region_common
