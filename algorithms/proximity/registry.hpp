// The proximity algorithms' registry entry: name, family, paper, capabilities, parameters and a
// factory (the registry itself: algorithms/registry.hpp).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/proximity/proximity.hpp"
#include "algorithms/registry.hpp"

namespace touchstone {

struct ProximityAlgorithmInfo {
  static constexpr std::string_view kNoun = "algorithm";
  std::string name;    // command-line name, e.g. "gjk"
  std::string family;  // e.g. "simplex-based", "closest-feature", "peer"
  std::string paper;   // where it comes from, e.g. "seed 003 §2; Gilbert, Johnson, Keerthi 1988"
  std::string description;  // one line
  Capabilities capabilities;
  // Tunable values the algorithm runs with (tolerances, caps), written into reports.
  std::map<std::string, double> parameters{};
  std::function<std::unique_ptr<ProximityAlgorithm>()> make{};
};

using ProximityRegistry = Registry<ProximityAlgorithmInfo>;

// Defined in register_all.cpp: one line per algorithm.
void register_builtin(ProximityRegistry& registry);

}  // namespace touchstone
