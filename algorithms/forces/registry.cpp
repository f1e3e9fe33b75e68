#include <stdexcept>

#include "algorithms/forces/force_solver.hpp"

namespace touchstone::forces {

std::string_view to_string(SolveStatus s) {
  switch (s) {
    case SolveStatus::ok:
      return "ok";
    case SolveStatus::failed:
      return "failed";
    case SolveStatus::unsupported:
      return "unsupported";
  }
  return "unknown";
}

void ForceSolverRegistry::add(ForceSolverInfo info) {
  if (find(info.name) != nullptr)
    throw std::invalid_argument("force solver registered twice: " + info.name);
  solvers_.push_back(std::move(info));
}

const ForceSolverInfo* ForceSolverRegistry::find(const std::string& name) const {
  for (const auto& s : solvers_)
    if (s.name == name) return &s;
  return nullptr;
}

const ForceSolverRegistry& ForceSolverRegistry::builtin() {
  static const ForceSolverRegistry registry = [] {
    ForceSolverRegistry r;
    register_builtin_force_solvers(r);
    return r;
  }();
  return registry;
}

Parameters merge_parameters(const Parameters& defaults, const Parameters& overrides,
                            const std::string& solver_name) {
  Parameters merged = defaults;
  for (const auto& [name, value] : overrides) {
    if (!defaults.contains(name))
      throw std::invalid_argument("solver '" + solver_name + "' has no parameter '" + name + "'");
    merged[name] = value;
  }
  return merged;
}

}  // namespace touchstone::forces
