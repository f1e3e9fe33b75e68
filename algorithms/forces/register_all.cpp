// Every force solver the project ships, one line each. Add yours here.
#include "algorithms/forces/force_solver.hpp"

namespace touchstone::forces {

void register_builtin_force_solvers(ForceSolverRegistry& registry) { (void)registry; }

}  // namespace touchstone::forces
