#include "harness/common/reference_cache.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>

namespace touchstone {

const char* reference_version() { return TOUCHSTONE_REFERENCE_VERSION; }

// One line per entry, {"key": ..., "value": ..., "reference": <version>}. Lines written by another
// version of the reference code (or before versions were recorded) are skipped: recomputed, never
// trusted.
ReferenceCache::ReferenceCache(std::filesystem::path file) : file_(std::move(file)) {
  std::ifstream in(*file_);
  std::string line;
  while (std::getline(in, line)) {
    try {
      const auto j = nlohmann::json::parse(line);
      const auto version = j.find("reference");
      if (version == j.end() || !version->is_string() || *version != reference_version()) {
        ++stale_;
        continue;
      }
      entries_[j.at("key").get<std::string>()] = j.at("value");
    } catch (const std::exception&) {
      // A torn last line (interrupted run) is skipped; it will be recomputed.
    }
  }
}

std::optional<nlohmann::json> ReferenceCache::find(const std::string& key) const {
  auto it = entries_.find(key);
  if (it == entries_.end()) return std::nullopt;
  return it->second;
}

void ReferenceCache::store(const std::string& key, const nlohmann::json& value) {
  entries_[key] = value;
  if (!file_) return;
  std::error_code ignored;  // a folder that cannot be made shows as a file that cannot be opened
  std::filesystem::create_directories(file_->parent_path().empty() ? "." : file_->parent_path(),
                                      ignored);
  std::ofstream out(*file_, std::ios::app);
  out << nlohmann::json{{"key", key}, {"value", value}, {"reference", reference_version()}}.dump(
             -1, ' ', false, nlohmann::json::error_handler_t::replace)
      << '\n';
  if (!out.flush()) {
    std::cerr << "warning: cannot append to the reference cache " << *file_
              << ": references computed in this run are not stored\n";
    keep_in_memory();
  }
}

}  // namespace touchstone
