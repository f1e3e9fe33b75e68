// Load limits by name, and the thread's current load options for the field parsers.
#include "cases/format/load_options.hpp"

#include <charconv>
#include <iostream>
#include <type_traits>
#include <utility>

namespace touchstone {
namespace {

thread_local LoadScope* current_scope = nullptr;

// The limits by the name `--limit` takes.
template <class Limits, class F>
void for_each_limit(Limits& l, F f) {
  f("file_bytes", l.file_bytes);
  f("depth", l.depth);
  f("vertices", l.vertices);
  f("faces", l.faces);
  f("matrix", l.matrix);
  f("steps", l.steps);
}

}  // namespace

std::optional<std::string> set_limit(LoadLimits& limits, const std::string& assignment) {
  const auto eq = assignment.find('=');
  const std::string name = assignment.substr(0, eq);
  std::string known;
  bool found = false;
  std::optional<std::string> error;
  for_each_limit(limits, [&](const char* limit_name, auto& value) {
    known += (known.empty() ? "" : ", ") + std::string(limit_name);
    if (name != limit_name) return;
    found = true;
    const std::string text = eq == std::string::npos ? "" : assignment.substr(eq + 1);
    std::remove_reference_t<decltype(value)> parsed = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), parsed);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || parsed == 0)
      error = "limit '" + name + "': '" + text + "' is not a positive integer";
    else
      value = parsed;
  });
  if (!found) return "unknown limit '" + name + "' (known: " + known + ")";
  return error;
}

LoadScope::LoadScope(const LoadOptions& options) : options_(&options), outer_(current_scope) {
  current_scope = this;
}

LoadScope::~LoadScope() { current_scope = outer_; }

std::vector<FieldError> LoadScope::take_warnings() { return std::exchange(warnings_, {}); }

namespace fields {

const LoadOptions& load_options() {
  static const LoadOptions defaults;
  return current_scope ? current_scope->options() : defaults;
}

void unknown_field(const std::string& field) {
  if (!current_scope || !current_scope->options().lenient) bad(field, "unknown field");
  current_scope->warn({field, "unknown field (ignored: --lenient)"});
}

void warn(const std::string& field, const std::string& message) {
  if (current_scope)
    current_scope->warn({field, message});
  else
    std::cerr << "warning: " << field << ": " << message << "\n";
}

void within_limit(std::size_t count, std::size_t limit, const char* name, const std::string& what,
                  const std::string& field) {
  if (count <= limit) return;
  bad(field, std::to_string(count) + " " + what + ", above the limit of " + std::to_string(limit) +
                 " (raise it with --limit " + name + "=N)");
}

}  // namespace fields
}  // namespace touchstone
