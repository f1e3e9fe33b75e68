#include "harness/proximity/measure.hpp"

#include <algorithm>
#include <stdexcept>

#include "harness/common/child_process.hpp"
#include "harness/common/wire.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

// A Measurement on the wire (harness/common/wire.hpp). Covers every ProximityResult field; a
// field added there must be added here too, or isolated algorithms lose it.
json vec_to_wire(const std::optional<Vec3>& v) {
  if (!v) return nullptr;
  return {wire::number(v->x()), wire::number(v->y()), wire::number(v->z())};
}
std::optional<Vec3> vec_from_wire(const json& j) {
  if (j.is_null()) return std::nullopt;
  return Vec3(wire::to_number(j[0]), wire::to_number(j[1]), wire::to_number(j[2]));
}
json num_to_wire(const std::optional<double>& x) { return x ? wire::number(*x) : json(nullptr); }
std::optional<double> num_from_wire(const json& j) {
  if (j.is_null()) return std::nullopt;
  return wire::to_number(j);
}
json feature_to_wire(const std::optional<Feature>& f) {
  if (!f) return nullptr;
  return {static_cast<int>(f->kind), f->id};
}
std::optional<Feature> feature_from_wire(const json& j) {
  if (j.is_null()) return std::nullopt;
  return Feature{static_cast<FeatureKind>(j[0].get<int>()), j[1].get<int>()};
}

json to_wire(const Measurement& m) {
  json j = proximity_result_to_wire(m.output);
  j["timing"] = timing_to_wire(m.timing);
  return j;
}

Measurement from_wire(const json& j) {
  Measurement m;
  m.output = proximity_result_from_wire(j);
  m.timing = timing_from_wire(j.at("timing"));
  return m;
}

}  // namespace

json proximity_result_to_wire(const ProximityResult& r) {
  return {{"status", static_cast<int>(r.status)},
          {"reason", r.reason},
          {"relation", static_cast<int>(r.relation)},
          {"distance", num_to_wire(r.distance)},
          {"witness_a", vec_to_wire(r.witness_a)},
          {"witness_b", vec_to_wire(r.witness_b)},
          {"feature_a", feature_to_wire(r.feature_a)},
          {"feature_b", feature_to_wire(r.feature_b)},
          {"penetration_depth", num_to_wire(r.penetration_depth)},
          {"penetration_direction", vec_to_wire(r.penetration_direction)},
          {"iterations", r.iterations}};
}

ProximityResult proximity_result_from_wire(const json& j) {
  ProximityResult r;
  r.status = static_cast<QueryStatus>(j.at("status").get<int>());
  r.reason = j.at("reason").get<std::string>();
  r.relation = static_cast<Relation>(j.at("relation").get<int>());
  r.distance = num_from_wire(j.at("distance"));
  r.witness_a = vec_from_wire(j.at("witness_a"));
  r.witness_b = vec_from_wire(j.at("witness_b"));
  r.feature_a = feature_from_wire(j.at("feature_a"));
  r.feature_b = feature_from_wire(j.at("feature_b"));
  r.penetration_depth = num_from_wire(j.at("penetration_depth"));
  r.penetration_direction = vec_from_wire(j.at("penetration_direction"));
  r.iterations = j.at("iterations").get<int>();
  return r;
}

Measurement measure_query(const ProximityAlgorithm& algorithm, const Polytope& a,
                          const Pose& pose_a, const Polytope& b, const Pose& pose_b,
                          int repetitions) {
  Measurement m;
  auto start = Clock::now();
  auto prepared_a = algorithm.prepare(a);
  auto prepared_b = algorithm.prepare(b);
  m.timing.prepare_ns = ns_since(start);
  // One untimed query first, in and out of process alike: a fresh child would otherwise pay page
  // faults on its copy-on-write memory inside the timed queries.
  algorithm.query(*prepared_a, pose_a, *prepared_b, pose_b, nullptr);
  std::vector<double> times;
  for (int rep = 0; rep < std::max(1, repetitions); ++rep) {
    start = Clock::now();
    m.output = algorithm.query(*prepared_a, pose_a, *prepared_b, pose_b, nullptr);
    times.push_back(ns_since(start));
  }
  summarize_times(std::move(times), m.timing);
  return m;
}

std::vector<IsolatedMeasurement> measure_isolated(
    const std::vector<const ProximityAlgorithm*>& algorithms, const Polytope& a, const Pose& pose_a,
    const Polytope& b, const Pose& pose_b, int repetitions, double timeout_seconds) {
  std::vector<IsolatedMeasurement> out(algorithms.size());
  std::size_t next = 0;  // first algorithm without an answer
  while (next < algorithms.size()) {
    std::vector<std::size_t> answered;  // algorithm of each message, in order
    // One child measures algorithms [first, end), one message each: {"index", "measurement"} or
    // {"index", "error"}. Each answer restarts the next algorithm's clock.
    const std::size_t first = next;
    const auto work = [&](ChildChannel& channel) {
      for (std::size_t i = first; i < algorithms.size(); ++i) {
        json message = {{"index", i}};
        try {
          message["measurement"] =
              to_wire(measure_query(*algorithms[i], a, pose_a, b, pose_b, repetitions));
        } catch (const std::exception& e) {
          message["error"] = std::string("threw: ") + e.what();
        } catch (...) {
          message["error"] = "threw a non-standard exception";
        }
        channel.send(message.dump());
      }
    };
    const auto receive = [&](const std::string& text) {
      const json message = json::parse(text);
      const auto index = message.at("index").get<std::size_t>();
      if (index >= out.size()) throw std::runtime_error("bad algorithm index from child");
      if (message.contains("error"))
        out[index].error = message["error"].get<std::string>();
      else
        out[index].measurement = from_wire(message.at("measurement"));
      next = index + 1;
      answered.push_back(index);
    };
    const ChildOutcome outcome = run_in_child(work, timeout_seconds, receive, true);
    for (std::size_t k = 0; k < answered.size() && k < outcome.message_stderr.size(); ++k)
      out[answered[k]].captured_stderr = outcome.message_stderr[k];
    if (next >= algorithms.size()) break;
    out[next].captured_stderr = outcome.trailing_stderr;
    // No answer from algorithm `next`: it hung or took the child down. Blame it, go on after it.
    out[next].error = outcome.ok() ? "ended without an answer (exit status 0)" : outcome.failure;
    ++next;
  }
  return out;
}

}  // namespace touchstone
