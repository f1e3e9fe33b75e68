// Every proximity algorithm the project ships, one line each.
#include "algorithms/hierarchy/hierarchy.hpp"
#include "algorithms/proximity/gjk/gjk.hpp"
#include "algorithms/proximity/lin_canny/lin_canny.hpp"
#include "algorithms/proximity/peers/peers.hpp"
#include "algorithms/proximity/registry.hpp"
#include "algorithms/proximity/vclip/vclip.hpp"

namespace touchstone {

void register_builtin(ProximityRegistry& registry) {
  registry.add(gjk::info());
  registry.add(lin_canny::info());
  registry.add(vclip::info());
  // bounding-volume hierarchies on non-convex solids (seed 004 §2.2–2.4); kdop6 makes the very
  // decisions of aabb (hierarchy_test pins it), and every volume runs both strategies through
  // hierarchy::distance_shapes and the benchmark
  registry.add(hierarchy::info(hierarchy::VolumeType::sphere, hierarchy::Strategy::best_first));
  registry.add(hierarchy::info(hierarchy::VolumeType::aabb, hierarchy::Strategy::best_first));
  registry.add(hierarchy::info(hierarchy::VolumeType::obb, hierarchy::Strategy::best_first));
  registry.add(hierarchy::info(hierarchy::VolumeType::kdop14, hierarchy::Strategy::best_first));
  registry.add(hierarchy::info(hierarchy::VolumeType::kdop18, hierarchy::Strategy::best_first));
  registry.add(hierarchy::info(hierarchy::VolumeType::kdop26, hierarchy::Strategy::best_first));
  registry.add(hierarchy::info(hierarchy::VolumeType::obb, hierarchy::Strategy::greedy));
  // peers (algorithms/proximity/peers/peers.cmake switches each library on or off)
#ifdef TOUCHSTONE_HAVE_FCL
  registry.add(peers::fcl_libccd_info());
  registry.add(peers::fcl_indep_info());
  registry.add(peers::fcl_libccd_tight_info());  // tolerances at the verifier's accuracy
  registry.add(peers::fcl_indep_tight_info());
#endif
#ifdef TOUCHSTONE_HAVE_CCD
  registry.add(peers::ccd_gjk_info());
  registry.add(peers::ccd_mpr_info());
  registry.add(peers::ccd_gjk_tight_info());  // tolerances at the verifier's accuracy
  registry.add(peers::ccd_mpr_tight_info());
#endif
#ifdef TOUCHSTONE_HAVE_BULLET
  registry.add(peers::bullet_gjk_pair_info());
  registry.add(peers::bullet_gjkepa2_info());
#endif
#ifdef TOUCHSTONE_HAVE_ODE
  registry.add(peers::ode_dcollide_info());
#endif
}

}  // namespace touchstone
