// The verifier (DESIGN §5): compares one algorithm's answer with the exact reference and gives a
// verdict. It checks only what the algorithm declares; undeclared checks show as `unsupported`.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/proximity/proximity.hpp"
#include "harness/common/verdict.hpp"
#include "reference/exact_proximity.hpp"

namespace touchstone {

// How the tolerances scale. relative (the default): with L, the pair's size. ulps (strict): with
// the resolution of doubles where the pair lies, ulp(M) — a fixed number of ulps of the largest
// coordinate magnitude, so only answers as accurate as doubles allow pass.
enum class ToleranceMode { relative, ulps };
std::string_view to_string(ToleranceMode mode);

// Tolerances are relative to the pair's scale L = diagonal of the bounding box of both shapes in
// world coordinates, with an absolute floor for tiny shapes; in strict mode they are `ulps` units
// in the last place of M instead. Every report records them.
struct Tolerances {
  double distance_relative = 1e-9;  // |d - d_exact| <= distance_relative * L
  double witness_relative = 1e-9;   // witness within this * L of its shape
  double depth_relative = 1e-9;     // |depth - depth_exact| <= depth_relative * L
  // Ambiguous band: an exact answer within band_relative * L of a decision boundary (touching)
  // makes a relation mismatch across that boundary `ambiguous`, not `fail`.
  double band_relative = 1e-9;
  double absolute_floor = 1e-300;
  // Witness points are world coordinates: a double near magnitude M cannot be closer than
  // M·eps/2 to the true point, so witness checks also allow rounding_ulps · eps · M.
  double rounding_ulps = 4.0;
  ToleranceMode mode = ToleranceMode::relative;
  // Strict mode: distance, witness, witness gap, depth and band are each ulps · ulp(M).
  double ulps = 16.0;
  nlohmann::json to_json() const;
};

// The absolute tolerances of one case (L its scale, M its magnitude) under a mode.
struct CaseTolerances {
  double distance = 0, witness = 0, witness_gap = 0, depth = 0, band = 0;
};
CaseTolerances case_tolerances(const Tolerances& tolerances, double scale, double magnitude);

// The spacing of doubles at magnitude M: 2^(e−52) for M in [2^e, 2^(e+1)), the distance from M to
// the next larger double. M below the smallest normal double counts as that double.
double ulp_at(double magnitude);

// A check's error in ulps of M (error / ulp_at(M)). Every proximity check measures a length (the
// relation's exact margin across touching, |d − d_exact|, a witness's exact distance to its
// shape, |gap − d_exact|, |depth − depth_exact|, |d_features − d_exact|); nullopt when the check
// measured nothing: unsupported, or failed with no measurement (declared but not returned,
// invalid features), which the verifier writes with error 0.
std::optional<double> error_in_ulps(const CheckResult& check, double magnitude);

// Everything the verifier needs about the case.
struct VerificationInput {
  const ExactProximity* exact = nullptr;
  double scale = 1.0;      // L, the pair's bounding-box diagonal
  double magnitude = 0.0;  // M, the largest absolute world coordinate of the pair
  // Exact squared distances from the witness points to their shapes (filled by the caller from
  // the reference; nullopt when not computed).
  std::optional<double> witness_a_distance_sq, witness_b_distance_sq;
};

// Input of the `features` check (DESIGN §5, seed 003 §2 Theorem 1): the exact distance between
// the two features an algorithm returned, compared exactly with the exact global distance.
struct FeatureDistanceInput {
  std::string invalid;    // non-empty: a returned feature is not a feature of its shape (why)
  int comparison = 0;     // sign of d_features² − d_exact², computed exactly
  double distance = 0.0;  // d_features, rounded to nearest
  // Penetrating answers naming a vertex and a face of the other shape: the exact distance from
  // the vertex to that shape, rounded. 0 means the vertex lies in the closed shape, which
  // witnesses penetration though the features do not meet (V-Clip's exit when a vertex is below
  // every face plane, TR97-05; the only possible answer when one shape contains the other).
  std::optional<double> vertex_to_other_shape;
};

// Computes the input above from the shapes and poses (reference/exact_features.hpp); nullopt when
// the result names no features (the check then fails as "declared but not returned").
std::optional<FeatureDistanceInput> feature_distance_input(const Polytope& a, const Pose& pose_a,
                                                           const Polytope& b, const Pose& pose_b,
                                                           const ProximityResult& result,
                                                           const ExactProximity& exact);

// `features` is required when the algorithm declares features and returned them: without it the
// `features` check fails ("not computed"), so a caller cannot skip it silently.
Verification verify_proximity(const ProximityResult& result, const Capabilities& capabilities,
                              const VerificationInput& input, const Tolerances& tolerances,
                              const FeatureDistanceInput* features = nullptr);

}  // namespace touchstone
