#include "algorithms/regions/registry.hpp"

#include <stdexcept>

namespace touchstone {

void RegionRegistry::add(RegionAlgorithmInfo info) {
  if (info.name.empty()) throw std::invalid_argument("region algorithm name must not be empty");
  if (find(info.name))
    throw std::invalid_argument("region algorithm '" + info.name + "' registered twice");
  if (!info.make)
    throw std::invalid_argument("region algorithm '" + info.name + "' has no factory");
  algorithms_.push_back(std::move(info));
}

const RegionAlgorithmInfo* RegionRegistry::find(const std::string& name) const {
  for (const auto& a : algorithms_)
    if (a.name == name) return &a;
  return nullptr;
}

const RegionRegistry& RegionRegistry::builtin() {
  static const RegionRegistry registry = [] {
    RegionRegistry r;
    register_builtin_region_algorithms(r);
    return r;
  }();
  return registry;
}

}  // namespace touchstone
