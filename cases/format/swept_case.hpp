// Swept cases in the case document (kind `swept`; cases/README.md): an elementary vertex-face or
// edge-edge query with per-vertex linear trajectories over t ∈ [0, 1], coordinates as numbers or
// exact rationals ("num/den" strings), an optional expected answer. The same model as the CCD
// benchmark's CSV (ccd_csv.hpp), so families written here run beside the benchmark's queries.
//
//   { "id": "graze/edge", "kind": "swept", "family": "graze-boundary", "type": "vertex-face",
//     "start": [[1, 1, 1], [0, 0, 0], [2, 0, 0], [0, 2, 0]],
//     "end":   [[1, 1, -1], [0, 0, 0], [2, 0, 0], [0, 2, 0]],
//     "expected": { "collides": true, "toi": 0.5 } }
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include "cases/format/ccd_csv.hpp"

namespace touchstone {

// Throws FieldError (fields.hpp) naming the field.
SweptCase parse_swept_case(const nlohmann::json& j, const std::string& file, std::size_t index);

// The case as a document entry (exact rationals as "num/den" strings, integers as numbers).
nlohmann::json swept_case_json(const SweptCase& c);

}  // namespace touchstone
