#include "harness/regions/contact_sets.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "algorithms/contact_sets/world_features.hpp"
#include "harness/common/case_shapes.hpp"
#include "harness/regions/normals.hpp"
#include "harness/regions/point_sets.hpp"
#include "harness/regions/reference.hpp"
#include "reference/exact_proximity.hpp"

namespace touchstone {

void ContactFrameCounts::add(const ContactFrameCounts& o) {
  frames += o.frames;
  judged += o.judged;
  overshoots += o.overshoots;
  contacts += o.contacts;
  sufficient += o.sufficient;
  covered += o.covered;
  missed += o.missed;
  corners += o.corners;
  corners_covered += o.corners_covered;
  spurious += o.spurious;
  stale += o.stale;
  identity_breaks += o.identity_breaks;
  persisted += o.persisted;
  normals_out += o.normals_out;
  proximity_calls += o.proximity_calls;
  bisections += o.bisections;
  max_point_error = std::max(max_point_error, o.max_point_error);
}

namespace {

using contact_sets::pair_key;

// How far a contact lies from an exact region: the farthest of its points (one for the point
// trackers, Π for a region-algorithm tracker) from the region's point set.
double contact_error(const TrackedContact& c, const ExactRegion& r) {
  if (c.region.points.empty()) return std::numeric_limits<double>::infinity();
  double far = 0;
  for (const Vec3& p : c.region.points) far = std::max(far, distance_to_point_set(p, r.points));
  return far;
}

// A contact stands for an exact region when its points lie on the region and, if it names
// features, they are the region's entity pair (point-only peers: the point alone).
bool stands_for(const TrackedContact& c, const ExactRegion& r, double tau) {
  if (!(contact_error(c, r) <= tau)) return false;
  if (!c.region.a || !c.region.b) return true;
  return *c.region.a == r.a && *c.region.b == r.b;
}

// The ids of the contacts of `out` standing for r.
std::vector<std::uint64_t> standing(const ContactSetResult& out, const ExactRegion& r, double tau) {
  std::vector<std::uint64_t> ids;
  for (const TrackedContact& c : out.contacts)
    if (stands_for(c, r, tau)) ids.push_back(c.id);
  return ids;
}

CheckResult check(const std::string& name, bool ok, double error, double tol, std::string detail) {
  return {name, ok ? Verdict::pass : Verdict::fail, error, tol, ok ? std::string() : detail};
}

}  // namespace

Verification verify_contact_frame(const ContactSetResult& out, const ContactFrameInput& in,
                                  ContactFrameCounts& n) {
  Verification v;
  n.frames = 1;
  n.contacts = static_cast<int>(out.contacts.size());
  n.proximity_calls = out.proximity_calls;
  n.bisections = out.bisections;
  if (verdict_from_status(out.status, out.reason, v)) return v;
  if (!all_finite(out)) {
    v.checks.push_back(check("finite", false, 0, 0, "a contact carries a non-finite number"));
    decide_verdict(v);
    return v;
  }
  const ExactRegions& ref = *in.reference;
  if (ref.relation == Relation::penetrating) {
    n.overshoots = 1;
    v.checks.push_back(check("penetration", out.relation == Relation::penetrating, 0, 0,
                             "the frame penetrates (an overshoot) but the tracker says " +
                                 std::string(to_string(out.relation))));
    decide_verdict(v);
    return v;
  }
  if (ref.relation == Relation::separated) {
    const double d = ref.distance.value_or(0);
    if (d > in.epsilon) n.spurious = n.contacts;
    v.checks.push_back(check("points", n.spurious == 0, d, in.epsilon,
                             std::to_string(n.spurious) + " contacts while the bodies are " +
                                 short_number(d) + " apart, beyond ε"));
    decide_verdict(v);
    return v;
  }
  n.judged = 1;
  std::string off, cones;
  for (const TrackedContact& c : out.contacts) {
    double best = std::numeric_limits<double>::infinity();
    for (const ExactRegion& r : ref.regions) best = std::min(best, contact_error(c, r));
    n.max_point_error = std::max(n.max_point_error, best);
    if (!(best <= in.tau)) {
      const bool was =
          in.stood && std::find(in.stood->begin(), in.stood->end(), c.id) != in.stood->end();
      (was ? n.stale : n.spurious) += 1;
      if (off.empty())
        off = "contact " + std::to_string(c.id) + (was ? " (stale)" : "") + " is " +
              short_number(best) + " from every exact region";
      continue;
    }
    // Named features: the normal must lie in the cone of every region they stand for (their
    // pair's); point-only: in the cone of some region the point lies on.
    const bool named = c.region.a && c.region.b;
    for (const Vec3& normal : c.region.normals) {
      int regions = 0, holding = 0;
      for (const ExactRegion& r : ref.regions) {
        if (!stands_for(c, r, in.tau) || r.cone.pieces.empty()) continue;
        ++regions;
        holding += normal_in_cone(normal, r.cone, in.tol_normal);
      }
      if (regions > 0 && (named ? holding < regions : holding == 0)) {
        ++n.normals_out;
        if (cones.empty())
          cones = "contact " + std::to_string(c.id) + "'s normal is outside the exact cone of " +
                  (named ? "its region" : "every region it lies on");
      }
    }
  }
  std::string missed;
  for (const ExactRegion& r : ref.regions) {
    if (r.sufficient) {
      ++n.sufficient;
      const bool hit = std::any_of(out.contacts.begin(), out.contacts.end(),
                                   [&](const auto& c) { return contact_error(c, r) <= in.tau; });
      (hit ? n.covered : n.missed) += 1;
      if (!hit && missed.empty())
        missed = "no contact on the " + std::to_string(r.dimension) + "D region " +
                 std::string(to_string(r.a.kind)) + " " + std::to_string(r.a.id) + " / " +
                 std::string(to_string(r.b.kind)) + " " + std::to_string(r.b.id) + " of 𝓡";
    }
    if (r.dimension == 0) {
      ++n.corners;
      n.corners_covered += !standing(out, r, in.tau).empty();
    }
  }
  std::string breaks;
  if (in.previous_reference && in.previous)
    for (const ExactRegion& r : ref.regions)
      for (const ExactRegion& p : in.previous_reference->regions) {
        if (pair_key(p.a, p.b) != pair_key(r.a, r.b) || p.dimension != r.dimension) continue;
        const auto before = standing(*in.previous, p, in.tau);
        if (before.empty()) continue;
        const auto now = standing(out, r, in.tau);
        const bool kept = std::any_of(before.begin(), before.end(), [&](std::uint64_t id) {
          return std::find(now.begin(), now.end(), id) != now.end();
        });
        (kept ? n.persisted : n.identity_breaks) += 1;
        if (!kept && breaks.empty())
          breaks = "the region " + std::string(to_string(r.a.kind)) + " " + std::to_string(r.a.id) +
                   " / " + std::string(to_string(r.b.kind)) + " " + std::to_string(r.b.id) +
                   " persists but its contact " + std::to_string(before.front()) +
                   (now.empty() ? " is gone" : " changed id");
      }
  v.checks.push_back(check("points", n.spurious + n.stale == 0, n.max_point_error, in.tau, off));
  v.checks.push_back(check("normals", n.normals_out == 0, 0, in.tol_normal, cones));
  v.checks.push_back(check("coverage", n.missed == 0, n.missed, 0, missed));
  v.checks.push_back(check("persistence", n.identity_breaks == 0, n.identity_breaks, 0, breaks));
  decide_verdict(v);
  return v;
}

namespace {

// Each frame's reference: A moved by the case's contact_offset; cached, else computed in a child.
void acquire_references(ContactSetCaseRecord& rec, const Polytope& a, const Polytope& b,
                        const ContactSetRunOptions& options, ReferenceCache& cache) {
  const Vec3 offset = rec.spec.contact_offset.value_or(Vec3::Zero());
  for (std::size_t k = 0; k < rec.spec.frames.size(); ++k) {
    Pose pa = rec.spec.frames[k].pose_a;
    const Pose& pb = rec.spec.frames[k].pose_b;
    pa.translation += offset;
    ContactFrameRecord f;
    f.size = case_pair_extent(a, pa, b, pb).first;
    f.tau = options.tol_region * f.size;
    ExactRegionOptions ask;
    ask.shallow_limit = f.tau;
    AcquiredRegions got =
        acquire_region_reference(a, pa, b, pb, ask, cache, options.reference_timeout_seconds);
    f.key = std::move(got.key);
    f.reference = std::move(got.reference);
    f.from_cache = got.from_cache;
    if (!got.failure.empty())
      rec.problems.push_back("frame " + std::to_string(k) +
                             ": exact reference failed: " + got.failure);
    rec.frames.push_back(std::move(f));
  }
}

// Bad motions: the first frame already penetrating, or a step whose end frames do not penetrate
// while the motion between them does (the frames jump through each other), sampled exactly at
// t = 1/4, 1/2, 3/4 of interpolate_pose.
void check_motion(ContactSetCaseRecord& rec, const Polytope& a, const Polytope& b) {
  const auto& frames = rec.spec.frames;
  if (!rec.frames.empty() && rec.frames[0].reference &&
      rec.frames[0].reference->relation == Relation::penetrating)
    rec.problems.push_back("frame 0: the bodies start penetrating: no contact set to start from");
  ExactProximityOptions ask;
  ask.compute_depth = false;
  for (std::size_t k = 1; k < frames.size(); ++k) {
    const auto& r0 = rec.frames[k - 1].reference;
    const auto& r1 = rec.frames[k].reference;
    if (!r0 || !r1 || r0->relation == Relation::penetrating ||
        r1->relation == Relation::penetrating)
      continue;
    for (double t : {0.25, 0.5, 0.75}) {
      const Pose pa = interpolate_pose(frames[k - 1].pose_a, frames[k].pose_a, t);
      const Pose pb = interpolate_pose(frames[k - 1].pose_b, frames[k].pose_b, t);
      try {
        if (exact_proximity(a.vertices(), pa, b.vertices(), pb, ask).relation ==
            Relation::penetrating) {
          rec.problems.push_back("frames " + std::to_string(k - 1) + " to " + std::to_string(k) +
                                 ": the motion passes through penetration (t = " + short_number(t) +
                                 ") while neither frame penetrates");
          break;
        }
      } catch (const std::exception& e) {
        rec.problems.push_back("frame " + std::to_string(k) + ": " + e.what());
        break;
      }
    }
  }
}

ContactSetResultRecord error_result(const ContactSetInfo& info, std::size_t ci,
                                    const std::string& why) {
  ContactSetResultRecord r;
  r.algorithm = info.name;
  r.case_index = ci;
  return without_answer(std::move(r), QueryStatus::failed, Verdict::error, why);
}

double epsilon_of(const ContactSetInfo& info) {
  const auto e = info.parameters.find("epsilon");
  return e == info.parameters.end() ? 0.0 : e->second;
}

// Plays the sequence `repetitions` times with a fresh state each; the first play's answers are
// kept, every frame's time is its minimum over the plays.
void play(const ContactSetTracker& tracker, const Polytope& a, const Polytope& b,
          const MotionCase& spec, int repetitions, ContactSetResultRecord& r) {
  r.frame_ns.assign(spec.frames.size(), std::numeric_limits<double>::infinity());
  for (int rep = 0; rep < repetitions; ++rep) {
    std::unique_ptr<ContactSetState> state;
    for (std::size_t k = 0; k < spec.frames.size(); ++k) {
      const MotionFrame& prev = spec.frames[k == 0 ? 0 : k - 1];
      const MotionFrame& f = spec.frames[k];
      const auto start = Clock::now();
      ContactSetResult out =
          tracker.step({&a, &b, prev.pose_a, prev.pose_b, f.pose_a, f.pose_b, &state});
      r.frame_ns[k] = std::min(r.frame_ns[k], ns_since(start));
      if (rep == 0) r.frames.push_back(std::move(out));
    }
  }
}

void verify(ContactSetResultRecord& r, const ContactSetInfo& info, const ContactSetCaseRecord& rec,
            const ContactSetRunOptions& options) {
  // The ε-contact band: the frame hovers |offset| from the touching configuration the reference
  // is taken at, so a contact point of the frame may lie up to |offset| from it (A's side of a
  // region moves by the offset, B's does not), as a region answer in the band may lie τ + |t| from
  // its ε-closure (harness/regions/verifier.hpp).
  const double band = rec.spec.contact_offset ? rec.spec.contact_offset->norm() : 0.0;
  std::vector<std::uint64_t> stood;
  std::size_t last_judged = rec.frames.size();
  for (std::size_t k = 0; k < r.frames.size(); ++k) {
    const ContactSetResult& out = r.frames[k];
    if (out.status != QueryStatus::ok && r.output.status == QueryStatus::ok) {
      r.output.status = out.status;
      r.output.reason = "frame " + std::to_string(k) + ": " + out.reason;
    }
    const double tol = rec.frames[k].tau + band;
    ContactFrameInput in{&*rec.frames[k].reference, tol, epsilon_of(info), options.tol_normal};
    if (last_judged < rec.frames.size()) {
      in.previous_reference = &*rec.frames[last_judged].reference;
      in.previous = &r.frames[last_judged];
    }
    in.stood = &stood;
    ContactFrameCounts counts;
    Verification v = verify_contact_frame(out, in, counts);
    for (CheckResult& c : v.checks)
      if (!c.detail.empty()) c.detail = "frame " + std::to_string(k) + ": " + c.detail;
    if (!v.reason.empty()) v.reason = "frame " + std::to_string(k) + ": " + v.reason;
    if (counts.judged) {
      last_judged = k;
      for (const ExactRegion& reg : rec.frames[k].reference->regions)
        for (std::uint64_t id : standing(out, reg, tol)) stood.push_back(id);
    }
    r.frame_counts.push_back(counts);
    r.frame_verdicts.push_back(v.verdict);
    r.totals.add(counts);
    for (CheckResult& c : v.checks) r.verification.checks.push_back(std::move(c));
    if (v.checks.empty() && v.verdict != Verdict::pass)
      r.verification.checks.push_back({"status", v.verdict, 0, 0, v.reason});
  }
  decide_verdict(r.verification);
}

}  // namespace

ContactSetRunResults run_contact_sets(const std::vector<MotionCase>& cases,
                                      const std::vector<const ContactSetInfo*>& trackers,
                                      const ContactSetRunOptions& options, ReferenceCache& cache,
                                      const Progress& progress) {
  return run_kind_with_instances<ContactSetRunResults>(
      cases, trackers, progress,
      [&](ContactSetRunResults& run, const auto& instances, std::size_t ci,
          const MotionCase& spec) {
        ContactSetCaseRecord rec;
        rec.spec = spec;
        const auto shapes = build_case_shapes(rec.spec.a, rec.spec.b, rec.problems);
        if (shapes) {
          acquire_references(rec, shapes->first, shapes->second, options, cache);
          check_motion(rec, shapes->first, shapes->second);
        }
        run.cases.push_back(std::move(rec));
        const ContactSetCaseRecord& stored = run.cases.back();
        for (std::size_t ti = 0; ti < trackers.size(); ++ti) {
          const ContactSetInfo& info = *trackers[ti];
          if (!stored.problems.empty()) {
            run.results.push_back(error_result(info, ci, stored.problems.front()));
            continue;
          }
          ContactSetResultRecord r;
          r.algorithm = info.name;
          r.case_index = ci;
          try {
            play(*instances[ti], shapes->first, shapes->second, stored.spec, options.repetitions,
                 r);
          } catch (const std::exception& e) {
            run.results.push_back(error_result(info, ci, std::string("threw: ") + e.what()));
            continue;
          }
          verify(r, info, stored, options);
          summarize_times(r.frame_ns, r.timing);
          run.results.push_back(std::move(r));
        }
      });
}

}  // namespace touchstone
