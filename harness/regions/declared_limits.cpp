// Declared limits: see declared_limits.hpp.
#include "harness/regions/declared_limits.hpp"

namespace touchstone {

bool missed_by_declared_limit(const RegionCapabilities& caps, const ExactRegion& region, bool named,
                              RegionCounts& counts) {
  if (named || caps.can_name(region.a.kind, region.b.kind)) return false;
  ++counts.declared_limit;
  return true;
}

}  // namespace touchstone
