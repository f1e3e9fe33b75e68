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

}  // namespace touchstone
