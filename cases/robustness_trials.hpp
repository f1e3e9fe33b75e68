// The trials of Mirtich's V-Clip robustness experiment (TR97-05; seed 003 §2.4): two 2-unit cubes
// in near-parallel edge and face configurations, each at a pose where the closest features
// change. A trial slides cube B over cube A along a line (parameter s in [0, 1]); the critical s,
// where the closest feature pair changes, is found by bisection on the feature pair (classified
// from closest points, see closest_feature_pair), then refined with exact feature distances.
// harness/motion/robustness.hpp runs the algorithms on them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "cases/format/motion_case.hpp"

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

// The 2-unit cube of every trial (both A and B).
const Polytope& robustness_cube();

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

}  // namespace touchstone
