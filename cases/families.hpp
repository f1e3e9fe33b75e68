// Degenerate case families (DESIGN §6.1): deterministic generators
// (family, seed, index) -> one proximity case, reproducible anywhere from those three values.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cases/format/proximity_case.hpp"

namespace touchstone {

struct CaseFamily {
  std::string name;         // e.g. "edge-edge-parallel"
  std::string description;  // one line: what configuration it builds and what breaks
  int default_count = 0;    // cases drawn in the built-in default suite
  std::function<ProximityCase(std::uint64_t seed, int index)> generate;
};

// The signed gaps every family sweeps, as fractions of the shapes' size:
// {0, ±1e-15, ±1e-12, ±1e-9, ±1e-6, ±1e-3}. Index i of a family uses gap_sweep()[i % 11].
const std::vector<double>& gap_sweep();

const std::vector<CaseFamily>& case_families();
const CaseFamily* find_case_family(const std::string& name);

// Families whose name matches a glob pattern ('*' and '?'), e.g. "edge-*".
std::vector<const CaseFamily*> match_case_families(const std::string& pattern);

// The built-in default suite: default_count cases of every family.
std::vector<ProximityCase> default_suite(std::uint64_t seed);

}  // namespace touchstone
