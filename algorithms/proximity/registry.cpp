#include "algorithms/proximity/registry.hpp"

#include <stdexcept>

namespace touchstone {

void ProximityRegistry::add(ProximityAlgorithmInfo info) {
  if (info.name.empty()) throw std::invalid_argument("algorithm name must not be empty");
  if (find(info.name))
    throw std::invalid_argument("algorithm '" + info.name + "' registered twice");
  if (!info.make) throw std::invalid_argument("algorithm '" + info.name + "' has no factory");
  algorithms_.push_back(std::move(info));
}

const ProximityAlgorithmInfo* ProximityRegistry::find(const std::string& name) const {
  for (const auto& a : algorithms_)
    if (a.name == name) return &a;
  return nullptr;
}

const ProximityRegistry& ProximityRegistry::builtin() {
  static const ProximityRegistry registry = [] {
    ProximityRegistry r;
    register_builtin_proximity_algorithms(r);
    return r;
  }();
  return registry;
}

}  // namespace touchstone
