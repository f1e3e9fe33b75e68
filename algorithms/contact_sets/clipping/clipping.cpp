// The face-clipping contact manifold with feature ids [Gre15]: separating-axis test over the face
// normals of both solids and the cross products of their edges; on a face axis the face of largest
// separation is the reference face and the other solid's face most anti-parallel to it the
// incident face; the incident polygon is clipped (Sutherland–Hodgman) by the side planes of the
// reference face, and the clipped points within the margin ε of the reference plane are the
// contacts. On an edge axis the contact is the closest pair of points of the two edges. Each
// point is keyed by the features that made it: an incident vertex (vertex of the incident solid,
// reference face), or an incident edge cut by a reference side plane (incident edge, reference
// edge). Persistence is by key: the same key on the next frame is the same contact.
#include "algorithms/contact_sets/clipping/clipping.hpp"

#include <cmath>
#include <limits>
#include <optional>

#include "algorithms/contact_sets/world_features.hpp"

namespace touchstone::clipping_manifold {
namespace {

using contact_sets::pair_key;
using contact_sets::WorldSolid;

struct State : ContactSetState {};

// A clipped point of the incident polygon and the features that made it: the incident vertex
// (reference: the face), the incident edge cut by a reference side plane (reference: that edge),
// or a reference corner inside the incident face (incident: the face; reference: the vertex).
struct ClipPoint {
  Vec3 p;
  Feature incident;
  std::optional<Feature> reference;  // nullopt: the reference face
};

struct Axis {
  double separation = -std::numeric_limits<double>::infinity();
  int index = -1, other = -1;
};

// Face axes of `ref` against `inc`: separation of inc's support below each face plane.
Axis best_face(const WorldSolid& ref, const WorldSolid& inc) {
  Axis best;
  for (std::size_t f = 0; f < ref.planes.size(); ++f) {
    double s = std::numeric_limits<double>::infinity();
    for (const Vec3& v : inc.vertices) s = std::min(s, ref.planes[f].signed_distance(v));
    if (s > best.separation) best = {s, static_cast<int>(f), -1};
  }
  return best;
}

Axis best_edges(const WorldSolid& a, const WorldSolid& b) {
  Axis best;
  const auto& ea = a.shape->edges();
  const auto& eb = b.shape->edges();
  for (std::size_t i = 0; i < ea.size(); ++i)
    for (std::size_t j = 0; j < eb.size(); ++j) {
      const Vec3 u = a.edge_head(static_cast<int>(i)) - a.edge_tail(static_cast<int>(i));
      const Vec3 w = b.edge_head(static_cast<int>(j)) - b.edge_tail(static_cast<int>(j));
      Vec3 n = u.cross(w);
      if (n.norm() < 1e-9 * u.norm() * w.norm()) continue;  // parallel: a face axis covers it
      n.normalize();
      if (n.dot(a.edge_tail(static_cast<int>(i)) - a.centroid) < 0) n = -n;  // out of A
      double max_a = -std::numeric_limits<double>::infinity();
      double min_b = std::numeric_limits<double>::infinity();
      for (const Vec3& v : a.vertices) max_a = std::max(max_a, n.dot(v));
      for (const Vec3& v : b.vertices) min_b = std::min(min_b, n.dot(v));
      const double s = min_b - max_a;
      if (s > best.separation) best = {s, static_cast<int>(i), static_cast<int>(j)};
    }
  return best;
}

// Clips the incident face of `inc` by the side planes of face `ref_face` of `ref`.
std::vector<ClipPoint> clip(const WorldSolid& ref, int ref_face, const WorldSolid& inc,
                            int inc_face) {
  std::vector<ClipPoint> poly;
  const Face& fi = inc.shape->faces()[inc_face];
  for (int v : fi.vertices)
    poly.push_back({inc.vertices[v], {FeatureKind::vertex, v}, std::nullopt});
  const Face& fr = ref.shape->faces()[ref_face];
  const Vec3& n = ref.planes[ref_face].normal;
  for (std::size_t k = 0; k < fr.vertices.size() && !poly.empty(); ++k) {
    const Vec3& u = ref.vertices[fr.vertices[k]];
    const Vec3& w = ref.vertices[fr.vertices[(k + 1) % fr.vertices.size()]];
    const Vec3 out = (w - u).cross(n).normalized();
    const int ref_edge = fr.edges[k];
    std::vector<ClipPoint> next;
    for (std::size_t i = 0; i < poly.size(); ++i) {
      const ClipPoint& p = poly[i];
      const ClipPoint& q = poly[(i + 1) % poly.size()];
      const double dp = out.dot(p.p - u), dq = out.dot(q.p - u);
      if (dp <= 0) next.push_back(p);
      if ((dp < 0 && dq > 0) || (dp > 0 && dq < 0)) {
        // The incident edge between p and q: the edge of the incident face joining them when
        // both are its vertices or lie on it.
        int edge = -1;
        const std::size_t nv = fi.vertices.size();
        for (std::size_t e = 0; e < nv && edge < 0; ++e) {
          const Vec3 a = inc.vertices[fi.vertices[e]], b = inc.vertices[fi.vertices[(e + 1) % nv]];
          const Vec3 d = b - a;
          const auto on = [&](const Vec3& x) {
            return (x - a).cross(d).norm() <= 1e-12 * d.squaredNorm() + 1e-300;
          };
          if (on(p.p) && on(q.p)) edge = fi.edges[e];
        }
        const double t = dp / (dp - dq);
        const Vec3 x = p.p + t * (q.p - p.p);
        if (edge >= 0) {
          next.push_back({x, {FeatureKind::edge, edge}, Feature{FeatureKind::edge, ref_edge}});
        } else {  // along an earlier side plane: the corner of the reference face
          const int corner = (x - u).squaredNorm() <= (x - w).squaredNorm()
                                 ? fr.vertices[k]
                                 : fr.vertices[(k + 1) % fr.vertices.size()];
          next.push_back({x, {FeatureKind::face, inc_face}, Feature{FeatureKind::vertex, corner}});
        }
      }
    }
    poly = std::move(next);
  }
  return poly;
}

class Manifold final : public ContactSetTracker {
 public:
  explicit Manifold(Options o) : o_(o) {}

