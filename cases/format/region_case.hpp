// Contact-region cases (kind `contact-regions`, DESIGN §6.2; seed 000 §3): two B-reps, convex or
// not, given inline (`vertices` + `faces`, or `vertices` alone for a convex hull) or as a mesh
// file (`"mesh": "path.off|.obj|.stl"`, relative to the case file), and one or more steps. A step
// is a pose of each body and, optionally, their velocities (for back-face culling). A case with
// several steps is a motion sequence: the harness passes each step's answer to the next as the
// previous contact set 𝒞 (temporal coherence, conditions (6)–(7)).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/regions/regions.hpp"
#include "cases/format/fields.hpp"
#include "cases/format/proximity_case.hpp"

namespace touchstone {

struct RegionStep {
  Pose pose_a, pose_b;
  std::optional<BodyVelocity> velocity_a, velocity_b;
};

struct RegionCase {
  std::string id;
  std::string family;
  std::vector<std::string> tags;
  ShapeSpec a, b;                 // a mesh file is read into vertices + faces by the parser
  std::vector<RegionStep> steps;  // at least one
  // Optional, independent of the exact reference (a disagreement marks the case broken).
  std::optional<Relation> expected_relation;
  std::optional<int> expected_sufficient_regions;  // |𝓡| at every step
  // {"file": ...} or {"family": ..., "seed": ..., "index": ..., "gap": ..., params...}.
  nlohmann::json origin = nlohmann::json::object();
};

// Parses one case object of kind "contact-regions". Throws FieldError naming the field (and, for
// a bad mesh, the mesh file and its defect).
RegionCase parse_region_case(const nlohmann::json& j, const std::string& file, std::size_t index);

// A touchstone-case/1 document holding these cases; it loads back to the very same doubles
// (meshes are written inline).
nlohmann::json write_region_case_document(const std::vector<const RegionCase*>& cases);

}  // namespace touchstone
