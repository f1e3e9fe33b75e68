// Exact feature-pair distance (DESIGN §5, seed 003 §2 Theorem 1): the features' vertices in exact
// world coordinates, then Polytope_distance_d (exact_distance.cpp) on the two small point sets;
// and a cheaper direct route in Gmpzf fractions for the pairs closest_feature_pair yields.
#include "reference/exact_features.hpp"

#include <gmp.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

#include "reference/certified_internal.hpp"
#include "reference/exact_internal.hpp"

namespace touchstone {

using namespace exact_detail;

std::vector<int> feature_vertices(const Polytope& shape, const Feature& feature) {
  const auto out_of_range = [&](std::size_t count) {
    return std::invalid_argument(std::string(to_string(feature.kind)) + " id " +
                                 std::to_string(feature.id) + " out of range (shape has " +
                                 std::to_string(count) + ")");
  };
  const auto valid = [&](std::size_t count) {
    return feature.id >= 0 && static_cast<std::size_t>(feature.id) < count;
  };
  switch (feature.kind) {
    case FeatureKind::vertex:
      if (!valid(shape.vertices().size())) throw out_of_range(shape.vertices().size());
      return {feature.id};
    case FeatureKind::edge: {
      if (!valid(shape.edges().size())) throw out_of_range(shape.edges().size());
      const Edge& e = shape.edges()[static_cast<std::size_t>(feature.id)];
      return {e.tail, e.head};
    }
    case FeatureKind::face:
      if (!valid(shape.faces().size())) throw out_of_range(shape.faces().size());
      return shape.faces()[static_cast<std::size_t>(feature.id)].vertices;
  }
  throw std::invalid_argument("unknown feature kind");
}

namespace {
// feature_vertices, naming the shape in its error.
std::vector<int> feature_ids(const Polytope& shape, const Feature& feature, const char* name) {
  try {
    return feature_vertices(shape, feature);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("feature of shape ") + name + ": " + e.what());
  }
}

std::vector<Vec3> feature_local(const Polytope& shape, const Feature& feature, const char* name) {
  const std::vector<int> ids = feature_ids(shape, feature, name);
  std::vector<Vec3> local;
  local.reserve(ids.size());
  for (int v : ids) local.push_back(shape.vertices()[static_cast<std::size_t>(v)]);
  return local;
}

struct Mpq {
  mpq_t q;
  Mpq() { mpq_init(q); }
  Mpq(const Mpq&) = delete;
  Mpq& operator=(const Mpq&) = delete;
  ~Mpq() { mpq_clear(q); }
  void parse(const std::string& s) {
    if (s.empty() || mpq_set_str(q, s.c_str(), 10) != 0 || mpz_sgn(mpq_denref(q)) == 0)
      throw std::invalid_argument("not an exact rational: \"" + s + "\"");
    mpq_canonicalize(q);
  }
};
}  // namespace

ExactFeatureDistance exact_feature_distance(const Polytope& a, const Pose& pose_a,
                                            const Feature& feature_a, const Polytope& b,
                                            const Pose& pose_b, const Feature& feature_b) {
  const std::vector<Vec3> la = feature_local(a, feature_a, "A");
  const std::vector<Vec3> lb = feature_local(b, feature_b, "B");
  // Certified first (certified_proximity.cpp: a float proposal proved exactly), else the exact QP.
  if (const auto c = certify_distance(la, pose_a, lb, pose_b)) {
    if (c->kind != CertifiedAnswer::Kind::separated) return {"0", 0.0};
    const auto [num, den] = c->distance_sq();
    return {fraction_string(num, den), round_sqrt_quotient(num, den)};
  }
  const DistanceResult d =
      polytope_distance(exact_world_points(la, pose_a, "A"), exact_world_points(lb, pose_b, "B"));
  return {fraction_string(d.num, d.den), round_sqrt_quotient(d.num, d.den)};
}

