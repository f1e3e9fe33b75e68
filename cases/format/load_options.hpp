// What the case reader accepts (cases/README.md, "Limits"): size limits, each overridable by name
// (`--limit vertices=500000` on the command line), and whether unknown fields are errors (the
// default) or warnings (`--lenient`). The field parsers deep below the reader (fields.hpp and each
// kind's parser) see the options of the document being read through a LoadScope.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cases/format/fields.hpp"

namespace touchstone {

struct LoadLimits {
  std::uintmax_t file_bytes = 64u << 20;  // a case file (JSON, Siconos) or a mesh file
  std::size_t depth = 64;                 // nesting of JSON arrays and objects
  std::size_t vertices = 20000;           // per shape (a hull of 50000 takes seconds)
  std::size_t faces = 40000;              // per shape
  std::size_t matrix = 3000;              // rows of a force problem (lcp: n; multibody: rows of A)
  std::size_t steps = 100000;             // frames of a motion case, steps of a region case
};

struct LoadOptions {
  LoadLimits limits;
  bool lenient = false;  // unknown fields are warnings, not errors
};

// "name=value" (a name of LoadLimits: file_bytes, depth, vertices, faces, matrix, steps; value a
// positive integer) applied to `limits`; the error message when it is not one.
std::optional<std::string> set_limit(LoadLimits& limits, const std::string& assignment);

// Makes `options` the options of the field parsers on this thread while it lives; unknown fields
// met under lenient options are collected (field, message) for the reader to report as warnings.
class LoadScope {
 public:
  explicit LoadScope(const LoadOptions& options);
  ~LoadScope();
  LoadScope(const LoadScope&) = delete;
  LoadScope& operator=(const LoadScope&) = delete;
  // The warnings collected since the last call.
  std::vector<FieldError> take_warnings();
  const LoadOptions& options() const { return *options_; }
  void warn(FieldError warning) { warnings_.push_back(std::move(warning)); }

 private:
  const LoadOptions* options_;
  std::vector<FieldError> warnings_;
  LoadScope* outer_;
};

namespace fields {

// The options of the innermost LoadScope of this thread (defaults outside any scope).
const LoadOptions& load_options();
// An unknown field: throws FieldError (field, "unknown field"), or, under lenient options,
// records a warning and returns.
void unknown_field(const std::string& field);
// A warning on `field` (a mesh file's skipped lines, welded vertices): recorded for the reader to
// report with the file and the case; outside any LoadScope, written to stderr.
void warn(const std::string& field, const std::string& message);
// Throws FieldError on `field` when count > limit: "<count> <what>, above the limit of <limit>
// (raise it with --limit <name>=N)".
void within_limit(std::size_t count, std::size_t limit, const char* name, const std::string& what,
                  const std::string& field);

}  // namespace fields
}  // namespace touchstone
