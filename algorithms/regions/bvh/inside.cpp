// regions-bvh: the closest point of a face and the side of a point at it (inside.hpp).
#include "algorithms/regions/bvh/inside.hpp"

#include <algorithm>

namespace touchstone::bvh_regions {

using region_common::WorldShape;

Closest closest_on_face(const WorldShape& w, const Pose& pose, int face, const Vec3& p,
                        double tol) {
  const Face& f = w.shape->faces()[face];
  region_common::WorldFace wf;
  region_common::fill_world_face(wf, f, w.vertices, pose, 0.0);
  Closest out;
  const double h = wf.height(p);
  const region_common::Vec2 q = wf.to_2d(p);
  if (region_common::deep_inside(q, wf.polygon, tol)) {
    out.distance = std::abs(h);
    out.entity = {FeatureKind::face, face};
    out.point = p - h * wf.normal;
    return out;
  }
  // The closest point lies on the boundary (or within tol of it).
  const std::size_t n = f.vertices.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec3& a = w.vertices[f.vertices[i]];
    const Vec3& b = w.vertices[f.vertices[(i + 1) % n]];
    const Vec3 d = b - a;
    const double len2 = d.squaredNorm();
    const double t = len2 > 0 ? std::clamp((p - a).dot(d) / len2, 0.0, 1.0) : 0.0;
    const Vec3 c = a + t * d;
    const double dist = (p - c).norm();
    if (dist >= out.distance) continue;
    out.distance = dist;
    out.point = c;
    const double len = std::sqrt(len2);
    if (t * len <= tol)
      out.entity = {FeatureKind::vertex, f.vertices[i]};
    else if ((1 - t) * len <= tol)
      out.entity = {FeatureKind::vertex, f.vertices[(i + 1) % n]};
    else
      out.entity = {FeatureKind::edge, f.edges[i]};
  }
  return out;
}

namespace {

Vec3 normal_of(const Polytope& s, const Pose& pose, int face) {
  return pose.rotation * s.faces()[face].plane.normal;
}

// The angle-weighted pseudonormal at vertex v: each face's normal times its interior angle at v.
Vec3 vertex_pseudonormal(const WorldShape& w, const Pose& pose, int v) {
  const Polytope& s = *w.shape;
  Vec3 sum = Vec3::Zero();
  std::vector<int> seen;
  for (int e : s.vertex_edges()[v])
    for (int face : {s.edges()[e].left_face, s.edges()[e].right_face}) {
      if (std::find(seen.begin(), seen.end(), face) != seen.end()) continue;
      seen.push_back(face);
      const std::vector<int>& loop = s.faces()[face].vertices;
      const std::size_t n = loop.size();
      const std::size_t i =
          static_cast<std::size_t>(std::find(loop.begin(), loop.end(), v) - loop.begin());
      if (i == n) continue;
      const Vec3 normal = normal_of(s, pose, face);
      const Vec3 to_next = w.vertices[loop[(i + 1) % n]] - w.vertices[v];
      const Vec3 to_prev = w.vertices[loop[(i + n - 1) % n]] - w.vertices[v];
      double angle = std::atan2(normal.dot(to_next.cross(to_prev)), to_next.dot(to_prev));
      if (angle < 0) angle += 2 * M_PI;  // a reflex corner of a non-convex face
      sum += angle * normal;
    }
  return sum;
}

}  // namespace

bool behind(const WorldShape& w, const Pose& pose, const Closest& c, const Vec3& p) {
  const Polytope& s = *w.shape;
  Vec3 normal = Vec3::Zero();
  switch (c.entity.kind) {
    case FeatureKind::face:
      normal = normal_of(s, pose, c.entity.id);
      break;
    case FeatureKind::edge:
      normal = normal_of(s, pose, s.edges()[c.entity.id].left_face) +
               normal_of(s, pose, s.edges()[c.entity.id].right_face);
      break;
    case FeatureKind::vertex:
      normal = vertex_pseudonormal(w, pose, c.entity.id);
      break;
  }
  const Vec3 d = p - c.point;
  const double side = normal.dot(d);
  if (std::abs(side) > 1e-9 * normal.norm() * d.norm()) return side < 0;
  return region_common::winding_number(w, p) > 0.5;
}

}  // namespace touchstone::bvh_regions
