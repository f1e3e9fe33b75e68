// The force runner: for each force case, gets the exact LCP reference (cache first, in a forked
// child with a time limit, skipped above a size cap), then runs every selected force solver
// `repetitions` times cold (no warm start), verifies the answer and records timing. Each solver
// call runs in a forked child with a time limit too (optional), so a crash, a hang or an
// exception becomes an `error` result of that solver and case, and the run goes on.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/forces/force_solver.hpp"
#include "cases/format/force_case.hpp"
#include "harness/common/kind_run.hpp"
#include "harness/common/progress.hpp"
#include "harness/common/reference_cache.hpp"
#include "harness/common/timing.hpp"
#include "harness/forces/reference.hpp"
#include "harness/forces/verifier.hpp"
#include "reference/exact_lcp.hpp"

namespace touchstone {

struct ForceRunOptions {
  int repetitions = 3;
  ForceTolerances tolerances;
  double reference_timeout_seconds = 60.0;               // 0: in-process, no limit
  int reference_max_contacts = 400;                      // larger problems: residual checks only
  double solver_timeout_seconds = 60.0;                  // per solver and case, all repetitions
  bool isolate_solvers = true;                           // fork per solver call (crash -> error)
  std::map<std::string, forces::Parameters> parameters;  // per solver name
};

struct ForceCaseRecord {
  ForceCase spec;
  std::string hash;  // of A and b: the reference depends on nothing else
  std::optional<ExactLcp> reference;
  bool reference_from_cache = false;
  double reference_ms = 0.0;
  std::string reference_note;         // why there is none (size cap, timeout, ...)
  std::vector<std::string> problems;  // expected disagrees with the reference, ...
};

struct ForceResultRecord {
  std::string solver;
  std::size_t case_index = 0;
  forces::ForceResult output;
  Verification verification;
  Timing timing;
  std::string captured_stderr;  // what the solver wrote to stderr meanwhile (report: "stderr")
};

using ForceRunResults = KindRun<ForceCaseRecord, ForceResultRecord, forces::ForceSolverInfo>;

ForceRunResults run_forces(const std::vector<ForceCase>& cases,
                           const std::vector<const forces::ForceSolverInfo*>& solvers,
                           const ForceRunOptions& options, ReferenceCache& cache,
                           const Progress& progress = {});

}  // namespace touchstone
