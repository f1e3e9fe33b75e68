// The text pieces of the HTML report (harness/html): escaping everything that comes from a report
// (case ids, reasons and command lines are user input), numbers as the report shows them, and the
// verdict vocabulary with its colours.
#pragma once

#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "harness/common/verdict.hpp"

namespace touchstone {

// `s` with & < > " ' written as character references: safe as element text and inside a quoted
// attribute value. Bytes that are not well-formed UTF-8 become U+FFFD.
std::string html_escape(std::string_view s);

// The parts (strings, string views, C strings) appended in order: what `"a" + std::string(...)`
// would give, without the insertion at the front that GCC 12 reports as an overlapping copy.
template <class... Parts>
std::string concat(const Parts&... parts) {
  std::string s;
  (s += ... += parts);
  return s;
}

// `x` with 3 significant digits ("0.0123", "1.5e+06"); "-" when not finite.
std::string format_number(double x, int digits = 3);

// The five verdicts in the order the report shows them (best first), and the one a name means
// (nullopt-like: false when `name` is not a verdict).
inline constexpr std::array<Verdict, 5> kVerdictOrder = {
    Verdict::pass, Verdict::ambiguous, Verdict::unsupported, Verdict::fail, Verdict::error};
bool parse_verdict(std::string_view name, Verdict& out);
int count_of(const VerdictCounts& counts, Verdict v);

// A member of a JSON object as text (a string as is, a number or boolean as JSON writes it;
// `fallback` when absent, null or structured), and as a number (nullopt unless a number).
std::string text_field(const nlohmann::json& object, const char* key,
                       const std::string& fallback = "");
std::optional<double> number_field(const nlohmann::json& object, const char* key);

// The CSS rules of the page: verdict colours (classes v-pass ... v-error), tables, plots.
std::string_view page_css();

}  // namespace touchstone
