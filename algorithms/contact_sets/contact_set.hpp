// The contact-set contract (issue 34; DESIGN §3.2 "a tracked contact is a region whose entities are
// its identity"; seed 003 §3.1–3.2): a tracker plays a motion frame by frame and, after each frame,
// reports the set of contacts it keeps between two convex solids.
//
// Each contact is a region of the region contract (algorithms/regions/regions.hpp): the two
// features that make it (entities of A and B), one contact point (on B's feature, world
// coordinates) and one normal (unit, from B into A). Its `id` is the tracker's identity for it:
// the same id on two frames says "the same contact", which the harness checks against the exact
// regions of both frames (persistence). The tracker's state (the set, warm starts) is owned by the
// caller and passed from one frame to the next, as the proximity contract does with warm starts.
//
// Motion between two frames is the one the harness defines for every tracker alike
// (interpolate_pose): translation linear in t ∈ [0, 1], rotation by spherical interpolation of the
// frames' quaternions. A tracker may look at intermediate poses (bisection), never past the frame.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/regions/regions.hpp"
#include "algorithms/registry.hpp"

namespace touchstone {

struct TrackedContact {
  std::uint64_t id = 0;  // identity, stable while the tracker keeps the contact
  ContactRegion region;  // entities a, b; one point (on B); one normal (B into A)
  double distance = 0;   // the tracker's distance between the features (negative: overlap)
};

// The tracker's state between frames; created on the first frame, updated in place.
struct ContactSetState {
  virtual ~ContactSetState() = default;
};

struct ContactSetQuery {
  const Polytope* a = nullptr;  // convex solids, in body coordinates
  const Polytope* b = nullptr;
  Pose previous_a, previous_b;  // the previous frame (equal to pose_* on the first frame)
  Pose pose_a, pose_b;          // this frame
  std::unique_ptr<ContactSetState>* state = nullptr;  // never null
};

struct ContactSetResult {
  QueryStatus status = QueryStatus::ok;
  std::string reason;                     // why failed
  Relation relation = Relation::unknown;  // at this frame, as the tracker sees it
  std::vector<TrackedContact> contacts;
  int proximity_calls = 0;  // closest-feature (V-Clip) calls this frame
  int bisections = 0;       // bisection searches this frame (each of several calls)
  int added = 0, dropped = 0;
};

class ContactSetTracker {
 public:
  virtual ~ContactSetTracker() = default;
  // Must not throw on degenerate input (failed with a reason) and must terminate.
  virtual ContactSetResult step(const ContactSetQuery& query) const = 0;
};

struct ContactSetCapabilities {
  bool entities = true;          // names the feature pair of each contact
  bool bisection = false;        // searches the step in time when it ends in penetration
  bool closest_feature = false;  // built on a closest-feature algorithm (V-Clip calls counted)
};

struct ContactSetInfo {
  static constexpr std::string_view kNoun = "contact-set tracker";
  std::string name, family, paper, description;
  ContactSetCapabilities capabilities;
  std::map<std::string, double> parameters{};  // ε and caps, written into reports
  std::function<std::unique_ptr<ContactSetTracker>()> make{};
};

using ContactSetRegistry = Registry<ContactSetInfo>;
void register_builtin(ContactSetRegistry& registry);  // contact_sets/register_all.cpp

// The pose at t ∈ [0, 1] between two frames: translation linear, rotation slerp between the
// frames' quaternions (taken from source_quaternion, else from the matrix).
Pose interpolate_pose(const Pose& from, const Pose& to, double t);

// Whether every number of every contact is finite.
bool all_finite(const ContactSetResult& result);

}  // namespace touchstone
