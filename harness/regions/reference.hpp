// The exact reference of one step of a contact-region case (reference/exact_regions.hpp): its cache
// key (FNV-1a over every input double: both B-reps, both poses and the shallow limit τ), its JSON
// form (the cache's values and an isolated child's answer) and its computation under a deadline.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "harness/common/reference_cache.hpp"
#include "reference/exact_regions.hpp"

namespace touchstone {

// The key of the reference of A, B under their poses with this shallow limit ("regions:<hash>");
// a reference with the contact patch (ExactRegionOptions::compute_patch) has its own key.
std::string region_reference_key(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                 const Pose& pose_b, double shallow_limit, bool with_patch = false);

nlohmann::json exact_regions_to_json(const ExactRegions& e);
ExactRegions exact_regions_from_json(const nlohmann::json& j);
inline constexpr ReferenceCodec<ExactRegions> kExactRegionsCodec{exact_regions_to_json,
                                                                 exact_regions_from_json};

// exact_regions in a forked child under the time limit (0: in-process, no limit); throws
// std::runtime_error with the reason on timeout, crash or failure.
ExactRegions exact_regions_isolated(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                    const Pose& pose_b, const ExactRegionOptions& options,
                                    double timeout_seconds);

// The reference of A, B under their poses with the shallow limit ask.shallow_limit (and the patch
// when ask.compute_patch): found in the cache under region_reference_key, else computed by
// exact_regions_isolated under the deadline and stored.
struct AcquiredRegions {
  std::string key;
  std::optional<ExactRegions> reference;
  bool from_cache = false;
  double ms = 0.0;      // computing it (0 when found in the cache)
  std::string failure;  // why there is none
};
AcquiredRegions acquire_region_reference(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                         const Pose& pose_b, const ExactRegionOptions& ask,
                                         ReferenceCache& cache, double timeout_seconds);

// "vertex 3" style names and back, for the JSON forms of entities.
nlohmann::json feature_json(const Feature& f);
Feature feature_from_json(const nlohmann::json& j);

}  // namespace touchstone
