// Exact feature-pair distance (DESIGN §5, seed 003 §2 Theorem 1): the features' vertices in exact
// world coordinates, then Polytope_distance_d (exact_distance.cpp) on the two small point sets;
// and a cheaper direct route in GMP rationals for the pairs closest_feature_pair yields.
#include "reference/exact_features.hpp"

#include <gmp.h>
#include <gmpxx.h>

#include <array>
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
std::vector<Vec3> feature_local(const Polytope& shape, const Feature& feature, const char* name) {
  std::vector<int> ids;
  try {
    ids = feature_vertices(shape, feature);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("feature of shape ") + name + ": " + e.what());
  }
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
    const NT dx = c->pa[0] - c->qb[0], dy = c->pa[1] - c->qb[1], dz = c->pa[2] - c->qb[2];
    const NT num = dx * dx + dy * dy + dz * dz, den = c->den * c->den;
    return {fraction_string(num, den), round_sqrt_quotient(num, den)};
  }
  const DistanceResult d =
      polytope_distance(exact_world_points(la, pose_a, "A"), exact_world_points(lb, pose_b, "B"));
  return {fraction_string(d.num, d.den), round_sqrt_quotient(d.num, d.den)};
}

namespace {

// Exact squared distances between features, in rationals from the very doubles of the poses
// (world = R·v + t evaluated exactly, as the reference does). Much cheaper than a general
// polytope-distance solve, which matters when a robustness trial's bracket is refined exactly.
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
  for (int v : feature_vertices(a, fa)) x.push_back(exact_world(pa, a.vertices()[v]));
  for (int v : feature_vertices(b, fb)) y.push_back(exact_world(pb, b.vertices()[v]));
  if (x.size() > y.size()) std::swap(x, y);
  if (x.size() == 1 && y.size() == 1) {
    const Q3 d = minus(x[0], y[0]);
    return dot(d, d);
  }
  if (x.size() == 1 && y.size() == 2) return point_segment_d2(x[0], y[0], y[1]);
  if (x.size() == 1) return point_polygon_d2(x[0], y);
  if (x.size() == 2 && y.size() == 2) return segment_segment_d2(x[0], x[1], y[0], y[1]);
  // Edge–face and face–face pairs never come out of closest_feature_pair.
  return Q(exact_feature_distance(a, pa, fa, b, pb, fb).distance_sq_exact);
}

}  // namespace

int compare_feature_pair_distances(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                   const Pose& pose_b, const Feature& a1, const Feature& b1,
                                   const Feature& a2, const Feature& b2) {
  const Q first = feature_distance_sq(a, pose_a, a1, b, pose_b, b1);
  const Q second = feature_distance_sq(a, pose_a, a2, b, pose_b, b2);
  return first < second ? -1 : second < first ? 1 : 0;
}

int compare_exact_squared(const std::string& x, const std::string& y) {
  Mpq qx, qy;
  qx.parse(x);
  qy.parse(y);
  return mpq_cmp(qx.q, qy.q);
}

}  // namespace touchstone
