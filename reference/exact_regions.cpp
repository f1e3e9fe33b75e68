// Exact contact-region reference (exact_regions.hpp): ties the parts together.
//  solids, 𝓘 with exact Π, separation ... exact_regions_solid.cpp, exact_regions_intersect.cpp,
//                                         exact_regions_separation.cpp
//  relation .............................. decide_relation below (local cones,
//                                         exact_regions_cones.cpp)
//  𝓡 (eq. (3)-(4)), normal cones ......... exact_regions_sufficient.cpp, exact_regions_normals.cpp
#include <gmpxx.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "reference/exact_proximity.hpp"
#include "reference/exact_regions_geometry.hpp"
#include "reference/exact_regions_internal.hpp"

namespace touchstone {

using namespace exact_detail;

namespace exact_detail {

namespace {

int find_root(std::vector<int>& parent, int v) {
  while (parent[static_cast<std::size_t>(v)] != v) {
    int& up = parent[static_cast<std::size_t>(v)];
    up = parent[static_cast<std::size_t>(up)];
    v = up;
  }
  return v;
}

// A vertex of every shell (connected component of the boundary) of s that no region touches.
std::vector<int> untouched_shells(const ExactSolid& s, const std::vector<RawRegion>& regions,
                                  bool side_a) {
  const Polytope& shape = *s.shape;
  std::vector<int> parent(shape.vertices().size());
  std::iota(parent.begin(), parent.end(), 0);
  for (const Edge& e : shape.edges())
    parent[static_cast<std::size_t>(find_root(parent, e.tail))] = find_root(parent, e.head);
  std::vector<bool> touched(parent.size(), false);
  for (const RawRegion& r : regions) {
    const Feature x = side_a ? r.a : r.b;
    const int v = x.kind == FeatureKind::vertex ? x.id
                  : x.kind == FeatureKind::edge
                      ? shape.edges()[static_cast<std::size_t>(x.id)].tail
                      : shape.faces()[static_cast<std::size_t>(x.id)].vertices[0];
    touched[static_cast<std::size_t>(find_root(parent, v))] = true;
  }
  std::vector<int> out;
  for (int v = 0; v < static_cast<int>(parent.size()); ++v)
    if (find_root(parent, v) == v && !touched[static_cast<std::size_t>(v)]) out.push_back(v);
  return out;
}

// Some shell of `inner` that misses the other boundary lies inside `outer`.
bool shell_inside(const ExactSolid& inner, const ExactSolid& outer,
                  const std::vector<RawRegion>& regions, bool inner_is_a) {
  for (int v : untouched_shells(inner, regions, inner_is_a))
    if (strictly_inside(outer, to_q(inner.points[static_cast<std::size_t>(v)]))) return true;
  return false;
}

}  // namespace

// Penetrating iff the interiors overlap. Claim: they do iff (i) at some region of 𝓘 the open
// local cones of A and B share a direction, or (ii) some shell S of one solid that meets no
// region (S ∩ ∂other = ∅) has a vertex strictly inside the other. "If" is plain: (i) gives
// interior points of both near the region, (ii) puts all of S (connected, never crossing the
// other's boundary) inside the other's interior, and the solid's interior lies next to S.
// "Only if": let the interiors overlap. Near any p ∈ ∂A ∩ ∂B each solid is p + its tangent cone,
// so "the interiors overlap arbitrarily close to p" is exactly (i) at the region holding p (the
// open entities partition ∂A ∩ ∂B, and the cone is the same along a region).
//  - Some point q of a shell S of ∂A lies in int B. If S also leaves int B, the part S ∩ int B is
//    open in S and not closed (S is connected), so it has a limit point p ∈ S ∩ ∂B; boundary
//    points of A inside int B lie arbitrarily close to p, with interior points of A next to them:
//    (i) at p. If S ⊂ int B, S meets no region: (ii).
//  - Symmetrically for a shell of ∂B in int A.
//  - Otherwise ∂A ∩ int B = ∂B ∩ int A = ∅. O = int A ∩ int B is open, bounded, non-empty, so it
//    has a boundary point p; p ∈ ∂A ∪ ∂B, and p ∈ A ∩ B lies in neither interior of the other
//    solid, so p ∈ ∂A ∩ ∂B with O arbitrarily close: (i) at p.
// Then touching iff 𝓘 ≠ ∅ (the closed solids share a boundary point) and not penetrating;
// separated iff 𝓘 = ∅ and not penetrating (disjoint boundaries and no containment: A ∩ B = ∅).
Relation decide_relation(const ExactSolid& a, const ExactSolid& b, const IntersectionSet& set) {
  std::map<std::pair<int, int>, LocalCone> cones_a, cones_b;
  auto cone = [](std::map<std::pair<int, int>, LocalCone>& cache, const ExactSolid& s,
                 Feature x) -> const LocalCone& {
    const std::pair<int, int> k{static_cast<int>(x.kind), x.id};
    auto it = cache.find(k);
    if (it == cache.end()) it = cache.emplace(k, local_cone(s, x)).first;
    return it->second;
  };
  for (const RawRegion& r : set.regions)
    if (cones_overlap(cone(cones_a, a, r.a), cone(cones_b, b, r.b))) return Relation::penetrating;
  if (shell_inside(a, b, set.regions, true) || shell_inside(b, a, set.regions, false))
    return Relation::penetrating;
  return set.regions.empty() ? Relation::separated : Relation::touching;
}

}  // namespace exact_detail

namespace {

// Through exact_numbers' rounding and printing (a Gmpz is a Gmpzf with exponent 0).
double round_q(const Q& x) { return round_quotient(NT(x.numerator()), NT(x.denominator())); }
std::string q_string(const Q& x) { return fraction_string(NT(x.numerator()), NT(x.denominator())); }

// The faces incident to an entity: a face itself, an edge's two faces, a vertex's fan.
std::vector<int> incident_faces(const Polytope& shape, const Feature& f) {
  if (f.kind == FeatureKind::face) return {f.id};
  std::vector<int> edges;
  if (f.kind == FeatureKind::edge) edges = {f.id};
  if (f.kind == FeatureKind::vertex) edges = shape.vertex_edges()[static_cast<std::size_t>(f.id)];
  std::vector<int> faces;
  for (int e : edges)
    for (int face : {shape.edges()[static_cast<std::size_t>(e)].left_face,
                     shape.edges()[static_cast<std::size_t>(e)].right_face})
      if (std::find(faces.begin(), faces.end(), face) == faces.end()) faces.push_back(face);
  return faces;
}

// Candidate directions along which to move B out of A: the faces of 𝓘 (B along A's outward
// normal, against B's), the cross products of crossing edge pairs (both senses), the faces
// incident to 𝓘's vertices and edges (a peg pushed into a pocket's floor meets the floor only at
// its corners), the sum of all these (a bolt in a countersink moves out along the cone's axis),
// sums of pairs and triples (a block pushed into a corner), then the opposite senses. Capped:
// each costs a full intersection set.
std::vector<Vec3> shallow_directions(const ExactSolid& a, const ExactSolid& b,
                                     const std::vector<RawRegion>& regions) {
  constexpr std::size_t kMaxDirections = 96;
  std::vector<XPoint> first, incident, later;
  auto edge_vector = [](const ExactSolid& s, int id) {
    const Edge& e = s.shape->edges()[static_cast<std::size_t>(id)];
    return s.points[static_cast<std::size_t>(e.head)] - s.points[static_cast<std::size_t>(e.tail)];
  };
  for (const RawRegion& r : regions) {
    if (r.a.kind == FeatureKind::face)
      first.push_back(a.face_normals[static_cast<std::size_t>(r.a.id)]);
    if (r.b.kind == FeatureKind::face)
      first.push_back(-b.face_normals[static_cast<std::size_t>(r.b.id)]);
    if (r.a.kind == FeatureKind::edge && r.b.kind == FeatureKind::edge) {
      const XPoint c = cross(edge_vector(a, r.a.id), edge_vector(b, r.b.id));
      if (!is_zero(c)) {
        first.push_back(c);
        first.push_back(-c);
      }
    }
    for (int f : incident_faces(*a.shape, r.a)) {
      incident.push_back(a.face_normals[static_cast<std::size_t>(f)]);
      later.push_back(-a.face_normals[static_cast<std::size_t>(f)]);
    }
    for (int f : incident_faces(*b.shape, r.b)) {
      incident.push_back(-b.face_normals[static_cast<std::size_t>(f)]);
      later.push_back(b.face_normals[static_cast<std::size_t>(f)]);
    }
  }
  std::vector<Vec3> out;
  auto add = [&out](const Vec3& u) {
    if (!(u.squaredNorm() > 0.0) || !u.allFinite() || out.size() >= kMaxDirections) return;
    for (const Vec3& w : out)
      if (w == u) return;
    out.push_back(u);
  };
  for (const XPoint& d : first) add(unit_vector(d));
  for (const XPoint& d : incident) add(unit_vector(d));
  Vec3 all = Vec3::Zero();
  for (const Vec3& u : out) all += u;
  add(all.normalized());
  const std::size_t singles = std::min<std::size_t>(out.size(), 8);
  for (std::size_t i = 0; i < singles; ++i)
    for (std::size_t j = i + 1; j < singles; ++j) {
      add((out[i] + out[j]).normalized());
      for (std::size_t k = j + 1; k < singles; ++k) add((out[i] + out[j] + out[k]).normalized());
    }
  for (const XPoint& d : later) add(unit_vector(d));
  return out;
}

// The first pose of B moved by the limit along a candidate direction that makes the pair
// non-penetrating.
std::optional<Pose> shallow_exit(const ExactSolid& a, const ExactSolid& sb, const Pose& pose_b,
                                 const std::vector<RawRegion>& regions, double limit) {
  const Polytope& b = *sb.shape;
  for (const Vec3& u : shallow_directions(a, sb, regions)) {
    Pose moved = pose_b;
    moved.translation += limit * u;
    const ExactSolid shifted = make_exact_solid(b, moved, "B");
    if (decide_relation(a, shifted, intersecting_entities(a, shifted)) != Relation::penetrating)
      return moved;
  }
  return std::nullopt;
}

// The least common multiple of the denominators of t.
CGAL::Gmpz common_denominator(const QPoint& t) {
  mpz_class d = 1;
  for (const Q* c : {&t.x, &t.y, &t.z}) {
    const mpz_class den(c->denominator().mpz());
    mpz_lcm(d.get_mpz_t(), d.get_mpz_t(), den.get_mpz_t());
  }
  return CGAL::Gmpz(d.get_mpz_t());
}

// k·s + shift: a similar copy of the solid (same entities, same directions everywhere).
ExactSolid scaled(const ExactSolid& s, const NT& k, const XPoint& shift) {
  ExactSolid out;
  out.shape = s.shape;
  for (const XPoint& p : s.points)
    out.points.push_back({k * p.x + shift.x, k * p.y + shift.y, k * p.z + shift.z});
  const NT k2 = k * k;
  for (const XPoint& n : s.face_normals) out.face_normals.push_back({k2 * n.x, k2 * n.y, k2 * n.z});
  return out;
}

NT integer(const Q& x) { return NT(x.numerator()); }  // x must be an integer

ExactRegion convert(const RawRegion& raw);

// The ε-closure (exact_regions.hpp) from B at `start`, which is B moved by `moved` (exact) and
// does not penetrate A.
EpsilonClosure epsilon_closure(const ExactSolid& sa, const ExactSolid& start, const QPoint& moved) {
  IntersectionSet set = intersecting_entities(sa, start);
  Relation relation = decide_relation(sa, start, set);
  QPoint extra{Q(0), Q(0), Q(0)};
  Q scale(1);
  ExactSolid a = sa, b = start;
  if (relation == Relation::separated) {
    const Separation s = exact_separation(sa, start);
    extra = s.point_a - s.point_b;
    const CGAL::Gmpz d = common_denominator(extra);
    scale = Q(d);
    const QPoint shift = scale * extra;
    a = scaled(sa, NT(d), {NT(0), NT(0), NT(0)});
    b = scaled(start, NT(d), {integer(shift.x), integer(shift.y), integer(shift.z)});
    set = intersecting_entities(a, b);
    relation = decide_relation(a, b, set);
  }
  EpsilonClosure out;
  const QPoint t = moved + extra;
  out.translation = {round_q(t.x), round_q(t.y), round_q(t.z)};
  out.translation_exact = q_string(t.x) + " " + q_string(t.y) + " " + q_string(t.z);
  const Q t2 = dot(t, t);
  out.length = round_sqrt_quotient(NT(t2.numerator()), NT(t2.denominator()));
  out.relation = relation;
  if (relation != Relation::touching) return out;
  const std::vector<bool> sufficient = sufficient_regions(a, b, set.regions);
  for (std::size_t i = 0; i < set.regions.size(); ++i) {
    RawRegion back = set.regions[i];
    for (QPoint& p : back.points) p = {p.x / scale, p.y / scale, p.z / scale};
    ExactRegion r = convert(back);
    r.sufficient = sufficient[i];
    r.cone = normal_cone(a, b, set.regions[i]);
    out.regions.push_back(std::move(r));
  }
  return out;
}

ExactRegion convert(const RawRegion& raw) {
  ExactRegion r;
  r.a = raw.a;
  r.b = raw.b;
  r.dimension = raw.points.size() >= 3 ? 2 : static_cast<int>(raw.points.size()) - 1;
  for (const QPoint& p : raw.points) {
    r.points.push_back({round_q(p.x), round_q(p.y), round_q(p.z)});
    r.points_exact.push_back(q_string(p.x) + " " + q_string(p.y) + " " + q_string(p.z));
  }
  return r;
}

}  // namespace

std::vector<NormalCone> exact_pair_cones(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                         const Pose& pose_b,
                                         const std::vector<std::pair<Feature, Feature>>& pairs) {
  const auto exists = [](const Polytope& s, const Feature& f) {
    const std::size_t n = f.kind == FeatureKind::vertex ? s.vertices().size()
                          : f.kind == FeatureKind::edge ? s.edges().size()
                                                        : s.faces().size();
    return f.id >= 0 && static_cast<std::size_t>(f.id) < n;
  };
  std::vector<NormalCone> out;
  if (pairs.empty()) return out;
  const ExactSolid sa = make_exact_solid(a, pose_a, "A");
  const ExactSolid sb = make_exact_solid(b, pose_b, "B");
  for (const auto& [x, y] : pairs) {
    if (!exists(a, x) || !exists(b, y))
      throw std::runtime_error("exact_pair_cones: no such entity " + std::to_string(x.id) + " / " +
                               std::to_string(y.id));
    out.push_back(normal_cone(sa, sb, RawRegion{x, y, {}}));
  }
  return out;
}

ExactRegions exact_regions(const Polytope& a, const Pose& pose_a, const Polytope& b,
                           const Pose& pose_b, const ExactRegionOptions& options) {
  const ExactSolid sa = make_exact_solid(a, pose_a, "A");
  const ExactSolid sb = make_exact_solid(b, pose_b, "B");
  const IntersectionSet set = intersecting_entities(sa, sb);
  ExactRegions out;
  out.pairs_tested = set.pairs_tested;
  out.relation = decide_relation(sa, sb, set);
  out.method = "exact entity intersection (Gmpzf/Gmpq) + local cones";
  const bool touching = out.relation == Relation::touching;
  const std::vector<bool> sufficient =
      touching ? sufficient_regions(sa, sb, set.regions) : std::vector<bool>();
  for (std::size_t i = 0; i < set.regions.size(); ++i) {
    ExactRegion r = convert(set.regions[i]);
    if (touching) {
      r.sufficient = sufficient[i];
      r.cone = normal_cone(sa, sb, set.regions[i]);
    }
    out.regions.push_back(std::move(r));
  }
  if (out.relation == Relation::separated && options.compute_distance) {
    const Separation s = exact_separation(sa, sb);
    out.distance_sq_exact = fraction_string(s.num, s.den);
    out.distance = round_sqrt_quotient(s.num, s.den);
    out.closest_a = s.a;
    out.closest_b = s.b;
    out.method += "+separation";
    const Q limit(options.closure_limit);
    if (options.closure_limit > 0.0 && to_q(s.num) <= limit * limit * to_q(s.den)) {
      out.closure = epsilon_closure(sa, sb, {Q(0), Q(0), Q(0)});
      out.method += "+epsilon_closure";
    }
  }
  // `false` means "not shown shallow": no candidate translation by the limit removed the overlap
  // (a deeper overlap, or one that only other directions would remove).
  if (out.relation == Relation::penetrating && options.shallow_limit > 0.0) {
    const std::optional<Pose> exit =
        shallow_exit(sa, sb, pose_b, set.regions, options.shallow_limit);
    out.shallow = exit.has_value();
    out.method += "+shallow_test";
    if (exit && options.closure_limit > 0.0) {
      QPoint moved;
      for (int i = 0; i < 3; ++i)
        coord(moved, i) = to_q(NT(exit->translation[i])) - to_q(NT(pose_b.translation[i]));
      out.closure = epsilon_closure(sa, make_exact_solid(b, *exit, "B"), moved);
      out.method += "+epsilon_closure";
    }
  }
  if (options.compute_patch && a.is_convex() && b.is_convex() && a.is_solid() && b.is_solid()) {
    out.patch = exact_patch(a, pose_a, b, pose_b);
    // Two independent exact constructions must agree: A ∩ B has volume iff the pair penetrates.
    if (out.patch->empty == (out.relation == Relation::penetrating))
      throw std::runtime_error("exact patch volume " + out.patch->volume_exact +
                               " disagrees with the exact relation " +
                               std::string(to_string(out.relation)));
    out.method += "+patch";
    if (!out.patch->empty) {
      const ExactProximity depth = exact_proximity(a.vertices(), pose_a, b.vertices(), pose_b);
      if (depth.depth && depth.depth_direction) {
        out.patch->depth = *depth.depth;
        out.patch->depth_normal = -*depth.depth_direction;  // B moved along it would separate
        out.method += "+depth";
      }
    }
  }
  return out;
}

}  // namespace touchstone
