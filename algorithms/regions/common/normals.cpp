#include "algorithms/regions/common/normals.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace touchstone::region_common {
namespace {

constexpr double kTolerance = 1e-9;  // on dot products of unit vectors

// Unit directions spanning the tangent cone of the solid at x (pointing into the solid) where
// that cone is convex: a face gives its inward normal and ± its in-plane axes, an edge ± its
// direction and the directions into its two faces, a vertex its edge directions.
std::vector<Vec3> tangent_generators(const WorldShape& s, const Feature& x) {
  const Polytope& p = *s.shape;
  switch (x.kind) {
    case FeatureKind::face: {
      const WorldFace& f = s.faces[x.id];
      return {-f.normal, f.u, -f.u, f.v, -f.v};
    }
    case FeatureKind::edge: {
      const Edge& e = p.edges()[x.id];
      const Vec3 d = (s.head(x.id) - s.tail(x.id)).normalized();
      // The left face runs tail → head counter-clockwise: its interior is on n × d.
      return {d, -d, s.faces[e.left_face].normal.cross(d).normalized(),
              s.faces[e.right_face].normal.cross(-d).normalized()};
    }
    case FeatureKind::vertex: {
      std::vector<Vec3> out;
      for (int e : p.vertex_edges()[x.id])
        out.push_back((s.vertices[p.other_vertex(e, x.id)] - s.vertices[x.id]).normalized());
      return out;
    }
  }
  return {};
}

double margin(const Vec3& n, const std::vector<Vec3>& constraints) {
  double m = INFINITY;
  for (const Vec3& c : constraints) m = std::min(m, n.dot(c));
  return m;
}

// A unit n with n · c ≥ 0 for every c: the mean of the feasible candidate extreme rays (each on
// two constraint planes), which lies inside the cone; else the least violating candidate.
Vec3 separating_normal(const std::vector<Vec3>& constraints) {
  Vec3 sum = Vec3::Zero(), best = Vec3::UnitZ();
  double best_margin = -INFINITY;
  for (std::size_t i = 0; i < constraints.size(); ++i) {
    for (std::size_t j = i + 1; j < constraints.size(); ++j) {
      const Vec3 x = constraints[i].cross(constraints[j]);
      if (x.norm() <= 1e-12) continue;
      for (const Vec3& candidate : {Vec3(x.normalized()), Vec3(-x.normalized())}) {
        const double m = margin(candidate, constraints);
        if (m > best_margin) best_margin = m, best = candidate;
        if (m >= -kTolerance) sum += candidate;
      }
    }
  }
  if (sum.norm() > 1e-12 && margin(sum.normalized(), constraints) >= -kTolerance)
    return sum.normalized();
  return best;
}

// The faces around vertex v.
std::vector<int> faces_at(const Polytope& p, int v) {
  std::vector<int> out;
  for (int e : p.vertex_edges()[v])
    for (int f : {p.edges()[e].left_face, p.edges()[e].right_face})
      if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
  return out;
}

// At most `cap` of `normals`, distinct and maximally transversal.
std::vector<Vec3> transversal(const std::vector<Vec3>& normals, int cap) {
  std::vector<Vec3> distinct;
  for (const Vec3& n : normals)
    if (std::none_of(distinct.begin(), distinct.end(),
                     [&](const Vec3& m) { return m.dot(n) > 1 - kTolerance; }))
      distinct.push_back(n);
  if (static_cast<int>(distinct.size()) <= cap) return distinct;
  if (cap <= 0) return {};
  std::pair<std::size_t, std::size_t> pair{0, 1};
  double least = INFINITY;
  for (std::size_t i = 0; i < distinct.size(); ++i)
    for (std::size_t j = i + 1; j < distinct.size(); ++j)
      if (std::abs(distinct[i].dot(distinct[j])) < least)
        least = std::abs(distinct[i].dot(distinct[j])), pair = {i, j};
  std::vector<Vec3> out{distinct[pair.first]};
  if (cap == 1) return out;
  out.push_back(distinct[pair.second]);
  if (cap == 2) return out;
  const Vec3 axis = out[0].cross(out[1]);
  std::size_t third = 0;
  double most = -1;
  for (std::size_t k = 0; k < distinct.size(); ++k)
    if (std::abs(axis.dot(distinct[k])) > most) most = std::abs(axis.dot(distinct[k])), third = k;
  out.push_back(distinct[third]);
  return out;
}

// The candidates n with n · c ≥ 0 for every c in `other`; all of them when none is.
std::vector<Vec3> admitted(const std::vector<Vec3>& candidates, const std::vector<Vec3>& other) {
  std::vector<Vec3> out;
  for (const Vec3& n : candidates)
    if (std::all_of(other.begin(), other.end(),
                    [&](const Vec3& c) { return n.dot(c) >= -kTolerance; }))
      out.push_back(n);
  return out.empty() ? candidates : out;
}

// Normals (from B into A: `sign` times the outward normals of `s`'s faces at the non-convex
// vertex v) that the other side's convex cone admits (n · c ≥ 0 for every c in `other`), up to
// cap; all of them when none is admitted.
std::vector<Vec3> vertex_face_normals(const WorldShape& s, int v, double sign,
                                      const std::vector<Vec3>& other, int cap) {
  std::vector<Vec3> all;
  for (int f : faces_at(*s.shape, v)) all.push_back(sign * s.faces[f].normal);
  return transversal(admitted(all, other), cap);
}

bool reflex_edge(const WorldShape& s, const Feature& x) {
  return x.kind == FeatureKind::edge && s.shape->edges()[x.id].reflex;
}

bool nonconvex_vertex(const WorldShape& s, const Feature& x) {
  return x.kind == FeatureKind::vertex && !s.vertex_convex[x.id];
}

}  // namespace

