// GJK distance (Gilbert, Johnson, Keerthi 1988; compared with V-Clip in seed 003 §2.4, used by
// Solfec in seed 001) with EPA for penetration depth. See gjk.cpp for the termination rules.
#pragma once

#include "algorithms/proximity/registry.hpp"

namespace touchstone::gjk {

ProximityAlgorithmInfo info();

}  // namespace touchstone::gjk
