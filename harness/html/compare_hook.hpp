// The one call from the HTML report into `touchstone compare` (harness/compare): the comparison
// document of BASE against NEW that the report's comparison section shows, with compare's
// default options. Reports compare cannot pair throw std::invalid_argument naming the side and
// field; `touchstone report X BASE` stops with that error.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace touchstone {

std::optional<nlohmann::json> compare_for_html(const nlohmann::json& base,
                                               const nlohmann::json& next, std::string& why);

}  // namespace touchstone
