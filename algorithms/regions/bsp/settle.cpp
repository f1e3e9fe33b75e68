// regions-bsp: settling candidate pairs (see settle.hpp; the ε rules are regions-allpairs').
#include "algorithms/regions/bsp/settle.hpp"

#include <algorithm>
#include <cmath>

#include "algorithms/regions/common/overlap2d.hpp"

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

// A vertex within ε of the face's plane whose foot is more than ε inside the open face.
void vertex_in_face(const Vec3& p, const WorldFace& f, int face, const Feature& v, bool tree_is_a,
                    double eps, Settlement& out) {
  const double h = f.height(p);
  if (std::abs(h) <= eps && region_common::deep_inside(f.to_2d(p), f.polygon, eps))
    add(out, tree_is_a, face, v, {p - h / 2 * f.normal});
}

// An edge in the face's plane (both ends within ε): its components in the open face. Otherwise a
// crossing of the open face farther than ε from the ends and the face's boundary: a point, and
// penetration when both ends are more than ε from the plane.
void edge_in_face(const Vec3& p0, const Vec3& p1, const WorldFace& f, int face, const Feature& e,
                  bool tree_is_a, double eps, bool crossing, Settlement& out) {
  const double h0 = f.height(p0), h1 = f.height(p1);
  if (!crossing) {
    if (std::abs(h0) > eps || std::abs(h1) > eps) return;
    for (const auto& [s, t] :
         region_common::segment_in_polygon(f.to_2d(p0), f.to_2d(p1), f.polygon, eps))
      add(out, tree_is_a, face, e, {f.to_3d(s), f.to_3d(t)});
    return;
  }
  if (!(h0 * h1 < 0) || (std::abs(h0) <= eps && std::abs(h1) <= eps)) return;
  const Vec3 x = p0 + h0 / (h0 - h1) * (p1 - p0);
  if ((x - p0).norm() <= eps || (x - p1).norm() <= eps) return;
  if (!region_common::deep_inside(f.to_2d(x), f.polygon, eps)) return;
  add(out, tree_is_a, face, e, {x});
  out.penetrating = out.penetrating || (std::abs(h0) > eps && std::abs(h1) > eps);
}

}  // namespace

void settle_entities(const std::vector<Candidate>& on, const std::vector<Candidate>& crossing,
                     const WorldShape& tree_side, const WorldShape& other, bool tree_is_a,
                     double eps, Settlement& out) {
  for (const bool cut : {false, true})
    for (const Candidate& c : cut ? crossing : on) {
      const WorldFace& f = tree_side.faces[c.face];
      if (c.entity.kind == FeatureKind::vertex && !cut)
        vertex_in_face(other.vertices[c.entity.id], f, c.face, c.entity, tree_is_a, eps, out);
      if (c.entity.kind == FeatureKind::edge)
        edge_in_face(other.tail(c.entity.id), other.head(c.entity.id), f, c.face, c.entity,
                     tree_is_a, eps, cut, out);
    }
}

void settle_faces(const std::vector<std::pair<int, int>>& pairs, const WorldShape& a,
                  const WorldShape& b, double eps, Settlement& out) {
  for (const auto& [ia, ib] : pairs) {
    const WorldFace& fa = a.faces[ia];
    const WorldFace& fb = b.faces[ib];
    const std::vector<Vec3> pa = a.face_points(ia), pb = b.face_points(ib);
    const auto off = [eps](const std::vector<Vec3>& points, const WorldFace& f) {
      return std::any_of(points.begin(), points.end(),
                         [&](const Vec3& p) { return std::abs(f.height(p)) > eps; });
    };
    if (off(pa, fb) || off(pb, fa)) continue;
    // A's face in B's face's frame, counter-clockwise there (reversed when the normals oppose).
    std::vector<region_common::Vec2> polygon;
    for (const Vec3& p : pa) polygon.push_back(fb.to_2d(p));
    const bool same_side = fa.normal.dot(fb.normal) > 0;
    if (!same_side) std::reverse(polygon.begin(), polygon.end());
    region_common::Overlap overlap = region_common::polygon_overlap(polygon, fb.polygon, eps);
    if (overlap.failure && !out.failure)
      out.failure = "faces " + std::to_string(ia) + " (A) and " + std::to_string(ib) +
                    " (B): " + *overlap.failure;
    out.penetrating = out.penetrating || (same_side && !overlap.polygons.empty());
    for (const auto& component : overlap.polygons) {
      std::vector<Vec3> points;
      for (const auto& q : component) points.push_back(fb.to_3d(q));
      out.regions.push_back({{FeatureKind::face, ia}, {FeatureKind::face, ib}, std::move(points)});
    }
  }
}

}  // namespace touchstone::bsp
