// Candidate pairs to regions (collect.hpp; seed 000 §4.3 steps 2–5).
#include "algorithms/regions/common/collect.hpp"

#include "algorithms/regions/common/normals.hpp"
#include "algorithms/regions/common/sufficient.hpp"

namespace touchstone::region_common {

namespace {

// Eq. (1): the velocity of the body's point p (world).
Vec3 point_velocity(const BodyVelocity& v, const Pose& pose, const Vec3& p) {
  return v.linear + v.angular.cross(p - pose.translation);
}

double entities(const Polytope& p) {
  return static_cast<double>(p.vertices().size() + p.edges().size() + p.faces().size());
}

}  // namespace

Culled back_faces(const Polytope& s, const Pose& pose, const BodyVelocity& mine,
                  const Pose& other_pose, const BodyVelocity& other, const std::vector<int>* only) {
  // Both bodies' velocity fields are given about their own pose origins, so the relative
  // velocity at p is eq. (12) evaluated directly: ṗ_ij = ṗ_i − ṗ_j.
  Culled c;
  c.faces.assign(s.faces().size(), false);
  const auto cull = [&](std::size_t f) {
    const Vec3 n = pose.rotation * s.faces()[f].plane.normal;
    bool away = true;  // eq. (13) at the face's vertices, which span its convex hull
    for (int v : s.faces()[f].vertices) {
      const Vec3 p = pose.apply(s.vertices()[v]);
      const Vec3 rel = point_velocity(mine, pose, p) - point_velocity(other, other_pose, p);
      away = away && rel.dot(n) < 0;
    }
    c.faces[f] = away;
  };
  c.edges.assign(s.edges().size(), false);
  c.vertices.assign(s.vertices().size(), true);
  const auto edge = [&](std::size_t e) {
    c.edges[e] = c.faces[s.edges()[e].left_face] && c.faces[s.edges()[e].right_face];
  };
  if (!only) {
    for (std::size_t f = 0; f < s.faces().size(); ++f) cull(f);
    for (std::size_t e = 0; e < s.edges().size(); ++e) edge(e);
    for (std::size_t e = 0; e < s.edges().size(); ++e)
      if (!c.edges[e]) c.vertices[s.edges()[e].tail] = c.vertices[s.edges()[e].head] = false;
    return c;
  }
  for (int f : *only) cull(static_cast<std::size_t>(f));
  for (int f : *only)
    for (int e : s.faces()[f].edges) edge(static_cast<std::size_t>(e));
  for (int f : *only)
    for (int v : s.faces()[f].vertices)
      for (int e : s.vertex_edges()[v])
        if (!c.edges[e]) c.vertices[v] = false;
  return c;
}

bool a_is_simpler(const Polytope& a, const Polytope& b) { return entities(a) < entities(b); }

void collect_pair(const WorldShape& a, const Feature& x, const WorldShape& b, const Feature& y,
                  double eps, Collected& out) {
  PairTest t = test_pair(a, x, b, y, eps);
  for (double coarser = 10 * eps; t.failure && coarser <= 1e4 * eps; coarser *= 10)
    t = test_pair(a, x, b, y, coarser);
  out.penetrating = out.penetrating || t.penetrating;
  if (t.failure && !out.failure) out.failure = t.failure;
  for (auto& points : t.regions) out.regions.push_back({x, y, std::move(points)});
}

void sufficient_with_normals(const RegionQuery& q, const WorldShape& a, const WorldShape& b,
                             std::vector<FoundRegion>& found, double eps, RegionResult& r) {
  const std::vector<bool> keep = sufficient_flags(a, b, found, 2 * eps);
  for (std::size_t i = 0; i < found.size(); ++i) {
    if (!keep[i]) continue;
    ContactRegion region;
    region.a = found[i].a;
    region.b = found[i].b;
    region.points = std::move(found[i].points);
    const std::size_t cap = static_cast<std::size_t>(3 - region.dimension());
    if (const ContactRegion* before = coherent_with(region, *a.shape, *b.shape, q.previous)) {
      region.normals = before->normals;
      if (region.normals.size() > cap) region.normals.resize(cap);
    } else {
      region.normals = local_normals(a, *region.a, b, *region.b, region.dimension());
    }
    r.regions.push_back(std::move(region));
  }
}

}  // namespace touchstone::region_common
