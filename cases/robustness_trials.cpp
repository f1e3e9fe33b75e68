// The TR97-05 robustness trials (see robustness_trials.hpp).
#include "cases/robustness_trials.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <utility>

#include "algorithms/geometry/segments.hpp"
#include "cases/exact_change_search.hpp"
#include "cases/family_support.hpp"
#include "cases/motion_families.hpp"
#include "reference/exact_features.hpp"

namespace touchstone {
namespace {

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

// An axis-aligned box; gap_sq is the squared distance between two boxes.
struct Box {
  Vec3 lo, hi;
  double gap_sq(const Box& o) const {
    const Vec3 gap = (lo - o.hi).cwiseMax(o.lo - hi).cwiseMax(0.0);
    return gap.squaredNorm();
  }
};

void edge_boxes(const Polytope& p, const std::vector<Vec3>& w, std::vector<Box>& boxes) {
  boxes.clear();
  for (const Edge& e : p.edges())
    boxes.push_back({w[e.tail].cwiseMin(w[e.head]), w[e.tail].cwiseMax(w[e.head])});
}

void world(const Polytope& p, const Pose& pose, std::vector<Vec3>& w) {
  w.clear();
  for (const Vec3& v : p.vertices()) w.push_back(pose.apply(v));
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

std::string feature_name(const Feature& f) {
  return std::string(to_string(f.kind)) + " " + std::to_string(f.id);
}

}  // namespace

std::string FeaturePair::to_string() const { return feature_name(a) + " / " + feature_name(b); }

namespace {

// One candidate of the classifier: vertex `first` of one shape against face `second` of the other
// (side 0: A's vertex and B's face, side 1 the reverse), or A's edge `first` against B's edge
// `second` (side 2). Consecutive calls along a trial's line pass the last winner back as a hint.
struct CandidateId {
  int side = -1, first = 0, second = 0;
};

// The classifier over the world vertices wa, wb. With a hint, that candidate's distance is
// computed first and bounds the search from the start: a candidate whose lower bound exceeds it
// (by a relative 2^-40, so that rounding cannot prune the minimum) cannot win. Without the
// bound the loops run as before; the result is the same, found sooner.
FeaturePair closest_feature_pair(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                 const Pose& pose_b, CandidateId* hint) {
  // Scratch kept per thread: the trial generator calls this about 60 times a trial, and the
  // allocations were a sizeable part of each call.
  thread_local std::vector<Vec3> wa, wb;
  thread_local std::vector<Box> boxes_a, boxes_b;
  world(a, pose_a, wa);
  world(b, pose_b, wb);
  edge_boxes(a, wa, boxes_a);
  edge_boxes(b, wb, boxes_b);
  const auto face_normal = [&](int side, int f) {  // side 0: B's face, side 1: A's
    return Vec3((side == 0 ? pose_b : pose_a).rotation *
                (side == 0 ? b : a).faces()[f].plane.normal);
  };
  const auto vertex_face = [&](int side, int v, int f, const Vec3& n) {
    const auto [d2, feature] =
        point_face(side == 0 ? b : a, side == 0 ? wb : wa, n, f, (side == 0 ? wa : wb)[v]);
    const Feature vertex{FeatureKind::vertex, v};
    return side == 0 ? Candidate{d2, vertex, feature} : Candidate{d2, feature, vertex};
  };
  const auto edge_edge = [&](int i, int j) {
    const Vec3 &p1 = wa[a.edges()[i].tail], &q1 = wa[a.edges()[i].head];
    const Vec3 &p2 = wb[b.edges()[j].tail], &q2 = wb[b.edges()[j].head];
    const auto [s, t] = segment_parameters(p1, q1, p2, q2);
    const double d2 = ((p1 + s * (q1 - p1)) - (p2 + t * (q2 - p2))).squaredNorm();
    return Candidate{d2, edge_point_feature(a, i, s), edge_point_feature(b, j, t)};
  };
  double bound = std::numeric_limits<double>::infinity();
  if (hint && hint->side >= 0) {
    const auto [side, first, second] = *hint;
    const double d2 = side == 2 ? edge_edge(first, second).d2
                                : vertex_face(side, first, second, face_normal(side, second)).d2;
    if (std::isfinite(d2)) bound = d2 * (1 + 0x1p-40);
  }
  Candidate best;
  CandidateId best_id;
  for (int side = 0; side < 2; ++side) {
    const Polytope& pv = side == 0 ? a : b;  // the vertex's polytope
    const Polytope& pf = side == 0 ? b : a;
    const std::vector<Vec3>& wv = side == 0 ? wa : wb;
    const std::vector<Vec3>& wf = side == 0 ? wb : wa;
    for (int f = 0; f < static_cast<int>(pf.faces().size()); ++f) {
      const Vec3 n = face_normal(side, f);
      const Vec3& on_plane = wf[pf.faces()[f].vertices[0]];
      for (int v = 0; v < static_cast<int>(pv.vertices().size()); ++v) {
        // The distance to the face is at least that to its plane (point_face's inside value).
        const double h = (wv[v] - on_plane).dot(n);
        if (!(h * h < best.d2) || h * h > bound) continue;
        const Candidate c = vertex_face(side, v, f, n);
        if (c.d2 < best.d2) best = c, best_id = {side, v, f};
      }
    }
  }
  for (int i = 0; i < static_cast<int>(a.edges().size()); ++i)
    for (int j = 0; j < static_cast<int>(b.edges().size()); ++j) {
      const double gap = boxes_a[i].gap_sq(boxes_b[j]);  // a lower bound of the distance
      if (!(gap < best.d2) || gap > bound) continue;
      const Candidate c = edge_edge(i, j);
      if (c.d2 < best.d2) best = c, best_id = {2, i, j};
    }
  if (hint) *hint = best_id;
  return {best.a, best.b, std::sqrt(best.d2)};
}

}  // namespace

FeaturePair closest_feature_pair(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                 const Pose& pose_b) {
  return closest_feature_pair(a, pose_a, b, pose_b, nullptr);
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

const Polytope& robustness_cube() {
  static const Polytope c = Polytope::from_points(cube_vertices());
  return c;
}

Pose RobustnessTrial::pose_at(double s) const {
  return Pose::from_quaternion(rotation, c0 + s * d);
}

namespace {

constexpr int kSamples = 16;  // samples of the motion line searched for a feature change

// Draws the trial's motion line for its configuration (B's rotation, its translation c0 + s·d)
// with a random tilt and gap: {gap, tilt}.
std::pair<double, double> draw_motion_line(RobustnessTrial& trial, cases::Rng& rng) {
  const Polytope& c = robustness_cube();
  const Vec3 z(0, 0, 1);
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
  return {gap, tilt};
}

// A bracket [lo, hi] of the motion parameter where the closest feature pair changes from f_lo to
// f_hi: f_lo is strictly closer than f_hi at lo (exactly), not at hi.
struct Bracket {
  double lo, hi;
  FeaturePair f_lo, f_hi;
};

// A change of the closest features along the trial's line: one of the changes between samples
// (chosen at random), bisected on the double classifier, then moved and narrowed on exact
// feature distances (exact_change_search.hpp). nullopt when the line shows no change or the exact
// change does not lie between the samples around the classifier's.
std::optional<Bracket> find_feature_change(const RobustnessTrial& trial, cases::Rng& rng) {
  const Polytope& c = robustness_cube();
  CandidateId hint;  // the last winner: consecutive poses along the line share it
  auto features = [&](double s) {
    return closest_feature_pair(c, Pose::identity(), c, trial.pose_at(s), &hint);
  };
  std::vector<FeaturePair> sampled;
  for (int i = 0; i <= kSamples; ++i) sampled.push_back(features(double(i) / kSamples));
  std::vector<int> changes;
  for (int i = 0; i < kSamples; ++i)
    if (!(sampled[i] == sampled[i + 1])) changes.push_back(i);
  if (changes.empty()) return std::nullopt;
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
  // of the two pairs say the change is (f_lo strictly closer at lo, not at hi), two adjacent
  // doubles.
  std::vector<GapSample> taken;  // every exact sample, oldest first: they seed the search
  const GapAt gap = [&](double s) {
    taken.push_back({s, feature_pair_distance_gap(c, Pose::identity(), c, trial.pose_at(s), f_lo.a,
                                                  f_lo.b, f_hi.a, f_hi.b)});
    return taken.back();
  };
  const GapSample at_lo = gap(lo), at_hi = gap(hi);
  const auto bracket =
      exact_change_bracket(at_lo, at_hi, double(j) / kSamples, double(j + 1) / kSamples, gap);
  if (!bracket) return std::nullopt;
  const auto [exact_lo, exact_hi] =
      narrow_to_adjacent_doubles(bracket->first, bracket->second, taken, gap);
  return Bracket{exact_lo, exact_hi, f_lo, f_hi};
}

// The trial's motion case: the previous frame, then the critical pose s; its origin records the
// draw.
void set_motion_case(RobustnessTrial& trial, std::uint64_t seed, const std::string& family,
                     double gap, double tilt, double s, double s_previous, int attempts) {
  const double lo = trial.s_lo, hi = trial.s_hi;
  const FeaturePair &f_lo = trial.features_lo, &f_hi = trial.features_hi;
  const int index = trial.index;
  MotionCase& m = trial.motion;
  m.id = family + "/s" + std::to_string(seed) + "/i" + std::to_string(index);
  m.family = family;
  m.tags = {"robustness", "critical-features"};
  m.a = {"A", cube_vertices(), std::nullopt};
  m.b = {"B", cube_vertices(), std::nullopt};
  m.frames = {{Pose::identity(), trial.pose_at(s_previous)}, {Pose::identity(), trial.pose_at(s)}};
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
              {"attempts", attempts}};
}

}  // namespace

RobustnessTrial make_robustness_trial(std::uint64_t seed, int index) {
  RobustnessTrial trial;
  trial.index = index;
  trial.configuration = index % 2 == 0 ? "face" : "edge";
  const std::string family = "robustness-" + trial.configuration;
  cases::Rng rng(family, seed, index);
  for (int attempt = 0;; ++attempt) {
    if (attempt == 1000)
      throw std::runtime_error(family + " trial " + std::to_string(index) +
                               ": no feature change found");
    const auto [gap, tilt] = draw_motion_line(trial, rng);
    const std::optional<Bracket> bracket = find_feature_change(trial, rng);
    if (!bracket) continue;
    trial.s_lo = bracket->lo;
    trial.s_hi = bracket->hi;
    trial.features_lo = bracket->f_lo;
    trial.features_hi = bracket->f_hi;
    trial.at_hi = rng.chance(0.5);
    const double s = trial.at_hi ? bracket->hi : bracket->lo;
    const double s_previous = std::max(0.0, s - 1.0 / kSamples);
    set_motion_case(trial, seed, family, gap, tilt, s, s_previous, attempt + 1);
    return trial;
  }
}

}  // namespace touchstone
