#include "harness/regions/measure.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <span>
#include <stdexcept>
#include <utility>

#include "harness/common/child_process.hpp"
#include "harness/common/wire.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

// A RegionMeasurement on the wire (harness/common/wire.hpp). Covers every RegionResult field; a
// field added there must be added here too, or isolated algorithms lose it.
json vectors_to_wire(const std::vector<Vec3>& vs) {
  std::vector<double> flat;
  for (const Vec3& v : vs) flat.insert(flat.end(), {v.x(), v.y(), v.z()});
  return wire::numbers(flat);
}
std::vector<Vec3> vectors_from_wire(const json& j) {
  const std::vector<double> flat = wire::to_numbers(j);
  std::vector<Vec3> out;
  for (std::size_t i = 0; i + 2 < flat.size(); i += 3)
    out.emplace_back(flat[i], flat[i + 1], flat[i + 2]);
  return out;
}
json feature_to_wire(const std::optional<Feature>& f) {
  return f ? json{static_cast<int>(f->kind), f->id} : json(nullptr);
}
std::optional<Feature> feature_from_wire(const json& j) {
  if (j.is_null()) return std::nullopt;
  return Feature{static_cast<FeatureKind>(j.at(0).get<int>()), j.at(1).get<int>()};
}
json optional_to_wire(const std::optional<double>& x) {
  return x ? wire::number(*x) : json(nullptr);
}
std::optional<double> optional_from_wire(const json& j) {
  if (j.is_null()) return std::nullopt;
  return wire::to_number(j);
}

json result_to_wire(const RegionResult& r) {
  json regions = json::array();
  for (const ContactRegion& c : r.regions)
    regions.push_back({feature_to_wire(c.a), feature_to_wire(c.b), vectors_to_wire(c.points),
                       vectors_to_wire(c.normals), optional_to_wire(c.depth),
                       optional_to_wire(c.area), optional_to_wire(c.gap)});
  return {{"status", static_cast<int>(r.status)},
          {"reason", r.reason},
          {"relation", static_cast<int>(r.relation)},
          {"subset", static_cast<int>(r.subset)},
          {"regions", regions},
          {"distance", optional_to_wire(r.distance)},
          {"iterations", r.iterations}};
}

RegionResult result_from_wire(const json& j) {
  RegionResult r;
  r.status = static_cast<QueryStatus>(j.at("status").get<int>());
  r.reason = j.at("reason").get<std::string>();
  r.relation = static_cast<Relation>(j.at("relation").get<int>());
  r.subset = static_cast<RegionSubset>(j.at("subset").get<int>());
  for (const json& c : j.at("regions"))
    r.regions.push_back({feature_from_wire(c.at(0)), feature_from_wire(c.at(1)),
                         vectors_from_wire(c.at(2)), vectors_from_wire(c.at(3)),
                         optional_from_wire(c.at(4)), optional_from_wire(c.at(5)),
                         optional_from_wire(c.at(6))});
  r.distance = optional_from_wire(j.at("distance"));
  r.iterations = j.at("iterations").get<int>();
  return r;
}

}  // namespace

RegionMeasurement measure_region_steps(const RegionAlgorithmInfo& info,
                                       const RegionAlgorithm& algorithm, const Polytope& a,
                                       const Polytope& b, const std::vector<RegionStep>& steps,
                                       int repetitions) {
  RegionMeasurement m;
  auto start = Clock::now();
  const auto prepared_a = algorithm.prepare(a);
  const auto prepared_b = algorithm.prepare(b);
  m.timing.prepare_ns = ns_since(start);
  std::vector<double> times;
  std::vector<std::pair<Pose, Pose>> poses;  // every step's, for RegionQuery::earlier_steps
  for (const RegionStep& s : steps) poses.emplace_back(s.pose_a, s.pose_b);
  for (std::size_t k = 0; k < steps.size(); ++k) {
    RegionQuery q{prepared_a.get(),    prepared_b.get(),   steps[k].pose_a, steps[k].pose_b, {},
                  steps[k].velocity_a, steps[k].velocity_b};
    q.earlier_steps = std::span<const std::pair<Pose, Pose>>(poses).first(k);
    if (k > 0 && info.capabilities.temporal_coherence) q.previous = m.steps[k - 1].regions;
    // One untimed query first, in and out of process alike (page faults of a fresh child).
    RegionResult answer = algorithm.query(q);
    for (int rep = 0; rep < std::max(1, repetitions); ++rep) {
      start = Clock::now();
      answer = algorithm.query(q);
      times.push_back(ns_since(start));
    }
    m.steps.push_back(std::move(answer));
  }
  summarize_times(std::move(times), m.timing);
  return m;
}

RegionMeasurement measure_region_steps_isolated(const RegionAlgorithmInfo& info,
                                                const RegionAlgorithm& algorithm, const Polytope& a,
                                                const Polytope& b,
                                                const std::vector<RegionStep>& steps,
                                                int repetitions, double timeout_seconds,
                                                std::string* captured_stderr) {
  const std::string text = answer_in_child(
      [&] {
        const RegionMeasurement m = measure_region_steps(info, algorithm, a, b, steps, repetitions);
        json answers = json::array();
        for (const RegionResult& r : m.steps) answers.push_back(result_to_wire(r));
        return json{{"steps", answers}, {"timing", timing_to_wire(m.timing)}}.dump();
      },
      timeout_seconds, "algorithm " + info.name, captured_stderr);
  const json j = json::parse(text);
  RegionMeasurement m;
  for (const json& r : j.at("steps")) m.steps.push_back(result_from_wire(r));
  m.timing = timing_from_wire(j.at("timing"));
  return m;
}

}  // namespace touchstone
