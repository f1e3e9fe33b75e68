// Contact-force case parsing and writing: `lcp` (A and b given) and `contact-forces` (a multibody
// system that algorithms/dynamics assembles into A and b). Errors name the field.
#include "cases/format/force_case.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "cases/format/fields.hpp"
#include "cases/format/load_options.hpp"

namespace touchstone {
namespace {

using dynamics::Vec3;
using fields::bad;
using fields::check_keys;
using nlohmann::json;

// Force fields take finite numbers of magnitude at most 1e100: the assembly multiplies a few of
// them (masses, inertias, lever arms, angular velocities), which must not overflow a double.
double number(const json& j, const std::string& field) {
  const double x = fields::number(j, field);
  if (std::abs(x) > 1e100)
    bad(field, "magnitude above 1e100 is not supported (products of such numbers overflow)");
  return x;
}

// A divisor of the assembly (a mass, a time step): 0 or negative is left to dynamics::validate,
// a positive value must be at least 1e-100 (its inverse must not overflow).
double divisor(const json& j, const std::string& field) {
  const double x = number(j, field);
  if (x > 0 && x < 1e-100) bad(field, "positive values below 1e-100 are not supported");
  return x;
}

Eigen::VectorXd vector(const json& j, const std::string& field,
                       std::optional<std::size_t> size = std::nullopt) {
  if (!j.is_array()) bad(field, "expected an array of numbers");
  if (size && j.size() != *size)
    bad(field, "expected " + std::to_string(*size) + " numbers, got " + std::to_string(j.size()));
  Eigen::VectorXd v(j.size());
  for (std::size_t i = 0; i < j.size(); ++i)
    v[i] = number(j[i], field + "[" + std::to_string(i) + "]");
  return v;
}

Vec3 vector3(const json& j, const std::string& field) { return vector(j, field, 3); }

Eigen::MatrixXd matrix(const json& j, const std::string& field, std::size_t rows,
                       std::size_t cols) {
  if (!j.is_array() || j.size() != rows) bad(field, "expected " + std::to_string(rows) + " rows");
  Eigen::MatrixXd m(rows, cols);
  for (std::size_t i = 0; i < rows; ++i)
    m.row(i) = vector(j[i], field + "[" + std::to_string(i) + "]", cols).transpose();
  return m;
}

dynamics::RigidBody body(const json& j, const std::string& field) {
  if (!j.is_object()) bad(field, "expected an object");
  check_keys(j, field,
             {"name", "fixed", "mass", "inertia", "position", "rotation", "orientation", "velocity",
              "angular_velocity", "force", "torque"});
  dynamics::RigidBody b;
  if (!j.contains("name") || !j["name"].is_string())
    bad(field + ".name", "missing or not a string");
  b.name = j["name"].get<std::string>();
  if (j.contains("fixed")) {
    if (!j["fixed"].is_boolean()) bad(field + ".fixed", "expected true or false");
    b.fixed = j["fixed"].get<bool>();
  }
  if (!b.fixed && !j.contains("mass")) bad(field + ".mass", "missing (required unless fixed)");
  if (j.contains("mass")) b.mass = divisor(j["mass"], field + ".mass");
  if (j.contains("inertia")) {
    const json& in = j["inertia"];
    if (in.is_array() && in.size() == 3 && in[0].is_number())
      b.inertia = vector3(in, field + ".inertia").asDiagonal();
    else
      b.inertia = matrix(in, field + ".inertia", 3, 3);
  }
  if (j.contains("position")) b.position = vector3(j["position"], field + ".position");
  if (j.contains("rotation") && j.contains("orientation"))
    bad(field + ".rotation", "give either rotation (quaternion) or orientation (matrix)");
  if (j.contains("rotation")) {
    const Eigen::VectorXd q = vector(j["rotation"], field + ".rotation", 4);
    if (std::abs(q.norm() - 1.0) > 1e-3) bad(field + ".rotation", "quaternion is not unit length");
    b.orientation = Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
  }
  if (j.contains("orientation"))
    b.orientation = matrix(j["orientation"], field + ".orientation", 3, 3);
  if (j.contains("velocity")) b.velocity = vector3(j["velocity"], field + ".velocity");
  if (j.contains("angular_velocity"))
    b.angular_velocity = vector3(j["angular_velocity"], field + ".angular_velocity");
  if (j.contains("force")) b.force = vector3(j["force"], field + ".force");
  if (j.contains("torque")) b.torque = vector3(j["torque"], field + ".torque");
  return b;
}

dynamics::Contact contact(const json& cj, const std::string& field,
                          std::map<std::string, int>& names) {
  if (!cj.is_object()) bad(field, "expected an object");
  check_keys(cj, field, {"bodies", "point", "normal", "gap", "friction"});
  dynamics::Contact contact;
  if (!cj.contains("bodies") || !cj["bodies"].is_array() || cj["bodies"].size() != 2)
    bad(field + ".bodies", "expected two body names [A, B] (normal points from B to A)");
  for (int k = 0; k < 2; ++k) {
    const json& name = cj["bodies"][k];
    const std::string bf = field + ".bodies[" + std::to_string(k) + "]";
    if (!name.is_string() || !names.count(name.get<std::string>()))
      bad(bf, "not the name of a body");
    (k == 0 ? contact.body_a : contact.body_b) = names[name.get<std::string>()];
  }
  if (!cj.contains("point")) bad(field + ".point", "missing");
  contact.point = vector3(cj["point"], field + ".point");
  if (!cj.contains("normal")) bad(field + ".normal", "missing");
  contact.normal = vector3(cj["normal"], field + ".normal");
  if (std::abs(contact.normal.norm() - 1.0) > 1e-9) bad(field + ".normal", "must be a unit vector");
  if (cj.contains("gap")) contact.gap = number(cj["gap"], field + ".gap");
  if (cj.contains("friction")) contact.friction = number(cj["friction"], field + ".friction");
  return contact;
}

// The `contact-forces` fields: the system, and its problem assembled by algorithms/dynamics.
void parse_multibody(const json& j, ForceCase& c) {
  check_keys(j, "",
             {"id", "kind", "family", "description", "tags", "gravity", "time_step", "bodies",
              "contacts", "expected"});
  dynamics::MultibodySystem s;
  if (j.contains("gravity")) s.gravity = vector3(j["gravity"], "gravity");
  if (j.contains("time_step")) s.time_step = divisor(j["time_step"], "time_step");
  if (!j.contains("bodies") || !j["bodies"].is_array()) bad("bodies", "missing or not an array");
  std::map<std::string, int> names;
  for (std::size_t i = 0; i < j["bodies"].size(); ++i) {
    const std::string field = "bodies[" + std::to_string(i) + "]";
    s.bodies.push_back(body(j["bodies"][i], field));
    if (!names.emplace(s.bodies.back().name, static_cast<int>(i)).second)
      bad(field + ".name", "duplicate body name '" + s.bodies.back().name + "'");
  }
  std::size_t free = 0;
  for (const auto& b : s.bodies) free += b.fixed ? 0 : 1;
  fields::within_limit(6 * free, fields::load_options().limits.matrix, "matrix",
                       "rows of the mass matrix (6 per free body)", "bodies");
  if (!j.contains("contacts") || !j["contacts"].is_array() || j["contacts"].empty())
    bad("contacts", "missing, empty or not an array");
  for (std::size_t i = 0; i < j["contacts"].size(); ++i)
    s.contacts.push_back(contact(j["contacts"][i], "contacts[" + std::to_string(i) + "]", names));
  const bool friction = std::any_of(s.contacts.begin(), s.contacts.end(),
                                    [](const dynamics::Contact& k) { return k.friction; });
  fields::within_limit(s.contacts.size() * (friction ? 3 : 1), fields::load_options().limits.matrix,
                       "matrix", friction ? "rows of A (3 per contact with friction)" : "rows of A",
                       "contacts");
  try {
    c.problem = dynamics::assemble(s);
  } catch (const std::invalid_argument& e) {
    // dynamics names the field itself ("bodies[1] (block).mass: ...").
    const std::string what = e.what();
    const auto colon = what.find(": ");
    bad(what.substr(0, colon), colon == std::string::npos ? what : what.substr(colon + 2));
  }
  c.system = std::move(s);
}

// The `lcp` fields: A and b.
void parse_lcp(const json& j, ForceCase& c) {
  check_keys(j, "", {"id", "kind", "family", "description", "tags", "A", "b", "expected"});
  if (!j.contains("b")) bad("b", "missing");
  if (j["b"].is_array())
    fields::within_limit(j["b"].size(), fields::load_options().limits.matrix, "matrix", "rows",
                         "b");
  c.problem.b = vector(j["b"], "b");
  const std::size_t n = c.problem.b.size();
  if (n == 0) bad("b", "empty problem");
  if (!j.contains("A")) bad("A", "missing");
  c.problem.A = matrix(j["A"], "A", n, n);
}

ForceExpectation expectation(const json& e, int n) {
  ForceExpectation out;
  if (!e.is_object()) bad("expected", "expected an object");
  check_keys(e, "expected", {"feasible", "acceleration", "normal_force", "min_norm_force"});
  if (e.contains("feasible")) {
    if (!e["feasible"].is_boolean()) bad("expected.feasible", "expected true or false");
    out.feasible = e["feasible"].get<bool>();
  }
  const std::size_t size = static_cast<std::size_t>(n);
  if (e.contains("acceleration"))
    out.acceleration = vector(e["acceleration"], "expected.acceleration", size);
  if (e.contains("normal_force"))
    out.normal_force = vector(e["normal_force"], "expected.normal_force", size);
  if (e.contains("min_norm_force"))
    out.min_norm_force = vector(e["min_norm_force"], "expected.min_norm_force", size);
  return out;
}

json numbers_json(const Eigen::VectorXd& v) {
  return std::vector<double>(v.data(), v.data() + v.size());
}
json matrix_json(const Eigen::MatrixXd& m) {
  json rows = json::array();
  for (int i = 0; i < m.rows(); ++i)
    rows.push_back(numbers_json(Eigen::VectorXd(m.row(i).transpose())));
  return rows;
}

json system_json(const dynamics::MultibodySystem& s, json j) {
  using fields::vec3_json;
  j["gravity"] = vec3_json(s.gravity);
  j["time_step"] = s.time_step;
  json bodies = json::array();
  for (const auto& b : s.bodies) {
    json bj = {{"name", b.name}, {"fixed", b.fixed}};
    if (!b.fixed) {
      bj["mass"] = b.mass;
      bj["inertia"] = matrix_json(b.inertia);
      bj["orientation"] = matrix_json(b.orientation);
      bj["velocity"] = vec3_json(b.velocity);
      bj["angular_velocity"] = vec3_json(b.angular_velocity);
      bj["force"] = vec3_json(b.force);
      bj["torque"] = vec3_json(b.torque);
    }
    bj["position"] = vec3_json(b.position);
    bodies.push_back(bj);
  }
  j["bodies"] = bodies;
  json contacts = json::array();
  for (const auto& k : s.contacts) {
    json kj = {{"bodies", {s.bodies[k.body_a].name, s.bodies[k.body_b].name}},
               {"point", vec3_json(k.point)},
               {"normal", vec3_json(k.normal)},
               {"gap", k.gap}};
    if (k.friction) kj["friction"] = *k.friction;
    contacts.push_back(kj);
  }
  j["contacts"] = contacts;
  return j;
}

}  // namespace

ForceCase parse_force_case(const json& j, const std::string& file, std::size_t index) {
  ForceCase c;
  c.id = fields::case_id(j);
  c.kind = j["kind"].get<std::string>();
  c.family = fields::optional_string(j, "family");
  c.description = fields::optional_string(j, "description");
  c.tags = fields::tags(j);
  if (c.kind == "lcp")
    parse_lcp(j, c);
  else
    parse_multibody(j, c);
  if (j.contains("expected")) c.expected = expectation(j["expected"], c.problem.size());
  c.origin = {{"file", file}, {"index", index}};
  return c;
}

json write_force_case_document(const std::vector<const ForceCase*>& cases) {
  json out = {{"format", "touchstone-case/1"}, {"cases", json::array()}};
  for (const ForceCase* c : cases) {
    json j = {{"id", c->id}, {"kind", c->kind}, {"family", c->family}, {"tags", c->tags}};
    if (!c->description.empty()) j["description"] = c->description;
    if (c->system) {
      j = system_json(*c->system, std::move(j));
    } else {
      j["A"] = matrix_json(c->problem.A);
      j["b"] = numbers_json(c->problem.b);
    }
    json e = json::object();
    if (c->expected.feasible) e["feasible"] = *c->expected.feasible;
    if (c->expected.acceleration) e["acceleration"] = numbers_json(*c->expected.acceleration);
    if (c->expected.normal_force) e["normal_force"] = numbers_json(*c->expected.normal_force);
    if (c->expected.min_norm_force) e["min_norm_force"] = numbers_json(*c->expected.min_norm_force);
    if (!e.empty()) j["expected"] = e;
    out["cases"].push_back(j);
  }
  return out;
}

}  // namespace touchstone
