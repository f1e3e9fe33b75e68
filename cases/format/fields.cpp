// Shared field parsers and writers of touchstone-case/1 (one copy for every case kind).
#include "cases/format/fields.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <sstream>
#include <stdexcept>

#include "cases/format/load_options.hpp"
#include "cases/mesh_import.hpp"

namespace touchstone {

std::string LoadError::to_string() const {
  std::string s = file;
  if (!case_id.empty()) s += ": case '" + case_id + "'";
  if (!field.empty()) s += ": field '" + field + "'";
  return s + ": " + message;
}

namespace fields {

void bad(const std::string& field, const std::string& message) { throw FieldError{field, message}; }

namespace {

constexpr double kMaxCoordinate = 1e150;
constexpr double kMinExtent = 1e-100;

// The shape must span at least kMinExtent along some axis: below it, the squared lengths and the
// cross products of its edges underflow (a face's normal comes out zero). A single point (every
// vertex the same, extent 0) has no edge and is a shape.
void require_extent(const std::vector<Vec3>& vertices, const std::string& field) {
  if (vertices.empty()) return;
  Vec3 lo = vertices.front(), hi = lo;
  for (const Vec3& v : vertices) {
    lo = lo.cwiseMin(v);
    hi = hi.cwiseMax(v);
  }
  const double extent = (hi - lo).maxCoeff();
  if (extent >= kMinExtent || extent == 0.0) return;
  std::ostringstream m;
  m << "the shape spans " << std::setprecision(3) << extent
    << " (largest side of its bounding box), below the supported 1e-100";
  bad(field, m.str());
}

}  // namespace

double number(const json& j, const std::string& field) {
  if (!j.is_number()) bad(field, "expected a number, got " + std::string(j.type_name()));
  const double x = j.get<double>();
  if (!std::isfinite(x)) bad(field, "number is not finite");
  return x;
}

double coordinate(const json& j, const std::string& field) {
  const double x = number(j, field);
  if (std::abs(x) > kMaxCoordinate) bad(field, "coordinate magnitude above 1e150 is not supported");
  return x;
}

Vec3 vec3(const json& j, const std::string& field) {
  if (!j.is_array() || j.size() != 3) bad(field, "expected an array of 3 numbers");
  return {coordinate(j[0], field + "[0]"), coordinate(j[1], field + "[1]"),
          coordinate(j[2], field + "[2]")};
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
        q[i] = coordinate(value[i], field + ".rotation[" + std::to_string(i) + "]");
      const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
      if (std::abs(n - 1.0) > 1e-3)
        bad(field + ".rotation", "quaternion is not unit length (|q| = " + std::to_string(n) + ")");
    } else {
      unknown_field(field + "." + key);
    }
  }
  return Pose::from_quaternion(q, t);
}

namespace {

std::vector<std::vector<int>> faces(const json& f, std::size_t vertex_count,
                                    const std::string& field) {
  if (!f.is_array()) bad(field, "expected an array of index arrays");
  within_limit(f.size(), load_options().limits.faces, "faces", "faces", field);
  std::vector<std::vector<int>> out;
  for (std::size_t i = 0; i < f.size(); ++i) {
    const std::string ff = field + "[" + std::to_string(i) + "]";
    if (!f[i].is_array()) bad(ff, "expected an array of vertex indices");
    std::vector<int> face;
    for (std::size_t k = 0; k < f[i].size(); ++k) {
      const json& idx = f[i][k];
      if (!idx.is_number_integer() || idx.get<long long>() < 0 ||
          idx.get<long long>() >= static_cast<long long>(vertex_count))
        bad(ff + "[" + std::to_string(k) + "]",
            "not a vertex index in [0, " + std::to_string(vertex_count) + ")");
      face.push_back(idx.get<int>());
    }
    out.push_back(std::move(face));
  }
  return out;
}

}  // namespace

namespace {

// A shape read from a mesh file named relative to the case file.
ShapeSpec mesh_shape(const json& j, const std::string& name, const std::string& field,
                     const std::string& case_file) {
  namespace fs = std::filesystem;
  const std::string mf = field + ".mesh";
  check_keys(j, field, {"mesh"});
  if (!j["mesh"].is_string() || j["mesh"].get<std::string>().empty())
    bad(mf, "expected a file name (.off, .obj or .stl)");
  if (case_file.empty()) bad(mf, "mesh files are read only in contact-regions cases");
  fs::path path = j["mesh"].get<std::string>();
  if (path.is_relative()) path = fs::path(case_file).parent_path() / path;
  std::error_code ec;
  if (!fs::exists(path, ec))
    bad(mf, path.string() +
                ": no such file (meshes under cases/meshes/cgal/ come from "
                "harness/scripts/fetch-meshes.sh)");
  const LoadLimits& limits = load_options().limits;
  const std::uintmax_t size = fs::file_size(path, ec);
  if (!ec && size > limits.file_bytes)
    bad(mf, path.string() + ": " + std::to_string(size) + " bytes, above the limit of " +
                std::to_string(limits.file_bytes) + " (raise it with --limit file_bytes=N)");
  ShapeSpec s;
  s.name = name;
  s.mesh = path.string();
  try {
    ImportedMesh m = import_mesh(path);
    for (const std::string& w : m.warnings) warn(mf, w);
    s.vertices = std::move(m.vertices);
    s.faces = std::move(m.faces);
  } catch (const MeshError& e) {
    bad(mf, e.what());
  }
  within_limit(s.vertices.size(), limits.vertices, "vertices", "vertices in " + path.string(), mf);
  within_limit(s.faces->size(), limits.faces, "faces", "faces in " + path.string(), mf);
  for (std::size_t i = 0; i < s.vertices.size(); ++i)
    if (!s.vertices[i].allFinite() || s.vertices[i].cwiseAbs().maxCoeff() > kMaxCoordinate)
      bad(mf, path.string() + ": vertex " + std::to_string(i) +
                  " has a coordinate that is not finite or of magnitude above 1e150");
  require_extent(s.vertices, mf);
  return s;
}

}  // namespace

