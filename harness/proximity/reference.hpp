// The exact reference of a proximity case: its cache key (a hash of every input double), its JSON
// form (the cache's values and an isolated child's answer) and its computation under a deadline.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "cases/format/proximity_case.hpp"
#include "harness/common/reference_cache.hpp"
#include "reference/exact_proximity.hpp"

namespace touchstone {

// 64-bit FNV-1a over the bit patterns of every input double, the face lists and a format tag.
// The cache key of the case's reference.
std::string case_input_hash(const ProximityCase& c);

nlohmann::json exact_to_json(const ExactProximity& e);
ExactProximity exact_from_json(const nlohmann::json& j);
inline constexpr ReferenceCodec<ExactProximity> kExactProximityCodec{exact_to_json,
                                                                     exact_from_json};

// Storing the reference under a case_input_hash (find_reference with kExactProximityCodec reads
// it back).
void store_proximity_reference(ReferenceCache& cache, const std::string& hash,
                               const ExactProximity& e);

// The exact reference of a pair: exact_proximity for two convex shapes, else
// exact_nonconvex_proximity (reference/exact_nonconvex.hpp: no penetration depth).
ExactProximity exact_pair_reference(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                    const Pose& pose_b);

// The exact reference of one case under the time limit (0: in-process, no limit); throws
// std::runtime_error with the reason on timeout, crash or failure.
ExactProximity exact_reference_isolated(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                        const Pose& pose_b, double timeout_seconds);

}  // namespace touchstone
