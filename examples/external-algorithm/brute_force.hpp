// A proximity algorithm written outside Touchstone: brute force over every feature pair of two
// convex polytopes, in floating point (see brute_force.cpp). It exists to show what an outside
// algorithm needs from the installed package: the contract (algorithms/proximity/proximity.hpp)
// and an info record for the registry (algorithms/proximity/registry.hpp).
#pragma once

#include "algorithms/proximity/registry.hpp"

namespace brute_force {

// Name "brute-force", family "exhaustive"; declares distance and witness points only.
touchstone::ProximityAlgorithmInfo info();

}  // namespace brute_force
