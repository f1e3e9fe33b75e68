// Cache of exact references: JSON values under string keys, stored as JSON lines so runs append
// cheaply. Each kind chooses its keys (a hash of every input double, so a stale entry cannot
// hide) and its JSON encoding: harness/proximity/reference.hpp, harness/forces/reference.hpp.
// Each entry records the reference code's version (reference_version()); entries of another
// version are ignored, so a cache cannot outlive the code that filled it (reference_cache_test).
//
// Also the one way a kind gets the reference of a case: from the cache, else computed (in a
// forked child under a deadline), stored and timed.
#pragma once

#include <cstdint>
#include <exception>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "cases/fnv1a.hpp"  // the kinds' cache keys
#include "harness/common/child_process.hpp"
#include "harness/common/timing.hpp"

namespace touchstone {

class ReferenceCache {
 public:
  ReferenceCache() = default;                           // in memory only
  explicit ReferenceCache(std::filesystem::path file);  // loads existing entries
  std::optional<nlohmann::json> find(const std::string& key) const;
  // Appends to the file, if any; when that fails, one warning and the cache stays in memory.
  void store(const std::string& key, const nlohmann::json& value);
  void keep_in_memory() { file_.reset(); }  // stop appending to the file
  std::size_t size() const { return entries_.size(); }
  // Lines of the file skipped because another version of the reference code wrote them.
  std::size_t stale() const { return stale_; }

 private:
  std::optional<std::filesystem::path> file_;
  std::map<std::string, nlohmann::json> entries_;
  std::size_t stale_ = 0;
};

// The version of the exact reference code this build carries (a hash of reference/ and CGAL's
// version, from the build); every cache entry records the version that computed it.
const char* reference_version();

// How a kind writes its reference as JSON: the cache's values and a child's answer.
template <class T>
struct ReferenceCodec {
  nlohmann::json (*to_json)(const T&);
  T (*from_json)(const nlohmann::json&);
};

// The value under `key`, decoded; nullopt when absent or not decodable (it is then recomputed).
template <class T>
std::optional<T> find_reference(const ReferenceCache& cache, const std::string& key,
                                const ReferenceCodec<T>& codec) {
  const std::optional<nlohmann::json> j = cache.find(key);
  if (!j) return std::nullopt;
  try {
    return codec.from_json(*j);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// `compute` in a forked child under the deadline (timeout_seconds <= 0: in-process, no limit);
// throws std::runtime_error("<what> <failure>") on timeout, crash or failure.
template <class T>
T reference_in_child(const std::function<T()>& compute, const ReferenceCodec<T>& codec,
                     double timeout_seconds, const std::string& what) {
  if (timeout_seconds <= 0) return compute();
  const std::string text =
      answer_in_child([&] { return codec.to_json(compute()).dump(); }, timeout_seconds, what);
  return codec.from_json(nlohmann::json::parse(text));
}

// A reference computed afresh: its value (stored in the cache under the key), or why there is
// none; and how long it took.
template <class T>
struct ComputedReference {
  std::optional<T> value;
  std::string failure;  // the exception's message when there is no value
  double ms = 0.0;
};
template <class T>
ComputedReference<T> compute_reference(ReferenceCache& cache, const std::string& key,
                                       const ReferenceCodec<T>& codec,
                                       const std::function<T()>& compute) {
  ComputedReference<T> out;
  const auto start = Clock::now();
  try {
    out.value = compute();
    cache.store(key, codec.to_json(*out.value));
  } catch (const std::exception& e) {
    out.failure = e.what();
  }
  out.ms = ns_since(start) * 1e-6;
  return out;
}

}  // namespace touchstone
