// Altered algorithms the tests register (never shipped): each answers through the built-in GJK and
// changes part of the answer, to prove that a check, the runner or the robustness experiment
// notices.
#pragma once

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

#include "algorithms/proximity/registry.hpp"

namespace touchstone::test_support {

inline const ProximityAlgorithmInfo& builtin_gjk() {
  const auto* info = ProximityRegistry::builtin().find("gjk");
  if (!info) throw std::runtime_error("gjk is not registered");
  return *info;
}

// Prepares shapes as GJK does; a subclass answers with `gjk_` and alters the answer.
class OverGjk : public ProximityAlgorithm {
 public:
  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    return gjk_->prepare(shape);
  }

 protected:
  std::unique_ptr<ProximityAlgorithm> gjk_ = builtin_gjk().make();
};

// GJK's registry entry (family, capabilities, parameters) under `name`, made by `make`.
inline ProximityAlgorithmInfo gjk_variant(
    std::string name, std::function<std::unique_ptr<ProximityAlgorithm>()> make) {
  ProximityAlgorithmInfo info = builtin_gjk();
  info.name = std::move(name);
  info.make = std::move(make);
  return info;
}

}  // namespace touchstone::test_support
