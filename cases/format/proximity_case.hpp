// A case as the harness holds it, whether read from a `touchstone-case/1` file (DESIGN §6.2) or
// drawn from a degenerate family generator (cases/families.hpp); its parser and its writer.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/geometry/pose.hpp"
#include "algorithms/proximity/proximity.hpp"

namespace touchstone {

struct ShapeSpec {
  std::string name;
  std::vector<Vec3> vertices;
  std::optional<std::vector<std::vector<int>>> faces;  // explicit B-rep; absent: convex hull
  std::string mesh = {};  // the mesh file it was read from ("" when given inline), for reports
};

struct ProximityCase {
  std::string id;
  std::string family;  // generator family name, or what the file says ("" if none)
  std::vector<std::string> tags;
  ShapeSpec a, b;  // the pair, in order
  Pose pose_a, pose_b;
  std::optional<Relation> expected_relation;  // optional, independent of the exact reference
  std::optional<double> expected_distance;
  // Where it came from: {"file": ...} or {"family": ..., "seed": ..., "index": ..., params...}.
  nlohmann::json origin = nlohmann::json::object();
};

// Parses one case object of kind "proximity" (the document reader, case_loader.hpp, has checked
// that it is an object of that kind). Throws FieldError (cases/format/fields.hpp) naming the field.
ProximityCase parse_proximity_case(const nlohmann::json& j, const std::string& file,
                                   std::size_t index);

// Writes cases as a touchstone-case/1 document that loads back to the very same doubles (every
// number is written with round-trip precision). Throws std::invalid_argument for a pose whose
// rotation was not derived from a quaternion.
nlohmann::json write_case_document(const std::vector<const ProximityCase*>& cases);

}  // namespace touchstone