std::vector<Vec3> local_normals(const WorldShape& a, const Feature& x, const WorldShape& b,
                                const Feature& y, int dimension) {
  const int cap = 3 - dimension;
  if (y.kind == FeatureKind::face) return {b.faces[y.id].normal};
  if (x.kind == FeatureKind::face) return {-a.faces[x.id].normal};
  // A reflex edge gives the normals of its two faces (seed 000 Fig. 7(a)(b)), but only those the
  // other side's neighbourhood stays behind: a vertex sitting on a reflex edge with one of its
  // edges running along a face (0D) is not constrained by the other face's normal.
  if (reflex_edge(a, x)) {
    const Edge& e = a.shape->edges()[x.id];
    // The other side's edges and faces at the contact must stay behind n (necessary at any
    // neighbourhood, convex or not).
    std::vector<Vec3> other;
    for (const Vec3& g : tangent_generators(b, y)) other.push_back(-g);
    return transversal(
        admitted({-a.faces[e.left_face].normal, -a.faces[e.right_face].normal}, other), cap);
  }
  if (reflex_edge(b, y)) {
    const Edge& e = b.shape->edges()[y.id];
    const std::vector<Vec3> other = tangent_generators(a, x);
    return transversal(admitted({b.faces[e.left_face].normal, b.faces[e.right_face].normal}, other),
                       cap);
  }
  // A's tangent directions g need n · g ≥ 0, B's need n · g ≤ 0.
  if (nonconvex_vertex(a, x)) {
    std::vector<Vec3> other;
    for (const Vec3& g : tangent_generators(b, y)) other.push_back(-g);
    return vertex_face_normals(a, x.id, -1.0, other, cap);
  }
  if (nonconvex_vertex(b, y))
    return vertex_face_normals(b, y.id, 1.0, tangent_generators(a, x), cap);
  std::vector<Vec3> constraints = tangent_generators(a, x);
  for (const Vec3& g : tangent_generators(b, y)) constraints.push_back(-g);
  return {separating_normal(constraints)};
}

bool adjacent(const Polytope& s, const Feature& x, const Feature& y) {
  if (x.kind == y.kind) return false;
  const auto& [low, high] = x.kind < y.kind ? std::pair(x, y) : std::pair(y, x);
  const auto in_range = [&](const Feature& f) {
    const std::size_t n = f.kind == FeatureKind::vertex ? s.vertices().size()
                          : f.kind == FeatureKind::edge ? s.edges().size()
                                                        : s.faces().size();
    return f.id >= 0 && static_cast<std::size_t>(f.id) < n;
  };
  if (!in_range(low) || !in_range(high)) return false;
  if (high.kind == FeatureKind::face) {
    const Face& f = s.faces()[high.id];
    if (low.kind == FeatureKind::vertex)
      return std::find(f.vertices.begin(), f.vertices.end(), low.id) != f.vertices.end();
    return std::find(f.edges.begin(), f.edges.end(), low.id) != f.edges.end();
  }
  const Edge& e = s.edges()[high.id];
  return e.tail == low.id || e.head == low.id;
}

bool convex_neighbourhood(const Polytope& s, const Feature& x) {
  switch (x.kind) {
    case FeatureKind::face:
      return x.id >= 0 && static_cast<std::size_t>(x.id) < s.faces().size();
    case FeatureKind::edge:
      return x.id >= 0 && static_cast<std::size_t>(x.id) < s.edges().size() &&
             !s.edges()[x.id].reflex;
    case FeatureKind::vertex:
      if (x.id < 0 || static_cast<std::size_t>(x.id) >= s.vertices().size()) return false;
      for (int e : s.vertex_edges()[x.id])
        if (s.edges()[e].reflex) return false;
      return true;
  }
  return false;
}

const ContactRegion* coherent_with(const ContactRegion& region, const Polytope& a,
                                   const Polytope& b, std::span<const ContactRegion> previous) {
  if (!region.a || !region.b) return nullptr;
  const Feature& x = *region.a;
  const Feature& y = *region.b;
  for (const ContactRegion& p : previous)
    if (p.a && p.b && *p.a == x && *p.b == y && !p.normals.empty()) return &p;
  for (const ContactRegion& p : previous) {
    if (!p.a || !p.b || p.normals.empty()) continue;
    const bool ax = adjacent(a, x, *p.a), ay = adjacent(b, y, *p.b);
    const bool shrunk = (ax && y == *p.b) || (x == *p.a && ay) || (ax && ay);
    if (shrunk && convex_neighbourhood(a, *p.a) && convex_neighbourhood(b, *p.b)) return &p;
  }
  return nullptr;
}

}  // namespace touchstone::region_common
