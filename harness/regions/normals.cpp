#include "harness/regions/normals.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

namespace touchstone {

bool normal_in_piece(const Vec3& n, const NormalConePiece& piece, double tol) {
  for (const Vec3& g : piece.into_a)
    if (n.dot(g) < -tol) return false;
  for (const Vec3& g : piece.into_b)
    if (n.dot(g) > tol) return false;
  return true;
}

bool normal_in_cone(const Vec3& n, const NormalCone& cone, double tol) {
  return std::any_of(cone.pieces.begin(), cone.pieces.end(),
                     [&](const NormalConePiece& p) { return normal_in_piece(n, p, tol); });
}

int distinct_pieces_hit(std::span<const Vec3> normals, const NormalCone& cone, double tol) {
  // Augmenting paths (Kuhn): at most 3 normals per region, a handful of pieces.
  std::vector<int> owner(cone.pieces.size(), -1);  // piece -> normal
  int matched = 0;
  for (std::size_t i = 0; i < normals.size(); ++i) {
    std::vector<bool> seen(cone.pieces.size(), false);
    const std::function<bool(std::size_t)> augment = [&](std::size_t ni) {
      for (std::size_t p = 0; p < cone.pieces.size(); ++p) {
        if (seen[p] || !normal_in_piece(normals[ni], cone.pieces[p], tol)) continue;
        seen[p] = true;
        if (owner[p] < 0 || augment(static_cast<std::size_t>(owner[p]))) {
          owner[p] = static_cast<int>(ni);
          return true;
        }
      }
      return false;
    };
    matched += augment(i);
  }
  return matched;
}

bool same_normals(std::span<const Vec3> a, std::span<const Vec3> b, double angle) {
  if (a.size() != b.size()) return false;
  const auto close = [angle](const Vec3& u, const Vec3& v) {
    return std::atan2(u.cross(v).norm(), u.dot(v)) <= angle;
  };
  const auto covered = [&](std::span<const Vec3> from, std::span<const Vec3> to) {
    return std::all_of(from.begin(), from.end(), [&](const Vec3& u) {
      return std::any_of(to.begin(), to.end(), [&](const Vec3& v) { return close(u, v); });
    });
  };
  return covered(a, b) && covered(b, a);
}

namespace {

bool vertex_on_face(const Polytope& shape, int v, int f) {
  const auto& vs = shape.faces()[static_cast<std::size_t>(f)].vertices;
  return std::find(vs.begin(), vs.end(), v) != vs.end();
}

bool valid(const Polytope& shape, const Feature& f) {
  const std::size_t n = f.kind == FeatureKind::vertex ? shape.vertices().size()
                        : f.kind == FeatureKind::edge ? shape.edges().size()
                                                      : shape.faces().size();
  return f.id >= 0 && static_cast<std::size_t>(f.id) < n;
}

}  // namespace

bool adjacent(const Polytope& shape, const Feature& x, const Feature& y) {
  if (!valid(shape, x) || !valid(shape, y) || x.kind == y.kind) return false;
  const Feature& low = x.kind < y.kind ? x : y;
  const Feature& high = x.kind < y.kind ? y : x;
  if (low.kind == FeatureKind::vertex && high.kind == FeatureKind::edge) {
    const Edge& e = shape.edges()[static_cast<std::size_t>(high.id)];
    return e.tail == low.id || e.head == low.id;
  }
  if (low.kind == FeatureKind::vertex) return vertex_on_face(shape, low.id, high.id);
  const Edge& e = shape.edges()[static_cast<std::size_t>(low.id)];
  return e.left_face == high.id || e.right_face == high.id;
}

bool convex_neighbourhood(const Polytope& shape, const Feature& f) {
  if (!valid(shape, f)) return false;
  if (f.kind == FeatureKind::face) return true;
  if (f.kind == FeatureKind::edge) return !shape.edges()[static_cast<std::size_t>(f.id)].reflex;
  const auto& incident = shape.vertex_edges()[static_cast<std::size_t>(f.id)];
  return std::none_of(incident.begin(), incident.end(),
                      [&](int e) { return shape.edges()[static_cast<std::size_t>(e)].reflex; });
}

PersistenceSources persistence_sources(const ContactRegion& region,
                                       std::span<const ContactRegion> previous, const Polytope& a,
                                       const Polytope& b) {
  PersistenceSources out;
  if (!region.a || !region.b) return out;
  const Feature &x = *region.a, &y = *region.b;
  for (const ContactRegion& p : previous)
    if (p.a && p.b && *p.a == x && *p.b == y) out.regions.push_back(&p);
  if (!out.regions.empty()) {
    out.condition = 6;
    return out;
  }
  for (const ContactRegion& p : previous) {
    if (!p.a || !p.b) continue;
    const bool ax = adjacent(a, x, *p.a), ay = adjacent(b, y, *p.b);
    const bool pair = (ax && y == *p.b) || (x == *p.a && ay) || (ax && ay);
    if (pair && convex_neighbourhood(a, *p.a) && convex_neighbourhood(b, *p.b))
      out.regions.push_back(&p);
  }
  if (!out.regions.empty()) out.condition = 7;
  return out;
}

}  // namespace touchstone
