// The TR97-05 robustness experiment (see robustness.hpp).
#include "harness/motion/robustness.hpp"

#include <gmpxx.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "cases/family_support.hpp"
#include "cases/motion_families.hpp"
#include "reference/exact_proximity.hpp"

namespace touchstone {
namespace {

using nlohmann::json;
constexpr double kPi = 3.14159265358979323846;

struct Candidate {
  double d2 = 1e300;
  Feature a, b;
};

// Closest point of segment [p, q] to x: the parameter, clamped to [0, 1].
double segment_parameter(const Vec3& p, const Vec3& q, const Vec3& x) {
  const Vec3 e = q - p;
  const double ee = e.dot(e);
  if (ee <= 0) return 0;
  return std::clamp((x - p).dot(e) / ee, 0.0, 1.0);
}

// The feature of polytope `p` on which a point at parameter t of edge `edge` lies.
Feature edge_point_feature(const Polytope& p, int edge, double t) {
  if (t == 0) return {FeatureKind::vertex, p.edges()[edge].tail};
  if (t == 1) return {FeatureKind::vertex, p.edges()[edge].head};
  return {FeatureKind::edge, edge};
}

// Vertex x (world) against face f of polytope p (world vertices w, world normal n): squared
// distance and the feature of the face's closest point.
std::pair<double, Feature> point_face(const Polytope& p, const std::vector<Vec3>& w, const Vec3& n,
                                      int f, const Vec3& x) {
  const Face& face = p.faces()[f];
  const std::size_t m = face.vertices.size();
  bool inside = true;
  for (std::size_t i = 0; i < m && inside; ++i) {
    const Vec3& u = w[face.vertices[i]];
    const Vec3& v = w[face.vertices[(i + 1) % m]];
    inside = (v - u).cross(x - u).dot(n) >= 0;
  }
  if (inside) {
    const double h = (x - w[face.vertices[0]]).dot(n);
    return {h * h, {FeatureKind::face, f}};
  }
  double best = 1e300;
  Feature feature;
  for (std::size_t i = 0; i < m; ++i) {
    const int edge = face.edges[i];
    const Vec3& tail = w[p.edges()[edge].tail];
    const Vec3& head = w[p.edges()[edge].head];
    const double t = segment_parameter(tail, head, x);
    const Vec3 c = tail + t * (head - tail);
    const double d2 = (x - c).squaredNorm();
    if (d2 < best) {
      best = d2;
      feature = edge_point_feature(p, edge, t);
    }
  }
  return {best, feature};
}

// Closest points of segments [p1, q1] and [p2, q2] (clamped parameters s, t).
std::pair<double, double> segment_segment(const Vec3& p1, const Vec3& q1, const Vec3& p2,
                                          const Vec3& q2) {
  const Vec3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const double a = d1.dot(d1), e = d2.dot(d2), f = d2.dot(r), c = d1.dot(r), b = d1.dot(d2);
  const double denom = a * e - b * b;
  double s = denom > 0 ? std::clamp((b * f - c * e) / denom, 0.0, 1.0) : 0.0;
  double t = (b * s + f) / e;
  if (t < 0) {
    t = 0;
    s = std::clamp(-c / a, 0.0, 1.0);
  } else if (t > 1) {
    t = 1;
    s = std::clamp((b - c) / a, 0.0, 1.0);
  }
  return {s, t};
}

std::vector<Vec3> world(const Polytope& p, const Pose& pose) {
  std::vector<Vec3> w;
  for (const Vec3& v : p.vertices()) w.push_back(pose.apply(v));
  return w;
}

const Polytope& cube() {
  static const Polytope c = Polytope::from_points(cube_vertices());
  return c;
}

// 10^-k for integer k ≥ 0 by repeated division, and a mantissa in [1, 10): a log-uniform draw
// from basic operations only (portable).
double log_uniform(cases::Rng& rng, int lowest_exponent, int highest_exponent) {
  const int k = static_cast<int>(rng.integer(lowest_exponent, highest_exponent - 1));
  double scale = 1;
  for (int i = 0; i < -k; ++i) scale /= 10;
  for (int i = 0; i < k; ++i) scale *= 10;
  return scale * rng.uniform(1.0, 10.0);
}

// Exact squared distances between features, in rationals from the very doubles of the poses
// (world = R·v + t evaluated exactly, as the reference does). Much cheaper than a general
// polytope-distance solve, which matters when a trial's bracket is refined exactly.
using Q = mpq_class;
using Q3 = std::array<Q, 3>;

Q3 exact_world(const Pose& pose, const Vec3& v) {
  Q3 w;
  for (int i = 0; i < 3; ++i) {
    w[i] = Q(pose.translation[i]);
    for (int j = 0; j < 3; ++j) w[i] += Q(pose.rotation(i, j)) * Q(v[j]);
  }
  return w;
}
Q3 minus(const Q3& a, const Q3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
Q dot(const Q3& a, const Q3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Q3 cross(const Q3& a, const Q3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

Q point_segment_d2(const Q3& p, const Q3& a, const Q3& b) {
  const Q3 e = minus(b, a), ap = minus(p, a);
  const Q ee = dot(e, e);
  Q t = ee == 0 ? Q(0) : dot(ap, e) / ee;
  if (t < 0) t = 0;
  if (t > 1) t = 1;
  const Q3 r = {ap[0] - t * e[0], ap[1] - t * e[1], ap[2] - t * e[2]};
  return dot(r, r);
}

Q segment_segment_d2(const Q3& p1, const Q3& q1, const Q3& p2, const Q3& q2) {
  Q best = point_segment_d2(p1, p2, q2);
  for (const Q& d :
       {point_segment_d2(q1, p2, q2), point_segment_d2(p2, p1, q1), point_segment_d2(q2, p1, q1)})
    if (d < best) best = d;
  // The interior critical point, when both parameters fall inside (0, 1).
  const Q3 d1 = minus(q1, p1), d2 = minus(q2, p2), r = minus(p1, p2);
  const Q a = dot(d1, d1), e = dot(d2, d2), b = dot(d1, d2), c = dot(d1, r), f = dot(d2, r);
  const Q denom = a * e - b * b;
  if (denom != 0) {
    const Q s = (b * f - c * e) / denom, t = (a * f - b * c) / denom;
    if (s > 0 && s < 1 && t > 0 && t < 1) {
      const Q3 g = {r[0] + s * d1[0] - t * d2[0], r[1] + s * d1[1] - t * d2[1],
                    r[2] + s * d1[2] - t * d2[2]};
      if (dot(g, g) < best) best = dot(g, g);
    }
  }
  return best;
}

Q point_polygon_d2(const Q3& p, const std::vector<Q3>& poly) {
  const Q3 n = cross(minus(poly[1], poly[0]), minus(poly[2], poly[0]));
  bool inside = true;
  for (std::size_t i = 0; i < poly.size() && inside; ++i)
    inside = dot(cross(minus(poly[(i + 1) % poly.size()], poly[i]), minus(p, poly[i])), n) >= 0;
  if (inside) {
    const Q h = dot(n, minus(p, poly[0]));
    return h * h / dot(n, n);
  }
  Q best = point_segment_d2(p, poly.back(), poly[0]);
  for (std::size_t i = 0; i + 1 < poly.size(); ++i) {
    const Q d = point_segment_d2(p, poly[i], poly[i + 1]);
    if (d < best) best = d;
  }
  return best;
}

// Exact squared distance between feature fa of a and fb of b (vertex, edge or face each).
Q feature_distance_sq(const Polytope& a, const Pose& pa, const Feature& fa, const Polytope& b,
                      const Pose& pb, const Feature& fb) {
  std::vector<Q3> x, y;
  for (const Vec3& v : feature_points(a, fa)) x.push_back(exact_world(pa, v));
  for (const Vec3& v : feature_points(b, fb)) y.push_back(exact_world(pb, v));
  if (x.size() > y.size()) std::swap(x, y);
  if (x.size() == 1 && y.size() == 1) {
    const Q3 d = minus(x[0], y[0]);
    return dot(d, d);
  }
  if (x.size() == 1 && y.size() == 2) return point_segment_d2(x[0], y[0], y[1]);
  if (x.size() == 1) return point_polygon_d2(x[0], y);
  if (x.size() == 2 && y.size() == 2) return segment_segment_d2(x[0], x[1], y[0], y[1]);
  // Edge–face and face–face pairs never come out of closest_feature_pair.
  ExactProximityOptions no_depth;
  no_depth.compute_depth = false;
  return Q(exact_proximity(feature_points(a, fa), pa, feature_points(b, fb), pb, no_depth)
               .distance_sq_exact);
}

std::string feature_name(const Feature& f) {
  return std::string(to_string(f.kind)) + " " + std::to_string(f.id);
}

}  // namespace

std::string FeaturePair::to_string() const { return feature_name(a) + " / " + feature_name(b); }

FeaturePair closest_feature_pair(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                 const Pose& pose_b) {
  const std::vector<Vec3> wa = world(a, pose_a), wb = world(b, pose_b);
  Candidate best;
  for (int side = 0; side < 2; ++side) {
    const Polytope& pv = side == 0 ? a : b;  // the vertex's polytope
    const Polytope& pf = side == 0 ? b : a;
    const std::vector<Vec3>& wv = side == 0 ? wa : wb;
    const std::vector<Vec3>& wf = side == 0 ? wb : wa;
    const Pose& pose_f = side == 0 ? pose_b : pose_a;
    for (int f = 0; f < static_cast<int>(pf.faces().size()); ++f) {
      const Vec3 n = pose_f.rotation * pf.faces()[f].plane.normal;
      for (int v = 0; v < static_cast<int>(pv.vertices().size()); ++v) {
        const auto [d2, feature] = point_face(pf, wf, n, f, wv[v]);
        if (d2 < best.d2) {
          best.d2 = d2;
          const Feature vertex{FeatureKind::vertex, v};
          best.a = side == 0 ? vertex : feature;
          best.b = side == 0 ? feature : vertex;
        }
      }
    }
  }
  for (int i = 0; i < static_cast<int>(a.edges().size()); ++i)
    for (int j = 0; j < static_cast<int>(b.edges().size()); ++j) {
      const Vec3 &p1 = wa[a.edges()[i].tail], &q1 = wa[a.edges()[i].head];
      const Vec3 &p2 = wb[b.edges()[j].tail], &q2 = wb[b.edges()[j].head];
      const auto [s, t] = segment_segment(p1, q1, p2, q2);
      const double d2 = ((p1 + s * (q1 - p1)) - (p2 + t * (q2 - p2))).squaredNorm();
      if (d2 < best.d2) best = {d2, edge_point_feature(a, i, s), edge_point_feature(b, j, t)};
    }
  return {best.a, best.b, std::sqrt(best.d2)};
}

std::vector<Vec3> feature_points(const Polytope& p, const Feature& f) {
  switch (f.kind) {
    case FeatureKind::vertex:
      return {p.vertices()[f.id]};
    case FeatureKind::edge:
      return {p.vertices()[p.edges()[f.id].tail], p.vertices()[p.edges()[f.id].head]};
    case FeatureKind::face: {
      std::vector<Vec3> v;
      for (int i : p.faces()[f.id].vertices) v.push_back(p.vertices()[i]);
      return v;
    }
  }
  return {};
}

Pose RobustnessTrial::pose_at(double s) const {
  return Pose::from_quaternion(rotation, c0 + s * d);
}

RobustnessTrial make_robustness_trial(std::uint64_t seed, int index) {
  RobustnessTrial trial;
  trial.index = index;
  trial.configuration = index % 2 == 0 ? "face" : "edge";
  const std::string family = "robustness-" + trial.configuration;
  cases::Rng rng(family, seed, index);
  const Polytope& c = cube();
  const Vec3 z(0, 0, 1);
  for (int attempt = 0;; ++attempt) {
    if (attempt == 1000)
      throw std::runtime_error(family + " trial " + std::to_string(index) +
                               ": no feature change found");
    const double tilt = log_uniform(rng, -12, -2);
    const double tilt_angle = rng.uniform(0.0, 2 * kPi);
    const Vec3 tilt_axis(portable_cos(tilt_angle), portable_sin(tilt_angle), 0);
    const double gap = log_uniform(rng, -9, -1);
    std::array<double, 4> q;
    Vec3 along;  // unit horizontal direction of travel
    if (trial.configuration == "face") {
      // B's bottom face nearly parallel to A's top face, turned by a random yaw.
      const double yaw = rng.uniform(0.0, 2 * kPi);
      q = quaternion_product(axis_angle_quaternion(tilt_axis, tilt), axis_angle_quaternion(z, yaw));
      const double heading = rng.uniform(0.0, 2 * kPi);
      along = Vec3(portable_cos(heading), portable_sin(heading), 0);
      trial.c0 = Vec3(rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), 0);
    } else {
      // B stands on an edge (a 45° turn about x), nearly parallel to A's top face and, after a
      // yaw of a multiple of 90° plus a tiny angle, nearly parallel to A's top edges; B moves
      // across one of them.
      const double tiny = log_uniform(rng, -12, -2) * (rng.chance(0.5) ? 1 : -1);
      const double yaw = static_cast<double>(rng.integer(0, 3)) * (kPi / 2) + tiny;
      q = quaternion_product(axis_angle_quaternion(tilt_axis, tilt),
                             quaternion_product(axis_angle_quaternion(z, yaw),
                                                axis_angle_quaternion(Vec3(1, 0, 0), kPi / 4)));
      along = Vec3(-portable_sin(yaw), portable_cos(yaw), 0);
      const Vec3 edge_dir(portable_cos(yaw), portable_sin(yaw), 0);
      trial.c0 = -1.5 * along + rng.uniform(-0.3, 0.3) * edge_dir;
    }
    trial.rotation = q;
    const Pose rotation_only = Pose::from_quaternion(q, Vec3::Zero());
    double lowest = 1e300;
    for (const Vec3& v : c.vertices()) lowest = std::min(lowest, rotation_only.apply(v).z());
    trial.c0.z() = 1 + gap - lowest;
    trial.d = 4.0 * along;

    auto features = [&](double s) {
      return closest_feature_pair(c, Pose::identity(), c, trial.pose_at(s));
    };
    constexpr int kSamples = 16;
    std::vector<FeaturePair> sampled;
    for (int i = 0; i <= kSamples; ++i) sampled.push_back(features(double(i) / kSamples));
    std::vector<int> changes;
    for (int i = 0; i < kSamples; ++i)
      if (!(sampled[i] == sampled[i + 1])) changes.push_back(i);
    if (changes.empty()) continue;
    const int j = changes[rng.integer(0, static_cast<std::int64_t>(changes.size()) - 1)];
    double lo = double(j) / kSamples, hi = double(j + 1) / kSamples;
    FeaturePair f_lo = sampled[j], f_hi = sampled[j + 1];
    for (int step = 0; step < 200; ++step) {
      const double mid = lo + (hi - lo) / 2;
      if (mid <= lo || mid >= hi) break;
      const FeaturePair f_mid = features(mid);
      if (f_mid == f_lo) {
        lo = mid;
      } else {
        hi = mid;
        f_hi = f_mid;
      }
    }
    // The double classifier is only as good as its closest-point computations, which are
    // ill-conditioned for near-parallel features: move the bracket to where the exact distances
    // of the two pairs say the change is (f_lo strictly closer at lo, not at hi).
    auto f_lo_strictly_closer = [&](double s) {
      const Pose pose = trial.pose_at(s);
      return feature_distance_sq(c, Pose::identity(), f_lo.a, c, pose, f_lo.b) <
             feature_distance_sq(c, Pose::identity(), f_hi.a, c, pose, f_hi.b);
    };
    bool bracketed = true;
    for (double step = hi - lo; !f_lo_strictly_closer(lo); step *= 2) {
      if (lo == 0) {
        bracketed = false;
        break;
      }
      hi = lo;
      lo = std::max(0.0, lo - step);
    }
    for (double step = hi - lo; bracketed && f_lo_strictly_closer(hi); step *= 2) {
      if (hi == 1) {
        bracketed = false;
        break;
      }
      lo = hi;
      hi = std::min(1.0, hi + step);
    }
    if (!bracketed) continue;
    for (int step = 0; step < 200; ++step) {
      const double mid = lo + (hi - lo) / 2;
      if (mid <= lo || mid >= hi) break;
      (f_lo_strictly_closer(mid) ? lo : hi) = mid;
    }
    trial.s_lo = lo;
    trial.s_hi = hi;
    trial.features_lo = f_lo;
    trial.features_hi = f_hi;
    trial.at_hi = rng.chance(0.5);
    const double s = trial.at_hi ? hi : lo;
    const double s_previous = std::max(0.0, s - 1.0 / kSamples);

    MotionCase& m = trial.motion;
    m.id = family + "/s" + std::to_string(seed) + "/i" + std::to_string(index);
    m.family = family;
    m.tags = {"robustness", "critical-features"};
    m.a = {"A", cube_vertices(), std::nullopt};
    m.b = {"B", cube_vertices(), std::nullopt};
    m.frames = {{Pose::identity(), trial.pose_at(s_previous)},
                {Pose::identity(), trial.pose_at(s)}};
    m.origin = {{"family", family},
                {"seed", seed},
                {"index", index},
                {"configuration", trial.configuration},
                {"gap", gap},
                {"tilt_rad", tilt},
                {"s", s},
                {"s_previous", s_previous},
                {"s_lo", lo},
                {"s_hi", hi},
                {"features_lo", f_lo.to_string()},
                {"features_hi", f_hi.to_string()},
                {"attempts", attempt + 1}};
    return trial;
  }
}

RobustnessResults run_robustness(const std::vector<const ProximityAlgorithmInfo*>& algorithms,
                                 const RobustnessOptions& options, const TrialProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  RobustnessResults out;
  out.algorithms = algorithms;
  out.counts.resize(algorithms.size());
  const Polytope& c = cube();
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
    const double band = options.tolerances.band_relative * rec.scale;
    bool trial_failed = false;
    std::string reasons;
    for (std::size_t ai = 0; ai < algorithms.size(); ++ai) {
      const ProximityAlgorithmInfo& info = *algorithms[ai];
      RobustnessCounts& k = out.counts[ai];
      ++k.trials;
      bool problem = false;
      std::string why;
      try {
        std::unique_ptr<WarmStart> state;
        const bool warm = options.warm && info.capabilities.warm_start;
        if (warm)
          instances[ai]->query(*prepared_a[ai], Pose::identity(), *prepared_b[ai],
                               trial.motion.frames[0].pose_b, &state);
        ProximityResult r = instances[ai]->query(*prepared_a[ai], Pose::identity(), *prepared_b[ai],
                                                 pose_b, warm ? &state : nullptr);
        const Verification v = verify_query_output(info, r, c, c, rec, run_options);
        if (r.status == QueryStatus::failed) {
          problem = true;
          const bool cycling = r.reason.find("cycl") != std::string::npos;
          ++(cycling ? k.cycling : k.other_failure);
          why = "failed: " + r.reason;
        } else if (r.status == QueryStatus::unsupported) {
          ++k.unsupported;
        }
        if (r.status == QueryStatus::ok && r.reason.starts_with("cycle resolved"))
          ++k.cycle_resolved;
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
      if (problem) {
        ++k.problems;
        trial_failed = true;
        reasons += (reasons.empty() ? "" : "; ") + info.name + ": " + why;
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

namespace {
std::string paper_figure(const std::string& name) {
  if (name == "vclip") return "V-Clip: none";
  if (name == "lin-canny") return "Lin-Canny: 4.5%";
  if (name == "gjk") return "Enhanced GJK: 0.1% (tight tol.), 0% (default)";
  return "-";
}
std::string percent(int n, int total) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(3) << (total ? 100.0 * n / total : 0.0) << "%";
  return s.str();
}
}  // namespace

std::string robustness_table(const RobustnessResults& results) {
  std::ostringstream s;
  s << std::left << std::setw(12) << "algorithm" << std::right << std::setw(8) << "trials"
    << std::setw(10) << "problems" << std::setw(10) << "rate" << std::setw(9) << "cycling"
    << std::setw(9) << "failed" << std::setw(10) << "features" << std::setw(10) << "distance"
    << std::setw(11) << "false zero" << std::setw(7) << "other" << std::setw(7) << "error"
    << std::setw(11) << "ambiguous" << std::setw(16) << "cycle resolved"
    << "   paper (TR97-05, 10^5 trials)\n";
  for (std::size_t i = 0; i < results.algorithms.size(); ++i) {
    const RobustnessCounts& k = results.counts[i];
    s << std::left << std::setw(12) << results.algorithms[i]->name << std::right << std::setw(8)
      << k.trials << std::setw(10) << k.problems << std::setw(10) << percent(k.problems, k.trials)
      << std::setw(9) << k.cycling << std::setw(9) << k.other_failure << std::setw(10)
      << k.wrong_features << std::setw(10) << k.distance << std::setw(11) << k.false_zero
      << std::setw(7) << k.other_check << std::setw(7) << k.error << std::setw(11) << k.ambiguous
      << std::setw(16) << k.cycle_resolved << "   " << paper_figure(results.algorithms[i]->name)
      << "\n";
  }
  return s.str();
}

json robustness_json(const RobustnessResults& results, const RobustnessOptions& options) {
  json algorithms = json::array();
  for (std::size_t i = 0; i < results.algorithms.size(); ++i) {
    const RobustnessCounts& k = results.counts[i];
    const auto* info = results.algorithms[i];
    algorithms.push_back({{"name", info->name},
                          {"mode", options.warm && info->capabilities.warm_start ? "warm" : "cold"},
                          {"trials", k.trials},
                          {"problems", k.problems},
                          {"problem_rate", k.trials ? double(k.problems) / k.trials : 0.0},
                          {"cycling", k.cycling},
                          {"cycle_resolved", k.cycle_resolved},
                          {"other_failure", k.other_failure},
                          {"wrong_features", k.wrong_features},
                          {"distance", k.distance},
                          {"false_zero", k.false_zero},
                          {"other_check", k.other_check},
                          {"error", k.error},
                          {"ambiguous", k.ambiguous},
                          {"unsupported", k.unsupported},
                          {"paper", paper_figure(info->name)}});
  }
  json failing = json::array();
  for (std::size_t i = 0; i < results.failing.size(); ++i)
    failing.push_back({{"case", results.failing[i].motion.id},
                       {"origin", results.failing[i].motion.origin},
                       {"problems", results.failing_reasons[i]}});
  return {{"format", "touchstone-robustness/1"},
          {"experiment",
           "TR97-05 robustness: two 2-unit cubes, near-parallel face and edge configurations, "
           "each trial at a pose where the closest features change (bisection on the motion "
           "parameter); the algorithm tracks B from a previous frame (warm where declared)"},
          {"seed", options.seed},
          {"trials", options.trials},
          {"first_trial", options.first_trial},
          {"tolerances", options.tolerances.to_json()},
          {"reference_errors", results.reference_errors},
          {"seconds", results.seconds},
          {"algorithms", algorithms},
          {"failing_trials", failing}};
}

}  // namespace touchstone
