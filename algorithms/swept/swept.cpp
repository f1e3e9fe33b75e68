// The registry of swept algorithms: one line per algorithm.
#include "algorithms/swept/swept.hpp"

namespace touchstone {

#ifdef TOUCHSTONE_HAVE_FCL
namespace {
// FCL 0.7 continuousCollide, CCDM_TRANS, whole solids only (no elementary test).
SweptAlgorithmInfo fcl_swept_info(const char* name, FclCcdSolver solver, const char* what) {
  SweptAlgorithmInfo info{name,
                          "peer: FCL 0.7 fcl::continuousCollide, CCDM_TRANS",
                          what,
                          false,
                          {{"num_max_iterations", 10}, {"toc_err", 1e-4}}};
  info.solids = [solver](const SweptSolidsQuery& q) { return fcl_swept(q, solver); };
  return info;
}
}  // namespace
#endif

void register_builtin(SweptAlgorithmRegistry& registry) {
  const IntervalParameters interval{};
  registry.add({"silvia-swept",
                "seed 004 §2.3 (Buck, Schömer, SiLVIA)",
                "linearly interpolated signed distance, prism / closest-points test at t_c",
                false,
                {},
                silvia_swept});
  registry.add({"interval-swept",
                "ours: exact reference's conditions in interval arithmetic",
                "time bisection, f = 0 and the static test's signs over each interval, outward "
                "rounding",
                true,
                {{"tolerance", interval.tolerance},
                 {"max_intervals", static_cast<double>(interval.max_intervals)}},
                [interval](const SweptQuery& q) { return interval_swept(q, interval); }});
  registry.add({"sampling-k",
                "baseline: discrete sub-steps",
                "k = 16 sub-steps, plane crossing "
                "between samples and a static test at the crossing",
                false,
                {{"k", 16}},
                [](const SweptQuery& q) { return sampling_swept(q, 16); }});
#ifdef TOUCHSTONE_HAVE_FCL
  registry.add(fcl_swept_info("fcl-ccd-naive", FclCcdSolver::naive,
                              "CCDC_NAIVE: discrete collide() at 10 evenly spaced times"));
  registry.add(fcl_swept_info("fcl-ccd-ca", FclCcdSolver::conservative_advancement,
                              "CCDC_CONSERVATIVE_ADVANCEMENT on OBBRSS meshes"));
  registry.add(
      fcl_swept_info("fcl-ccd-poly", FclCcdSolver::polynomial,
                     "CCDC_POLYNOMIAL_SOLVER: triangle pairs' cubics under the swept BVH"));
#endif
}

}  // namespace touchstone
