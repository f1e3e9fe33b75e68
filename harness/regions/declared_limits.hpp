// Declared limits of contact-region algorithms (RegionCapabilities::nameable_pairs): a region of
// the claimed subset whose entity kinds the algorithm declares it cannot name, and that it did
// not return, is `missed (declared limit)` (counted, reported as unsupported) instead of a
// `missing region` failure. A region of those kinds that it does return is checked as usual.
#pragma once

#include "algorithms/regions/regions.hpp"
#include "harness/regions/verifier.hpp"
#include "reference/exact_regions.hpp"

namespace touchstone {

// True when `region` (not returned: `named` false) lies outside the declared kinds; counts it in
// counts.declared_limit.
bool missed_by_declared_limit(const RegionCapabilities& caps, const ExactRegion& region, bool named,
                              RegionCounts& counts);

}  // namespace touchstone
