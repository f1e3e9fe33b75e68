#include "harness/html/compare_hook.hpp"

#include "harness/compare/compare.hpp"

namespace touchstone {

// compare_reports throws on reports it cannot pair; the caller (html/cli.cpp) reports that.
std::optional<nlohmann::json> compare_for_html(const nlohmann::json& base,
                                               const nlohmann::json& next,
                                               const std::string& control, bool family_level,
                                               std::string&) {
  CompareOptions options;
  options.control = control;
  if (family_level) options.timing_level = TimingLevel::family;
  return compare_reports(base, next, options);
}

}  // namespace touchstone
