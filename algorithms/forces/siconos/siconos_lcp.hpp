#pragma once

#include "algorithms/forces/force_solver.hpp"

namespace touchstone::forces::siconos {
ForceSolverInfo lemke_info();      // `siconos-lemke`
ForceSolverInfo pgs_info();        // `siconos-pgs`
ForceSolverInfo fb_newton_info();  // `siconos-fb-newton`
}  // namespace touchstone::forces::siconos
