// touchstone-case/1 loader. Each case is parsed on its own so one bad case cannot take the file
// down; every error carries the path of the field that caused it.
#include "cases/format/case_loader.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include "cases/format/force_case.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

// Thrown while parsing one case; carries the field path.
struct FieldError {
  std::string field;
  std::string message;
};

[[noreturn]] void bad(const std::string& field, const std::string& message) {
  throw FieldError{field, message};
}

double number(const json& j, const std::string& field) {
  if (!j.is_number()) bad(field, "expected a number, got " + std::string(j.type_name()));
  const double x = j.get<double>();
  if (!std::isfinite(x)) bad(field, "number is not finite");
  // Beyond this magnitude squared distances overflow doubles.
  if (std::abs(x) > 1e150) bad(field, "coordinate magnitude above 1e150 is not supported");
  return x;
}

Vec3 vec3(const json& j, const std::string& field) {
  if (!j.is_array() || j.size() != 3) bad(field, "expected an array of 3 numbers");
  return {number(j[0], field + "[0]"), number(j[1], field + "[1]"), number(j[2], field + "[2]")};
}

ShapeSpec shape(const json& j, const std::string& name, const std::string& field) {
  if (!j.is_object()) bad(field, "expected an object with \"vertices\"");
  ShapeSpec s;
  s.name = name;
  if (!j.contains("vertices")) bad(field + ".vertices", "missing");
  const json& v = j["vertices"];
  if (!v.is_array()) bad(field + ".vertices", "expected an array of [x, y, z]");
  if (v.size() < 4)
    bad(field + ".vertices", "a solid needs at least 4 vertices, got " + std::to_string(v.size()));
  for (std::size_t i = 0; i < v.size(); ++i)
    s.vertices.push_back(vec3(v[i], field + ".vertices[" + std::to_string(i) + "]"));
  if (j.contains("faces")) {
    const json& f = j["faces"];
    if (!f.is_array()) bad(field + ".faces", "expected an array of index arrays");
    std::vector<std::vector<int>> faces;
    for (std::size_t i = 0; i < f.size(); ++i) {
      const std::string ff = field + ".faces[" + std::to_string(i) + "]";
      if (!f[i].is_array()) bad(ff, "expected an array of vertex indices");
      std::vector<int> face;
      for (std::size_t k = 0; k < f[i].size(); ++k) {
        const json& idx = f[i][k];
        if (!idx.is_number_integer() || idx.get<long long>() < 0 ||
            idx.get<long long>() >= static_cast<long long>(s.vertices.size()))
          bad(ff + "[" + std::to_string(k) + "]",
              "not a vertex index in [0, " + std::to_string(s.vertices.size()) + ")");
        face.push_back(idx.get<int>());
      }
      faces.push_back(std::move(face));
    }
    s.faces = std::move(faces);
  }
  for (const auto& [key, _] : j.items())
    if (key != "vertices" && key != "faces") bad(field + "." + key, "unknown field");
  return s;
}

Pose pose(const json& j, const std::string& field) {
  if (!j.is_object()) bad(field, "expected an object with translation and/or rotation");
  Vec3 t = Vec3::Zero();
  std::array<double, 4> q{1, 0, 0, 0};
  for (const auto& [key, value] : j.items()) {
    if (key == "translation") {
      t = vec3(value, field + ".translation");
    } else if (key == "rotation") {
      if (!value.is_array() || value.size() != 4)
        bad(field + ".rotation", "expected a unit quaternion [w, x, y, z]");
      for (int i = 0; i < 4; ++i)
        q[i] = number(value[i], field + ".rotation[" + std::to_string(i) + "]");
      const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
      if (std::abs(n - 1.0) > 1e-3)
        bad(field + ".rotation", "quaternion is not unit length (|q| = " + std::to_string(n) + ")");
    } else {
      bad(field + "." + key, "unknown field");
    }
  }
  return Pose::from_quaternion(q, t);
}

