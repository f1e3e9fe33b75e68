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
#include <type_traits>

#include "reference/certified_internal.hpp"
#include "reference/double_double.hpp"
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

namespace {

// Exact squared distances between features from the very doubles of the poses (world = R·v + t
// evaluated exactly, as the reference does), as fractions: products and sums of doubles stay
// binary fractions, and each division of the textbook formulas is kept as a denominator, so no
// gcd is ever taken. Written once for two number types: double-doubles with an error bound
// (double_double.hpp) decide most comparisons, and Gmpzf decides the rest exactly.
//
// Each fraction also records the formula that produced it and the vertices it was applied to
// (A's ids as they are, B's as ~id), in an order that does not depend on how the feature lists
// them: two fractions with the same source are the same computation on the same exact points,
// so their values are equal. That proves the exact ties (the plateau beyond a feature's boundary,
// where two pairs share their closest points) that no error bound can.
int sign_of(const NT& x) { return static_cast<int>(x.sign()); }

template <class P>
struct Tagged {
  P p;
  int id;
};

enum Formula : int { point_point = 1, point_segment, point_plane, segment_segment };
using Source = std::array<int, 5>;

template <class P>
using Scalar = decltype(dot(P{}, P{}));  // Gmpzf or Dd

template <class T>
struct Fraction {
  T num, den;  // num / den, den > 0
  Source source;
};

template <class T>
bool less(const Fraction<T>& x, const Fraction<T>& y) {
  return x.source != y.source && sign_of(x.num * y.den - y.num * x.den) < 0;
}

NT one_like(const NT&) { return NT(1); }
Dd one_like(const Dd&) { return Dd::exact(1); }

template <class P>
auto point_point_d2(const Tagged<P>& p, const Tagged<P>& q) {
  const P d = p.p - q.p;
  const auto dd = dot(d, d);
  return Fraction<Scalar<P>>{
      dd, one_like(dd), {point_point, std::min(p.id, q.id), std::max(p.id, q.id), 0, 0}};
}

// Point p to segment [a, b]: t = (ap·e)/(e·e) clamped to [0, 1]; inside, |ap − t e|² =
// (|ap|² e·e − (ap·e)²) / e·e.
template <class P>
auto point_segment_d2(const Tagged<P>& p, Tagged<P> a, Tagged<P> b) {
  if (b.id < a.id) std::swap(a, b);
  const P e = b.p - a.p, ap = p.p - a.p;
  const auto ee = dot(e, e), k = dot(ap, e);
  if (sign_of(ee) == 0 || sign_of(k) <= 0) return point_point_d2(p, a);
  if (sign_of(k - ee) >= 0) return point_point_d2(p, b);
  return Fraction<Scalar<P>>{dot(ap, ap) * ee - k * k, ee, {point_segment, p.id, a.id, b.id, 0}};
}

template <class P>
auto segment_segment_d2(Tagged<P> p1, Tagged<P> q1, Tagged<P> p2, Tagged<P> q2) {
  if (q1.id < p1.id) std::swap(p1, q1);
  if (q2.id < p2.id) std::swap(p2, q2);
  if (p2.id < p1.id) std::swap(p1, p2), std::swap(q1, q2);
  // The squared distance is a convex quadratic in the segments' parameters: when its critical
  // point s = (b f − c e)/denom, t = (a f − b c)/denom falls inside (0, 1)² it is the minimum
  // (denom = a e − b² > 0 unless the segments are parallel). Its gap, scaled by denom:
  // g·denom = r·denom + (b f − c e) d1 − (a f − b c) d2. Otherwise the minimum lies on the
  // square's boundary: an endpoint against the other segment.
  const P d1 = q1.p - p1.p, d2 = q2.p - p2.p, r = p1.p - p2.p;
  const auto a = dot(d1, d1), e = dot(d2, d2), b = dot(d1, d2), c = dot(d1, r), f = dot(d2, r);
  const auto denom = a * e - b * b;
  if (sign_of(denom) != 0) {
    const auto s = b * f - c * e, t = a * f - b * c;
    if (sign_of(s) > 0 && sign_of(denom - s) > 0 && sign_of(t) > 0 && sign_of(denom - t) > 0) {
      const P g = {r.x * denom + s * d1.x - t * d2.x, r.y * denom + s * d1.y - t * d2.y,
                   r.z * denom + s * d1.z - t * d2.z};
      return Fraction<Scalar<P>>{
          dot(g, g), denom * denom, {segment_segment, p1.id, q1.id, p2.id, q2.id}};
    }
  }
  auto best = point_segment_d2(p1, p2, q2);
  for (const auto& d :
       {point_segment_d2(q1, p2, q2), point_segment_d2(p2, p1, q1), point_segment_d2(q2, p1, q1)})
    if (less(d, best)) best = d;
  return best;
}

// Point p to a convex polygon: to its plane when p projects inside (h²/|n|², h = n·(p − v0)), else
// to its nearest edge.
template <class P>
auto point_polygon_d2(const Tagged<P>& p, const std::vector<Tagged<P>>& poly)
    -> std::optional<Fraction<Scalar<P>>> {
  const P n = cross(poly[1].p - poly[0].p, poly[2].p - poly[0].p);
  if (sign_of(dot(n, n)) == 0) return std::nullopt;  // collinear first vertices: no plane here
  bool inside = true;
  for (std::size_t i = 0; i < poly.size() && inside; ++i)
    inside =
        sign_of(dot(cross(poly[(i + 1) % poly.size()].p - poly[i].p, p.p - poly[i].p), n)) >= 0;
  if (inside) {
    const auto h = dot(n, p.p - poly[0].p);
    return Fraction<Scalar<P>>{
        h * h, dot(n, n), {point_plane, p.id, poly[0].id, poly[1].id, poly[2].id}};
  }
  auto best = point_segment_d2(p, poly.back(), poly[0]);
  for (std::size_t i = 0; i + 1 < poly.size(); ++i) {
    const auto d = point_segment_d2(p, poly[i], poly[i + 1]);
    if (less(d, best)) best = d;
  }
  return best;
}

// World points: exact (Gmpzf), or double-doubles with a bound. The filter declines non-finite
// input (Undecided): the exact conversion then throws the error that names the shape and entry.
template <class P>
std::vector<P> world_points(std::span<const Vec3> local, const Pose& pose, const char* name) {
  if constexpr (std::is_same_v<P, XPoint>) {
    return exact_world_points(local, pose, name);
  } else {
    bool finite = pose.rotation.allFinite() && pose.translation.allFinite();
    for (const Vec3& v : local) finite = finite && v.allFinite();
    if (!finite) throw Undecided{};
    std::vector<P> out;
    out.reserve(local.size());
    for (const Vec3& v : local) out.push_back(dd_world_point(v, pose));
    return out;
  }
}

// The world points of two features of one shape, converted in one call (the pose once, a shared
// vertex once), tagged with their ids (B's as ~id).
template <class P>
class TwoFeatures {
 public:
  TwoFeatures(const Polytope& shape, const Pose& pose, const char* name, const Feature& f1,
              const Feature& f2)
      : ids_{feature_ids(shape, f1, name), feature_ids(shape, f2, name)}, flip_(name[0] == 'B') {
    std::vector<Vec3> local;
    for (const std::vector<int>& ids : ids_)
      for (int id : ids)
        if (std::find(used_.begin(), used_.end(), id) == used_.end()) {
          used_.push_back(id);
          local.push_back(shape.vertices()[static_cast<std::size_t>(id)]);
        }
    points_ = world_points<P>(local, pose, name);
  }
  // The points of the first (0) or second (1) feature.
  std::vector<Tagged<P>> points(int which) const {
    std::vector<Tagged<P>> out;
    for (int id : ids_[which])
      out.push_back(
          {points_[std::find(used_.begin(), used_.end(), id) - used_.begin()], flip_ ? ~id : id});
    return out;
  }

