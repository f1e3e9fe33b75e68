// Registry of contact-region algorithms: name, family, paper, capabilities and a factory. Every
// algorithm the project ships is added by one line in regions/register_all.cpp; tests may build
// their own registries (for example with deliberately wrong algorithms).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/regions/regions.hpp"

namespace touchstone {

struct RegionAlgorithmInfo {
  std::string name;         // command-line name, e.g. "regions-allpairs"
  std::string family;       // "baseline", "space-partitioning", "peer"
  std::string paper;        // where it comes from
  std::string description;  // one line
  RegionCapabilities capabilities;
  std::map<std::string, double> parameters{};  // tolerances and caps, written into reports
  std::function<std::unique_ptr<RegionAlgorithm>()> make{};
};

class RegionRegistry {
 public:
  void add(RegionAlgorithmInfo info);  // throws std::invalid_argument on duplicate names
  const RegionAlgorithmInfo* find(const std::string& name) const;
  const std::vector<RegionAlgorithmInfo>& all() const { return algorithms_; }
  static const RegionRegistry& builtin();

 private:
  std::vector<RegionAlgorithmInfo> algorithms_;
};

// Defined in regions/register_all.cpp: one line per algorithm.
void register_builtin_region_algorithms(RegionRegistry& registry);

}  // namespace touchstone
