#include "algorithms/forces/force_solver.hpp"

#include <stdexcept>

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