ProximityCase parse_case(const json& j, const std::string& file, std::size_t index) {
  ProximityCase c;
  if (!j.is_object()) bad("", "a case must be an object");
  if (!j.contains("id") || !j["id"].is_string() || j["id"].get<std::string>().empty())
    bad("id", "missing or not a non-empty string");
  c.id = j["id"].get<std::string>();
  const std::string kind = j.value("kind", std::string("proximity"));
  if (kind != "proximity")
    bad("kind", "kind '" + kind + "' is not supported yet (supported: proximity, motion)");
  if (j.contains("family")) {
    if (!j["family"].is_string()) bad("family", "expected a string");
    c.family = j["family"].get<std::string>();
  }
  if (j.contains("tags")) {
    if (!j["tags"].is_array()) bad("tags", "expected an array of strings");
    for (const auto& t : j["tags"]) {
      if (!t.is_string()) bad("tags", "expected an array of strings");
      c.tags.push_back(t.get<std::string>());
    }
  }
  if (!j.contains("shapes") || !j["shapes"].is_object()) bad("shapes", "missing or not an object");
  std::vector<std::string> pair;
  if (j.contains("pair")) {
    if (!j["pair"].is_array() || j["pair"].size() != 2 || !j["pair"][0].is_string() ||
        !j["pair"][1].is_string())
      bad("pair", "expected two shape names");
    pair = {j["pair"][0].get<std::string>(), j["pair"][1].get<std::string>()};
  } else {
    if (j["shapes"].size() != 2)
      bad("pair", "missing, and shapes does not hold exactly two shapes");
    for (const auto& [key, _] : j["shapes"].items()) pair.push_back(key);
  }
  for (const std::string& name : pair)
    if (!j["shapes"].contains(name))
      bad("pair", "names shape '" + name + "', which is not in shapes");
  c.a = shape(j["shapes"][pair[0]], pair[0], "shapes." + pair[0]);
  c.b = shape(j["shapes"][pair[1]], pair[1], "shapes." + pair[1]);
  if (j.contains("poses")) {
    const json& poses = j["poses"];
    if (!poses.is_object()) bad("poses", "expected an object keyed by shape name");
    for (const auto& [key, value] : poses.items()) {
      if (key != pair[0] && key != pair[1]) bad("poses." + key, "no such shape in pair");
      (key == pair[0] ? c.pose_a : c.pose_b) = pose(value, "poses." + key);
    }
    if (pair[0] == pair[1]) c.pose_b = c.pose_a;
  }
  if (j.contains("expected")) {
    const json& e = j["expected"];
    if (!e.is_object()) bad("expected", "expected an object");
    for (const auto& [key, value] : e.items()) {
      if (key == "relation") {
        if (!value.is_string() || !relation_from_string(value.get<std::string>()) ||
            value.get<std::string>() == "unknown")
          bad("expected.relation", "expected one of separated, touching, penetrating");
        c.expected_relation = relation_from_string(value.get<std::string>());
      } else if (key == "distance") {
        c.expected_distance = number(value, "expected.distance");
        if (*c.expected_distance < 0) bad("expected.distance", "must be >= 0");
      } else {
        bad("expected." + key, "unknown field");
      }
    }
  }
  c.origin = {{"file", file}, {"index", index}};
  return c;
}

}  // namespace

std::string LoadError::to_string() const {
  std::string s = file;
  if (!case_id.empty()) s += ": case '" + case_id + "'";
  if (!field.empty()) s += ": field '" + field + "'";
  return s + ": " + message;
}

