// regions-bsp: the algorithm (the contract is at the top of bsp.hpp).
#include "algorithms/regions/bsp/bsp.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "algorithms/regions/bsp/classify.hpp"
#include "algorithms/regions/bsp/pieces.hpp"
#include "algorithms/regions/bsp/settle.hpp"
#include "algorithms/regions/common/normals.hpp"
#include "algorithms/regions/common/world.hpp"

namespace touchstone::bsp {
namespace {

struct Prepared : PreparedShape {
  Tree tree;
  std::vector<FaceTriangle> triangles;
  std::optional<std::string> failure;
};

// The boundary of `s` as pieces in the frame `to` maps it into: vertices, edges, face triangles.
std::vector<Piece> pieces_of(const Prepared& s, const Pose& to) {
  const Polytope& p = *s.polytope;
  std::vector<Vec3> v;
  v.reserve(p.vertices().size());
  for (const Vec3& x : p.vertices()) v.push_back(to.apply(x));
  std::vector<Piece> out;
  out.reserve(v.size() + p.edges().size() + s.triangles.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    out.push_back({{FeatureKind::vertex, static_cast<int>(i)}, {v[i]}});
  for (std::size_t e = 0; e < p.edges().size(); ++e)
    out.push_back(
        {{FeatureKind::edge, static_cast<int>(e)}, {v[p.edges()[e].tail], v[p.edges()[e].head]}});
  for (const FaceTriangle& t : s.triangles)
    out.push_back(
        {{FeatureKind::face, t.face}, {v[t.corners[0]], v[t.corners[1]], v[t.corners[2]]}});
  return out;
}

// Face–face candidates of both trees, as (face of A, face of B), each once.
std::vector<std::pair<int, int>> face_pairs(const Classification& b_in_a,
                                            const Classification& a_in_b) {
  std::vector<std::pair<int, int>> out;
  for (const Candidate& c : b_in_a.on)
    if (c.entity.kind == FeatureKind::face) out.emplace_back(c.face, c.entity.id);
  for (const Candidate& c : a_in_b.on)
    if (c.entity.kind == FeatureKind::face) out.emplace_back(c.entity.id, c.face);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

class Bsp : public RegionAlgorithm {
 public:
  explicit Bsp(const Options& options) : options_(options) {}

  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    auto p = std::make_unique<Prepared>();
    p->polytope = &shape;
    try {
      p->triangles = face_triangles(shape);
      p->tree = build_tree(shape, options_.build);
      p->failure = p->tree.failure;
    } catch (const GeometryError& e) {
      p->failure = e.what();
    }
    return p;
  }

  // One exit: a failure (with its reason) leaves no regions and no relation.
  RegionResult query(const RegionQuery& q) const override {
    RegionResult r;
    r.subset = RegionSubset::intersection;
    std::optional<std::string> why;
    try {
      why = answer(q, r);
    } catch (const GeometryError& e) {
      why = e.what();
    }
    if (why) {
      r.status = QueryStatus::failed;
      r.reason = std::move(*why);
      r.regions.clear();
      r.relation = Relation::unknown;
    }
    return r;
  }

 private:
  std::optional<std::string> answer(const RegionQuery& q, RegionResult& r) const {
    const auto* a = dynamic_cast<const Prepared*>(q.a);
    const auto* b = dynamic_cast<const Prepared*>(q.b);
    if (!a || !b || !a->polytope || !b->polytope) return "shape not prepared by regions-bsp";
    if (a->failure) return "A: " + *a->failure;
    if (b->failure) return "B: " + *b->failure;
    const Polytope& pa = *a->polytope;
    const Polytope& pb = *b->polytope;
    const double eps =
        region_common::absolute_epsilon(pa, q.pose_a, pb, q.pose_b, options_.epsilon);
    if (!std::isfinite(eps)) return "pose or vertex not finite";
    // B's boundary in A's frame against A's tree, and A's in B's frame against B's tree.
    const Classification b_in_a = classify(
        a->tree, pieces_of(*b, relative_pose(q.pose_a, q.pose_b)), eps, options_.max_visits);
    if (b_in_a.failure) return b_in_a.failure;
    const Classification a_in_b =
        classify(b->tree, pieces_of(*a, relative_pose(q.pose_b, q.pose_a)), eps,
                 options_.max_visits - static_cast<double>(b_in_a.visits));
    if (a_in_b.failure) return a_in_b.failure;
    const region_common::WorldShape wa = region_common::to_world(pa, q.pose_a, eps);
    const region_common::WorldShape wb = region_common::to_world(pb, q.pose_b, eps);
    Settlement found;
    settle_entities(b_in_a.on, b_in_a.crossing, wa, wb, true, eps, found);
    settle_entities(a_in_b.on, a_in_b.crossing, wb, wa, false, eps, found);
    settle_faces(face_pairs(b_in_a, a_in_b), wa, wb, eps, found);
    if (found.failure) return found.failure;

    r.iterations = static_cast<int>(std::min<std::size_t>(b_in_a.visits + a_in_b.visits, 1u << 30));
    const bool penetrating = b_in_a.penetrating || a_in_b.penetrating || found.penetrating;
    const bool touching = !found.regions.empty() || b_in_a.touching || a_in_b.touching;
    r.relation = penetrating ? Relation::penetrating
                 : touching  ? Relation::touching
                             : Relation::separated;
    for (region_common::FoundRegion& s : found.regions) {
      ContactRegion region;
      region.a = s.a;
      region.b = s.b;
      region.points = std::move(s.points);
      region.normals = region_common::region_normals(region, wa, wb, q.previous);
      r.regions.push_back(std::move(region));
    }
    return std::nullopt;
  }

  Options options_;
};

}  // namespace

const Tree* tree_of(const PreparedShape& shape) {
  const auto* p = dynamic_cast<const Prepared*>(&shape);
  return p ? &p->tree : nullptr;
}

std::unique_ptr<RegionAlgorithm> make(const Options& options) {
  return std::make_unique<Bsp>(options);
}

RegionAlgorithmInfo info() {
  const Options d;
  return {.name = "regions-bsp",
          .family = "space-partitioning",
          .paper =
              "seed 000 (Bouma & Vanecek) §4; Naylor, Amanatides & Thibault 1990; Thibault & "
              "Naylor 1987",
          .description =
              "Naylor BSP tree per solid from face support planes; each boundary classified "
              "against the other's tree; names only regions with a face of the tree's solid",
          // Not declared (false by default): the sufficient subset 𝓡, back-face culling.
          .capabilities = {.entities = true,
                           .intersection_set = true,
                           .normals = true,
                           .temporal_coherence = true,
                           .relation = true,
                           .nonconvex = true,
                           .nameable_pairs = kNameablePairs},
          .parameters = {{"epsilon", d.epsilon},
                         {"max_visits", d.max_visits},
                         {"candidates", d.build.candidates},
                         {"split_weight", d.build.split_weight},
                         {"coplanar", d.build.coplanar},
                         {"max_fragments", d.build.max_fragments}},
          .make = [] { return make(); }};
}

}  // namespace touchstone::bsp
