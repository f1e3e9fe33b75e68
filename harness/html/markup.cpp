#include "harness/html/markup.hpp"

#include <cmath>
#include <sstream>

#include "cases/format/json_reader.hpp"

namespace touchstone {

std::string html_escape(std::string_view raw) {
  const std::string s = valid_utf8(std::string(raw));
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string format_number(double x, int digits) {
  if (!std::isfinite(x)) return "-";
  std::ostringstream s;
  s.precision(digits);
  s << x;
  return s.str();
}

bool parse_verdict(std::string_view name, Verdict& out) {
  for (const Verdict v : kVerdictOrder)
    if (to_string(v) == name) {
      out = v;
      return true;
    }
  return false;
}

int count_of(const VerdictCounts& counts, Verdict v) {
  switch (v) {
    case Verdict::pass:
      return counts.pass;
    case Verdict::ambiguous:
      return counts.ambiguous;
    case Verdict::unsupported:
      return counts.unsupported;
    case Verdict::fail:
      return counts.fail;
    case Verdict::error:
      return counts.error;
  }
  return 0;
}

std::string text_field(const nlohmann::json& object, const char* key, const std::string& fallback) {
  if (!object.is_object()) return fallback;
  const auto it = object.find(key);
  if (it == object.end() || it->is_null() || it->is_structured()) return fallback;
  return it->is_string() ? it->get<std::string>() : it->dump();
}

std::optional<double> number_field(const nlohmann::json& object, const char* key) {
  if (!object.is_object()) return std::nullopt;
  const auto it = object.find(key);
  if (it == object.end() || !it->is_number()) return std::nullopt;
  return it->get<double>();
}

std::string_view page_css() {
  return R"css(
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.8em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ddd; padding: 2px 6px; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
code { font-size: 12px; word-break: break-all; }
.note { color: #666; font-size: 12px; }
.v-pass { background: #c8ecc9; } .v-ambiguous { background: #fbe7a6; }
.v-unsupported { background: #e2e2e2; } .v-fail { background: #f6b1a9; }
.v-error { background: #d88bd6; } .v-none { background: #fff; }
.cell b { font-weight: 600; } .cell span { margin-left: 4px; font-size: 11px; }
.flag-correctness { background: #f6b1a9; } .flag-slower { background: #fbd3a0; }
.flag-faster { background: #c8ecc9; } .flag-added, .flag-removed { background: #dde6f6; }
.plots { display: flex; flex-wrap: wrap; gap: 12px; }
.plots figure { margin: 0; } figcaption { font-size: 12px; color: #444; }
svg text { font: 11px sans-serif; fill: #333; }
svg .grid { stroke: #e5e5e5; } svg .axis { stroke: #888; }
svg .box { stroke: #333; fill-opacity: 0.55; } svg .median { stroke: #000; stroke-width: 2; }
input#failure-filter { margin: 0.3em 0; width: 20em; }
#failures-table { table-layout: fixed; width: 100%; }
#failures-table th:nth-child(1) { width: 15%; } #failures-table th:nth-child(2) { width: 9%; }
#failures-table th:nth-child(3) { width: 5%; } #failures-table th:nth-child(4) { width: 31%; }
#failures-table td { overflow-wrap: anywhere; }
)css";
}

}  // namespace touchstone
