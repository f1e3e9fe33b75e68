// regions-bsp: settling candidate pairs (see settle.hpp; the ε rules are regions-allpairs').
#include "algorithms/regions/bsp/settle.hpp"

#include <string>

namespace touchstone::bsp {
namespace {

using region_common::WorldFace;
using region_common::WorldShape;

void add(Settlement& out, bool tree_is_a, int face, const Feature& entity,
         std::vector<Vec3> points) {
  const Feature f{FeatureKind::face, face};
  if (tree_is_a)
    out.regions.push_back({f, entity, std::move(points)});
  else
    out.regions.push_back({entity, f, std::move(points)});
}

}  // namespace

void settle_entities(const std::vector<Candidate>& on, const std::vector<Candidate>& crossing,
                     const WorldShape& tree_side, const WorldShape& other, bool tree_is_a,
                     double eps, Settlement& out) {
  // "on" candidates lie in the face's plane (a vertex in the open face, an edge's components in
  // it); crossing candidates are edges cut by the plane (a crossing point of the open face).
  for (const bool cut : {false, true})
    for (const Candidate& c : cut ? crossing : on) {
      const WorldFace& f = tree_side.faces[c.face];
      if (c.entity.kind == FeatureKind::vertex && !cut)
        if (auto x = region_common::vertex_face(other.vertices[c.entity.id], f, eps))
          add(out, tree_is_a, c.face, c.entity, {*x});
      if (c.entity.kind != FeatureKind::edge) continue;
      region_common::EdgeFace found =
          region_common::edge_face(other.tail(c.entity.id), other.head(c.entity.id), f, eps);
      if (found.coplanar == cut) continue;
      out.penetrating = out.penetrating || found.through;
      for (auto& points : found.regions) add(out, tree_is_a, c.face, c.entity, std::move(points));
    }
}

void settle_faces(const std::vector<std::pair<int, int>>& pairs, const WorldShape& a,
                  const WorldShape& b, double eps, Settlement& out) {
  for (const auto& [ia, ib] : pairs) {
    region_common::FaceFace found = region_common::face_face(a.faces[ia], a.face_points(ia),
                                                             b.faces[ib], b.face_points(ib), eps);
    if (found.failure && !out.failure)
      out.failure = "faces " + std::to_string(ia) + " (A) and " + std::to_string(ib) +
                    " (B): " + *found.failure;
    out.penetrating = out.penetrating || (found.same_side && !found.regions.empty());
    for (auto& points : found.regions)
      out.regions.push_back({{FeatureKind::face, ia}, {FeatureKind::face, ib}, std::move(points)});
  }
}

}  // namespace touchstone::bsp
