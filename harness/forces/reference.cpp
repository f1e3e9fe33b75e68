#include "harness/forces/reference.hpp"

#include <cstdint>

#include "harness/common/wire.hpp"

namespace touchstone {

using nlohmann::json;

std::string force_input_hash(const forces::ContactProblem& p) {
  Fnv1a f;
  // Bump when the force reference computation changes.
  const char tag[] = "touchstone-force-reference/1";
  f.bytes(tag, sizeof tag);
  f.value(static_cast<std::int64_t>(p.size()));
  for (int i = 0; i < p.A.rows(); ++i)
    for (int j = 0; j < p.A.cols(); ++j) f.value(p.A(i, j));
  for (int i = 0; i < p.b.size(); ++i) f.value(p.b[i]);
  return f.hex();
}

json exact_lcp_to_json(const ExactLcp& e) {
  return {{"outcome", std::string(to_string(e.outcome))},
          {"method", e.method},
          {"detail", e.detail},
          {"acceleration", wire::vector(e.acceleration)},
          {"force", wire::vector(e.force)},
          {"acceleration_unique", e.acceleration_unique},
          {"forces_unique", e.forces_unique},
          {"minimum_norm", e.minimum_norm},
          {"pivots", e.pivots}};
}

ExactLcp exact_lcp_from_json(const json& j) {
  ExactLcp e;
  const std::string o = j.at("outcome").get<std::string>();
  e.outcome = o == "solved"       ? ExactLcp::Outcome::solved
              : o == "infeasible" ? ExactLcp::Outcome::infeasible
                                  : ExactLcp::Outcome::unresolved;
  e.method = j.at("method").get<std::string>();
  e.detail = j.at("detail").get<std::string>();
  e.acceleration = wire::to_vector(j.at("acceleration"));
  e.force = wire::to_vector(j.at("force"));
  e.acceleration_unique = j.at("acceleration_unique").get<bool>();
  e.forces_unique = j.at("forces_unique").get<bool>();
  e.minimum_norm = j.at("minimum_norm").get<bool>();
  e.pivots = j.at("pivots").get<int>();
  return e;
}

std::string force_reference_key(const std::string& hash) { return "force:" + hash; }

std::optional<ExactLcp> find_force_reference(const ReferenceCache& cache, const std::string& hash) {
  return find_reference(cache, force_reference_key(hash), kExactLcpCodec);
}

ExactLcp exact_lcp_isolated(const Eigen::MatrixXd& A, const Eigen::VectorXd& b,
                            double timeout_seconds) {
  return reference_in_child<ExactLcp>([&] { return exact_lcp(A, b); }, kExactLcpCodec,
                                      timeout_seconds, "exact LCP reference");
}

}  // namespace touchstone
