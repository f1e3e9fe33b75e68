// Every contact-region algorithm the project ships, one line each.
#include "algorithms/contact_sets/mirtich/mirtich_regions.hpp"
#include "algorithms/regions/allpairs/allpairs.hpp"
#include "algorithms/regions/brepindex/brepindex.hpp"
#include "algorithms/regions/bsp/bsp.hpp"
#include "algorithms/regions/bvh/bvh.hpp"
#include "algorithms/regions/peers/peers.hpp"
#include "algorithms/regions/registry.hpp"
#include "algorithms/regions/solfec/solfec.hpp"

namespace touchstone {

void register_builtin(RegionRegistry& registry) {
  registry.add(allpairs::info());
  registry.add(brepindex::info());
  registry.add(brepindex::info_without_culling());
  registry.add(bsp::info());
  registry.add(bvh_regions::info());
  registry.add(solfec::info());
  registry.add(mirtich_contacts::region_info());  // a contact-set tracker (issue 34)
  // peers (algorithms/regions/peers/peers.cmake switches each library on or off)
#ifdef TOUCHSTONE_HAVE_FCL_REGIONS
  registry.add(region_peers::fcl_mesh_info());
  registry.add(region_peers::fcl_convex_info());
#endif
#ifdef TOUCHSTONE_HAVE_BULLET_REGIONS
  registry.add(region_peers::bullet_gimpact_info());
  registry.add(region_peers::bullet_manifold_info());
#endif
}

}  // namespace touchstone
