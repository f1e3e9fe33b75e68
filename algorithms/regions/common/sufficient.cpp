// The sufficient subset 𝓡 in floating point (see sufficient.hpp; seed 000 eq. (3)–(4)).
#include "algorithms/regions/common/sufficient.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>

namespace touchstone::region_common {
namespace {

constexpr double kSide = 1e-12;     // |n · d| below this: d is on the plane
constexpr double kParallel = 1e-9;  // |n × m| below this: the planes are parallel

int sign_of(double x) { return x > kSide ? 1 : x < -kSide ? -1 : 0; }

// 1: x strictly inside the sector, 0: on or near its boundary, -1: elsewhere in its plane.
int classify(const TangentCone::Sector& s, const Vec3& x) {
  const int sa = sign_of(s.normal.dot(s.a.cross(x))), sb = sign_of(s.normal.dot(x.cross(s.b)));
  if (sa == 0 || sb == 0) return 0;
  bool inside;
  if (s.corner > 0)
    inside = sa > 0 && sb > 0;
  else if (s.corner < 0)
    inside = !(sa < 0 && sb < 0);
  else
    inside = sa > 0;
  return inside ? 1 : -1;
}

// A direction inside the open sector, the k-th of a family meeting each line at most once.
Vec3 sector_point(const TangentCone::Sector& s, int k) {
  if (s.corner > 0) return s.a + k * s.b;
  if (s.corner < 0) return -(s.a + k * s.b);
  return s.normal.cross(s.a) + k * s.a;
}

// A non-convex vertex: walk from d to a point q inside one face's sector (just behind it lies the
// solid) and count the sectors crossed on the way.
bool in_open_vertex_cone(const TangentCone& cone, const Vec3& d) {
  const int family = 2 * static_cast<int>(cone.sectors.size()) + 4;
  for (std::size_t f = 0; f < cone.sectors.size(); ++f) {
    const int side = sign_of(cone.sectors[f].normal.dot(d));
    if (side == 0) continue;
    for (int k = 1; k <= family; ++k) {
      const Vec3 q = sector_point(cone.sectors[f], k).normalized();
      int count = 0;
      bool clean = true;
      for (std::size_t g = 0; g < cone.sectors.size() && clean; ++g) {
        if (g == f) continue;
        const TangentCone::Sector& s = cone.sectors[g];
        const double alpha = s.normal.dot(d), beta = s.normal.dot(q);
        if (sign_of(beta) == 0) clean = false;
        if (!clean || sign_of(alpha) == 0 || (alpha > 0) == (beta > 0)) continue;
        Vec3 x = alpha * q - beta * d;
        if (alpha - beta < 0) x = -x;
        const int c = classify(s, x.normalized());
        if (c == 0) clean = false;
        count += c > 0;
      }
      if (clean) return (side < 0) != (count % 2 == 1);
    }
  }
  return false;
}

std::vector<Vec3> distinct_planes(const std::vector<Vec3>& normals) {
  std::vector<Vec3> out;
  for (const Vec3& n : normals)
    if (std::none_of(out.begin(), out.end(),
                     [&](const Vec3& m) { return m.cross(n).norm() < kParallel; }))
      out.push_back(n);
  return out;
}

// Directions around the line r of the arrangement: each sector between consecutive planes
// through r, nudged off r (toward ±r) less than any other plane allows.
void around_line(const std::vector<Vec3>& ns, const Vec3& r, std::vector<Vec3>& out) {
  std::vector<Vec3> rays;
  for (const Vec3& n : ns)
    if (std::abs(n.dot(r)) < kParallel) {
      const Vec3 b = n.cross(r).normalized();
      rays.push_back(b), rays.push_back(-b);
    }
  if (rays.empty()) return;
  const Vec3 u = rays[0], w = r.cross(u);
  std::sort(rays.begin(), rays.end(), [&](const Vec3& p, const Vec3& q) {
    return std::atan2(p.dot(w), p.dot(u)) < std::atan2(q.dot(w), q.dot(u));
  });
  for (std::size_t i = 0; i < rays.size(); ++i) {
    Vec3 m = rays[i] + rays[(i + 1) % rays.size()];
    if (m.norm() < kParallel) m = r.cross(rays[i]);
    m.normalize();
    out.push_back(m);
    for (const Vec3& s : {r, Vec3(-r)}) {
      double delta = 0.5;
      for (const Vec3& n : ns)
        if (std::abs(n.dot(r)) >= kParallel && std::abs(n.dot(m)) > 0)
          delta = std::min(delta, 0.5 * std::abs(n.dot(s)) / std::abs(n.dot(m)));
      out.push_back((s + delta * m).normalized());
    }
  }
}

std::vector<Vec3> cell_directions(const std::vector<Vec3>& normals) {
  const std::vector<Vec3> ns = distinct_planes(normals);
  std::vector<Vec3> out;
  for (const Vec3& n : ns) out.push_back(n), out.push_back(-n);
  for (std::size_t i = 0; i < ns.size(); ++i)
    for (std::size_t j = i + 1; j < ns.size(); ++j) {
      const Vec3 r = ns[i].cross(ns[j]);
      if (r.norm() < kParallel) continue;
      around_line(ns, r.normalized(), out);
    }
  std::vector<Vec3> generic;
  for (const Vec3& d : out)
    if (std::all_of(ns.begin(), ns.end(), [&](const Vec3& n) { return sign_of(n.dot(d)) != 0; }))
      generic.push_back(d);
  return generic;
}

// Whether the open cone is wholly inside `h`: a convex cone (an intersection of open halfspaces)
// lies in a convex h whose every plane is one of the cone's own (the same double normals, as for
// an edge and one of its faces, or a face and itself). Then no direction survives h, which the
// enumeration below would also conclude, only slower.
bool convex_within(const TangentCone& cone, const TangentCone& h) {
  const auto is_convex = [](const TangentCone& c) {
    return c.kind != TangentCone::Kind::reflex_wedge && c.convex;
  };
  if (!is_convex(cone) || !is_convex(h) || h.planes.empty()) return false;
  return std::all_of(h.planes.begin(), h.planes.end(), [&](const Vec3& n) {
    return std::find(cone.planes.begin(), cone.planes.end(), n) != cone.planes.end();
  });
}

bool keeps_open_set(const TangentCone& cone, const std::vector<const TangentCone*>& removed) {
  if (std::any_of(removed.begin(), removed.end(),
                  [&](const TangentCone* h) { return convex_within(cone, *h); }))
    return false;
  std::vector<Vec3> planes = cone.planes;
  for (const TangentCone* h : removed)
    planes.insert(planes.end(), h->planes.begin(), h->planes.end());
  for (const Vec3& d : cell_directions(planes)) {
    if (!in_open_cone(cone, d)) continue;
    if (std::none_of(removed.begin(), removed.end(),
                     [&](const TangentCone* h) { return in_open_cone(*h, d); }))
      return true;
  }
  return false;
}

// The open entities whose closure contains x, x included, into `out` (a buffer reused across
// the regions of one call: this runs for every 0D and 1D region).
void star(const Polytope& s, const Feature& x, std::vector<Feature>& out) {
  out.assign(1, x);
  const auto add = [&out](Feature f) {
    if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
  };
  const auto add_edge_faces = [&](int e) {
    add({FeatureKind::face, s.edges()[e].left_face});
    add({FeatureKind::face, s.edges()[e].right_face});
  };
  if (x.kind == FeatureKind::edge) add_edge_faces(x.id);
  if (x.kind == FeatureKind::vertex)
    for (int e : s.vertex_edges()[x.id]) add({FeatureKind::edge, e}), add_edge_faces(e);
}

int dimension(const FoundRegion& r) {
  return r.points.size() >= 3 ? 2 : static_cast<int>(r.points.size()) - 1;
}

// p within eps of the closed point set of a 1D or 2D region.
bool in_closure(const FoundRegion& r, const Vec3& p, double eps) {
  if (r.points.size() == 2) {
    const Vec3 d = r.points[1] - r.points[0];
    const double t = std::clamp((p - r.points[0]).dot(d) / d.squaredNorm(), 0.0, 1.0);
    return (r.points[0] + t * d - p).norm() <= eps;
  }
  Vec3 normal = Vec3::Zero();  // Newell
  for (std::size_t i = 0; i < r.points.size(); ++i)
    normal += r.points[i].cross(r.points[(i + 1) % r.points.size()]);
  if (normal.norm() <= 0) return false;
  normal.normalize();
  const Vec3 u = (r.points[1] - r.points[0]).normalized(), v = normal.cross(u);
  if (std::abs(normal.dot(p - r.points[0])) > eps) return false;
  std::vector<Vec2> polygon;
  const auto flat = [&](const Vec3& q) {
    return Vec2((q - r.points[0]).dot(u), (q - r.points[0]).dot(v));
  };
  for (const Vec3& q : r.points) polygon.push_back(flat(q));
  const Vec2 q = flat(p);
  return inside_polygon(q, polygon) || boundary_distance(q, polygon) <= eps;
}

// An entity as 32 bits (kind, id), a pair as 64.
std::uint64_t code(const Feature& f) {
  return (static_cast<std::uint64_t>(f.kind) << 30) | static_cast<std::uint32_t>(f.id);
}
std::uint64_t key(const Feature& a, const Feature& b) { return (code(a) << 32) | code(b); }

// The edge's own dihedral: reflex when (head − tail) · (n_left × n_right) < 0 (the exact
// reference's test). Edge::reflex is not used: it also flags a convex edge whose right face, a
// non-convex polygon, has some vertex above the left face's plane.
bool locally_reflex(const WorldShape& s, int e) {
  const Edge& edge = s.shape->edges()[e];
  const Vec3 d = (s.head(e) - s.tail(e)).normalized();
  return d.dot(s.faces[edge.left_face].normal.cross(s.faces[edge.right_face].normal)) < -kSide;
}

}  // namespace

TangentCone tangent_cone(const WorldShape& s, const Feature& x) {
  TangentCone cone;
  const Polytope& p = *s.shape;
  if (x.kind == FeatureKind::face) {
    cone.planes = {s.faces[x.id].normal};
    return cone;
  }
  if (x.kind == FeatureKind::edge) {
    const Edge& e = p.edges()[x.id];
    const bool reflex = locally_reflex(s, x.id);
    cone.kind = reflex ? TangentCone::Kind::reflex_wedge : TangentCone::Kind::convex_wedge;
    cone.convex = !reflex;
    cone.planes = {s.faces[e.left_face].normal, s.faces[e.right_face].normal};
    return cone;
  }
  cone.kind = TangentCone::Kind::vertex;
  for (int e : p.vertex_edges()[x.id]) cone.convex = cone.convex && !locally_reflex(s, e);
  std::vector<int> faces;
  for (int e : p.vertex_edges()[x.id])
    for (int f : {p.edges()[e].left_face, p.edges()[e].right_face})
      if (std::find(faces.begin(), faces.end(), f) == faces.end()) faces.push_back(f);
  const Vec3& at = s.vertices[x.id];
  cone.planes.reserve(faces.size());
  cone.sectors.reserve(faces.size());
  for (int f : faces) {
    const std::vector<int>& loop = p.faces()[f].vertices;
    const std::size_t n = loop.size();
    const std::size_t i =
        static_cast<std::size_t>(std::find(loop.begin(), loop.end(), x.id) - loop.begin());
    if (i == n) continue;
    TangentCone::Sector sector;
    sector.normal = s.faces[f].normal;
    sector.a = (s.vertices[loop[(i + 1) % n]] - at).normalized();
    sector.b = (s.vertices[loop[(i + n - 1) % n]] - at).normalized();
    sector.corner = sign_of(sector.normal.dot(sector.a.cross(sector.b)));
    cone.planes.push_back(sector.normal);
    cone.sectors.push_back(sector);
  }
  return cone;
}

bool in_open_cone(const TangentCone& cone, const Vec3& d) {
  switch (cone.kind) {
    case TangentCone::Kind::halfspace:
    case TangentCone::Kind::convex_wedge:
      return std::all_of(cone.planes.begin(), cone.planes.end(),
                         [&](const Vec3& n) { return n.dot(d) < 0; });
    case TangentCone::Kind::reflex_wedge:
      return std::any_of(cone.planes.begin(), cone.planes.end(),
                         [&](const Vec3& n) { return n.dot(d) < 0; });
    case TangentCone::Kind::vertex:
      if (cone.convex)
        return std::all_of(cone.planes.begin(), cone.planes.end(),
                           [&](const Vec3& n) { return n.dot(d) < 0; });
      return in_open_vertex_cone(cone, d);
  }
  return false;
}

std::vector<bool> sufficient_flags(const WorldShape& a, const WorldShape& b,
                                   std::span<const FoundRegion> regions, double eps) {
  std::vector<bool> flag(regions.size(), false);
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> by_pair;
  by_pair.reserve(regions.size());
  for (std::size_t i = 0; i < regions.size(); ++i) {
    by_pair[key(regions[i].a, regions[i].b)].push_back(i);
    flag[i] = dimension(regions[i]) == 2;  // eq. (4) reduces to a_i = s_i
  }
  std::unordered_map<std::uint64_t, TangentCone> cones_a, cones_b;
  const auto cone = [](auto& cache, const WorldShape& s, const Feature& x) -> const TangentCone& {
    const std::uint64_t k = code(x);
    auto it = cache.find(k);
    if (it == cache.end()) it = cache.emplace(k, tangent_cone(s, x)).first;
    return it->second;
  };
  std::vector<Feature> star_a, star_b;
  std::vector<const TangentCone*> h_a, h_b;
  for (int d = 1; d >= 0; --d) {  // 𝓡^1 depends on 𝓡^2, 𝓡^0 on both
    for (std::size_t i = 0; i < regions.size(); ++i) {
      const FoundRegion& r = regions[i];
      if (dimension(r) != d) continue;
      const Vec3 p = d == 0 ? r.points[0] : Vec3((r.points[0] + r.points[1]) / 2);
      h_a.clear(), h_b.clear();
      star(*a.shape, r.a, star_a);
      star(*b.shape, r.b, star_b);
      for (const Feature& xa : star_a)
        for (const Feature& xb : star_b) {
          const auto it = by_pair.find(key(xa, xb));
          if (it == by_pair.end()) continue;
          for (std::size_t j : it->second) {
            if (!flag[j] || dimension(regions[j]) <= d || !in_closure(regions[j], p, eps)) continue;
            h_a.push_back(&cone(cones_a, a, xa));
            h_b.push_back(&cone(cones_b, b, xb));
          }
        }
      flag[i] =
          keeps_open_set(cone(cones_a, a, r.a), h_a) || keeps_open_set(cone(cones_b, b, r.b), h_b);
    }
  }
  return flag;
}

}  // namespace touchstone::region_common
