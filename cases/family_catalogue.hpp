// Naming and finding families: a family from its generator, and lookup by name or glob.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cases/families.hpp"

namespace touchstone::cases {

// A family whose generator is gen(name, seed, index).
CaseFamily family(std::string name, std::string description, int count,
                  std::function<ProximityCase(const std::string&, std::uint64_t, int)> gen);

// Shell-style glob ('*', '?') over a whole name, by POSIX fnmatch.
bool glob_match(const std::string& pattern, const std::string& name);

// The element named `name` of a family list, or nullptr; the elements matching a glob pattern.
template <typename Family>
const Family* find_named(const std::vector<Family>& families, const std::string& name) {
  for (const Family& f : families)
    if (f.name == name) return &f;
  return nullptr;
}
template <typename Family>
std::vector<const Family*> match_named(const std::vector<Family>& families,
                                       const std::string& pattern) {
  std::vector<const Family*> out;
  for (const Family& f : families)
    if (glob_match(pattern, f.name)) out.push_back(&f);
  return out;
}

}  // namespace touchstone::cases
