// The bounded JSON reader of case documents: nothing it returns can make a later recursive walk
// (a copy, a dump) overflow the stack, and every string in it is valid UTF-8 (nlohmann's lexer
// rejects ill-formed UTF-8 in strings). Reading stops, with the path of the value where it
// stopped, at nesting deeper than the limit, at a key given twice in one object, and at a number
// that overflows a double.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace touchstone {

// Why a document could not be read. `case_index` is set when reading stopped inside `cases[i]`;
// then `field` is the path inside that case ("shapes.A.vertices[0][1]") and `case_id` its `id`
// when read before the failure. Otherwise `field` is the document path ("" for a syntax error,
// whose message gives line and column).
struct DocumentError {
  std::optional<std::size_t> case_index;
  std::string case_id;
  std::string field;
  std::string message;
};

// Parses `text`; throws DocumentError.
nlohmann::json read_json_document(const std::string& text, std::size_t max_depth);

// `s` with every byte that is not part of well-formed UTF-8 written as the four characters "\xNN"
// (hex): file names and messages quoting input bytes go into reports, which must be valid UTF-8.
std::string valid_utf8(const std::string& s);

}  // namespace touchstone
