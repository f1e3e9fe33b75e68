// Mirtich's contact-set tracker: seed 003 §3.1 "Contact sets" and §3.2 "Tracking contacts".
//
// The set holds feature pairs, one feature of each body. Each frame (the motion between two frames
// is interpolate_pose, t ∈ [0, 1]):
//  1. V-Clip (warm-started from the last frame) at the frame's pose.
//  2. If it reports penetration, the frame's step "ends in penetration" (§3.1): bisection in time
//     finds the latest t at which the bodies are not penetrating, starting from the previous frame
//     (which was not), and V-Clip's closest pair there joins the set if it is not in it yet. In a
//     simulator the contact forces then keep the pair apart and integration resumes from t; here
//     the frames are given, so the next frame is whatever the scene says.
//  3. Otherwise V-Clip's closest pair joins the set when it is within ε and not in it yet: the set
//     starts with V-Clip's first closest pair (§3.1), and the current closest pair is always a
//     contact (§3.2, Figure 6).
//  4. Every contact's closest points are tracked by the three cases of §3.2 (vertex–edge,
//     vertex–face, edge–edge; vertex–vertex trivially); a contact whose points leave their
//     features (the features left each other's Voronoi regions) or whose distance exceeds ε is
//     inactivated (dropped). Penetrating contacts (negative distance) are kept: forces act on them.
// A contact keeps its id from the frame it joined until it is dropped.
#include "algorithms/contact_sets/mirtich/mirtich.hpp"

#include <algorithm>

#include "algorithms/contact_sets/world_features.hpp"
#include "algorithms/proximity/vclip/vclip.hpp"

namespace touchstone::mirtich_contacts {
namespace {

using contact_sets::pair_key;
using contact_sets::track_pair;
using contact_sets::WorldSolid;

struct Contact {
  std::uint64_t id = 0;
  Feature a, b;
};

struct State : ContactSetState {
  std::unique_ptr<ProximityAlgorithm> vclip;
  std::unique_ptr<PreparedShape> prepared_a, prepared_b;
  const Polytope *a = nullptr, *b = nullptr;
  std::unique_ptr<WarmStart> warm;
  std::vector<Contact> contacts;
  std::uint64_t next_id = 1;
  bool previous_penetrating = false;
};

class Tracker final : public ContactSetTracker {
 public:
  explicit Tracker(Options o) : options_(o) {}

  ContactSetResult step(const ContactSetQuery& q) const override {
    ContactSetResult r;
    if (!q.a->is_convex() || !q.b->is_convex() || !q.a->is_solid() || !q.b->is_solid()) {
      r.status = QueryStatus::unsupported;
      r.reason = "V-Clip takes convex solids";
      return r;
    }
    auto* s = dynamic_cast<State*>(q.state->get());
    if (!s || s->a != q.a || s->b != q.b) {
      auto fresh = std::make_unique<State>();
      fresh->vclip = vclip::make({});
      fresh->prepared_a = fresh->vclip->prepare(*q.a);
      fresh->prepared_b = fresh->vclip->prepare(*q.b);
      fresh->a = q.a;
      fresh->b = q.b;
      s = fresh.get();
      *q.state = std::move(fresh);
    }
    const ProximityResult now = call(*s, q.pose_a, q.pose_b, &s->warm, r);
    if (now.status != QueryStatus::ok || !now.feature_a || !now.feature_b) {
      r.status = QueryStatus::failed;
      r.reason = "V-Clip: " + (now.reason.empty() ? std::string("no feature pair") : now.reason);
      return r;
    }
    r.relation = now.relation;
    if (now.relation == Relation::penetrating) {
      if (!s->previous_penetrating) bisect(*s, q, r);
    } else if (now.distance.value_or(0.0) <= options_.epsilon) {
      add(*s, *now.feature_a, *now.feature_b, r);
    }
    s->previous_penetrating = now.relation == Relation::penetrating;

    const WorldSolid wa(*q.a, q.pose_a), wb(*q.b, q.pose_b);
    std::vector<Contact> kept;
    for (const Contact& c : s->contacts) {
      const auto g = track_pair(wa, c.a, wb, c.b);
      if (!g || g->distance > options_.epsilon) {
        ++r.dropped;
        continue;
      }
      kept.push_back(c);
      r.contacts.push_back(
          {c.id, contact_sets::contact_region(c.a, c.b, g->point_b, g->normal), g->distance});
    }
    s->contacts = std::move(kept);
    return r;
  }

 private:
  ProximityResult call(State& s, const Pose& pa, const Pose& pb, std::unique_ptr<WarmStart>* warm,
                       ContactSetResult& r) const {
    ++r.proximity_calls;
    return s.vclip->query(*s.prepared_a, pa, *s.prepared_b, pb, warm);
  }

  void add(State& s, const Feature& a, const Feature& b, ContactSetResult& r) const {
    const std::uint64_t key = pair_key(a, b);
    for (const Contact& c : s.contacts)
      if (pair_key(c.a, c.b) == key) return;
    s.contacts.push_back({s.next_id++, a, b});
    ++r.added;
  }

  // §3.1: the latest time of the frame's step at which the bodies do not penetrate; its closest
  // pair joins the set when it is new.
  void bisect(State& s, const ContactSetQuery& q, ContactSetResult& r) const {
    ++r.bisections;
    double lo = 0, hi = 1;
    std::unique_ptr<WarmStart> warm;
    ProximityResult at_lo = call(s, q.previous_a, q.previous_b, &warm, r);
    if (at_lo.relation == Relation::penetrating) return;  // the step began penetrating
    for (int i = 0; i < options_.bisection_steps; ++i) {
      const double mid = 0.5 * (lo + hi);
      ProximityResult m = call(s, interpolate_pose(q.previous_a, q.pose_a, mid),
                               interpolate_pose(q.previous_b, q.pose_b, mid), &warm, r);
      if (m.status != QueryStatus::ok) break;
      if (m.relation == Relation::penetrating) {
        hi = mid;
      } else {
        lo = mid;
        at_lo = std::move(m);
      }
    }
    if (at_lo.status == QueryStatus::ok && at_lo.feature_a && at_lo.feature_b)
      add(s, *at_lo.feature_a, *at_lo.feature_b, r);
  }

  Options options_;
};

}  // namespace

std::unique_ptr<ContactSetTracker> make(const Options& options) {
  return std::make_unique<Tracker>(options);
}

ContactSetInfo info() {
  const Options d;
  return {.name = "mirtich-contact-set",
          .family = "closest-feature",
          .paper = "seed 003 §3.1-3.2",
          .description = "Mirtich's contact set on V-Clip: bisection on penetration, §3.2 tracking",
          .capabilities = {.entities = true, .bisection = true, .closest_feature = true},
          .parameters = {{"epsilon", d.epsilon}, {"bisection_steps", d.bisection_steps}},
          .make = [] { return make(Options{}); }};
}

}  // namespace touchstone::mirtich_contacts
