#pragma once

#include "algorithms/forces/force_solver.hpp"

namespace touchstone::forces::fb_newton {
// `ncp-fb-newton`: complementarity between contact distances after the step and forces.
ForceSolverInfo ncp_info();
// `lcp-fb-newton`: the same Newton on the acceleration-level LCP a = A f + b.
ForceSolverInfo lcp_info();
}  // namespace touchstone::forces::fb_newton
