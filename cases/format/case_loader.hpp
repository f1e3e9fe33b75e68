// Reads `touchstone-case/1` files (DESIGN §6.2; fields documented in cases/README.md). A bad file
// or a bad case becomes a LoadError naming the file, the case id and the field; the other cases of
// the file are still loaded.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "cases/format/proximity_case.hpp"
#include "cases/format/motion_case.hpp"

namespace touchstone {

struct LoadError {
  std::string file;
  std::string case_id;  // "" when the whole file is bad
  std::string field;    // JSON path of the offending field, e.g. "shapes.A.vertices[3][1]"
  std::string message;
  std::string to_string() const;
};

struct LoadedCases {
  std::vector<ProximityCase> cases;
  std::vector<LoadError> errors;
  std::vector<MotionCase> motion;  // cases of kind "motion" (cases/format/motion_case.hpp)
};

// Parses a document already read into memory; `file` is only used to name errors.
LoadedCases parse_case_document(const std::string& text, const std::string& file);
// Writes cases as a touchstone-case/1 document that loads back to the very same doubles (every
// number is written with round-trip precision). Throws std::invalid_argument for a pose whose
// rotation was not derived from a quaternion.
nlohmann::json write_case_document(const std::vector<const ProximityCase*>& cases);

// Loads one file, or every *.json file under a directory (recursively, in sorted order).
LoadedCases load_cases(const std::filesystem::path& path);

}  // namespace touchstone
