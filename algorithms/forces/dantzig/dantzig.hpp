#pragma once

#include "algorithms/forces/force_solver.hpp"

namespace touchstone::forces::dantzig {
ForceSolverInfo info();
}
