// Every proximity algorithm the project ships, one line each.
#include "algorithms/proximity/gjk/gjk.hpp"
#include "algorithms/proximity/lin_canny/lin_canny.hpp"
#include "algorithms/proximity/registry.hpp"
#include "algorithms/proximity/vclip/vclip.hpp"

namespace touchstone {

void register_builtin_proximity_algorithms(ProximityRegistry& registry) {
  registry.add(gjk::info());
  registry.add(lin_canny::info());
  registry.add(vclip::info());
}

}  // namespace touchstone