 private:
  std::array<std::vector<int>, 2> ids_;
  bool flip_;
  std::vector<int> used_;
  std::vector<P> points_;
};

// Squared distance between two features given by their tagged points when one is a vertex or
// both are edges; nullopt for edge–face and face–face pairs (closest_feature_pair never yields
// them).
template <class P>
auto direct_distance_sq(std::vector<Tagged<P>> x, std::vector<Tagged<P>> y)
    -> std::optional<Fraction<Scalar<P>>> {
  if (x.size() > y.size()) std::swap(x, y);
  if (x.size() == 1 && y.size() == 1) return point_point_d2(x[0], y[0]);
  if (x.size() == 1 && y.size() == 2) return point_segment_d2(x[0], y[0], y[1]);
  if (x.size() == 1) return point_polygon_d2(x[0], y);
  if (x.size() == 2 && y.size() == 2) return segment_segment_d2(x[0], x[1], y[0], y[1]);
  return std::nullopt;
}

double to_double(const NT& x) { return x.to_double(); }
double to_double(const Dd& x) { return x.hi; }

}  // namespace

ExactFeatureDistance exact_feature_distance(const Polytope& a, const Pose& pose_a,
                                            const Feature& feature_a, const Polytope& b,
                                            const Pose& pose_b, const Feature& feature_b) {
  // A vertex, or two edges: the direct fraction, a few Gmpzf products (both features passed
  // twice: TwoFeatures converts a feature's points once).
  const TwoFeatures<XPoint> on_a(a, pose_a, "A", feature_a, feature_a),
      on_b(b, pose_b, "B", feature_b, feature_b);
  if (const auto d = direct_distance_sq(on_a.points(0), on_b.points(0)))
    return {fraction_string(d->num, d->den), round_sqrt_quotient(d->num, d->den)};
  // Certified next (certified_proximity.cpp: a float proposal proved exactly), else the exact QP.
  const std::vector<Vec3> la = feature_local(a, feature_a, "A");
  const std::vector<Vec3> lb = feature_local(b, feature_b, "B");
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

template <class P>
std::optional<FeaturePairGap> direct_feature_pair_gap(const Polytope& a, const Pose& pose_a,
                                                      const Polytope& b, const Pose& pose_b,
                                                      const Feature& a1, const Feature& b1,
                                                      const Feature& a2, const Feature& b2) {
  const TwoFeatures<P> on_a(a, pose_a, "A", a1, a2), on_b(b, pose_b, "B", b1, b2);
  const auto first = direct_distance_sq(on_a.points(0), on_b.points(0));
  if (!first) return std::nullopt;
  const auto second = direct_distance_sq(on_a.points(1), on_b.points(1));
  if (!second) return std::nullopt;
  if (first->source == second->source) return FeaturePairGap{0, 0.0};
  // d1 − d2 = (n1 d2' − n2 d1') / (d1' d2') with positive denominators: the numerator's sign.
  const auto num = first->num * second->den - second->num * first->den;
  const double approx = to_double(num) / to_double(first->den * second->den);
  return FeaturePairGap{sign_of(num),
                        std::isfinite(approx) ? approx : std::numeric_limits<double>::quiet_NaN()};
}
}  // namespace

