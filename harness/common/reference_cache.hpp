// Cache of exact references keyed by a hash of the case input (the doubles of both shapes and
// poses), stored as JSON lines so runs append cheaply. A stale entry cannot hide: the key covers
// every input double, and tests recompute a sample against the cache (reference_cache_test).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "cases/format/proximity_case.hpp"
#include "reference/exact_proximity.hpp"

namespace touchstone {

// 64-bit FNV-1a over the bit patterns of every input double, the face lists and a format tag.
std::string case_input_hash(const ProximityCase& c);

nlohmann::json exact_to_json(const ExactProximity& e);
ExactProximity exact_from_json(const nlohmann::json& j);

class ReferenceCache {
 public:
  ReferenceCache() = default;                           // in memory only
  explicit ReferenceCache(std::filesystem::path file);  // loads existing entries
  std::optional<ExactProximity> find(const std::string& hash) const;
  void store(const std::string& hash, const ExactProximity& e);  // appends to the file, if any
  std::size_t size() const { return entries_.size(); }

  // Other references (contact forces) as JSON under their own keys, in the same file, one line
  // {"key": ..., "value": ...} each.
  std::optional<nlohmann::json> find_json(const std::string& key) const;
  void store_json(const std::string& key, const nlohmann::json& value);

 private:
  std::map<std::string, nlohmann::json> json_entries_;
  std::optional<std::filesystem::path> file_;
  std::map<std::string, ExactProximity> entries_;
};

}  // namespace touchstone
