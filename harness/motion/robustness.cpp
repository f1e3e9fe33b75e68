// The TR97-05 robustness experiment (see robustness.hpp).
#include "harness/motion/robustness.hpp"

#include <chrono>
#include <optional>
#include <string>

#include "reference/exact_proximity.hpp"

namespace touchstone {
namespace {

// One algorithm on one trial: tracks B from the previous frame (warm where the algorithm declares
// warm start and the experiment asks for it) to the critical pose, verifies the answer and counts
// its outcome in k. Why the answer is a problem, nullopt when it is none.
std::optional<std::string> algorithm_problem(const ProximityAlgorithmInfo& info,
                                             const ProximityAlgorithm& instance,
                                             const PreparedShape& a, const PreparedShape& b,
                                             const RobustnessTrial& trial, const CaseRecord& rec,
                                             const RunOptions& run_options, bool warm_option,
                                             RobustnessCounts& k) {
  const Polytope& c = robustness_cube();
  const Pose& pose_b = rec.spec.pose_b;
  const double band = run_options.tolerances.band_relative * rec.scale;
  bool problem = false;
  std::string why;
  try {
    std::unique_ptr<WarmStart> state;
    const bool warm = warm_option && info.capabilities.warm_start;
    if (warm) instance.query(a, Pose::identity(), b, trial.motion.frames[0].pose_b, &state);
    ProximityResult r = instance.query(a, Pose::identity(), b, pose_b, warm ? &state : nullptr);
    const Verification v = verify_query_output(info, r, c, c, rec, run_options);
    if (r.status == QueryStatus::failed) {
      problem = true;
      const bool cycling = r.reason.find("cycl") != std::string::npos;
      ++(cycling ? k.cycling : k.other_failure);
      why = "failed: " + r.reason;
    } else if (r.status == QueryStatus::unsupported) {
      ++k.unsupported;
    }
    if (r.status == QueryStatus::ok && r.reason.starts_with("cycle resolved")) ++k.cycle_resolved;
    if (r.status == QueryStatus::ok) {
      const bool false_zero =
          (r.relation == Relation::touching || r.relation == Relation::penetrating) &&
          rec.reference->relation == Relation::separated && rec.reference->distance > band;
      bool features = false, distance = false, other = false;
      for (const CheckResult& check : v.checks) {
        if (check.verdict != Verdict::fail) continue;
        if (check.name == "features")
          features = true;
        else if (check.name == "distance")
          distance = true;
        else if (!(check.name == "relation" && false_zero))
          other = true;
      }
      if (v.verdict == Verdict::fail && v.checks.empty()) other = true;  // NaN output
      k.wrong_features += features;
      k.distance += distance;
      k.false_zero += false_zero;
      k.other_check += other;
      problem = features || distance || false_zero || other;
      if (problem) why = v.reason;
      if (!problem && v.verdict == Verdict::ambiguous) ++k.ambiguous;
    }
  } catch (const std::exception& e) {
    ++k.error;
    problem = true;
    why = std::string("threw: ") + e.what();
  }
  if (!problem) return std::nullopt;
  return why;
}

}  // namespace

RobustnessResults run_robustness(const std::vector<const ProximityAlgorithmInfo*>& algorithms,
                                 const RobustnessOptions& options, const TrialProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  RobustnessResults out;
  out.algorithms = algorithms;
  out.counts.resize(algorithms.size());
  const Polytope& c = robustness_cube();
  std::vector<std::unique_ptr<ProximityAlgorithm>> instances;
  std::vector<std::unique_ptr<PreparedShape>> prepared_a, prepared_b;
  for (const auto* info : algorithms) {
    instances.push_back(info->make());
    prepared_a.push_back(instances.back()->prepare(c));
    prepared_b.push_back(instances.back()->prepare(c));
  }
  RunOptions run_options;
  run_options.tolerances = options.tolerances;
  run_options.check_witnesses = options.check_witnesses;
  ExactProximityOptions exact_options;
  exact_options.compute_depth = false;  // the cubes never penetrate (gap > 0)

  for (int n = 0; n < options.trials; ++n) {
    if (progress) progress(n, options.trials);
    const RobustnessTrial trial = make_robustness_trial(options.seed, options.first_trial + n);
    CaseRecord rec;
    rec.spec = trial.motion.frame_case(1);
    const Pose& pose_b = rec.spec.pose_b;
    std::tie(rec.scale, rec.magnitude) = case_pair_extent(c, Pose::identity(), c, pose_b);
    try {
      // In-process: the cube reference takes about a millisecond and has never hung; a fork per
      // trial would double the cost of 10^5 trials.
      rec.reference =
          exact_proximity(c.vertices(), Pose::identity(), c.vertices(), pose_b, exact_options);
    } catch (const std::exception&) {
      ++out.reference_errors;
      continue;
    }
    bool trial_failed = false;
    std::string reasons;
    for (std::size_t ai = 0; ai < algorithms.size(); ++ai) {
      RobustnessCounts& k = out.counts[ai];
      ++k.trials;
      const std::optional<std::string> why =
          algorithm_problem(*algorithms[ai], *instances[ai], *prepared_a[ai], *prepared_b[ai],
                            trial, rec, run_options, options.warm, k);
      if (why) {
        ++k.problems;
        trial_failed = true;
        reasons += (reasons.empty() ? "" : "; ") + algorithms[ai]->name + ": " + *why;
      }
    }
    if (trial_failed && static_cast<int>(out.failing.size()) < options.max_exported) {
      out.failing.push_back(trial);
      out.failing_reasons.push_back(reasons);
    }
  }
  if (progress) progress(options.trials, options.trials);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace touchstone
