#include "algorithms/regions/brepindex/brepindex.hpp"

#include "algorithms/regions/brepindex/classify.hpp"
#include "algorithms/regions/common/collect.hpp"

namespace touchstone::brepindex {
namespace {

class BrepIndex : public RegionAlgorithm {
 public:
  explicit BrepIndex(const Options& options) : options_(options) {}

  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    auto p = std::make_unique<Prepared>();
    p->polytope = &shape;
    p->tree = build_tree(shape, options_.cuts);
    return p;
  }

  RegionResult query(const RegionQuery& q) const override { return find_contacts(q, options_); }

 private:
  Options options_;
};

RegionAlgorithmInfo describe(const Options& o, std::string name, std::string description) {
  return {.name = std::move(name),
          .family = "space-partitioning",
          .paper =
              "seed 000 (Bouma & Vanecek) §4; Vanecek, Brep-index (CAD 1991); back-face "
              "culling (JVCA 1994)",
          .description = std::move(description),
          .capabilities = region_common::collected_capabilities(o.back_face_culling),
          .parameters = {{"epsilon", o.epsilon},
                         {"max_nodes", o.max_nodes},
                         {"build_tolerance", kBuildTolerance},
                         {"balanced_cuts", o.cuts == CutPolicy::balanced ? 1.0 : 0.0}},
          .make = [o] { return make(o); }};
}

}  // namespace

TreeStats tree_stats(const Polytope& shape, CutPolicy cuts) {
  return build_tree(shape, cuts).stats;
}

std::unique_ptr<RegionAlgorithm> make(const Options& options) {
  return std::make_unique<BrepIndex>(options);
}

RegionAlgorithmInfo info() {
  return describe(Options{}, "regions-brepindex",
                  "MSP tree (Brep-index) per solid; the simpler solid's entities, back-face "
                  "culled when velocities are given, classified through the other's tree; "
                  "returns the sufficient set R");
}

RegionAlgorithmInfo info_without_culling() {
  Options o;
  o.back_face_culling = false;
  return describe(o, "regions-brepindex-noculling",
                  "regions-brepindex with back-face culling switched off");
}

}  // namespace touchstone::brepindex
