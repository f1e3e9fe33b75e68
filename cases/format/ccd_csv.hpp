// The continuous-collision benchmark's query format (Wang, Ferguson, Schneider, Jiang, Attene,
// Panozzo 2021; DESIGN §3.2b), read as is: 8 rows per query, each row x, y, z as
// numerator,denominator integer pairs (arbitrary precision), then the 0/1 ground truth. Rows 0-3
// are the vertices at t = 0, rows 4-7 the same vertices at t = 1 (vertex-face: v, f0, f1, f2;
// edge-edge: ea0, ea1, eb0, eb1). The query type comes from the nearest folder named
// `vertex-face` or `edge-edge` on the file's path.
//
// A query's id is the file's path below the folder given (a file given directly: its folder's
// name and its own), without `.csv`, then `/` and the query's index from 0:
// `vertex-face/data_0_0/17`. Each problem (a malformed row, a denominator of 0, a field that is
// not an integer, a ground truth other than 0 or 1, a row count that is not a multiple of 8, a
// coordinate beyond double range) is an error naming file, line and field; the query it belongs
// to is skipped and reading goes on.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/exact_swept.hpp"

namespace touchstone {

// Whole solids (issue 30 item 4): two translating triangle meshes, the algorithms' doubles and
// the reference's rationals; `step` is the step's length (times are fractions of it).
struct SweptSolidsCase {
  SweptSolidsQuery query;
  ExactSweptSolidsQuery exact;
  double step = 1;
};

struct SweptCase {
  std::string id;      // e.g. "vertex-face/data_0_0/17"
  std::string family;  // e.g. "vertex-face/data_0_0" (its file), or a generated family's name
  std::string source;  // "<file>:<first line>"
  SweptQuery query;    // each rational rounded to the nearest double
  ExactSweptQuery exact;
  std::optional<bool> truth{};           // the file's ground truth (a family's: by construction)
  std::optional<double> expected_toi{};  // a family's earliest contact, exact by construction
  bool rounded = false;  // some coordinate is not a double: the algorithms see it rounded
  std::shared_ptr<const SweptSolidsCase> solids{};  // set: whole solids (query, exact unused)
};

// "vertex-face", "edge-edge", or "solids" for whole solids.
inline std::string swept_case_type(const SweptCase& c) {
  return c.solids ? "solids" : swept_type_name(c.query.type);
}

struct SweptLoad {
  std::vector<SweptCase> cases;
  std::vector<std::string> errors;  // "<file>:<line>: field <n> (<name>): <what>"
};

// A file or a folder (every *.csv below it, in path order). Files over `max_bytes` are errors.
SweptLoad load_ccd_csv(const std::filesystem::path& path,
                       std::uintmax_t max_bytes = std::uintmax_t{64} << 20);

// One file's text; `id_prefix` is the id without the query index ("vertex-face/data_0_0").
void parse_ccd_csv(std::string_view text, const std::string& file, const std::string& id_prefix,
                   SweptType type, SweptLoad& out);

// A rational in text, "-3/4" or "17": GMP's canonical text and the nearest double, or nullopt
// with `error` set (not an integer or integer/integer, denominator 0, beyond the double range).
std::optional<std::string> parse_rational_text(std::string_view text, double& nearest,
                                               std::string& error);

// The exact rational of a finite double in GMP's text form ("0.75" → "3/4").
std::string rational_text(double x);

// The benchmark's text of a query (8 rows, exact rationals, the truth column) for export.
std::string write_ccd_csv(const SweptCase& c);

}  // namespace touchstone
