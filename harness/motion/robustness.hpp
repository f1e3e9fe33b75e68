// The robustness experiment of Mirtich's V-Clip report (TR97-05; seed 003 §2.4) on the trials of
// cases/robustness_trials.hpp (two cubes, each trial at a pose where the closest features change).
// Every selected algorithm tracks B from a frame before the change to the critical pose (warm
// start where declared) and its answer at the critical pose is verified against the exact
// reference. A trial counts once every algorithm has answered on it: an interrupted run reports
// the trials it finished.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cases/robustness_trials.hpp"
#include "harness/proximity/runner.hpp"

namespace touchstone {

struct RobustnessOptions {
  std::uint64_t seed = 1;
  int trials = 1000;
  int first_trial = 0;  // trials first_trial … first_trial + trials − 1 (shards of one run)
  bool warm = true;     // track from the previous frame where the algorithm declares warm start
  Tolerances tolerances;
  bool check_witnesses = false;  // exact witness distances (one exact QP per witness: slow)
  int max_exported = 500;        // failing trials written out at most
  // One forked child plays the trials, so a crash or a hang becomes an `error` of its algorithm
  // on its trial (or a reference error) and a fresh child goes on; each reference and each
  // query has algorithm_timeout_seconds.
  bool isolate = false;
  double algorithm_timeout_seconds = 10.0;
  // With isolation, the trials are cut into `jobs` contiguous slices played at once, each by its
  // own child (one core each); the counts are those of one child playing them all. Without
  // isolation the trials play in this process, one at a time, whatever `jobs` says.
  int jobs = 1;
};

struct RobustnessCounts {
  int trials = 0, problems = 0;  // trials with at least one problem
  // cycle_resolved: answered ok after the algorithm detected and broke a cycle itself (V-Clip's
  // fallback); not a problem by itself, the verifier still checks the answer.
  int cycle_resolved = 0;
  int cycling = 0, other_failure = 0, wrong_features = 0, distance = 0, false_zero = 0,
      other_check = 0, error = 0, ambiguous = 0, unsupported = 0;
};

// One slice of a run with several jobs: its trials first_trial … first_trial + trials − 1, of which
// the first `done` finished (all of them unless the run was interrupted).
struct TrialSlice {
  int first_trial = 0, trials = 0, done = 0;
};

struct RobustnessResults {
  std::vector<const ProximityAlgorithmInfo*> algorithms;
  std::vector<RobustnessCounts> counts;      // per algorithm
  std::vector<RobustnessTrial> failing;      // up to max_exported trials with any problem
  std::vector<std::string> failing_reasons;  // "algorithm: reason" for each failing trial
  int reference_errors = 0;
  // The exact references by route (reference/exact_proximity.hpp): certified, or the full
  // construction after a failed certificate; and their summed cost.
  int reference_certified = 0, reference_full = 0;
  double reference_ns = 0;
  int trials_done = 0;             // trials finished (fewer than asked when interrupted)
  std::vector<TrialSlice> slices;  // jobs > 1: which trials each slice finished
  double seconds = 0;
};

using TrialProgress = std::function<void(int done, int total)>;
RobustnessResults run_robustness(const std::vector<const ProximityAlgorithmInfo*>& algorithms,
                                 const RobustnessOptions& options,
                                 const TrialProgress& progress = {});

// robustness_report.cpp. Ours beside the paper's figures (TR97-05: Lin-Canny 4.5 % of trials with
// problems, Enhanced GJK 0.1 % with a tight tolerance and none with the default one, V-Clip none).
std::string robustness_table(const RobustnessResults& results);
nlohmann::json robustness_json(const RobustnessResults& results, const RobustnessOptions& options);

}  // namespace touchstone