std::optional<FeaturePairGap> exact_detail::exact_direct_feature_pair_gap(
    const Polytope& a, const Pose& pose_a, const Polytope& b, const Pose& pose_b, const Feature& a1,
    const Feature& b1, const Feature& a2, const Feature& b2) {
  return direct_feature_pair_gap<XPoint>(a, pose_a, b, pose_b, a1, b1, a2, b2);
}

std::optional<FeaturePairGap> exact_detail::filtered_feature_pair_gap(
    const Polytope& a, const Pose& pose_a, const Polytope& b, const Pose& pose_b, const Feature& a1,
    const Feature& b1, const Feature& a2, const Feature& b2) {
  try {
    return direct_feature_pair_gap<DdPoint>(a, pose_a, b, pose_b, a1, b1, a2, b2);
  } catch (const Undecided&) {
    return std::nullopt;
  }
}

FeaturePairGap feature_pair_distance_gap(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                         const Pose& pose_b, const Feature& a1, const Feature& b1,
                                         const Feature& a2, const Feature& b2) {
  if (const auto g = filtered_feature_pair_gap(a, pose_a, b, pose_b, a1, b1, a2, b2)) return *g;
  if (const auto g = exact_direct_feature_pair_gap(a, pose_a, b, pose_b, a1, b1, a2, b2)) return *g;
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
