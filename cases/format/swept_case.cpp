// Swept cases (kind `swept`) in the case document (see the header).
#include "cases/format/swept_case.hpp"

#include "cases/format/fields.hpp"

namespace touchstone {

using nlohmann::json;
using namespace fields;

namespace {

// A coordinate: a finite number (|x| ≤ 1e150) or a rational string.
void coordinate_of(const json& j, const std::string& field, std::string& exact, double& nearest) {
  if (j.is_string()) {
    std::string error;
    const auto q = parse_rational_text(j.get<std::string>(), nearest, error);
    if (!q) bad(field, error);
    exact = *q;
    return;
  }
  nearest = coordinate(j, field);
  exact = rational_text(nearest);
}

void points(const json& j, const std::string& field, int first, SweptCase& c) {
  if (!j.is_array() || j.size() != 4)
    bad(field,
        "expected 4 points [x, y, z] (vertex-face: v, f0, f1, f2; edge-edge: a0, a1, b0, "
        "b1)");
  for (int v = 0; v < 4; ++v) {
    const json& p = j[v];
    const std::string pf = field + "[" + std::to_string(v) + "]";
    if (!p.is_array() || p.size() != 3) bad(pf, "expected [x, y, z]");
    for (int k = 0; k < 3; ++k)
      coordinate_of(p[k], pf + "[" + std::to_string(k) + "]", c.exact.coordinates[first + v][k],
                    c.query.points[first + v][k]);
  }
}

}  // namespace

SweptCase parse_swept_case(const json& j, const std::string& file, std::size_t index) {
  check_keys(j, "", {"id", "kind", "family", "tags", "type", "start", "end", "expected"});
  SweptCase c;
  c.id = case_id(j);
  c.family = optional_string(j, "family");
  if (c.family.empty()) c.family = "swept";
  c.source = file + " #" + std::to_string(index);
  if (!j.contains("type") || !j["type"].is_string())
    bad("type", "expected \"vertex-face\" or \"edge-edge\"");
  const std::string type = j["type"].get<std::string>();
  if (type != "vertex-face" && type != "edge-edge")
    bad("type", "expected \"vertex-face\" or \"edge-edge\", got \"" + type + "\"");
  c.query.type = c.exact.type =
      type == "vertex-face" ? SweptType::vertex_face : SweptType::edge_edge;
  if (!j.contains("start")) bad("start", "missing");
  if (!j.contains("end")) bad("end", "missing");
  points(j["start"], "start", 0, c);
  points(j["end"], "end", 4, c);
  for (int r = 0; r < 8; ++r)
    for (int k = 0; k < 3; ++k)
      c.rounded = c.rounded || rational_text(c.query.points[r][k]) != c.exact.coordinates[r][k];
  if (j.contains("expected")) {
    const json& e = j["expected"];
    if (!e.is_object()) bad("expected", "expected an object with collides and toi");
    check_keys(e, "expected", {"collides", "toi"});
    if (!e.contains("collides") || !e["collides"].is_boolean())
      bad("expected.collides", "expected true or false");
    c.truth = e["collides"].get<bool>();
    if (e.contains("toi")) {
      const double t = number(e["toi"], "expected.toi");
      if (!(t >= 0 && t <= 1)) bad("expected.toi", "expected a time in [0, 1]");
      if (!*c.truth) bad("expected.toi", "given for a query that does not collide");
      c.expected_toi = t;
    }
  }
  return c;
}

json swept_case_json(const SweptCase& c) {
  auto coord = [](const std::string& q) -> json {
    if (q.find('/') == std::string::npos && q.size() < 16) return std::stoll(q);
    return q;
  };
  json start = json::array(), end = json::array();
  for (int r = 0; r < 8; ++r) {
    json p = json::array();
    for (int k = 0; k < 3; ++k) p.push_back(coord(c.exact.coordinates[r][k]));
    (r < 4 ? start : end).push_back(p);
  }
  json j = {{"id", c.id},         {"kind", "swept"},
            {"family", c.family}, {"type", swept_type_name(c.query.type)},
            {"start", start},     {"end", end}};
  if (c.truth) {
    j["expected"] = {{"collides", *c.truth}};
    if (c.expected_toi) j["expected"]["toi"] = *c.expected_toi;
  }
  return j;
}

}  // namespace touchstone
