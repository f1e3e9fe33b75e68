#include "harness/html/compare_hook.hpp"

namespace touchstone {

std::optional<nlohmann::json> compare_for_html(const nlohmann::json&, const nlohmann::json&,
                                               std::string& why) {
  why = "this build has no `touchstone compare` (harness/compare): a BASE report is unsupported";
  return std::nullopt;
}

}  // namespace touchstone
