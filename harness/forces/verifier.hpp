// The verifier for contact forces (DESIGN §3.3, §5). It never trusts the solver's status or
// residual: it recomputes a = A f + b from the returned forces and checks
//   finite output, min(f) (pulling), min(a) (penetration tendency), complementarity |f_i a_i|,
//   the natural-map residual ‖min(f, A f + b)‖ (also relative to ‖b‖, as Siconos reports it),
//   accelerations and body accelerations against the exact reference where they are unique, and
//   forces against the exact ones only where they are unique or the method promises the minimum
//   norm (capabilities.minimum_norm).
// Position-level methods (capabilities.position_level, on problems with gaps) are judged on the
// penetration after the step (forces::gap_after_step) and on their time-averaged force: the
// accelerations it produces against the exact ones, with a looser tolerance.
// Friction-modelling solvers on problems with friction are checked on the full system
// (normal conditions and the Coulomb cone); the frictionless reference does not apply there.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>

#include "algorithms/forces/force_solver.hpp"
#include "harness/common/verdict.hpp"
#include "reference/exact_lcp.hpp"

namespace touchstone {

// Scales: F = max(‖f_exact‖∞, ‖b‖∞ / max|A_ij|) for forces, S = ‖b‖∞ + max|A_ij|·F for
// accelerations; every tolerance below is relative to them.
struct ForceTolerances {
  double residual_relative = 1e-6;      // sign conditions, complementarity, natural map
  double acceleration_relative = 1e-6;  // |a − a*| <= this · S (also body accelerations)
  double force_relative = 1e-6;         // |f − f*| <= this · F
  double position_relative = 1e-2;      // position-level: accelerations of the mean force
  double penetration_relative = 1e-2;   // new penetration allowed, relative to h²·S
  nlohmann::json to_json() const;
};

Verification verify_forces(const forces::ForceResult& result,
                           const forces::ForceCapabilities& capabilities,
                           const forces::ContactProblem& problem, const ExactLcp* exact,
                           const ForceTolerances& tolerances);

// a = A f + b for the normal forces, and the natural-map residual ‖min(f, a)‖₂.
double natural_map_residual(const forces::ContactProblem& problem, const Eigen::VectorXd& f);

}  // namespace touchstone
