// The region runner: for each contact-region case, builds both shapes once, gets each step's exact
// reference (cache first, else computed in a forked child under a deadline, asked for
// shallowness with shallow_limit = τ), then runs every selected algorithm over all steps
// (harness/regions/measure.hpp; peers, or all with --isolate all, in a forked child), verifies
// each step (harness/regions/verifier.hpp) and keeps the worst step's verdict, naming the step.
// An exception in one algorithm or one case becomes an `error` result and the run goes on.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "algorithms/regions/registry.hpp"
#include "cases/format/case_loader.hpp"
#include "cases/format/region_case.hpp"
#include "harness/common/isolation.hpp"
#include "harness/common/kind_run.hpp"
#include "harness/common/progress.hpp"
#include "harness/common/reference_cache.hpp"
#include "harness/common/timing.hpp"
#include "harness/regions/verifier.hpp"

namespace touchstone {

struct RegionRunOptions {
  int repetitions = 3;
  RegionTolerances tolerances;
  double reference_timeout_seconds = 60.0;  // per step's reference; 0: in-process, no limit
  Isolation isolation = Isolation::peers;   // which algorithms answer in forked children
  double algorithm_timeout_seconds = 10.0;  // per isolated algorithm and case (all steps)
};

struct RegionStepRecord {
  std::string key;    // reference cache key
  double size = 0.0;  // diagonal of the pair's world bounding box
  double tau = 0.0;   // tol_region × size
  std::optional<ExactRegions> reference;
  bool reference_from_cache = false;
  double reference_ms = 0.0;
};

struct RegionCaseRecord {
  RegionCase spec;
  std::vector<RegionStepRecord> steps;
  int faces_a = 0, faces_b = 0;
  std::vector<std::string> problems;  // invalid geometry, reference failure, expected disagrees
};

// What an algorithm said at each step; status and reason sum it up (the first step that was not
// ok), as `without_answer` records it.
struct RegionOutcome {
  QueryStatus status = QueryStatus::ok;
  std::string reason;
  std::vector<RegionResult> steps;
};

struct RegionResultRecord {
  std::string algorithm;
  std::size_t case_index = 0;
  RegionOutcome output;
  Verification verification;
  std::vector<Verdict> step_verdicts;
  RegionCounts counts;  // summed over the steps
  Timing timing;
  std::string captured_stderr;  // what the algorithm wrote to stderr meanwhile (report: "stderr")
};

using RegionRunResults = KindRun<RegionCaseRecord, RegionResultRecord, RegionAlgorithmInfo>;

// The steps' verifications of one answer combined: the worst step decides; with several steps,
// each check's detail starts with "step k: ".
Verification combine_steps(const std::vector<Verification>& steps);

RegionRunResults run_regions(const std::vector<RegionCase>& cases,
                             const std::vector<const RegionAlgorithmInfo*>& algorithms,
                             const RegionRunOptions& options, ReferenceCache& cache,
                             const Progress& progress = {});

}  // namespace touchstone