namespace {

// Exact squared distances between features from the very doubles of the poses (world = R·v + t
// evaluated exactly, as the reference does), as fractions of Gmpzf: products and sums of doubles
// stay binary fractions, and each division of the textbook formulas is kept as a denominator, so
// no gcd is ever taken. Much cheaper than a general polytope-distance solve (or than GMP
// rationals), which matters when a robustness trial's bracket is refined exactly.
struct Fraction {
  NT num, den;  // num / den, den > 0
};
bool less(const Fraction& x, const Fraction& y) { return x.num * y.den < y.num * x.den; }
const NT kZero(0), kOne(1);

// Point p to segment [a, b]: t = (ap·e)/(e·e) clamped to [0, 1]; inside, |ap − t e|² =
// (|ap|² e·e − (ap·e)²) / e·e.
Fraction point_segment_d2(const XPoint& p, const XPoint& a, const XPoint& b) {
  const XPoint e = b - a, ap = p - a;
  const NT ee = dot(e, e), k = dot(ap, e);
  if (ee.is_zero() || !(kZero < k)) return {dot(ap, ap), kOne};
  if (!(k < ee)) {
    const XPoint bp = p - b;
    return {dot(bp, bp), kOne};
  }
  return {dot(ap, ap) * ee - k * k, ee};
}

Fraction segment_segment_d2(const XPoint& p1, const XPoint& q1, const XPoint& p2,
                            const XPoint& q2) {
  // The squared distance is a convex quadratic in the segments' parameters: when its critical
  // point s = (b f − c e)/denom, t = (a f − b c)/denom falls inside (0, 1)² it is the minimum
  // (denom = a e − b² > 0 unless the segments are parallel). Its gap, scaled by denom:
  // g·denom = r·denom + (b f − c e) d1 − (a f − b c) d2. Otherwise the minimum lies on the
  // square's boundary: an endpoint against the other segment.
  const XPoint d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const NT a = dot(d1, d1), e = dot(d2, d2), b = dot(d1, d2), c = dot(d1, r), f = dot(d2, r);
  const NT denom = a * e - b * b;
  if (!denom.is_zero()) {
    const NT s = b * f - c * e, t = a * f - b * c;
    if (kZero < s && s < denom && kZero < t && t < denom) {
      const XPoint g = {r.x * denom + s * d1.x - t * d2.x, r.y * denom + s * d1.y - t * d2.y,
                        r.z * denom + s * d1.z - t * d2.z};
      return {dot(g, g), denom * denom};
    }
  }
  Fraction best = point_segment_d2(p1, p2, q2);
  for (const Fraction& d :
       {point_segment_d2(q1, p2, q2), point_segment_d2(p2, p1, q1), point_segment_d2(q2, p1, q1)})
    if (less(d, best)) best = d;
  return best;
}

// Point p to a convex polygon: to its plane when p projects inside (h²/|n|², h = n·(p − v0)), else
// to its nearest edge.
Fraction point_polygon_d2(const XPoint& p, const std::vector<XPoint>& poly) {
  const XPoint n = cross(poly[1] - poly[0], poly[2] - poly[0]);
  bool inside = true;
  for (std::size_t i = 0; i < poly.size() && inside; ++i)
    inside = !(dot(cross(poly[(i + 1) % poly.size()] - poly[i], p - poly[i]), n) < kZero);
  if (inside) {
    const NT h = dot(n, p - poly[0]);
    return {h * h, dot(n, n)};
  }
  Fraction best = point_segment_d2(p, poly.back(), poly[0]);
  for (std::size_t i = 0; i + 1 < poly.size(); ++i) {
    const Fraction d = point_segment_d2(p, poly[i], poly[i + 1]);
    if (less(d, best)) best = d;
  }
  return best;
}

// The exact world points of two features of one shape, converted in one call (the pose once, a
// shared vertex once).
class TwoFeatures {
 public:
  TwoFeatures(const Polytope& shape, const Pose& pose, const char* name, const Feature& f1,
              const Feature& f2)
      : ids_{feature_ids(shape, f1, name), feature_ids(shape, f2, name)} {
    std::vector<Vec3> local;
    for (const std::vector<int>& ids : ids_)
      for (int id : ids)
        if (std::find(used_.begin(), used_.end(), id) == used_.end()) {
          used_.push_back(id);
          local.push_back(shape.vertices()[static_cast<std::size_t>(id)]);
        }
    points_ = exact_world_points(local, pose, name);
  }
  // The points of the first (0) or second (1) feature.
  std::vector<XPoint> points(int which) const {
    std::vector<XPoint> out;
    for (int id : ids_[which])
      out.push_back(points_[std::find(used_.begin(), used_.end(), id) - used_.begin()]);
    return out;
  }

 private:
  std::array<std::vector<int>, 2> ids_;
  std::vector<int> used_;
  std::vector<XPoint> points_;
};

// Squared distance between two features given by their exact points when one is a vertex or
// both are edges; nullopt for edge–face and face–face pairs (closest_feature_pair never yields
// them).
std::optional<Fraction> direct_distance_sq(std::vector<XPoint> x, std::vector<XPoint> y) {
  if (x.size() > y.size()) std::swap(x, y);
  if (x.size() == 1 && y.size() == 1) {
    const XPoint d = x[0] - y[0];
    return Fraction{dot(d, d), kOne};
  }
  if (x.size() == 1 && y.size() == 2) return point_segment_d2(x[0], y[0], y[1]);
  if (x.size() == 1) return point_polygon_d2(x[0], y);
  if (x.size() == 2 && y.size() == 2) return segment_segment_d2(x[0], x[1], y[0], y[1]);
  return std::nullopt;
}

}  // namespace

FeaturePairGap feature_pair_distance_gap(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                         const Pose& pose_b, const Feature& a1, const Feature& b1,
                                         const Feature& a2, const Feature& b2) {
  const TwoFeatures on_a(a, pose_a, "A", a1, a2), on_b(b, pose_b, "B", b1, b2);
  const auto first = direct_distance_sq(on_a.points(0), on_b.points(0));
  const auto second = direct_distance_sq(on_a.points(1), on_b.points(1));
  if (first && second) {
    // d1 − d2 = (n1 d2' − n2 d1') / (d1' d2') with positive denominators: the numerator's sign.
    const NT num = first->num * second->den - second->num * first->den;
    const double approx = num.to_double() / (first->den * second->den).to_double();
    return {num.sign() == CGAL::NEGATIVE   ? -1
            : num.sign() == CGAL::POSITIVE ? 1
                                           : 0,
            std::isfinite(approx) ? approx : std::numeric_limits<double>::quiet_NaN()};
  }
  const int order =
      compare_exact_squared(exact_feature_distance(a, pose_a, a1, b, pose_b, b1).distance_sq_exact,
                            exact_feature_distance(a, pose_a, a2, b, pose_b, b2).distance_sq_exact);
  return {(order > 0) - (order < 0), std::numeric_limits<double>::quiet_NaN()};
}

int compare_feature_pair_distances(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                   const Pose& pose_b, const Feature& a1, const Feature& b1,
                                   const Feature& a2, const Feature& b2) {
  return feature_pair_distance_gap(a, pose_a, b, pose_b, a1, b1, a2, b2).sign;
}

int compare_exact_squared(const std::string& x, const std::string& y) {
  Mpq qx, qy;
  qx.parse(x);
  qy.parse(y);
  return mpq_cmp(qx.q, qy.q);
}

}  // namespace touchstone
