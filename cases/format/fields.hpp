// The field parsers every case kind shares (DESIGN §6.2; fields documented in cases/README.md).
// A parser throws FieldError naming the JSON path of the offending field; the document reader
// (case_loader.hpp) turns it into a LoadError naming the file and the case as well.
#pragma once

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "algorithms/geometry/pose.hpp"
#include "cases/format/proximity_case.hpp"

namespace touchstone {

struct LoadError {
  std::string file;
  std::string case_id;  // "" when the whole file is bad
  std::string field;    // JSON path of the offending field, e.g. "shapes.A.vertices[3][1]"
  std::string message;
  std::string to_string() const;
};

// Thrown while parsing one case; carries the field path.
struct FieldError {
  std::string field;
  std::string message;
};

namespace fields {

using nlohmann::json;

[[noreturn]] void bad(const std::string& field, const std::string& message);

// A finite number.
double number(const json& j, const std::string& field);
// A finite number of magnitude at most 1e150: beyond it squared distances overflow doubles.
double coordinate(const json& j, const std::string& field);
// [x, y, z], three coordinates.
Vec3 vec3(const json& j, const std::string& field);
// {"translation": [x, y, z], "rotation": [w, x, y, z]}, both optional; the quaternion must be of
// unit length (within 1e-3).
Pose pose(const json& j, const std::string& field);
// {"vertices": [[x, y, z], ...], "faces": [[i, j, k, ...], ...]} ("faces" optional), or
// {"mesh": "path.off|.obj|.stl"}, the path relative to `case_file`'s folder, read by import_mesh
// (cases/mesh_import.hpp; a bad mesh is an error on `<field>.mesh` naming the file and the
// defect). Meshes are read only where the caller passes its case file (contact-regions cases).
ShapeSpec shape(const json& j, const std::string& name, const std::string& field,
                const std::string& case_file = "");

// The shapes of a case (`shapes`, `pair`) in pair order, and their poses (`poses`); `case_file`
// as for shape().
struct ShapePair {
  ShapeSpec a, b;
  Pose pose_a, pose_b;
};
ShapePair shape_pair(const json& j, const std::string& case_file = "");

// An expected relation: "separated", "touching" or "penetrating".
Relation expected_relation(const json& j, const std::string& field);

// The case's `id`: a non-empty string.
std::string case_id(const json& j);
// An optional string field of a case ("" when absent).
std::string optional_string(const json& j, const std::string& key);
// The case's `tags`, an optional array of strings.
std::vector<std::string> tags(const json& j);
// Throws "unknown field" for the first key of `j` not in `keys` (field path `field.key`).
void check_keys(const json& j, const std::string& field, std::initializer_list<const char*> keys);

// Writers: every number with round-trip precision.
json vec3_json(const Vec3& v);
json shape_json(const ShapeSpec& s);
// Throws std::invalid_argument ("<owner>: rotation has no source quaternion") for a rotation that
// was not derived from a quaternion; `owner` names the case, e.g. "case 'x'".
json pose_json(const Pose& p, const std::string& owner);

}  // namespace fields
}  // namespace touchstone
