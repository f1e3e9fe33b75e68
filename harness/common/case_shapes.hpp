// The shapes of a case as every kind builds them: a ShapeSpec into a Polytope (errors name the
// shape), and the pair's world extent that scales the verifiers' tolerances.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cases/format/proximity_case.hpp"

namespace touchstone {

// The shape of a case (throws GeometryError naming the shape).
Polytope build_case_shape(const ShapeSpec& s);

// Both solids of a case, or nothing with "invalid geometry: <why>" appended to `problems` (the
// case is reported with that problem and its algorithms as errors).
std::optional<std::pair<Polytope, Polytope>> build_case_shapes(const ShapeSpec& a,
                                                               const ShapeSpec& b,
                                                               std::vector<std::string>& problems);

// L (diagonal of the pair's world bounding box) and M (largest absolute world coordinate).
std::pair<double, double> case_pair_extent(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                           const Pose& pose_b);

}  // namespace touchstone
