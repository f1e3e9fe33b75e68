// The robustness experiment of Mirtich's V-Clip report (TR97-05; seed 003 §2.4): trials with two
// 2-unit cubes in near-parallel edge and face configurations, each at a pose where the closest
// features change. A trial slides cube B over cube A along a line (parameter s in [0, 1]); the
// critical s, where the closest feature pair changes, is found by bisection on the feature pair
// (classified from closest points, see closest_feature_pair). Every selected algorithm then
// tracks B from a frame before the change to the critical pose (warm start where declared) and
// its answer at the critical pose is verified against the exact reference.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "cases/format/motion_case.hpp"
#include "harness/proximity/runner.hpp"

namespace touchstone {

// The closest features of two convex polytopes under poses, classified from the closest points of
// the nearest vertex–face or edge–edge pair computed in double: each point is named by the
// lowest-dimensional feature it lies on, as that computation clamps it (vertex, edge or face).
// A deterministic function of the input, used to find where the features change.
struct FeaturePair {
  Feature a, b;
  double distance = 0;
  friend bool operator==(const FeaturePair& x, const FeaturePair& y) {
    return x.a == y.a && x.b == y.b;
  }
  std::string to_string() const;
};
FeaturePair closest_feature_pair(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                 const Pose& pose_b);

// The vertices of one feature (1, 2 or a face's vertices), in local coordinates.
std::vector<Vec3> feature_points(const Polytope& p, const Feature& f);

struct RobustnessTrial {
  int index = 0;
  std::string configuration;  // "face" (near-parallel faces) or "edge" (near-parallel edges)
  MotionCase motion;          // two frames: the previous frame, then the critical pose (the trial)
  double s_lo = 0, s_hi = 0;  // the bracket: features differ at s_lo and s_hi
  FeaturePair features_lo, features_hi;
  bool at_hi = false;            // the trial pose is s_hi (else s_lo)
  Pose pose_at(double s) const;  // B's pose at motion parameter s (A is the identity)
  // Motion line, for pose_at: B's rotation and translation c0 + s·d.
  std::array<double, 4> rotation{1, 0, 0, 0};
  Vec3 c0 = Vec3::Zero(), d = Vec3::Zero();
};

// Trial `index` of `seed`: even indices are face configurations, odd ones edge configurations.
RobustnessTrial make_robustness_trial(std::uint64_t seed, int index);

struct RobustnessOptions {
  std::uint64_t seed = 1;
  int trials = 1000;
  int first_trial = 0;  // trials first_trial … first_trial + trials − 1 (shards of one run)
  bool warm = true;     // track from the previous frame where the algorithm declares warm start
  Tolerances tolerances;
  bool check_witnesses = false;  // exact witness distances (one exact QP per witness: slow)
  int max_exported = 500;        // failing trials written out at most
};

struct RobustnessCounts {
  int trials = 0, problems = 0;  // trials with at least one problem
  // cycle_resolved: answered ok after the algorithm detected and broke a cycle itself (V-Clip's
  // fallback); not a problem by itself, the verifier still checks the answer.
  int cycle_resolved = 0;
  int cycling = 0, other_failure = 0, wrong_features = 0, distance = 0, false_zero = 0,
      other_check = 0, error = 0, ambiguous = 0, unsupported = 0;
};

struct RobustnessResults {
  std::vector<const ProximityAlgorithmInfo*> algorithms;
  std::vector<RobustnessCounts> counts;      // per algorithm
  std::vector<RobustnessTrial> failing;      // up to max_exported trials with any problem
  std::vector<std::string> failing_reasons;  // "algorithm: reason" for each failing trial
  int reference_errors = 0;
  double seconds = 0;
};

using TrialProgress = std::function<void(int done, int total)>;
RobustnessResults run_robustness(const std::vector<const ProximityAlgorithmInfo*>& algorithms,
                                 const RobustnessOptions& options,
                                 const TrialProgress& progress = {});

// Ours beside the paper's figures (TR97-05: Lin-Canny 4.5 % of trials with problems, Enhanced GJK
// 0.1 % with a tight tolerance and none with the default one, V-Clip none).
std::string robustness_table(const RobustnessResults& results);
nlohmann::json robustness_json(const RobustnessResults& results, const RobustnessOptions& options);

}  // namespace touchstone
