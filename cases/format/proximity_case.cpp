// Proximity cases (kind `proximity`): a shape pair, its poses and optional expected answers.
#include "cases/format/proximity_case.hpp"

#include "cases/format/fields.hpp"
#include "cases/format/load_options.hpp"

namespace touchstone {

using nlohmann::json;
using namespace fields;

ProximityCase parse_proximity_case(const json& j, const std::string& file, std::size_t index) {
  ProximityCase c;
  c.id = case_id(j);
  check_keys(j, "", {"id", "kind", "family", "tags", "shapes", "pair", "poses", "expected"});
  c.family = optional_string(j, "family");
  c.tags = tags(j);
  ShapePair pair = shape_pair(j);
  c.a = std::move(pair.a);
  c.b = std::move(pair.b);
  c.pose_a = pair.pose_a;
  c.pose_b = pair.pose_b;
  if (j.contains("expected")) {
    const json& e = j["expected"];
    if (!e.is_object()) bad("expected", "expected an object");
    for (const auto& [key, value] : e.items()) {
      if (key == "relation") {
        c.expected_relation = expected_relation(value, "expected.relation");
      } else if (key == "distance") {
        c.expected_distance = coordinate(value, "expected.distance");
        if (*c.expected_distance < 0) bad("expected.distance", "must be >= 0");
      } else {
        unknown_field("expected." + key);
      }
    }
  }
  c.origin = {{"file", file}, {"index", index}};
  return c;
}

json write_case_document(const std::vector<const ProximityCase*>& cases) {
  json out = {{"format", "touchstone-case/1"}, {"cases", json::array()}};
  for (const ProximityCase* c : cases) {
    // Shape names must differ for the pair to be written; keep the case's own when they do.
    const std::string na = c->a.name.empty() ? "A" : c->a.name;
    const std::string nb = c->b.name.empty() || c->b.name == na ? na + "2" : c->b.name;
    const std::string owner = "case '" + c->id + "'";
    json j = {{"id", c->id},
              {"kind", "proximity"},
              {"family", c->family},
              {"tags", c->tags},
              {"shapes", {{na, shape_json(c->a)}, {nb, shape_json(c->b)}}},
              {"pair", {na, nb}},
              {"poses", {{na, pose_json(c->pose_a, owner)}, {nb, pose_json(c->pose_b, owner)}}}};
    json expected = json::object();
    if (c->expected_relation) expected["relation"] = to_string(*c->expected_relation);
    if (c->expected_distance) expected["distance"] = *c->expected_distance;
    if (!expected.empty()) j["expected"] = expected;
    out["cases"].push_back(j);
  }
  return out;
}

}  // namespace touchstone
