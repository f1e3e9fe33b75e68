// The shapes of a case as every kind builds them: a ShapeSpec into a Polytope (errors name the
// shape), and the pair's world extent that scales the verifiers' tolerances.
#pragma once

#include <utility>

#include "cases/format/proximity_case.hpp"

namespace touchstone {

// The shape of a case (throws GeometryError naming the shape).
Polytope build_case_shape(const ShapeSpec& s);

// L (diagonal of the pair's world bounding box) and M (largest absolute world coordinate).
std::pair<double, double> case_pair_extent(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                           const Pose& pose_b);

}  // namespace touchstone
