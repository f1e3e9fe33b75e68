// Swept cases (kind `swept`) in the case document (see the header).
#include "cases/format/swept_case.hpp"

#include <array>
#include <memory>

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

// [x, y, z] as numbers or rational strings.
void point3(const json& j, const std::string& field, std::array<std::string, 3>& exact,
            Eigen::Vector3d& nearest) {
  if (!j.is_array() || j.size() != 3) bad(field, "expected [x, y, z]");
  for (int k = 0; k < 3; ++k)
    coordinate_of(j[k], field + "[" + std::to_string(k) + "]", exact[k], nearest[k]);
}

// A rigid triangle mesh: vertices, triangles (three distinct vertex indices each), the
// translation at the step's start and end, and an optional rotation vector (docs/swept.md).
void body(const json& j, const std::string& field, SweptBody& b, ExactSweptBody& e) {
  if (!j.is_object()) bad(field, "expected an object with vertices, triangles, start, end");
  check_keys(j, field, {"vertices", "triangles", "start", "end", "rotation"});
  for (const char* key : {"vertices", "triangles", "start", "end"})
    if (!j.contains(key)) bad(field + "." + key, "missing");
  const json& vs = j["vertices"];
  if (!vs.is_array() || vs.empty()) bad(field + ".vertices", "expected a non-empty array");
  if (vs.size() > 100000) bad(field + ".vertices", "more than 100000 vertices");
  b.vertices.resize(vs.size());
  e.vertices.resize(vs.size());
  for (std::size_t i = 0; i < vs.size(); ++i)
    point3(vs[i], field + ".vertices[" + std::to_string(i) + "]", e.vertices[i], b.vertices[i]);
  const json& ts = j["triangles"];
  if (!ts.is_array() || ts.empty()) bad(field + ".triangles", "expected a non-empty array");
  if (ts.size() > 100000) bad(field + ".triangles", "more than 100000 triangles");
  for (std::size_t t = 0; t < ts.size(); ++t) {
    const std::string tf = field + ".triangles[" + std::to_string(t) + "]";
    if (!ts[t].is_array() || ts[t].size() != 3) bad(tf, "expected [i, j, k]");
    std::array<int, 3> tri{};
    for (int k = 0; k < 3; ++k) {
      const json& x = ts[t][k];
      if (!x.is_number_integer() || x.get<long long>() < 0 ||
          x.get<long long>() >= static_cast<long long>(vs.size()))
        bad(tf + "[" + std::to_string(k) + "]",
            "expected a vertex index below " + std::to_string(vs.size()));
      tri[k] = static_cast<int>(x.get<long long>());
    }
    if (tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2])
      bad(tf, "a triangle needs three distinct vertices");
    b.triangles.push_back(tri);
  }
  e.triangles = b.triangles;
  point3(j["start"], field + ".start", e.start, b.start);
  point3(j["end"], field + ".end", e.end, b.end);
  if (j.contains("rotation")) point3(j["rotation"], field + ".rotation", e.rotation, b.rotation);
}

void solids(const json& j, SweptCase& c) {
  check_keys(j, "", {"id", "kind", "family", "tags", "type", "step", "a", "b", "expected"});
  auto s = std::make_shared<SweptSolidsCase>();
  if (j.contains("step")) {
    s->step = number(j["step"], "step");
    if (!(s->step > 0)) bad("step", "a step of length 0 or less has no motion to test");
  }
  for (const char* key : {"a", "b"})
    if (!j.contains(key)) bad(key, "missing");
  body(j["a"], "a", s->query.a, s->exact.a);
  body(j["b"], "b", s->query.b, s->exact.b);
  c.solids = std::move(s);
}

json point_json(const std::string& q) {
  if (q.find('/') == std::string::npos && q.size() < 16) return std::stoll(q);
  return q;
}

json body_json(const ExactSweptBody& e) {
  json vs = json::array();
  for (const auto& v : e.vertices)
    vs.push_back({point_json(v[0]), point_json(v[1]), point_json(v[2])});
  json ts = json::array();
  for (const auto& t : e.triangles) ts.push_back({t[0], t[1], t[2]});
  auto p3 = [](const std::array<std::string, 3>& p) {
    return json{point_json(p[0]), point_json(p[1]), point_json(p[2])};
  };
  json out = {{"vertices", vs}, {"triangles", ts}, {"start", p3(e.start)}, {"end", p3(e.end)}};
  if (e.rotation != std::array<std::string, 3>{"0", "0", "0"}) out["rotation"] = p3(e.rotation);
  return out;
}

void expected(const json& j, SweptCase& c) {
  if (!j.contains("expected")) return;
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

}  // namespace

SweptCase parse_swept_case(const json& j, const std::string& file, std::size_t index) {
  SweptCase c;
  c.id = case_id(j);
  c.family = optional_string(j, "family");
  if (c.family.empty()) c.family = "swept";
  c.source = file + " #" + std::to_string(index);
  if (!j.contains("type") || !j["type"].is_string())
    bad("type", "expected \"vertex-face\" or \"edge-edge\", or \"solids\" for whole solids");
  const std::string type = j["type"].get<std::string>();
  if (type == "solids") {
    solids(j, c);
    expected(j, c);
    return c;
  }
  check_keys(j, "", {"id", "kind", "family", "tags", "type", "start", "end", "expected"});
  if (type != "vertex-face" && type != "edge-edge")
    bad("type",
        "expected \"vertex-face\" or \"edge-edge\", or \"solids\" for whole solids, got \"" + type +
            "\"");
  c.query.type = c.exact.type =
      type == "vertex-face" ? SweptType::vertex_face : SweptType::edge_edge;
  if (!j.contains("start")) bad("start", "missing");
  if (!j.contains("end")) bad("end", "missing");
  points(j["start"], "start", 0, c);
  points(j["end"], "end", 4, c);
  for (int r = 0; r < 8; ++r)
    for (int k = 0; k < 3; ++k)
      c.rounded = c.rounded || rational_text(c.query.points[r][k]) != c.exact.coordinates[r][k];
  expected(j, c);
  return c;
}

json swept_case_json(const SweptCase& c) {
  json j = {{"id", c.id}, {"kind", "swept"}, {"family", c.family}, {"type", swept_case_type(c)}};
  if (c.solids) {
    j["step"] = c.solids->step;
    j["a"] = body_json(c.solids->exact.a);
    j["b"] = body_json(c.solids->exact.b);
  } else {
    json start = json::array(), end = json::array();
    for (int r = 0; r < 8; ++r) {
      json p = json::array();
      for (int k = 0; k < 3; ++k) p.push_back(point_json(c.exact.coordinates[r][k]));
      (r < 4 ? start : end).push_back(p);
    }
    j["start"] = start;
    j["end"] = end;
  }
  if (c.truth) {
    j["expected"] = {{"collides", *c.truth}};
    if (c.expected_toi) j["expected"]["toi"] = *c.expected_toi;
  }
  return j;
}

}  // namespace touchstone
