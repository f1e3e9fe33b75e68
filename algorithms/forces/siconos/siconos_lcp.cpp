// Peers: the LCP solvers of Siconos numerics (libsiconos-numerics-dev) behind the force-solver
// contract, for the frictionless contact LCP of seed 002 §5 — lexicographic Lemke
// (SICONOS_LCP_LEMKE), projected Gauss–Seidel (SICONOS_LCP_PGS) and the Fischer–Burmeister
// Newton with line search (SICONOS_LCP_NEWTON_FB_FBLSA), through linearComplementarity_driver.
// Siconos' status and error are reported as its own claim only: some of its solvers report success
// with a NaN error, so the verifier recomputes everything.
#include "algorithms/forces/siconos/siconos_lcp.hpp"

#include <dlfcn.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "algorithms/forces/solver_support.hpp"

// The Siconos headers carry their own extern "C" guards.
#include <LCP_Solvers.h>
#include <LinearComplementarityProblem.h>
#include <NonSmoothDrivers.h>
#include <NumericsMatrix.h>
#include <NumericsVerbose.h>
#include <SolverOptions.h>
#include <lcp_cst.h>

namespace touchstone::forces::siconos {
namespace {

// Siconos calls BLAS/LAPACK through OpenBLAS, whose worker threads spin on a loaded machine and
// inflate Siconos' CPU time by orders of magnitude on small problems. Our solvers are
// single-threaded, so the peers get one BLAS thread too. Looked up at
// run time so the build does not depend on which BLAS the system provides.
void use_one_blas_thread() {
  static const bool done = [] {
    using SetThreads = void (*)(int);
    if (auto set = reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads")))
      set(1);
    return true;
  }();
  (void)done;
}

class SiconosLcp final : public ForceSolver {
 public:
  SiconosLcp(int solver_id, const Parameters& p)
      : solver_id_(solver_id),
        max_iterations_(static_cast<int>(parameter(p, "max_iterations"))),
        tolerance_(parameter(p, "tolerance")) {}

  ForceResult solve(const ContactProblem& problem,
                    std::unique_ptr<ForceWarmStart>* /*warm_start*/) const override {
    if (auto why = check_matrix_form(problem)) return failed_result(*why);
    const int n = problem.size();
    ForceResult result;
    if (n == 0) {
      result.normal_force = Eigen::VectorXd(0);
      return result;
    }
    numerics_set_verbose(0);
    use_one_blas_thread();
    // Siconos' dense storage is column-major like Eigen's default; NM_create allocates its own
    // array (NM_create_from_data would alias ours without copying).
    NumericsMatrix* M = NM_create(NM_DENSE, n, n);
    std::memcpy(M->matrix0, problem.A.data(), sizeof(double) * static_cast<size_t>(n) * n);
    std::vector<double> q(problem.b.data(), problem.b.data() + n);
    LinearComplementarityProblem lcp{n, M, q.data()};
    SolverOptions* options = solver_options_create(solver_id_);
    options->iparam[SICONOS_IPARAM_MAX_ITER] = max_iterations_;
    options->dparam[SICONOS_DPARAM_TOL] = tolerance_;
    std::vector<double> z(n, 0.0), w(n, 0.0);
    const int info = linearComplementarity_driver(&lcp, z.data(), w.data(), options);
    result.iterations = options->iparam[SICONOS_IPARAM_ITER_DONE];
    result.own_residual = options->dparam[SICONOS_DPARAM_RESIDU];
    // Siconos 4.4 (Debian): solver_options_delete frees the members but, despite its comment,
    // not the structure, and NM_clear likewise leaves the matrix structure (LeakSanitizer).
    solver_options_delete(options);
    free(options);
    NM_clear(M);
    free(M);

    result.normal_force = Eigen::Map<const Eigen::VectorXd>(z.data(), n);
    if (info != 0) {
      set_failed(result, "Siconos returned info = " + std::to_string(info));
    } else if (!result.normal_force.allFinite()) {
      set_failed(result, "Siconos reported success with a non-finite solution");
    }
    return result;
  }

 private:
  int solver_id_;
  int max_iterations_;
  double tolerance_;
};

ForceSolverInfo make_info(std::string name, int solver_id, std::string description,
                          Parameters defaults) {
  return with_factory(
      {
          .name = std::move(name),
          .family = "peer",
          .paper = "Siconos numerics 4.4 (LCP solvers) on the LCP of seed 002 §5",
          .description = std::move(description),
          .capabilities = {.matrix_form = true},
          .defaults = std::move(defaults),
      },
      [solver_id](const Parameters& merged) -> std::unique_ptr<ForceSolver> {
        return std::make_unique<SiconosLcp>(solver_id, merged);
      });
}

}  // namespace

ForceSolverInfo lemke_info() {
  return make_info("siconos-lemke", SICONOS_LCP_LEMKE, "Siconos lexicographic Lemke",
                   {{"max_iterations", 100000}, {"tolerance", 1e-12}});
}

ForceSolverInfo pgs_info() {
  return make_info("siconos-pgs", SICONOS_LCP_PGS, "Siconos projected Gauss–Seidel",
                   {{"max_iterations", 100000}, {"tolerance", 1e-10}});
}

ForceSolverInfo fb_newton_info() {
  return make_info("siconos-fb-newton", SICONOS_LCP_NEWTON_FB_FBLSA,
                   "Siconos Fischer–Burmeister Newton with line search",
                   {{"max_iterations", 100}, {"tolerance", 1e-12}});
}

}  // namespace touchstone::forces::siconos
