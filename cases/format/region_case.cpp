// Contact-region cases (kind `contact-regions`): the shared shape and pose parsers, plus
// velocities, steps and the region expectations. Mesh shapes are resolved relative to the case
// file.
#include "cases/format/region_case.hpp"

#include <stdexcept>

#include "cases/format/load_options.hpp"

namespace touchstone {

using nlohmann::json;
using namespace fields;

namespace {

// {"linear": [x, y, z], "angular": [x, y, z]}, both optional (zero).
BodyVelocity velocity(const json& j, const std::string& field) {
  if (!j.is_object()) bad(field, "expected an object with linear and/or angular");
  check_keys(j, field, {"linear", "angular"});
  BodyVelocity v;
  if (j.contains("linear")) v.linear = vec3(j["linear"], field + ".linear");
  if (j.contains("angular")) v.angular = vec3(j["angular"], field + ".angular");
  return v;
}

// Calls set(value, is_a, is_b, field) for each entry of an object keyed by shape name.
template <typename Set>
void per_shape(const json& j, const std::string& field, const RegionCase& c, Set set) {
  if (!j.is_object()) bad(field, "expected an object keyed by shape name");
  for (const auto& [key, value] : j.items()) {
    if (key != c.a.name && key != c.b.name) bad(field + "." + key, "no such shape in pair");
    set(value, key == c.a.name, key == c.b.name, field + "." + key);
  }
}

// Applies `poses` to the step; a shape not named keeps its pose.
void read_poses(const json& j, const std::string& field, const RegionCase& c, RegionStep& step) {
  per_shape(j, field, c, [&](const json& value, bool is_a, bool is_b, const std::string& f) {
    const Pose p = pose(value, f);
    if (is_a) step.pose_a = p;
    if (is_b) step.pose_b = p;
  });
}

// Sets the step's velocities from `velocities`; none are carried over from a previous step.
void read_velocities(const json& j, const std::string& field, const RegionCase& c,
                     RegionStep& step) {
  per_shape(j, field, c, [&](const json& value, bool is_a, bool is_b, const std::string& f) {
    const BodyVelocity v = velocity(value, f);
    if (is_a) step.velocity_a = v;
    if (is_b) step.velocity_b = v;
  });
}

void read_steps(const json& j, const Pose& pose_a, const Pose& pose_b, RegionCase& c) {
  if (!j.contains("steps")) {
    RegionStep step{pose_a, pose_b, std::nullopt, std::nullopt};
    if (j.contains("velocities")) read_velocities(j["velocities"], "velocities", c, step);
    c.steps.push_back(step);
    return;
  }
  if (j.contains("poses")) bad("poses", "not allowed beside steps (give each step its poses)");
  if (j.contains("velocities"))
    bad("velocities", "not allowed beside steps (give each step its velocities)");
  const json& steps = j["steps"];
  if (!steps.is_array() || steps.empty())
    bad("steps", "expected a non-empty array of {\"poses\", \"velocities\"} objects");
  within_limit(steps.size(), load_options().limits.steps, "steps", "steps", "steps");
  RegionStep previous{Pose::identity(), Pose::identity(), std::nullopt, std::nullopt};
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const std::string sf = "steps[" + std::to_string(k) + "]";
    if (!steps[k].is_object()) bad(sf, "expected an object with poses and/or velocities");
    check_keys(steps[k], sf, {"poses", "velocities"});
    RegionStep step{previous.pose_a, previous.pose_b, std::nullopt, std::nullopt};
    if (steps[k].contains("poses")) read_poses(steps[k]["poses"], sf + ".poses", c, step);
    if (steps[k].contains("velocities"))
      read_velocities(steps[k]["velocities"], sf + ".velocities", c, step);
    c.steps.push_back(step);
    previous = step;
  }
}

void read_expected(const json& e, RegionCase& c) {
  if (!e.is_object()) bad("expected", "expected an object");
  for (const auto& [key, value] : e.items()) {
    if (key == "relation") {
      c.expected_relation = expected_relation(value, "expected.relation");
    } else if (key == "sufficient_regions") {
      if (!value.is_number_integer() || value.get<long long>() < 0 ||
          value.get<long long>() > 1000000000)
        bad("expected.sufficient_regions", "expected a non-negative integer");
      c.expected_sufficient_regions = value.get<int>();
    } else {
      unknown_field("expected." + key);
    }
  }
}

json velocity_json(const BodyVelocity& v) {
  return {{"linear", vec3_json(v.linear)}, {"angular", vec3_json(v.angular)}};
}

// {"poses": ..., "velocities": ...} of one step (velocities only when given).
json step_json(const RegionStep& s, const std::string& na, const std::string& nb,
               const std::string& owner) {
  json j = {{"poses", {{na, pose_json(s.pose_a, owner)}, {nb, pose_json(s.pose_b, owner)}}}};
  json v = json::object();
  if (s.velocity_a) v[na] = velocity_json(*s.velocity_a);
  if (s.velocity_b) v[nb] = velocity_json(*s.velocity_b);
  if (!v.empty()) j["velocities"] = v;
  return j;
}

}  // namespace

RegionCase parse_region_case(const json& j, const std::string& file, std::size_t index) {
  RegionCase c;
  c.id = case_id(j);
  check_keys(j, "",
             {"id", "kind", "family", "tags", "shapes", "pair", "poses", "velocities", "steps",
              "expected"});
  c.family = optional_string(j, "family");
  c.tags = tags(j);
  ShapePair pair = shape_pair(j, file);
  c.a = std::move(pair.a);
  c.b = std::move(pair.b);
  read_steps(j, pair.pose_a, pair.pose_b, c);
  if (j.contains("expected")) read_expected(j["expected"], c);
  c.origin = {{"file", file}, {"index", index}};
  return c;
}

json write_region_case_document(const std::vector<const RegionCase*>& cases) {
  json out = {{"format", "touchstone-case/1"}, {"cases", json::array()}};
  for (const RegionCase* c : cases) {
    if (c->steps.empty()) throw std::invalid_argument("region case '" + c->id + "' has no steps");
    // Shape names must differ for the pair to be written; keep the case's own when they do.
    const std::string na = c->a.name.empty() ? "A" : c->a.name;
    const std::string nb = c->b.name.empty() || c->b.name == na ? na + "2" : c->b.name;
    const std::string owner = "region case '" + c->id + "'";
    json j = {{"id", c->id},
              {"kind", "contact-regions"},
              {"family", c->family},
              {"tags", c->tags},
              {"shapes", {{na, shape_json(c->a)}, {nb, shape_json(c->b)}}},
              {"pair", {na, nb}}};
    if (c->steps.size() == 1) {
      json step = step_json(c->steps[0], na, nb, owner);
      for (auto& [key, value] : step.items()) j[key] = value;
    } else {
      json steps = json::array();
      for (const RegionStep& s : c->steps) steps.push_back(step_json(s, na, nb, owner));
      j["steps"] = steps;
    }
    json expected = json::object();
    if (c->expected_relation) expected["relation"] = to_string(*c->expected_relation);
    if (c->expected_sufficient_regions)
      expected["sufficient_regions"] = *c->expected_sufficient_regions;
    if (!expected.empty()) j["expected"] = expected;
    out["cases"].push_back(j);
  }
  return out;
}

}  // namespace touchstone
