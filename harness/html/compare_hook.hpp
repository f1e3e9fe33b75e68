// The one call from the HTML report into `touchstone compare` (harness/compare): the comparison
// document of BASE against NEW that the report's comparison section shows, with compare's
// default options except the control and timing level the command was given (`--control`,
// `--timing-level`, as in `touchstone compare`). Reports compare cannot pair throw
// std::invalid_argument naming the side and field; `touchstone report X BASE` stops with that
// error.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace touchstone {

std::optional<nlohmann::json> compare_for_html(const nlohmann::json& base,
                                               const nlohmann::json& next,
                                               const std::string& control, bool family_level,
                                               std::string& why);

}  // namespace touchstone
