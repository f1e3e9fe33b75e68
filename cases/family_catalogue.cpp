#include "cases/family_catalogue.hpp"

#include <fnmatch.h>

namespace touchstone::cases {

bool glob_match(const std::string& pattern, const std::string& name) {
  return fnmatch(pattern.c_str(), name.c_str(), 0) == 0;
}

CaseFamily family(std::string name, std::string description, int count,
                  std::function<ProximityCase(const std::string&, std::uint64_t, int)> gen) {
  CaseFamily f;
  f.name = name;
  f.description = std::move(description);
  f.default_count = count;
  f.generate = [name, gen = std::move(gen)](std::uint64_t seed, int index) {
    return gen(name, seed, index);
  };
  return f;
}

}  // namespace touchstone::cases
