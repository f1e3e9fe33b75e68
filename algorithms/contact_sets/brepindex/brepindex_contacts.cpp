// The Brep-index as a contact-set tracker: Bouma & Vanecek's FindContacts (their §4.3) run every
// frame, with the temporal coherence of the normals by their eq. (6)–(8).
//
// Each frame the pair is answered by regions-brepindex (no velocities: no back-face culling, a
// contact set keeps the contacts that are about to separate) with ε = Options::epsilon made
// relative to that frame's pair size, and, when coherent, the previous frame's regions as 𝒞_{t−Δt}
// (a region whose entity pair, or an adjacent pair, was in contact keeps its normals). Every region
// it returns (the sufficient set 𝓡 of the ε-contact, eq. (3)–(4) of the same paper) is one contact:
// its identity is its entity pair (pair_key), its points are the region's Π, its normals the
// region's. The algorithm has no notion of a contact that persists beyond its ε band, so the set is
// exactly the frame's regions: a pair that leaves the band leaves the set, one that comes back has
// the same identity. Between non-convex solids one entity pair can meet in several components: they
// share the pair's identity (convex entities meet in one). The trees are built once, on the first
// frame of the sequence.
#include "algorithms/contact_sets/brepindex/brepindex_contacts.hpp"

#include <cmath>

#include "algorithms/contact_sets/world_features.hpp"
#include "algorithms/regions/brepindex/brepindex.hpp"
#include "algorithms/regions/common/world.hpp"

namespace touchstone::brepindex_contacts {
namespace {

struct State : ContactSetState {
  std::unique_ptr<RegionAlgorithm> builder;
  std::unique_ptr<PreparedShape> prepared_a, prepared_b;
  const Polytope *a = nullptr, *b = nullptr;
  std::vector<ContactRegion> previous;
};

class Tracker final : public ContactSetTracker {
 public:
  explicit Tracker(Options o) : options_(o) {}

  ContactSetResult step(const ContactSetQuery& q) const override {
    ContactSetResult r;
    auto* s = dynamic_cast<State*>(q.state->get());
    if (!s || s->a != q.a || s->b != q.b) {
      auto fresh = std::make_unique<State>();
      fresh->builder = brepindex::make({});
      fresh->prepared_a = fresh->builder->prepare(*q.a);
      fresh->prepared_b = fresh->builder->prepare(*q.b);
      fresh->a = q.a;
      fresh->b = q.b;
      s = fresh.get();
      *q.state = std::move(fresh);
    }
    // regions-brepindex's ε is relative to the diagonal of the pair's world bounding box.
    const double size = region_common::absolute_epsilon(*q.a, q.pose_a, *q.b, q.pose_b, 1.0);
    if (!std::isfinite(size) || size <= 0) {
      r.status = QueryStatus::failed;
      r.reason = "pose or vertex not finite, or an empty pair";
      return r;
    }
    brepindex::Options o;
    o.epsilon = options_.epsilon / size;
    o.back_face_culling = false;
    const auto algorithm = brepindex::make(o);
    RegionQuery rq;
    rq.a = s->prepared_a.get();
    rq.b = s->prepared_b.get();
    rq.pose_a = q.pose_a;
    rq.pose_b = q.pose_b;
    if (options_.coherent) rq.previous = s->previous;
    RegionResult found = algorithm->query(rq);
    if (found.status != QueryStatus::ok) {
      r.status = found.status;
      r.reason = "regions-brepindex: " + found.reason;
      s->previous.clear();
      return r;
    }
    r.relation = found.relation;
    for (const ContactRegion& region : found.regions) {
      if (!region.a || !region.b || region.points.empty()) continue;
      r.contacts.push_back({contact_sets::pair_key(*region.a, *region.b), region, 0.0});
    }
    s->previous = std::move(found.regions);
    return r;
  }

 private:
  Options options_;
};

}  // namespace

std::unique_ptr<ContactSetTracker> make(const Options& options) {
  return std::make_unique<Tracker>(options);
}

ContactSetInfo info() {
  const Options d;
  return {.name = "brepindex-contact-set",
          .family = "space-partitioning",
          .paper = "seed 000 §3-4",
          .description =
              "regions-brepindex every frame (previous frame's regions for coherent normals); "
              "each region of R is a contact, identity = its entity pair",
          .capabilities = {.entities = true},
          .parameters = {{"epsilon", d.epsilon}, {"coherent", d.coherent ? 1.0 : 0.0}},
          .make = [] { return make(Options{}); }};
}

}  // namespace touchstone::brepindex_contacts
