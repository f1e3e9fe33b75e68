// The sufficient subset 𝓡 ⊆ 𝓘 (seed 000 eq. (3)-(4), Definition 1) for a touching pair, decided
// with the exact local cones of exact_regions_cones.cpp. No CGAL package.
//
// By eq. (2) every point of a region has the same neighbourhoods, so one point p of R(r) speaks for
// the region: its midpoint (1D) or its point (0D). Near p each solid is p + its closed tangent
// cone, and H_i(r_j) of an adjacent higher-dimensional region r_j ∈ 𝓡 is a cone at p too: its
// planes are the planes of the face or edge x_j, which contain R(r_j) and hence p. So
// N_{a_i}(p) ≠ ∅ in eq. (3) reads: some open set of directions lies in the open cone of s_i and
// outside every H_i(r_j) — and an open set bounded by these planes is non-empty iff it holds a
// direction of cell_directions() of all of them (where "outside the closed H" and "outside the
// open H" agree).
#include <map>
#include <utility>

#include "reference/exact_regions_geometry.hpp"
#include "reference/exact_regions_internal.hpp"

namespace touchstone::exact_detail {

namespace {

int dimension(const RawRegion& r) {
  return r.points.size() >= 3 ? 2 : static_cast<int>(r.points.size()) - 1;
}

// The open entities whose closure contains x, x included (its star).
std::vector<Feature> star(const Polytope& shape, Feature x) {
  std::vector<Feature> out{x};
  if (x.kind == FeatureKind::face) return out;
  auto add_face = [&out](int f) {
    for (const Feature& g : out)
      if (g.kind == FeatureKind::face && g.id == f) return;
    out.push_back({FeatureKind::face, f});
  };
  if (x.kind == FeatureKind::edge) {
    const Edge& e = shape.edges()[static_cast<std::size_t>(x.id)];
    add_face(e.left_face);
    add_face(e.right_face);
    return out;
  }
  for (int e : shape.vertex_edges()[static_cast<std::size_t>(x.id)]) {
    out.push_back({FeatureKind::edge, e});
    add_face(shape.edges()[static_cast<std::size_t>(e)].left_face);
    add_face(shape.edges()[static_cast<std::size_t>(e)].right_face);
  }
  return out;
}

using PairKey = std::pair<std::pair<int, int>, std::pair<int, int>>;
PairKey key(Feature a, Feature b) {
  return {{static_cast<int>(a.kind), a.id}, {static_cast<int>(b.kind), b.id}};
}

// p ∈ the closure of R(r): the closed segment of a 1D region, the closed polygon of a 2D one (in
// the plane of A's face, which carries it).
bool in_closure(const ExactSolid& a, const RawRegion& r, const QPoint& p) {
  const QPoint& p0 = r.points[0];
  if (r.points.size() == 2) {
    const QPoint u = r.points[1] - p0, w = p - p0;
    if (!is_zero(cross(u, w))) return false;
    const Q t = dot(u, w);
    return t >= 0 && t <= dot(u, u);
  }
  const PlaneFrame frame = plane_frame(to_q(a.face_normals[static_cast<std::size_t>(r.a.id)]), p0);
  if (dot(frame.normal, p) != frame.offset) return false;
  std::vector<P2> polygon;
  for (const QPoint& q : r.points) polygon.push_back(project(frame, q));
  return locate(polygon, project(frame, p)) >= 0;
}

QPoint representative(const RawRegion& r) {
  if (r.points.size() == 1) return r.points[0];
  return Q(1, 2) * (r.points[0] + r.points[1]);
}

// Local cones by entity, built once per solid.
class ConeCache {
 public:
  explicit ConeCache(const ExactSolid& solid) : solid_(solid) {}
  const LocalCone& at(Feature x) {
    const std::pair<int, int> k{static_cast<int>(x.kind), x.id};
    auto it = cones_.find(k);
    if (it == cones_.end()) it = cones_.emplace(k, local_cone(solid_, x)).first;
    return it->second;
  }

 private:
  const ExactSolid& solid_;
  std::map<std::pair<int, int>, LocalCone> cones_;
};

// N_{a_i}(p) ≠ ∅ for a_i = s_i −* H_i(r_1) −* ...: H_i(r_j) is the closed tangent cone of s_i at
// its entity of r_j (face: its halfspace; convex edge: h1 ∩ h2; reflex edge: h1 ∪ h2), exactly
// Definition 1's approximation.
bool keeps_open_set(const LocalCone& cone, const std::vector<const LocalCone*>& removed) {
  std::vector<XPoint> planes = cone.planes;
  for (const LocalCone* h : removed)
    planes.insert(planes.end(), h->planes.begin(), h->planes.end());
  for (const XPoint& d : cell_directions(planes)) {
    if (!in_open_cone(cone, d)) continue;
    bool outside = true;
    for (const LocalCone* h : removed) outside = outside && !in_open_cone(*h, d);
    if (outside) return true;
  }
  return false;
}

}  // namespace

std::vector<bool> sufficient_regions(const ExactSolid& a, const ExactSolid& b,
                                     const std::vector<RawRegion>& regions) {
  std::vector<bool> flag(regions.size(), false);
  std::map<PairKey, std::vector<std::size_t>> by_pair;
  for (std::size_t i = 0; i < regions.size(); ++i) {
    by_pair[key(regions[i].a, regions[i].b)].push_back(i);
    flag[i] = dimension(regions[i]) == 2;  // eq. (4) reduces to a_i = s_i: all of them
  }
  ConeCache cones_a(a), cones_b(b);
  for (int d = 1; d >= 0; --d) {  // 𝓡^1 depends on 𝓡^2, 𝓡^0 on both
    for (std::size_t i = 0; i < regions.size(); ++i) {
      const RawRegion& r = regions[i];
      if (dimension(r) != d) continue;
      // Adjacent higher-dimensional regions of 𝓡: their entities are cofaces of r's (p lies in
      // x ∩ closure(x_j)) and their closure holds p.
      const QPoint p = representative(r);
      std::vector<const LocalCone*> h_a, h_b;
      for (const Feature& xa : star(*a.shape, r.a))
        for (const Feature& xb : star(*b.shape, r.b)) {
          const auto it = by_pair.find(key(xa, xb));
          if (it == by_pair.end()) continue;
          for (std::size_t j : it->second) {
            if (!flag[j] || dimension(regions[j]) <= d || !in_closure(a, regions[j], p)) continue;
            h_a.push_back(&cones_a.at(xa));
            h_b.push_back(&cones_b.at(xb));
          }
        }
      flag[i] = keeps_open_set(cones_a.at(r.a), h_a) || keeps_open_set(cones_b.at(r.b), h_b);
    }
  }
  return flag;
}

}  // namespace touchstone::exact_detail
