// libFuzzer target: the CCD benchmark's CSV queries (cases/format/ccd_csv.hpp) through
// parse_ccd_csv, as `touchstone swept --cases` reads them, then written back and read again:
// never throws, and every query that loads writes a text that loads to the same rationals.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "cases/format/ccd_csv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace touchstone;
  if (size == 0) return 0;
  // First byte: the query type; the rest is the file.
  const SweptType type = data[0] & 1 ? SweptType::edge_edge : SweptType::vertex_face;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  SweptLoad out;
  parse_ccd_csv(text, "fuzz.csv", "vertex-face/fuzz", type, out);
  for (const auto& c : out.cases) {
    SweptLoad again;
    parse_ccd_csv(write_ccd_csv(c), "again.csv", "vertex-face/fuzz", type, again);
    if (again.cases.size() != 1 || again.cases[0].exact.coordinates != c.exact.coordinates ||
        again.cases[0].query.points != c.query.points)
      std::abort();
  }
  return 0;
}
