#pragma once

#include "algorithms/forces/force_solver.hpp"

namespace touchstone::forces::svd_mirtich {
ForceSolverInfo info();
}
