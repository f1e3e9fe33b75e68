#include "algorithms/regions/regions.hpp"

namespace touchstone {

std::string_view to_string(RegionSubset s) {
  switch (s) {
    case RegionSubset::intersection:
      return "intersection";
    case RegionSubset::sufficient:
      return "sufficient";
  }
  return "sufficient";
}

RegionResult failed_regions(std::string reason, RegionSubset subset) {
  RegionResult r;
  r.status = QueryStatus::failed;
  r.reason = std::move(reason);
  r.subset = subset;
  return r;
}

}  // namespace touchstone
