#pragma once

#include "algorithms/forces/force_solver.hpp"

namespace touchstone::forces::baraff_lp {
ForceSolverInfo info();
}
