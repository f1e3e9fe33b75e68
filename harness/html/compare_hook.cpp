#include "harness/html/compare_hook.hpp"

#include "harness/compare/compare.hpp"

namespace touchstone {

// compare_reports throws on reports it cannot pair; the caller (html/cli.cpp) reports that.
std::optional<nlohmann::json> compare_for_html(const nlohmann::json& base,
                                               const nlohmann::json& next, std::string&) {
  return compare_reports(base, next, CompareOptions{});
}

}  // namespace touchstone
