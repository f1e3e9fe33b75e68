// Exact feature-pair distance (DESIGN §5, seed 003 §2 Theorem 1): the features' vertices in exact
// world coordinates, then Polytope_distance_d (exact_distance.cpp) on the two small point sets.
#include "reference/exact_features.hpp"

#include <gmp.h>

#include <stdexcept>

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
std::vector<XPoint> feature_points(const Polytope& shape, const Pose& pose, const Feature& feature,
                                   const char* name) {
  std::vector<int> ids;
  try {
    ids = feature_vertices(shape, feature);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("feature of shape ") + name + ": " + e.what());
  }
  std::vector<Vec3> local;
  local.reserve(ids.size());
  for (int v : ids) local.push_back(shape.vertices()[static_cast<std::size_t>(v)]);
  return exact_world_points(local, pose, name);
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
  const DistanceResult d = polytope_distance(feature_points(a, pose_a, feature_a, "A"),
                                             feature_points(b, pose_b, feature_b, "B"));
  return {fraction_string(d.num, d.den), round_sqrt_quotient(d.num, d.den)};
}

int compare_exact_squared(const std::string& x, const std::string& y) {
  Mpq qx, qy;
  qx.parse(x);
  qy.parse(y);
  return mpq_cmp(qx.q, qy.q);
}

}  // namespace touchstone
