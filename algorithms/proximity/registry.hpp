// Registry of proximity algorithms: name, family, paper, capabilities and a factory. Every
// algorithm the project ships is added by one line in register_all.cpp; tests may build their own
// registries (for example with a deliberately wrong algorithm).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/proximity/proximity.hpp"

namespace touchstone {

struct ProximityAlgorithmInfo {
  std::string name;    // command-line name, e.g. "gjk"
  std::string family;  // e.g. "simplex-based", "closest-feature", "peer"
  std::string paper;   // where it comes from, e.g. "seed 003 §2; Gilbert, Johnson, Keerthi 1988"
  std::string description;  // one line
  Capabilities capabilities;
  // Tunable values the algorithm runs with (tolerances, caps), written into reports.
  std::map<std::string, double> parameters{};
  std::function<std::unique_ptr<ProximityAlgorithm>()> make{};
};

class ProximityRegistry {
 public:
  void add(ProximityAlgorithmInfo info);  // throws std::invalid_argument on duplicate names
  const ProximityAlgorithmInfo* find(const std::string& name) const;
  const std::vector<ProximityAlgorithmInfo>& all() const { return algorithms_; }

  // The registry holding every algorithm the project ships (built on first use).
  static const ProximityRegistry& builtin();

 private:
  std::vector<ProximityAlgorithmInfo> algorithms_;
};

// Defined in register_all.cpp: one line per algorithm.
void register_builtin_proximity_algorithms(ProximityRegistry& registry);

}  // namespace touchstone
