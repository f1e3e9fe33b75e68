// The exact reference of a force case (the frictionless LCP of A and b): its cache key, its JSON
// form (the cache's values and an isolated child's answer) and its computation under a deadline.
#pragma once

#include <Eigen/Dense>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "algorithms/forces/force_solver.hpp"
#include "harness/common/reference_cache.hpp"
#include "reference/exact_lcp.hpp"

namespace touchstone {

// FNV-1a over a format tag, the size and the bit patterns of A and b.
std::string force_input_hash(const forces::ContactProblem& problem);

nlohmann::json exact_lcp_to_json(const ExactLcp& e);
ExactLcp exact_lcp_from_json(const nlohmann::json& j);
inline constexpr ReferenceCodec<ExactLcp> kExactLcpCodec{exact_lcp_to_json, exact_lcp_from_json};

// The cache key of a force_input_hash ("force:<hash>"), the cached reference under it, and
// storing one.
std::string force_reference_key(const std::string& hash);
std::optional<ExactLcp> find_force_reference(const ReferenceCache& cache, const std::string& hash);

// The exact reference under a time limit in a forked child (0: in-process); throws
// std::runtime_error on timeout, crash or failure.
ExactLcp exact_lcp_isolated(const Eigen::MatrixXd& A, const Eigen::VectorXd& b,
                            double timeout_seconds);

}  // namespace touchstone