  ContactSetResult step(const ContactSetQuery& q) const override {
    ContactSetResult r;
    if (!q.a->is_convex() || !q.b->is_convex() || !q.a->is_solid() || !q.b->is_solid()) {
      r.status = QueryStatus::unsupported;
      r.reason = "the clipping manifold takes convex solids";
      return r;
    }
    if (!*q.state) *q.state = std::make_unique<State>();
    const WorldSolid a(*q.a, q.pose_a), b(*q.b, q.pose_b);
    const Axis fa = best_face(a, b), fb = best_face(b, a), ee = best_edges(a, b);
    const double sep = std::max({fa.separation, fb.separation, ee.separation});
    r.relation =
        sep > 0 ? Relation::separated : (sep < 0 ? Relation::penetrating : Relation::touching);
    if (sep > o_.epsilon) return r;
    if (ee.separation > std::max(fa.separation, fb.separation) + o_.slop) {
      edge_contact(a, ee.index, b, ee.other, r);
      return r;
    }
    const bool ref_is_b = fb.separation >= fa.separation - o_.slop;
    const WorldSolid& ref = ref_is_b ? b : a;
    const WorldSolid& inc = ref_is_b ? a : b;
    const int ref_face = ref_is_b ? fb.index : fa.index;
    const Vec3& n = ref.planes[ref_face].normal;
    int inc_face = 0;
    double most = std::numeric_limits<double>::infinity();
    for (std::size_t f = 0; f < inc.planes.size(); ++f)
      if (const double d = inc.planes[f].normal.dot(n); d < most) {
        most = d;
        inc_face = static_cast<int>(f);
      }
    for (const ClipPoint& p : clip(ref, ref_face, inc, inc_face)) {
      const double d = ref.planes[ref_face].signed_distance(p.p);
      if (d > o_.epsilon) continue;
      const Feature ref_feature = p.reference.value_or(Feature{FeatureKind::face, ref_face});
      const Feature fa_ = ref_is_b ? p.incident : ref_feature;
      const Feature fb_ = ref_is_b ? ref_feature : p.incident;
      const Vec3 on_b = ref_is_b ? Vec3(p.p - d * n) : p.p;
      const Vec3 normal = ref_is_b ? n : Vec3(-n);
      r.contacts.push_back(
          {pair_key(fa_, fb_), contact_sets::contact_region(fa_, fb_, on_b, normal), d});
    }
    return r;
  }

 private:
  void edge_contact(const WorldSolid& a, int ea, const WorldSolid& b, int eb,
                    ContactSetResult& r) const {
    const Feature fa{FeatureKind::edge, ea}, fb{FeatureKind::edge, eb};
    const auto g = contact_sets::track_pair(a, fa, b, fb);
    if (!g || g->distance > o_.epsilon) return;
    r.contacts.push_back({pair_key(fa, fb),
                          contact_sets::contact_region(fa, fb, g->point_b, g->normal),
                          g->distance});
  }

  Options o_;
};

}  // namespace

std::unique_ptr<ContactSetTracker> make(const Options& options) {
  return std::make_unique<Manifold>(options);
}

ContactSetInfo info() {
  const Options d;
  return {.name = "clipping-manifold",
          .family = "baseline",
          .paper = "[Gre15]",
          .description = "reference/incident face clipping, points keyed by their features",
          .capabilities = {.entities = true},
          .parameters = {{"epsilon", d.epsilon}, {"slop", d.slop}},
          .make = [] { return make(Options{}); }};
}

}  // namespace touchstone::clipping_manifold
