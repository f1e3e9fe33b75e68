#include "harness/proximity/reference.hpp"

#include <cstdint>

#include "reference/exact_nonconvex.hpp"

namespace touchstone {
namespace {

void hash_shape(Fnv1a& f, const ShapeSpec& s, const Pose& p) {
  f.value(static_cast<std::int64_t>(s.vertices.size()));
  for (const Vec3& v : s.vertices)
    for (int i = 0; i < 3; ++i) f.value(v[i]);
  f.value(static_cast<std::int64_t>(s.faces ? s.faces->size() : -1));
  if (s.faces)
    for (const auto& face : *s.faces) {
      f.value(static_cast<std::int64_t>(face.size()));
      for (int v : face) f.value(static_cast<std::int64_t>(v));
    }
  for (int i = 0; i < 9; ++i) f.value(p.rotation(i / 3, i % 3));
  for (int i = 0; i < 3; ++i) f.value(p.translation[i]);
}

nlohmann::json vec(const Vec3& v) { return {v.x(), v.y(), v.z()}; }
Vec3 vec(const nlohmann::json& j) {
  return {j[0].get<double>(), j[1].get<double>(), j[2].get<double>()};
}

}  // namespace

std::string case_input_hash(const ProximityCase& c) {
  Fnv1a f;
  // Bump when the reference computation changes, so old cache entries are never reused.
  const char tag[] = "touchstone-reference/2";
  f.bytes(tag, sizeof tag);
  hash_shape(f, c.a, c.pose_a);
  hash_shape(f, c.b, c.pose_b);
  return f.hex();
}

nlohmann::json exact_to_json(const ExactProximity& e) {
  nlohmann::json j = {{"relation", to_string(e.relation)},
                      {"distance_sq_exact", e.distance_sq_exact},
                      {"distance", e.distance},
                      {"witness_a", vec(e.witness_a)},
                      {"witness_b", vec(e.witness_b)},
                      {"method", e.method},
                      {"route", e.route},
                      {"cost_ns", e.cost_ns}};
  if (e.depth_sq_exact) j["depth_sq_exact"] = *e.depth_sq_exact;
  if (e.depth) j["depth"] = *e.depth;
  if (e.depth_direction) j["depth_direction"] = vec(*e.depth_direction);
  return j;
}

ExactProximity exact_from_json(const nlohmann::json& j) {
  ExactProximity e;
  e.relation =
      relation_from_string(j.at("relation").get<std::string>()).value_or(Relation::unknown);
  e.distance_sq_exact = j.at("distance_sq_exact").get<std::string>();
  e.distance = j.at("distance").get<double>();
  e.witness_a = vec(j.at("witness_a"));
  e.witness_b = vec(j.at("witness_b"));
  e.method = j.value("method", std::string());
  e.route = j.value("route", std::string());
  e.cost_ns = j.value("cost_ns", 0.0);
  if (j.contains("depth_sq_exact")) e.depth_sq_exact = j["depth_sq_exact"].get<std::string>();
  if (j.contains("depth")) e.depth = j["depth"].get<double>();
  if (j.contains("depth_direction")) e.depth_direction = vec(j["depth_direction"]);
  return e;
}

void store_proximity_reference(ReferenceCache& cache, const std::string& hash,
                               const ExactProximity& e) {
  cache.store(hash, exact_to_json(e));
}

ExactProximity exact_pair_reference(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                    const Pose& pose_b) {
  if (a.is_convex() && b.is_convex())
    return exact_proximity(a.vertices(), pose_a, b.vertices(), pose_b);
  return exact_nonconvex_proximity(a, pose_a, b, pose_b);
}

ExactProximity exact_reference_isolated(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                        const Pose& pose_b, double timeout_seconds) {
  return reference_in_child<ExactProximity>(
      [&] { return exact_pair_reference(a, pose_a, b, pose_b); }, kExactProximityCodec,
      timeout_seconds, "exact reference");
}

}  // namespace touchstone
