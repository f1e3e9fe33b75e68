// The runner: for each case, builds the shapes once, gets the exact reference (cache first), then
// runs every selected algorithm (prepare once, query `repetitions` times, cold), verifies the
// answer and records timing. An exception in one algorithm or one case becomes an `error` result
// and the run goes on.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/proximity/registry.hpp"
#include "cases/format/case_loader.hpp"
#include "cases/format/proximity_case.hpp"
#include "harness/common/case_shapes.hpp"
#include "harness/common/isolation.hpp"
#include "harness/common/kind_run.hpp"
#include "harness/common/progress.hpp"
#include "harness/proximity/measure.hpp"
#include "harness/proximity/reference.hpp"
#include "harness/proximity/verifier.hpp"

namespace touchstone {

struct ProximityRunOptions {
  int repetitions = 3;
  Tolerances tolerances;
  bool check_witnesses = true;  // exact point-to-shape distances for witness points
  // Each exact reference runs in a forked child with this time limit (0: in-process, no limit),
  // so a reference that does not finish (CGAL's exact QP solver has been seen to run for ever on
  // a degenerate scale-disparity case) or crashes becomes a problem of that case, not a hang.
  double reference_timeout_seconds = 60.0;
  // What the child computes for a case's reference: the exact reference, unless a test puts in
  // one that never returns (to pin the deadline's effect whatever the machine's speed).
  std::function<ExactProximity(const Polytope&, const Pose&, const Polytope&, const Pose&)>
      exact_reference = [](const Polytope& a, const Pose& pa, const Polytope& b, const Pose& pb) {
        return exact_pair_reference(a, pa, b, pb);
      };
  // Which algorithms answer in forked children (harness/proximity/measure.hpp). One child per
  // case runs the whole isolated batch.
  Isolation isolation = Isolation::peers;
  double algorithm_timeout_seconds = 10.0;  // per isolated algorithm and case
};

struct ProximityCaseRecord {
  ProximityCase spec;
  std::string hash;
  double scale = 0.0;      // diagonal of the pair's world bounding box
  double magnitude = 0.0;  // largest absolute world coordinate of the pair
  std::optional<ExactProximity> reference;
  bool reference_from_cache = false;
  double reference_ms = 0.0;
  std::vector<std::string> problems;  // invalid geometry, reference failure, expected disagrees
};

struct ProximityResultRecord {
  std::string algorithm;
  std::size_t case_index = 0;  // into ProximityRunResults::cases
  ProximityResult output;
  Verification verification;
  Timing timing;
  std::string captured_stderr;  // what the algorithm wrote to stderr meanwhile (report: "stderr")
};

using ProximityRunResults =
    KindRun<ProximityCaseRecord, ProximityResultRecord, ProximityAlgorithmInfo>;

// Building blocks of run_proximity, shared with the motion and robustness runners.
// (build_case_shape and case_pair_extent: harness/common/case_shapes.hpp.)
// The exact reference of a case with both shapes built (record.hash set; exact_pair_reference):
// cached, else computed under the time limit, stored and timed; a failure becomes a problem of the
// case.
void acquire_reference(ProximityCaseRecord& record, const Polytope& a, const Polytope& b,
                       ReferenceCache& cache, const ProximityRunOptions& options);
// The record of an algorithm that gave no answer on a case: verdict error (or unsupported), the
// reason as both the output's and the verdict's.
ProximityResultRecord error_result(const std::string& algorithm, std::size_t index,
                                   const std::string& why);
ProximityResultRecord unsupported_result(const std::string& algorithm, std::size_t index,
                                         const std::string& why);
// Verifies one answer as run_proximity does; rec must hold the reference, scale and magnitude.
// Non-finite numbers are removed from `output` (and the verdict is fail).
Verification verify_query_output(const ProximityAlgorithmInfo& info, ProximityResult& output,
                                 const Polytope& a, const Polytope& b,
                                 const ProximityCaseRecord& rec,
                                 const ProximityRunOptions& options);

ProximityRunResults run_proximity(const std::vector<ProximityCase>& cases,
                                  const std::vector<const ProximityAlgorithmInfo*>& algorithms,
                                  const ProximityRunOptions& options, ReferenceCache& cache,
                                  const Progress& progress = {});

}  // namespace touchstone
