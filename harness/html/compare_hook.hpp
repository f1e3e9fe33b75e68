// The one call from the HTML report into `touchstone compare` (harness/compare, issue 13 part 1,
// built on another branch): the comparison document of BASE against NEW that the report's
// comparison section shows. Until harness/compare is merged this build has no comparison: the
// function answers nullopt and says why, and `touchstone report X BASE` stops with that error.
// At the merge its body becomes `return compare_reports(base, next, CompareOptions{});` (with
// #include "harness/compare/compare.hpp"; check-includes.py already lets html include compare).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace touchstone {

std::optional<nlohmann::json> compare_for_html(const nlohmann::json& base,
                                               const nlohmann::json& next, std::string& why);

}  // namespace touchstone