LoadedCases parse_case_document(const std::string& text, const std::string& file) {
  LoadedCases out;
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    out.errors.push_back({file, "", "", std::string("malformed JSON: ") + e.what()});
    return out;
  }
  if (!doc.is_object() || doc.value("format", std::string()) != "touchstone-case/1") {
    out.errors.push_back({file, "", "format", "expected \"format\": \"touchstone-case/1\""});
    return out;
  }
  if (!doc.contains("cases") || !doc["cases"].is_array()) {
    out.errors.push_back({file, "", "cases", "missing or not an array"});
    return out;
  }
  std::set<std::string> ids;
  for (std::size_t i = 0; i < doc["cases"].size(); ++i) {
    const json& j = doc["cases"][i];
    if (j.is_object() && j.contains("kind") && j["kind"].is_string() &&
        is_force_case_kind(j["kind"].get<std::string>()))
      continue;  // read by the force-case loader (cases/format/force_case.hpp)
    const std::string id = j.is_object() && j.contains("id") && j["id"].is_string()
                               ? j["id"].get<std::string>()
                               : "#" + std::to_string(i);
    if (j.is_object() && j.contains("kind") && j["kind"] == "motion") {
      if (parse_motion_case(j, file, i, out.motion, out.errors) &&
          !ids.insert(out.motion.back().id).second) {
        out.errors.push_back({file, id, "id", "duplicate case id in this file"});
        out.motion.pop_back();
      }
      continue;
    }
    try {
      ProximityCase c = parse_case(j, file, i);
      if (!ids.insert(c.id).second) bad("id", "duplicate case id in this file");
      out.cases.push_back(std::move(c));
    } catch (const FieldError& e) {
      out.errors.push_back({file, id, e.field, e.message});
    } catch (const std::exception& e) {
      out.errors.push_back({file, id, "", e.what()});
    }
  }
  return out;
}

nlohmann::json write_case_document(const std::vector<const ProximityCase*>& cases) {
  json out = {{"format", "touchstone-case/1"}, {"cases", json::array()}};
  auto vec = [](const Vec3& v) { return json{v.x(), v.y(), v.z()}; };
  auto shape_json = [&](const ShapeSpec& s) {
    json vertices = json::array();
    for (const Vec3& v : s.vertices) vertices.push_back(vec(v));
    json j = {{"vertices", vertices}};
    if (s.faces) j["faces"] = *s.faces;
    return j;
  };
  auto pose_json = [&](const Pose& p, const std::string& id) {
    json j = {{"translation", vec(p.translation)}};
    if (p.source_quaternion) {
      j["rotation"] = *p.source_quaternion;
    } else if (p.has_rotation()) {
      throw std::invalid_argument("case '" + id + "': rotation has no source quaternion");
    }
    return j;
  };
  for (const ProximityCase* c : cases) {
    // Shape names must differ for the pair to be written; keep the case's own when they do.
    const std::string na = c->a.name.empty() ? "A" : c->a.name;
    const std::string nb = c->b.name.empty() || c->b.name == na ? na + "2" : c->b.name;
    json j = {{"id", c->id},
              {"kind", "proximity"},
              {"family", c->family},
              {"tags", c->tags},
              {"shapes", {{na, shape_json(c->a)}, {nb, shape_json(c->b)}}},
              {"pair", {na, nb}},
              {"poses", {{na, pose_json(c->pose_a, c->id)}, {nb, pose_json(c->pose_b, c->id)}}}};
    json expected = json::object();
    if (c->expected_relation) expected["relation"] = to_string(*c->expected_relation);
    if (c->expected_distance) expected["distance"] = *c->expected_distance;
    if (!expected.empty()) j["expected"] = expected;
    out["cases"].push_back(j);
  }
  return out;
}

LoadedCases load_cases(const std::filesystem::path& path) {
  namespace fs = std::filesystem;
  LoadedCases out;
  std::vector<fs::path> files;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    for (const auto& entry : fs::recursive_directory_iterator(path, ec))
      if (entry.is_regular_file() && entry.path().extension() == ".json")
        files.push_back(entry.path());
    std::sort(files.begin(), files.end());
  } else {
    files.push_back(path);
  }
  for (const fs::path& f : files) {
    std::ifstream in(f);
    if (!in) {
      out.errors.push_back({f.string(), "", "", "cannot open file"});
      continue;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    LoadedCases part = parse_case_document(buffer.str(), f.string());
    for (auto& c : part.cases) out.cases.push_back(std::move(c));
    for (auto& e : part.errors) out.errors.push_back(std::move(e));
    for (auto& m : part.motion) out.motion.push_back(std::move(m));
  }
  return out;
}

}  // namespace touchstone
