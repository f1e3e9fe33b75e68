// Mirtich's tracker replayed per region query: the contract is at the top of mirtich_regions.hpp.
#include "algorithms/contact_sets/mirtich/mirtich_regions.hpp"

namespace touchstone::mirtich_contacts {
namespace {

struct Prepared : PreparedShape {};

class Replay final : public RegionAlgorithm {
 public:
  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    auto p = std::make_unique<Prepared>();
    p->polytope = &shape;
    return p;
  }

  RegionResult query(const RegionQuery& q) const override {
    if (!q.a || !q.b || !q.a->polytope || !q.b->polytope)
      return failed_regions("shape not prepared", RegionSubset::covering);
    // Every step from the first, then this one: the tracker's state lives in this call only.
    std::vector<std::pair<Pose, Pose>> steps(q.earlier_steps.begin(), q.earlier_steps.end());
    steps.emplace_back(q.pose_a, q.pose_b);
    std::unique_ptr<ContactSetState> state;
    ContactSetResult out;
    int calls = 0;
    for (std::size_t k = 0; k < steps.size(); ++k) {
      const auto& [prev_a, prev_b] = steps[k == 0 ? 0 : k - 1];
      out = tracker_->step(
          {q.a->polytope, q.b->polytope, prev_a, prev_b, steps[k].first, steps[k].second, &state});
      calls += out.proximity_calls;
      if (out.status != QueryStatus::ok) {
        RegionResult r = failed_regions(
            "replayed step " + std::to_string(k + 1) + ": " + out.reason, RegionSubset::covering);
        r.status = out.status;
        return r;
      }
    }
    RegionResult r;
    r.subset = RegionSubset::covering;
    r.relation = out.relation;
    r.iterations = calls;  // V-Clip calls over the replay
    for (TrackedContact& c : out.contacts) r.regions.push_back(std::move(c.region));
    return r;
  }

 private:
  std::unique_ptr<ContactSetTracker> tracker_ = make(Options{});
};

}  // namespace

RegionAlgorithmInfo region_info() {
  const ContactSetInfo t = info();
  return {.name = t.name,
          .family = t.family,
          .paper = t.paper,
          .description =
              "Mirtich's contact set (seed 003 §3) replayed over the case's steps; "
              "its contacts cover 𝓡",
          .capabilities = {.entities = true, .covering_set = true, .normals = true},
          .parameters = {{"tracker_epsilon", t.parameters.at("epsilon")},
                         {"bisection_steps", t.parameters.at("bisection_steps")}},
          .make = [] { return std::make_unique<Replay>(); }};
}

}  // namespace touchstone::mirtich_contacts
