// Every force solver the project ships, one line each. Add yours here.
#include "algorithms/forces/dantzig/dantzig.hpp"
#include "algorithms/forces/fb_newton/fb_newton.hpp"
#include "algorithms/forces/force_solver.hpp"
#include "algorithms/forces/lemke/lemke.hpp"
#include "algorithms/forces/penalty/penalty.hpp"
#include "algorithms/forces/pgs/pgs.hpp"
#include "algorithms/forces/svd_mirtich/svd_mirtich.hpp"
#ifdef TOUCHSTONE_HAVE_CLP
#include "algorithms/forces/baraff_lp/baraff_lp.hpp"
#endif
#ifdef TOUCHSTONE_HAVE_SICONOS
#include "algorithms/forces/siconos/siconos_lcp.hpp"
#endif

namespace touchstone::forces {

void register_builtin(ForceSolverRegistry& registry) {
  registry.add(penalty::info());
#ifdef TOUCHSTONE_HAVE_CLP
  registry.add(baraff_lp::info());
#endif
  registry.add(lemke::info());
  registry.add(dantzig::info());
  registry.add(pgs::info());
  registry.add(svd_mirtich::info());
  registry.add(fb_newton::ncp_info());
  registry.add(fb_newton::lcp_info());
#ifdef TOUCHSTONE_HAVE_SICONOS
  registry.add(siconos::lemke_info());
  registry.add(siconos::pgs_info());
  registry.add(siconos::fb_newton_info());
#endif
}

}  // namespace touchstone::forces