ShapeSpec shape(const json& j, const std::string& name, const std::string& field,
                const std::string& case_file) {
  if (!j.is_object()) bad(field, "expected an object with \"vertices\" or \"mesh\"");
  if (j.contains("mesh")) return mesh_shape(j, name, field, case_file);
  ShapeSpec s;
  s.name = name;
  if (!j.contains("vertices")) bad(field + ".vertices", "missing");
  const json& v = j["vertices"];
  if (!v.is_array()) bad(field + ".vertices", "expected an array of [x, y, z]");
  if (v.empty()) bad(field + ".vertices", "a shape needs at least one vertex, got none");
  within_limit(v.size(), load_options().limits.vertices, "vertices", "vertices",
               field + ".vertices");
  for (std::size_t i = 0; i < v.size(); ++i)
    s.vertices.push_back(vec3(v[i], field + ".vertices[" + std::to_string(i) + "]"));
  require_extent(s.vertices, field + ".vertices");
  if (j.contains("faces")) s.faces = faces(j["faces"], s.vertices.size(), field + ".faces");
  check_keys(j, field, {"vertices", "faces"});
  return s;
}

ShapePair shape_pair(const json& j, const std::string& case_file) {
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
  ShapePair out;
  out.a = shape(j["shapes"][pair[0]], pair[0], "shapes." + pair[0], case_file);
  out.b = shape(j["shapes"][pair[1]], pair[1], "shapes." + pair[1], case_file);
  if (j.contains("poses")) {
    const json& poses = j["poses"];
    if (!poses.is_object()) bad("poses", "expected an object keyed by shape name");
    for (const auto& [key, value] : poses.items()) {
      if (key != pair[0] && key != pair[1]) bad("poses." + key, "no such shape in pair");
      (key == pair[0] ? out.pose_a : out.pose_b) = pose(value, "poses." + key);
    }
    if (pair[0] == pair[1]) out.pose_b = out.pose_a;
  }
  return out;
}

Relation expected_relation(const json& j, const std::string& field) {
  if (!j.is_string() || !relation_from_string(j.get<std::string>()) ||
      j.get<std::string>() == "unknown")
    bad(field, "expected one of separated, touching, penetrating");
  return *relation_from_string(j.get<std::string>());
}

std::string case_id(const json& j) {
  if (!j.contains("id") || !j["id"].is_string() || j["id"].get<std::string>().empty())
    bad("id", "missing or not a non-empty string");
  return j["id"].get<std::string>();
}

std::string optional_string(const json& j, const std::string& key) {
  if (!j.contains(key)) return "";
  if (!j[key].is_string()) bad(key, "expected a string");
  return j[key].get<std::string>();
}

std::vector<std::string> tags(const json& j) {
  std::vector<std::string> out;
  if (!j.contains("tags")) return out;
  if (!j["tags"].is_array()) bad("tags", "expected an array of strings");
  for (const auto& t : j["tags"]) {
    if (!t.is_string()) bad("tags", "expected an array of strings");
    out.push_back(t.get<std::string>());
  }
  return out;
}

void check_keys(const json& j, const std::string& field, std::initializer_list<const char*> keys) {
  for (const auto& [key, _] : j.items())
    if (std::find_if(keys.begin(), keys.end(), [&](const char* k) { return key == k; }) ==
        keys.end())
      unknown_field(field.empty() ? key : field + "." + key);
}

json vec3_json(const Vec3& v) { return {v.x(), v.y(), v.z()}; }

json shape_json(const ShapeSpec& s) {
  json vertices = json::array();
  for (const Vec3& v : s.vertices) vertices.push_back(vec3_json(v));
  json j = {{"vertices", vertices}};
  if (s.faces) j["faces"] = *s.faces;
  return j;
}

json pose_json(const Pose& p, const std::string& owner) {
  json j = {{"translation", vec3_json(p.translation)}};
  if (p.source_quaternion) {
    j["rotation"] = *p.source_quaternion;
  } else if (p.has_rotation()) {
    throw std::invalid_argument(owner + ": rotation has no source quaternion");
  }
  return j;
}

}  // namespace fields
}  // namespace touchstone
