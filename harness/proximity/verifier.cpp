// Verdicts for proximity answers (DESIGN §5). A check fails when its error exceeds its
// scale-aware tolerance; a relation mismatch is `ambiguous` only when the exact answer lies inside
// the band around the touching boundary and the algorithm's answer is on a neighbouring side.
#include "harness/proximity/verifier.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "reference/exact_features.hpp"

namespace touchstone {

std::string_view to_string(ToleranceMode mode) {
  return mode == ToleranceMode::ulps ? "ulps" : "relative";
}

nlohmann::json Tolerances::to_json() const {
  return {{"mode", to_string(mode)},
          {"distance_relative", distance_relative},
          {"witness_relative", witness_relative},
          {"depth_relative", depth_relative},
          {"band_relative", band_relative},
          {"absolute_floor", absolute_floor},
          {"rounding_ulps", rounding_ulps},
          {"ulps", ulps},
          {"scale", "diagonal of the bounding box of both shapes in world coordinates"},
          {"magnitude",
           "largest absolute world coordinate of the vertices of both shapes (M); errors in "
           "ulps are in units of ulp(M), the spacing of doubles at M"}};
}

double ulp_at(double magnitude) {
  const double m = std::max(std::abs(magnitude), std::numeric_limits<double>::min());
  if (!std::isfinite(m)) return std::numeric_limits<double>::infinity();
  int exponent = 0;
  std::frexp(m, &exponent);  // m = f · 2^exponent, f in [1/2, 1)
  return std::ldexp(1.0, exponent - std::numeric_limits<double>::digits);
}

CaseTolerances case_tolerances(const Tolerances& tol, double scale, double magnitude) {
  if (tol.mode == ToleranceMode::ulps) {
    const double t = tol.ulps * ulp_at(magnitude);
    return {t, t, t, t, t};
  }
  const double L = std::max(scale, tol.absolute_floor);
  // A witness near magnitude M cannot be closer than M·eps/2 to the true point.
  const double rounding =
      tol.rounding_ulps * std::numeric_limits<double>::epsilon() * std::abs(magnitude);
  return {tol.distance_relative * L, tol.witness_relative * L + rounding,
          tol.distance_relative * L + 2 * rounding, tol.depth_relative * L, tol.band_relative * L};
}

std::optional<double> error_in_ulps(const CheckResult& check, double magnitude) {
  if (check.verdict == Verdict::unsupported || check.verdict == Verdict::error) return std::nullopt;
  if (check.verdict == Verdict::fail && check.error == 0.0) return std::nullopt;
  return std::abs(check.error) / ulp_at(magnitude);
}

namespace {

CheckResult numeric_check(std::string name, double error, double tolerance) {
  CheckResult c{std::move(name), Verdict::pass, error, tolerance, ""};
  if (!std::isfinite(error) || error > tolerance) {
    c.verdict = Verdict::fail;
    c.detail = "error " + short_number(error) + " exceeds tolerance " + short_number(tolerance);
  }
  return c;
}

CheckResult unsupported(std::string name, std::string why) {
  return {std::move(name), Verdict::unsupported, 0.0, 0.0, std::move(why)};
}

}  // namespace

std::optional<FeatureDistanceInput> feature_distance_input(const Polytope& a, const Pose& pose_a,
                                                           const Polytope& b, const Pose& pose_b,
                                                           const ProximityResult& result,
                                                           const ExactProximity& exact) {
  if (!result.feature_a || !result.feature_b) return std::nullopt;
  FeatureDistanceInput in;
  try {
    const ExactFeatureDistance d =
        exact_feature_distance(a, pose_a, *result.feature_a, b, pose_b, *result.feature_b);
    in.comparison = compare_exact_squared(d.distance_sq_exact, exact.distance_sq_exact);
    in.distance = d.distance;
    if (in.comparison != 0 && result.relation == Relation::penetrating) {
      // The vertex's exact world position (R·v + t, not rounded) against the other hull. Only a
      // vertex paired with a face of the shape it lies in counts (V-Clip's vertex-face exit): a
      // vertex inside paired with any other feature names no penetrating pair.
      const auto distance_inside = [](const Polytope& shape, const Pose& pose,
                                      const Polytope& other, const Pose& other_pose,
                                      const Feature& f) {
        const Vec3 v = shape.vertices()[static_cast<std::size_t>(f.id)];
        return exact_proximity(std::span<const Vec3>(&v, 1), pose, other.vertices(), other_pose,
                               {false})
            .distance;
      };
      const Feature& fa = *result.feature_a;
      const Feature& fb = *result.feature_b;
      if (fa.kind == FeatureKind::vertex && fb.kind == FeatureKind::face)
        in.vertex_to_other_shape = distance_inside(a, pose_a, b, pose_b, fa);
      else if (fb.kind == FeatureKind::vertex && fa.kind == FeatureKind::face)
        in.vertex_to_other_shape = distance_inside(b, pose_b, a, pose_a, fb);
    }
  } catch (const std::invalid_argument& e) {
    in.invalid = e.what();
  }
  return in;
}

namespace {

// What every check reads: the answer, the declared capabilities, the exact reference, the case's
// inputs, the tolerances, the scale L and the ambiguous band.
struct CheckContext {
  const ProximityResult& result;
  const Capabilities& caps;
  const ExactProximity& exact;
  const VerificationInput& input;
  const Tolerances& tol;
  const FeatureDistanceInput* features;
  CaseTolerances t;
  double band;
};

// The relation, declared by every distance or depth algorithm.
void relation_check(const CheckContext& x, Verification& out) {
  const auto& [result, caps, exact, input, tol, features, t, band] = x;
  if (caps.distance || caps.penetration_depth) {
    CheckResult c{"relation", Verdict::pass, 0.0, band, ""};
    if (result.relation != exact.relation) {
      // Distance from the exact answer to the touching boundary.
      const double margin = exact.relation == Relation::separated ? exact.distance
                            : exact.relation == Relation::penetrating
                                ? exact.depth.value_or(std::numeric_limits<double>::infinity())
                                : 0.0;
      // How far on its side of touching the algorithm says it is. An answer within the band on
      // its side is a neighbour of the boundary too; a side the algorithm cannot quantify (no
      // depth, or no distance) counts as neighbouring.
      const double unknown_size = std::numeric_limits<double>::infinity();
      const double claimed =
          result.relation == Relation::penetrating
              ? (caps.penetration_depth ? result.penetration_depth.value_or(unknown_size) : 0.0)
          : result.relation == Relation::separated
              ? (caps.distance ? result.distance.value_or(unknown_size) : 0.0)
              : 0.0;
      const bool neighbouring = result.relation != Relation::unknown &&
                                (exact.relation == Relation::touching ||
                                 result.relation == Relation::touching || claimed <= band);
      const bool in_band = margin <= band && neighbouring;
      c.verdict = in_band ? Verdict::ambiguous : Verdict::fail;
      c.error = margin;
      c.detail = "said " + std::string(to_string(result.relation)) + ", exact is " +
                 std::string(to_string(exact.relation)) + " (exact margin " + short_number(margin) +
                 (in_band ? ", inside the band)" : ")");
    }
    out.checks.push_back(c);
  } else {
    out.checks.push_back(unsupported("relation", "not declared"));
  }
}

// The distance, within distance_relative · L.
void distance_check(const CheckContext& x, Verification& out) {
  const auto& [result, caps, exact, input, tol, features, t, band] = x;
  if (caps.distance) {
    if (!result.distance) {
      out.checks.push_back({"distance", Verdict::fail, 0, 0, "declared but not returned"});
    } else {
      const double expected = exact.relation == Relation::separated ? exact.distance : 0.0;
      out.checks.push_back(
          numeric_check("distance", std::abs(*result.distance - expected), t.distance));
    }
  } else {
    out.checks.push_back(unsupported("distance", "not declared"));
  }
}

// Witness points: on their shapes, and as far apart as the reported distance.
void witness_checks(const CheckContext& x, Verification& out) {
  const auto& [result, caps, exact, input, tol, features, t, band] = x;
  if (caps.witness_points && exact.relation == Relation::separated) {
    if (!result.witness_a || !result.witness_b) {
      out.checks.push_back({"witness_a", Verdict::fail, 0, 0, "declared but not returned"});
    } else {
      if (input.witness_a_distance_sq)
        out.checks.push_back(
            numeric_check("witness_a", std::sqrt(*input.witness_a_distance_sq), t.witness));
      if (input.witness_b_distance_sq)
        out.checks.push_back(
            numeric_check("witness_b", std::sqrt(*input.witness_b_distance_sq), t.witness));
      const double gap = (*result.witness_a - *result.witness_b).norm();
      out.checks.push_back(
          numeric_check("witness_gap", std::abs(gap - exact.distance), t.witness_gap));
    }
  } else if (!caps.witness_points) {
    out.checks.push_back(unsupported("witness_points", "not declared"));
  }
}

// The penetration depth, within depth_relative · L.
void depth_check(const CheckContext& x, Verification& out) {
  const auto& [result, caps, exact, input, tol, features, t, band] = x;
  if (caps.penetration_depth && exact.relation == Relation::penetrating) {
    if (!exact.depth) {
      out.checks.push_back(unsupported("depth", "no exact depth available for this case"));
    } else if (!result.penetration_depth) {
      if (result.relation == Relation::penetrating)
        out.checks.push_back({"depth", Verdict::fail, 0, 0, "declared but not returned"});
    } else {
      out.checks.push_back(
          numeric_check("depth", std::abs(*result.penetration_depth - *exact.depth), t.depth));
    }
  } else if (!caps.penetration_depth) {
    out.checks.push_back(unsupported("depth", "not declared"));
  }
}

// Closest features: their exact distance must equal the exact global distance (Theorem 1), so
// for touching and penetrating answers they must meet. A mismatch is ambiguous only when both
// the features' distance and the exact distance lie inside the band around zero: whether two
// features meet is then decided below the band (a vertex on a face after rounding the pose).
void features_check(const CheckContext& x, Verification& out) {
  const auto& [result, caps, exact, input, tol, features, t, band] = x;
  if (caps.features) {
    const double exact_distance = exact.relation == Relation::separated ? exact.distance : 0.0;
    if (!result.feature_a || !result.feature_b) {
      out.checks.push_back({"features", Verdict::fail, 0, 0, "declared but not returned"});
    } else if (!features) {
      out.checks.push_back(
          {"features", Verdict::fail, 0, 0, "exact feature distance not computed by the caller"});
    } else if (!features->invalid.empty()) {
      out.checks.push_back({"features", Verdict::fail, 0, 0, "invalid " + features->invalid});
    } else if (features->comparison == 0) {
      out.checks.push_back({"features", Verdict::pass, 0, 0, ""});
    } else if (features->vertex_to_other_shape == 0.0 && exact.relation == Relation::penetrating) {
      out.checks.push_back({"features", Verdict::pass, 0, 0, "vertex inside the other shape"});
    } else {
      // Ambiguous when the pair is a closest pair to within the band: at a pose where the closest
      // features change, pairs tie up to rounding and no double-precision algorithm can tell them
      // apart. Also near touching, when a vertex-face answer's vertex lies within the band of the
      // other shape.
      const bool in_band =
          std::abs(features->distance - exact_distance) <= band ||
          (exact_distance <= band && features->vertex_to_other_shape.value_or(band + 1) <= band);
      CheckResult c{"features", in_band ? Verdict::ambiguous : Verdict::fail,
                    std::abs(features->distance - exact_distance), 0.0, ""};
      c.detail = "features " + std::string(to_string(result.feature_a->kind)) + " " +
                 std::to_string(result.feature_a->id) + " / " +
                 std::string(to_string(result.feature_b->kind)) + " " +
                 std::to_string(result.feature_b->id) + " are " + short_number(features->distance) +
                 " apart, exact distance " + short_number(exact_distance) +
                 (features->comparison > 0 ? " (not a closest pair" : " (closer than the exact") +
                 (in_band ? ", inside the band)" : ")");
      out.checks.push_back(c);
    }
  } else {
    out.checks.push_back(unsupported("features", "not declared"));
  }
}

}  // namespace

Verification verify_proximity(const ProximityResult& result, const Capabilities& caps,
                              const VerificationInput& input, const Tolerances& tol,
                              const FeatureDistanceInput* features) {
  Verification out;
  if (verdict_from_status(result.status, result.reason, out)) return out;
  const CaseTolerances t = case_tolerances(tol, input.scale, input.magnitude);
  const CheckContext x{result, caps, *input.exact, input, tol, features, t, t.band};
  relation_check(x, out);
  distance_check(x, out);
  witness_checks(x, out);
  depth_check(x, out);
  features_check(x, out);
  decide_verdict(out);
  return out;
}

}  // namespace touchstone
