// The force-solver contract (DESIGN §3.3): every contact-force method, ours and peers, answers one
// contact problem through this interface so the harness can run and verify them alike.
//
// The matrix form is Baraff 1989 (seed 002, §4–5): the normal relative accelerations of the n
// contacts are a = A f + b, and a frictionless solution satisfies a >= 0, f >= 0, fᵀa = 0.
// The dynamics module (algorithms/dynamics/) builds it from the multibody form; `lcp` cases give
// A and b directly.
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/registry.hpp"

namespace touchstone::forces {

struct ContactProblem {
  // a = A f + b over the normal directions, n×n and n (A is PSD for frictionless contact).
  Eigen::MatrixXd A;
  Eigen::VectorXd b;

  // Friction (multibody problems only): per-contact coefficients (empty = frictionless) and the
  // full system over [normal, tangent1, tangent2] per contact, ordered contact by contact
  // (rows 3i, 3i+1, 3i+2), so A_full is 3n×3n and the normal rows/columns equal A.
  Eigen::VectorXd friction;
  std::optional<Eigen::MatrixXd> A_full;
  std::optional<Eigen::VectorXd> b_full;

  // Position-level data (multibody problems only), for methods that work over a time step
  // (penalty, the NCP of seed 004 §3.2): current signed gaps (negative = penetrating), relative
  // normal velocities, and the step h. See gap_after_step().
  std::optional<Eigen::VectorXd> gap;
  std::optional<Eigen::VectorXd> normal_velocity;
  double time_step = 0.0;

  // Body accelerations as an affine map of the contact forces (multibody problems only):
  // stacked [linear; angular] accelerations of the free bodies = body_map · f_full + body_offset,
  // where f_full is f (frictionless, n) or the 3n vector of normal and tangential components.
  std::optional<Eigen::MatrixXd> body_map;
  std::optional<Eigen::VectorXd> body_offset;

  int size() const { return static_cast<int>(b.size()); }
  bool has_friction() const { return friction.size() > 0; }
};

// Gaps at the end of one semi-implicit Euler step of length h under constant forces f:
// v⁺ = v + h (A f + b), gap⁺ = gap + h v⁺. Requires gap, normal_velocity and time_step.
inline Eigen::VectorXd gap_after_step(const ContactProblem& p, const Eigen::VectorXd& f) {
  const double h = p.time_step;
  return *p.gap + h * (*p.normal_velocity + h * (p.A * f + p.b));
}

enum class SolveStatus { ok, failed, unsupported };
std::string_view to_string(SolveStatus s);

struct ForceCapabilities {
  bool matrix_form = true;      // accepts problems given only as A, b (`lcp` cases)
  bool friction = false;        // models friction (reports friction_force)
  bool minimum_norm = false;    // promises the minimum-norm forces (SVD), so forces are checked
  bool position_level = false;  // works over a time step on gaps (penalty, NCP on distances)
  bool warm_start = false;      // uses the caller's warm-start state
};

struct ForceResult {
  SolveStatus status = SolveStatus::ok;
  std::string reason;            // why it failed (iteration cap, ray termination, ...)
  Eigen::VectorXd normal_force;  // n contact force magnitudes (penalty: mean over the step)
  std::optional<Eigen::MatrixXd> friction_force;  // n×2 tangential components where modeled
  int iterations = 0;                             // pivots, sweeps or Newton steps
  std::optional<double> own_residual;             // the solver's own claim; reported, never trusted
  std::string branch;  // which path answered (LP: "V=empty", "predicted", ...)
  // Position-level methods: gaps at the end of the step and the deepest penetration reached.
  std::optional<Eigen::VectorXd> gap_after;
  std::optional<double> max_penetration;
};

// Coherence state carried from one solve to the next (previous forces, active set). Owned by the
// caller; a solver creates it on the first call and updates it in place.
struct ForceWarmStart {
  virtual ~ForceWarmStart() = default;
};

class ForceSolver {
 public:
  virtual ~ForceSolver() = default;
  // warm_start may be null. Must not throw on degenerate problems: report SolveStatus::failed
  // with a reason instead. Must terminate (iteration and pivot caps).
  virtual ForceResult solve(const ContactProblem& problem,
                            std::unique_ptr<ForceWarmStart>* warm_start) const = 0;
};

using Parameters = std::map<std::string, double>;

struct ForceSolverInfo {
  static constexpr std::string_view kNoun = "force solver";
  std::string name;    // command-line name, e.g. "lemke"
  std::string family;  // "lcp-pivoting", "lcp-iterative", "lp", "svd", "ncp", "penalty", "peer"
  std::string paper;   // e.g. "seed 002 §6"
  std::string description;  // one line
  ForceCapabilities capabilities;
  Parameters defaults;  // every parameter with its default value (written into reports)
  // Convention: a default parameter "max_contacts" > 0 declares the largest problem the solver is
  // meant for; the benchmark (harness/bench/bench_forces.cpp) skips larger sizes.
  // Builds the solver; `parameters` overrides a subset of `defaults` (unknown names throw).
  std::function<std::unique_ptr<ForceSolver>(const Parameters& parameters)> make{};
};

using ForceSolverRegistry = Registry<ForceSolverInfo>;

// Merges overrides into defaults; throws std::invalid_argument naming an unknown parameter.
Parameters merge_parameters(const Parameters& defaults, const Parameters& overrides,
                            const std::string& solver_name);

// Defined in register_all.cpp: one line per solver.
void register_builtin(ForceSolverRegistry& registry);

}  // namespace touchstone::forces
