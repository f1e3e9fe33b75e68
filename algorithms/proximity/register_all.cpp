// Every proximity algorithm the project ships, one entry each.
#include <vector>

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
  using hierarchy::Strategy;
  using hierarchy::VolumeType;
  for (VolumeType volume : {VolumeType::sphere, VolumeType::aabb, VolumeType::obb,
                            VolumeType::kdop14, VolumeType::kdop18, VolumeType::kdop26})
    registry.add(hierarchy::info(volume, Strategy::best_first));
  registry.add(hierarchy::info(VolumeType::obb, Strategy::greedy));
  // peers, one row per library (algorithms/proximity/peers/peers.cmake switches each on or off);
  // each _tight variant runs at the verifier's accuracy
  const std::vector<ProximityAlgorithmInfo (*)()> peer_infos = {
#ifdef TOUCHSTONE_HAVE_FCL
      peers::fcl_libccd_info,       peers::fcl_indep_info,
      peers::fcl_libccd_tight_info, peers::fcl_indep_tight_info,
#endif
#ifdef TOUCHSTONE_HAVE_CCD
      peers::ccd_gjk_info,          peers::ccd_mpr_info,
      peers::ccd_gjk_tight_info,    peers::ccd_mpr_tight_info,
#endif
#ifdef TOUCHSTONE_HAVE_BULLET
      peers::bullet_gjk_pair_info,  peers::bullet_gjkepa2_info,
#endif
#ifdef TOUCHSTONE_HAVE_ODE
      peers::ode_dcollide_info,
#endif
  };
  for (const auto& info : peer_infos) registry.add(info());
}

}  // namespace touchstone
