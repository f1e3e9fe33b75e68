// The contact-region algorithms' registry entry: name, family, paper, capabilities, parameters
// and a factory (the registry itself: algorithms/registry.hpp).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/regions/regions.hpp"
#include "algorithms/registry.hpp"

namespace touchstone {

struct RegionAlgorithmInfo {
  static constexpr std::string_view kNoun = "region algorithm";
  std::string name;         // command-line name, e.g. "regions-allpairs"
  std::string family;       // "baseline", "space-partitioning", "peer"
  std::string paper;        // where it comes from
  std::string description;  // one line
  RegionCapabilities capabilities;
  std::map<std::string, double> parameters{};  // tolerances and caps, written into reports
  std::function<std::unique_ptr<RegionAlgorithm>()> make{};
};

using RegionRegistry = Registry<RegionAlgorithmInfo>;

// Defined in regions/register_all.cpp: one line per algorithm.
void register_builtin(RegionRegistry& registry);

}  // namespace touchstone
