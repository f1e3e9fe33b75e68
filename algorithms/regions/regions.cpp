#include "algorithms/regions/regions.hpp"

#include <cmath>

namespace touchstone {

std::string_view to_string(RegionSubset s) {
  switch (s) {
    case RegionSubset::intersection:
      return "intersection";
    case RegionSubset::sufficient:
      return "sufficient";
    case RegionSubset::covering:
      return "covering";
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

bool all_finite(const RegionResult& r) {
  for (const ContactRegion& c : r.regions) {
    for (const Vec3& p : c.points)
      if (!p.allFinite()) return false;
    for (const Vec3& n : c.normals)
      if (!n.allFinite()) return false;
    if (c.depth && !std::isfinite(*c.depth)) return false;
    if (c.area && !std::isfinite(*c.area)) return false;
    if (c.gap && !std::isfinite(*c.gap)) return false;
  }
  return !r.distance || std::isfinite(*r.distance);
}

}  // namespace touchstone
