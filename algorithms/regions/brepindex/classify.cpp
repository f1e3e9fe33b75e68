// regions-brepindex: the query, seed 000 §4.3 FindContacts steps 1–5 (see brepindex.hpp).
#include "algorithms/regions/brepindex/classify.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_set>

#include "algorithms/regions/common/collect.hpp"

namespace touchstone::brepindex {
namespace {

using namespace region_common;

RegionResult failed(std::string reason) {
  return failed_regions(std::move(reason), RegionSubset::sufficient);
}

// One side of the query: the solid whose entities are classified (`pushed`) or whose tree
// classifies them (`indexed`).
struct Side {
  const Polytope* shape;
  const Pose* pose;
  const Tree* tree;
  const WorldShape* world;
};

// Step 3 (eq. (14)): every unculled entity of `pushed`, mapped into the local frame of `indexed`
// (M_ij = M_j^{-1} M_i), goes through indexed's MSP tree; each entity leaf it reaches is a
// candidate pair, whose components (MergeRegions: one region per connected component of x ∩ y,
// Π in world coordinates) are computed from the pair's own geometry.
// `only_culled`: classify the culled entities instead, stopping at the first region (whether the
// pair touches where every contact moves apart).
Collected classify(const Side& pushed, const Side& indexed, bool pushed_is_a, const Culled* culled,
                   bool only_culled, double eps, Budget& budget) {
  Collected out;
  const Polytope& s = *pushed.shape;
  std::vector<Vec3> local;  // pushed's vertices in indexed's frame
  for (const Vec3& w : pushed.world->vertices) local.push_back(indexed.pose->apply_inverse(w));
  std::unordered_set<std::uint64_t> seen;
  seen.reserve(4 * s.faces().size());
  std::vector<Feature> reached;
  WalkScratch scratch;
  const auto visit = [&](const Fragment& f) {
    reached.clear();
    intersect(*indexed.tree, f, eps, budget, reached, scratch);
    for (const Feature& x : reached) {
      const Feature& fa = pushed_is_a ? f.entity : x;
      const Feature& fb = pushed_is_a ? x : f.entity;
      if (!seen.insert(pair_key(fa, fb)).second) continue;
      const WorldShape& wa = pushed_is_a ? *pushed.world : *indexed.world;
      const WorldShape& wb = pushed_is_a ? *indexed.world : *pushed.world;
      collect_pair(wa, fa, wb, fb, eps, out);
    }
  };
  const auto skip = [&](std::vector<bool> Culled::*marks, std::size_t i) {
    const bool marked = culled && (culled->*marks)[i];
    return only_culled ? !marked : marked;
  };
  const auto go_on = [&] { return !budget.exhausted() && !(only_culled && !out.regions.empty()); };
  Fragment fr;  // one buffer for every entity's points
  for (std::size_t f = 0; f < s.faces().size() && go_on(); ++f) {
    if (skip(&Culled::faces, f)) continue;
    fr.entity = {FeatureKind::face, static_cast<int>(f)};
    fr.points.clear();
    for (int v : s.faces()[f].vertices) fr.points.push_back(local[v]);
    visit(fr);
  }
  for (std::size_t e = 0; e < s.edges().size() && go_on(); ++e) {
    if (skip(&Culled::edges, e)) continue;
    fr.entity = {FeatureKind::edge, static_cast<int>(e)};
    fr.points.assign({local[s.edges()[e].tail], local[s.edges()[e].head]});
    visit(fr);
  }
  for (std::size_t v = 0; v < s.vertices().size() && go_on(); ++v) {
    if (skip(&Culled::vertices, v)) continue;
    fr.entity = {FeatureKind::vertex, static_cast<int>(v)};
    fr.points.assign(1, local[v]);
    visit(fr);
  }
  return out;
}

// A vertex of `inner` more than eps inside `outer`, by point location in outer's tree (this also
// finds a solid nested in the other).
bool vertex_inside(const Side& inner, const Side& outer, double eps, Budget& budget) {
  Box reach = outer.world->box;
  reach.grow(eps);
  for (const Vec3& w : inner.world->vertices) {
    if (!Box{w, w}.overlaps(reach)) continue;
    if (deep_inside(*outer.tree, outer.pose->apply_inverse(w), eps, budget)) return true;
    if (budget.exhausted()) return false;
  }
  return false;
}

RegionResult run(const RegionQuery& q, const Prepared& pa, const Prepared& pb,
                 const Options& options) {
  const Polytope& sa = *pa.polytope;
  const Polytope& sb = *pb.polytope;
  const double eps = absolute_epsilon(sa, q.pose_a, sb, q.pose_b, options.epsilon);
  if (!std::isfinite(eps)) return failed("pose or vertex not finite");
  const WorldShape wa = to_world(sa, q.pose_a, eps);
  const WorldShape wb = to_world(sb, q.pose_b, eps);
  const Side a{&sa, &q.pose_a, &pa.tree, &wa}, b{&sb, &q.pose_b, &pb.tree, &wb};
  // Step 2: the simpler solid (B on a tie) is culled and classified against the other's tree.
  const bool push_a = a_is_simpler(sa, sb);
  const Side& pushed = push_a ? a : b;
  const Side& indexed = push_a ? b : a;
  std::optional<Culled> culled;
  if (options.back_face_culling && q.velocity_a && q.velocity_b)
    culled = push_a ? back_faces(sa, q.pose_a, *q.velocity_a, q.pose_b, *q.velocity_b)
                    : back_faces(sb, q.pose_b, *q.velocity_b, q.pose_a, *q.velocity_a);
  Budget budget{0, options.max_nodes};
  const Culled* marks = culled ? &*culled : nullptr;
  Collected c = classify(pushed, indexed, push_a, marks, false, eps, budget);
  if (c.failure) return failed(*c.failure);
  bool penetrating =
      c.penetrating || vertex_inside(b, a, eps, budget) || vertex_inside(a, b, eps, budget);
  // Culling drops contacts that move apart, not the contact itself: when the unculled entities
  // meet nothing, the culled ones decide touching versus separated (their regions stay culled).
  bool touching = !c.regions.empty();
  if (marks && !touching && !penetrating) {
    const Collected rest = classify(pushed, indexed, push_a, marks, true, eps, budget);
    touching = !rest.regions.empty();
    penetrating = rest.penetrating;
  }
  if (budget.exhausted())
    return failed(std::to_string(static_cast<long long>(budget.visited)) +
                  " tree nodes visited exceed the cap max_nodes = " +
                  std::to_string(static_cast<long long>(options.max_nodes)));
  RegionResult r;
  r.subset = RegionSubset::sufficient;
  r.iterations = static_cast<int>(std::min(budget.visited, 1e9));
  r.relation = penetrating ? Relation::penetrating
               : touching  ? Relation::touching
                           : Relation::separated;
  sufficient_with_normals(q, wa, wb, c.regions, eps, r);
  return r;
}

}  // namespace

RegionResult find_contacts(const RegionQuery& q, const Options& options) {
  const auto* pa = dynamic_cast<const Prepared*>(q.a);
  const auto* pb = dynamic_cast<const Prepared*>(q.b);
  if (!pa || !pb || !pa->polytope || !pb->polytope)
    return failed("shape not prepared by regions-brepindex");
  if (pa->tree.failure) return failed("A: " + *pa->tree.failure);
  if (pb->tree.failure) return failed("B: " + *pb->tree.failure);
  try {
    return run(q, *pa, *pb, options);
  } catch (const GeometryError& e) {
    return failed(e.what());
  }
}

}  // namespace touchstone::brepindex
