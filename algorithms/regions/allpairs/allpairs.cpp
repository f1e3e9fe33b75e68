#include "algorithms/regions/allpairs/allpairs.hpp"

#include <cmath>
#include <string>

#include "algorithms/regions/common/normals.hpp"
#include "algorithms/regions/common/pairs.hpp"

namespace touchstone::allpairs {
using namespace region_common;
namespace {

struct Prepared : PreparedShape {};

double entity_count(const Polytope& p) {
  return static_cast<double>(p.vertices().size() + p.edges().size() + p.faces().size());
}

// Entity pairs of A × B plus the vertex-in-solid tests.
double work_of(const Polytope& a, const Polytope& b) {
  return entity_count(a) * entity_count(b) +
         static_cast<double>(a.vertices().size() * b.faces().size() +
                             b.vertices().size() * a.faces().size());
}

RegionResult failed(std::string reason) {
  return failed_regions(std::move(reason), RegionSubset::intersection);
}

class AllPairs : public RegionAlgorithm {
 public:
  explicit AllPairs(const Options& options) : options_(options) {}

  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    auto p = std::make_unique<Prepared>();
    p->polytope = &shape;
    return p;
  }

  RegionResult query(const RegionQuery& q) const override {
    if (!q.a || !q.b || !q.a->polytope || !q.b->polytope) return failed("shape not prepared");
    const Polytope& pa = *q.a->polytope;
    const Polytope& pb = *q.b->polytope;
    const double work = work_of(pa, pb);
    if (work > options_.max_pairs)
      return failed(std::to_string(static_cast<long long>(work)) +
                    " entity pairs exceed the cap max_pairs = " +
                    std::to_string(static_cast<long long>(options_.max_pairs)));
    try {
      return run(q, pa, pb);
    } catch (const GeometryError& e) {
      return failed(e.what());
    }
  }

 private:
  RegionResult run(const RegionQuery& q, const Polytope& pa, const Polytope& pb) const {
    const double eps = absolute_epsilon(pa, q.pose_a, pb, q.pose_b, options_.epsilon);
    if (!std::isfinite(eps)) return failed("pose or vertex not finite");
    const WorldShape a = to_world(pa, q.pose_a, eps);
    const WorldShape b = to_world(pb, q.pose_b, eps);
    Scan scan = scan_pairs(a, b, eps);
    if (scan.failure) return failed(*scan.failure);
    RegionResult r;
    r.subset = RegionSubset::intersection;
    r.iterations = static_cast<int>(std::min<std::size_t>(scan.tested, 1u << 30));
    const bool penetrating =
        scan.penetrating || vertex_deep_inside(a, b, eps) || vertex_deep_inside(b, a, eps);
    r.relation = penetrating            ? Relation::penetrating
                 : scan.regions.empty() ? Relation::separated
                                        : Relation::touching;
    for (FoundRegion& found : scan.regions) {
      ContactRegion region;
      region.a = found.a;
      region.b = found.b;
      region.points = std::move(found.points);
      region.normals = region_normals(region, a, b, q.previous);
      r.regions.push_back(std::move(region));
    }
    return r;
  }

  Options options_;
};

}  // namespace

std::unique_ptr<RegionAlgorithm> make(const Options& options) {
  return std::make_unique<AllPairs>(options);
}

RegionAlgorithmInfo info() {
  const Options defaults;
  return {.name = "regions-allpairs",
          .family = "baseline",
          .paper = "seed 000 (Bouma & Vanecek) §3: the intersection set by brute force",
          .description =
              "every entity pair of A x B tested in floating point with tolerance "
              "epsilon x the pair's bounding-box diagonal; returns the whole "
              "intersection set",
          .capabilities = {.entities = true,
                           .intersection_set = true,
                           .sufficient_set = false,
                           .normals = true,
                           .temporal_coherence = true,
                           .back_face_culling = false,
                           .relation = true,
                           .nonconvex = true},
          .parameters = {{"epsilon", defaults.epsilon}, {"max_pairs", defaults.max_pairs}},
          .make = [] { return make(); }};
}

}  // namespace touchstone::allpairs
