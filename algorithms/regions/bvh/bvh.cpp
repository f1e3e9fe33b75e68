// regions-bvh: the query (see bvh.hpp): candidate face pairs by simultaneous descent, the Brep-
// index's settling of candidates, and the inside test of the candidate faces' vertices.
#include "algorithms/regions/bvh/bvh.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "algorithms/regions/bvh/inside.hpp"
#include "algorithms/regions/common/collect.hpp"

namespace touchstone::bvh_regions {
namespace {

using namespace region_common;
using hierarchy::BoundingVolume;

RegionResult failed(std::string reason) {
  return failed_regions(std::move(reason), RegionSubset::sufficient);
}

template <BoundingVolume V>
struct Prepared : PreparedShape {
  hierarchy::Tree<V> tree;
  std::vector<int> representatives;  // one vertex per connected component
  // Per face, the entities it owns: itself, the edges whose left face it is, the vertices whose
  // first edge's left face it is. Entities within ε lie in their owners' closures, so their owners
  // are a candidate pair: each entity pair is tested from that one face pair.
  std::vector<std::vector<Feature>> owned;
  std::optional<std::string> failure;
};

// The smallest vertex of each connected component of the edge graph (union–find).
std::vector<int> component_representatives(const Polytope& s) {
  std::vector<int> parent(s.vertices().size());
  std::iota(parent.begin(), parent.end(), 0);
  const auto root = [&](int v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  for (const Edge& e : s.edges()) {
    const int a = root(e.tail), b = root(e.head);
    parent[std::max(a, b)] = std::min(a, b);
  }
  std::vector<int> out;
  for (std::size_t v = 0; v < parent.size(); ++v)
    if (root(static_cast<int>(v)) == static_cast<int>(v)) out.push_back(static_cast<int>(v));
  return out;
}

std::vector<std::vector<Feature>> owned_entities(const Polytope& s) {
  std::vector<std::vector<Feature>> out(s.faces().size());
  for (std::size_t f = 0; f < out.size(); ++f)
    out[f].push_back({FeatureKind::face, static_cast<int>(f)});
  for (std::size_t e = 0; e < s.edges().size(); ++e)
    out[s.edges()[e].left_face].push_back({FeatureKind::edge, static_cast<int>(e)});
  for (std::size_t v = 0; v < s.vertices().size(); ++v)
    if (!s.vertex_edges()[v].empty())
      out[s.edges()[s.vertex_edges()[v].front()].left_face].push_back(
          {FeatureKind::vertex, static_cast<int>(v)});
  return out;
}

// Per-thread buffers reused across queries, so a query on a large shape allocates and writes
// only what its contact touches.
struct Scratch {
  WorldShape world[2];
  std::vector<char> mark[2];
};

// The listed faces (deduplicated) and every face around their vertices: what the pair tests,
// 𝓡 and the normals read of a shape.
std::vector<int> faces_around(const Polytope& s, const std::vector<int>& faces,
                              std::vector<char>& mark) {
  mark.resize(s.faces().size(), 0);
  std::vector<int> out;
  const auto add = [&](int f) {
    if (!mark[f]) mark[f] = 1, out.push_back(f);
  };
  for (int f : faces)
    for (int v : s.faces()[f].vertices)
      for (int e : s.vertex_edges()[v]) add(s.edges()[e].left_face), add(s.edges()[e].right_face);
  for (int f : out) mark[f] = 0;
  return out;
}

std::vector<int> unique_sorted(std::vector<int> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

// An entity's world box grown by eps.
Box entity_box(const WorldShape& w, const Feature& x, double eps) {
  switch (x.kind) {
    case FeatureKind::face:
      return w.faces[x.id].box;
    case FeatureKind::edge:
      return w.edge_boxes[x.id];
    case FeatureKind::vertex:
      break;
  }
  Box b{w.vertices[x.id], w.vertices[x.id]};
  b.grow(eps);
  return b;
}

template <BoundingVolume V>
class BvhRegions {
 public:
  BvhRegions(const RegionQuery& q, const Options& o) : q_(q), options_(o) {}

  RegionResult run(const Prepared<V>& pa, const Prepared<V>& pb) {
    thread_local Scratch scratch;
    const Polytope& sa = *pa.polytope;
    const Polytope& sb = *pb.polytope;
    WorldShape& wa = scratch.world[0];
    WorldShape& wb = scratch.world[1];
    world_vertices(wa, sa, q_.pose_a);
    world_vertices(wb, sb, q_.pose_b);
    const Vec3 lo = wa.box.lo.cwiseMin(wb.box.lo), hi = wa.box.hi.cwiseMax(wb.box.hi);
    const double eps = options_.epsilon * (hi - lo).norm();  // absolute_epsilon's value
    if (!std::isfinite(eps)) return failed("pose or vertex not finite");
    // Volumes grown by ε each (faces within ε overlap) and by far more than the rounding of world
    // coordinates and volume arithmetic (the hierarchies' pad).
    const double pad =
        2 * eps + 1e-12 * std::max({lo.cwiseAbs().maxCoeff(), hi.cwiseAbs().maxCoeff(), 1e-300});
    const auto tree = [&](const Prepared<V>& p, const Pose& pose, const WorldShape& w) {
      hierarchy::WorldTree<V> t{&p.tree, pose, pad, {}, {p.polytope, w.vertices, nullptr}};
      if constexpr (!V::kRigid) t.refitted = world_volumes(p.tree, *p.polytope, w.vertices, pad);
      return t;
    };
    const hierarchy::WorldTree<V> ta = tree(pa, q_.pose_a, wa), tb = tree(pb, q_.pose_b, wb);
    budget_.max_nodes = static_cast<std::int64_t>(options_.max_nodes);
    std::vector<std::pair<int, int>> pairs;
    std::vector<int> faces_a, faces_b;
    const bool complete = hierarchy::descend(ta, tb, budget_, counters_, [&](int fa, int fb) {
      pairs.emplace_back(fa, fb);
      faces_a.push_back(fa);
      faces_b.push_back(fb);
      return false;
    });
    if (!complete) return spent();
    faces_a = unique_sorted(std::move(faces_a));
    faces_b = unique_sorted(std::move(faces_b));
    const std::vector<int> ring_a = faces_around(sa, faces_a, scratch.mark[0]);
    const std::vector<int> ring_b = faces_around(sb, faces_b, scratch.mark[1]);
    world_faces(wa, q_.pose_a, eps, ring_a);
    world_faces(wb, q_.pose_b, eps, ring_b);

    // Step 2: the simpler solid (B on a tie) is culled, as regions-brepindex does.
    const bool cull_a = a_is_simpler(sa, sb);
    std::optional<Culled> culled;
    if (options_.back_face_culling && q_.velocity_a && q_.velocity_b)
      culled = cull_a
                   ? back_faces(sa, q_.pose_a, *q_.velocity_a, q_.pose_b, *q_.velocity_b, &ring_a)
                   : back_faces(sb, q_.pose_b, *q_.velocity_b, q_.pose_a, *q_.velocity_a, &ring_b);
    const auto is_culled = [&](const Feature& x) {
      const std::vector<bool>& marks = x.kind == FeatureKind::face   ? culled->faces
                                       : x.kind == FeatureKind::edge ? culled->edges
                                                                     : culled->vertices;
      return static_cast<bool>(marks[x.id]);
    };
    // Step 3 over the entity pairs of the candidate faces' closures; `culled_ones`: only the
    // pairs whose culled-side entity is culled, up to the first region.
    const auto settle = [&](bool culled_ones) {
      Collected out;
      std::vector<std::pair<Feature, Box>> xs, ys;
      // The owned entities of one face near the other face's box.
      const auto near = [&](const std::vector<Feature>& entities, const WorldShape& w,
                            const Box& other, bool culled_side,
                            std::vector<std::pair<Feature, Box>>& list) {
        list.clear();
        for (const Feature& x : entities) {
          if (culled && culled_side && is_culled(x) != culled_ones) continue;
          const Box b = entity_box(w, x, eps);
          if (b.overlaps(other)) list.emplace_back(x, b);
        }
      };
      for (const auto& [fa, fb] : pairs) {
        near(pa.owned[fa], wa, wb.faces[fb].box, cull_a, xs);
        if (xs.empty()) continue;
        near(pb.owned[fb], wb, wa.faces[fa].box, !cull_a, ys);
        for (const auto& [x, bx] : xs)
          for (const auto& [y, by] : ys) {
            if (!bx.overlaps(by)) continue;
            collect_pair(wa, x, wb, y, eps, out);
            if (culled_ones && !out.regions.empty()) return out;
          }
      }
      return out;
    };
    Collected c = settle(false);
    if (c.failure) return failed(*c.failure);
    const InsideTest<V> in_a{ta, wa, eps}, in_b{tb, wb, eps};
    bool penetrating =
        c.penetrating || any_inside(pb, faces_b, wb, in_a) || any_inside(pa, faces_a, wa, in_b);
    if (budget_spent_) return spent();
    bool touching = !c.regions.empty();
    if (culled && !touching && !penetrating) {
      const Collected rest = settle(true);
      touching = !rest.regions.empty();
      penetrating = rest.penetrating;
    }
    RegionResult r;
    r.subset = RegionSubset::sufficient;
    r.iterations = static_cast<int>(std::min<std::int64_t>(counters_.nodes_visited, 1'000'000'000));
    r.relation = penetrating ? Relation::penetrating
                 : touching  ? Relation::touching
                             : Relation::separated;
    sufficient_with_normals(q_, wa, wb, c.regions, eps, r);
    return r;
  }

 private:
  RegionResult spent() const {
    return failed(std::to_string(counters_.nodes_visited) +
                  " node pairs visited exceed the cap max_nodes = " +
                  std::to_string(static_cast<long long>(options_.max_nodes)));
  }

  // Whether a vertex of the candidate faces of `inner`, or a component's representative, lies
  // more than eps inside the other solid (`outer`).
  bool any_inside(const Prepared<V>& inner, const std::vector<int>& faces, const WorldShape& w,
                  const InsideTest<V>& outer) {
    if (!outer.world.shape->is_solid()) return false;  // a polygon has no inside
    std::vector<int> vertices = inner.representatives;
    for (int f : faces)
      for (int v : inner.polytope->faces()[f].vertices) vertices.push_back(v);
    for (int v : unique_sorted(std::move(vertices))) {
      const Inside in = outer.deep_inside(w.vertices[v], budget_, counters_);
      if (in == Inside::budget_spent) return budget_spent_ = true, false;
      if (in == Inside::yes) return true;
    }
    return false;
  }

  const RegionQuery& q_;
  const Options& options_;
  hierarchy::Budget budget_;
  hierarchy::Counters counters_;
  bool budget_spent_ = false;
};

class Algorithm : public RegionAlgorithm {
 public:
  explicit Algorithm(const Options& options) : options_(options) {}

  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    return hierarchy::with_volume(
        options_.volume, [&]<class V>(V) -> std::unique_ptr<PreparedShape> {
          auto p = std::make_unique<Prepared<V>>();
          p->polytope = &shape;
          if (shape.faces().empty()) {
            p->failure = "the shape is a " + std::string(dimension_name(shape.dimension())) +
                         ": a hierarchy over faces needs a face";
            return p;
          }
          try {
            p->tree = hierarchy::build<V>(shape);
          } catch (const GeometryError& e) {
            p->failure = e.what();
          }
          p->representatives = component_representatives(shape);
          p->owned = owned_entities(shape);
          return p;
        });
  }

  RegionResult query(const RegionQuery& q) const override {
    return hierarchy::with_volume(options_.volume, [&]<class V>(V) -> RegionResult {
      const auto* pa = dynamic_cast<const Prepared<V>*>(q.a);
      const auto* pb = dynamic_cast<const Prepared<V>*>(q.b);
      if (!pa || !pb || !pa->polytope || !pb->polytope)
        return failed("shape not prepared by regions-bvh");
      if (pa->failure) return failed("A: " + *pa->failure);
      if (pb->failure) return failed("B: " + *pb->failure);
      try {
        return BvhRegions<V>(q, options_).run(*pa, *pb);
      } catch (const GeometryError& e) {
        return failed(e.what());
      }
    });
  }

 private:
  Options options_;
};

}  // namespace

std::unique_ptr<RegionAlgorithm> make(const Options& options) {
  return std::make_unique<Algorithm>(options);
}

RegionAlgorithmInfo info(const Options& o) {
  const bool named_default = o.volume == Options{}.volume;
  return {.name = named_default ? "regions-bvh" : "regions-bvh-" + std::string(to_string(o.volume)),
          .family = "bounding-volume hierarchy",
          .paper =
              "seed 004 §2.2–2.4 (candidates by simultaneous descent); seed 000 §4.3 steps 2–5 "
              "(regions as the Brep-index settles them)",
          .description = std::string(hierarchy::to_string(o.volume)) +
                         " hierarchy per solid; every face pair within ε by simultaneous descent, "
                         "then the Brep-index's pair tests, culling, R and normals",
          .capabilities = region_common::collected_capabilities(o.back_face_culling),
          .parameters = {{"epsilon", o.epsilon},
                         {"max_nodes", o.max_nodes},
                         {"volume", static_cast<double>(o.volume)}},
          .make = [o] { return make(o); }};
}

}  // namespace touchstone::bvh_regions
