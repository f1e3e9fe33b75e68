// `touchstone contact-sets`: contact-set trackers (algorithms/contact_sets) over motion cases, each
// frame verified against the exact contact regions of that frame (issue 34; seed 003 §3.1-3.2;
// the region reference of seed 000 §3, reference/exact_regions.hpp). It lives beside the region
// kind because a tracker's contacts are regions of the region contract and its reference is the
// region reference (same key, same cache, same child under a deadline).
//
// Each frame's reference is that of the frame with A moved by the case's contact_offset (the
// touching configuration the frame hovers above; none: the frame itself). Per frame, with τ =
// tol_region × the pair's size plus the band |contact_offset| (a point on A's side of a region is
// that far from it; the region verifier's τ + |t| in its ε band), and every point of a contact
// judged (one for the point trackers, Π for a region algorithm's):
//  - an overshoot frame (the reference penetrates) is not judged for regions: the tracker must
//    report penetration there (check `penetration`);
//  - a separated frame: a contact is spurious when the exact distance exceeds the tracker's ε;
//  - a touching frame: each contact's points must lie within τ of some exact region of 𝓘
//    (`points`; its distance is the point error); a contact off every region is `stale` when its id
//    stood for a region on an earlier frame, else `spurious`; a contact whose entity pair is an
//    exact region's "stands for" it and its normal must lie in that region's cone (`normals`);
//    every region of 𝓡 must have a contact point on it (`coverage`, else `missed`); the 0D regions
//    of 𝓘 (the corners of the contact polygons, seed 003 Figure 5) with a contact standing for
//    them are counted (`corners`, a figure, not a check);
//  - persistence: an exact region present on this judged frame and the previous one (same entity
//    pair) that had a contact standing for it must still have a contact of that id standing for
//    it; otherwise an identity break (`persistence`).
// A case's verdict is its worst frame's; every check's detail names the frame.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "algorithms/contact_sets/contact_set.hpp"
#include "cases/format/motion_case.hpp"
#include "harness/common/kind_run.hpp"
#include "harness/common/progress.hpp"
#include "harness/common/reference_cache.hpp"
#include "harness/common/timing.hpp"
#include "harness/common/verdict.hpp"
#include "reference/exact_regions.hpp"

namespace touchstone {

struct ContactSetRunOptions {
  double tol_region = 1e-9;  // τ = this × the pair's size
  double tol_normal = 1e-9;  // cone membership
  int repetitions = 3;       // plays of each sequence; a frame's time is the minimum
  double reference_timeout_seconds = 60.0;
};

struct ContactFrameRecord {
  std::string key;
  double size = 0, tau = 0;
  std::optional<ExactRegions> reference;
  bool from_cache = false;
};

struct ContactSetCaseRecord {
  MotionCase spec;
  std::vector<ContactFrameRecord> frames;
  std::vector<std::string> problems;
};

// Per-frame figures (summed over frames in ContactSetResultRecord::totals).
struct ContactFrameCounts {
  int frames = 0, judged = 0, overshoots = 0;
  int contacts = 0, sufficient = 0, covered = 0, missed = 0, corners = 0, corners_covered = 0;
  int spurious = 0, stale = 0, identity_breaks = 0, persisted = 0, normals_out = 0;
  int proximity_calls = 0, bisections = 0;
  double max_point_error = 0;
  void add(const ContactFrameCounts& o);
};

struct ContactSetResultRecord {
  std::string algorithm;
  std::size_t case_index = 0;
  struct {
    QueryStatus status = QueryStatus::ok;
    std::string reason;
  } output;
  std::vector<ContactSetResult> frames;  // the first play's answers
  std::vector<double> frame_ns;          // minimum over the plays, per frame
  std::vector<ContactFrameCounts> frame_counts;
  std::vector<Verdict> frame_verdicts;
  ContactFrameCounts totals;
  Verification verification;
  Timing timing;  // over frames
};

using ContactSetRunResults = KindRun<ContactSetCaseRecord, ContactSetResultRecord, ContactSetInfo>;

// One frame's verification (exposed for tests): `previous` is the last judged frame before it
// (its reference and answer), `stood` the ids that stood for a region on any earlier frame.
struct ContactFrameInput {
  const ExactRegions* reference = nullptr;
  double tau = 0, epsilon = 0, tol_normal = 1e-9;  // tau: the point tolerance, band included
  const ExactRegions* previous_reference = nullptr;
  const ContactSetResult* previous = nullptr;
  const std::vector<std::uint64_t>* stood = nullptr;
};
Verification verify_contact_frame(const ContactSetResult& out, const ContactFrameInput& in,
                                  ContactFrameCounts& counts);

ContactSetRunResults run_contact_sets(const std::vector<MotionCase>& cases,
                                      const std::vector<const ContactSetInfo*>& trackers,
                                      const ContactSetRunOptions& options, ReferenceCache& cache,
                                      const Progress& progress = {});

}  // namespace touchstone
