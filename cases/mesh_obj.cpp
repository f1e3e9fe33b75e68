// The OBJ reader of mesh_import (see mesh_obj_internal.hpp). Our own rather than CGAL's: CGAL's
// reader refuses a file with a statement it does not know, and OBJ files as exporters and test
// suites write them carry such lines (FCL's test meshes open with a line of counts).
#include <charconv>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>

#include "cases/format/json_reader.hpp"
#include "cases/mesh_import.hpp"
#include "cases/mesh_obj_internal.hpp"

namespace touchstone::mesh_detail {
namespace {

constexpr std::size_t kWarningsNamed = 5;  // skipped lines named one by one; the rest counted

// Statements that describe no part of a polygonal solid: read past in silence.
const std::set<std::string>& ignored() {
  static const std::set<std::string> names{"vt", "vn", "vp", "g", "o", "s", "usemtl", "mtllib"};
  return names;
}

std::string shorten(std::string text) {
  if (text.size() > 40) text = text.substr(0, 40) + "...";
  return valid_utf8(text);
}

}  // namespace

ObjSoup read_obj(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  ObjSoup soup;
  const std::string name = file.string();
  auto unreadable = [&](std::size_t line, const std::string& detail) {
    throw MeshError(name + ": unreadable: line " + std::to_string(line) + ": " + detail);
  };
  std::size_t skipped = 0, line_number = 0;
  std::vector<std::size_t> face_lines;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    const std::string content = line.substr(0, line.find('#'));
    std::istringstream tokens(content);
    std::vector<std::string> words{std::istream_iterator<std::string>(tokens), {}};
    if (words.empty() || ignored().count(words[0])) continue;
    if (words[0] == "v") {
      if (words.size() < 4) unreadable(line_number, "a vertex needs 3 coordinates");
      std::array<double, 3> xyz{};
      for (int i = 0; i < 3; ++i) {
        const std::string& w = words[static_cast<std::size_t>(i) + 1];
        const auto [end, error] = std::from_chars(w.data(), w.data() + w.size(), xyz[i]);
        if (error != std::errc() || end != w.data() + w.size())
          unreadable(line_number, "vertex coordinate '" + shorten(w) + "' is not a number");
      }
      soup.points.push_back(xyz);
    } else if (words[0] == "f") {
      if (words.size() < 4) unreadable(line_number, "a face needs at least 3 vertices");
      std::vector<std::size_t> polygon;
      for (std::size_t i = 1; i < words.size(); ++i) {
        const std::string& w = words[i];
        const std::string index = w.substr(0, w.find('/'));
        long long value = 0;
        const auto [end, error] = std::from_chars(index.data(), index.data() + index.size(), value);
        if (error != std::errc() || end != index.data() + index.size() || value == 0)
          unreadable(line_number, "face vertex '" + shorten(w) + "' is not a vertex number");
        // Negative: relative to the vertices read so far. Positive: checked once all are read.
        const auto n = static_cast<long long>(soup.points.size());
        const long long zero_based = value > 0 ? value - 1 : n + value;
        if (zero_based < 0)
          unreadable(line_number, "face vertex " + std::to_string(value) + " names no vertex (" +
                                      std::to_string(n) + " read so far)");
        polygon.push_back(static_cast<std::size_t>(zero_based));
      }
      soup.polygons.push_back(std::move(polygon));
      face_lines.push_back(line_number);
    } else {
      if (++skipped <= kWarningsNamed)
        soup.warnings.push_back(name + ":" + std::to_string(line_number) + ": skipped '" +
                                shorten(content) +
                                "' (not a statement of a polygonal solid this reader reads)");
    }
  }
  for (std::size_t f = 0; f < soup.polygons.size(); ++f)
    for (std::size_t v : soup.polygons[f])
      if (v >= soup.points.size())
        unreadable(face_lines[f], "face vertex " + std::to_string(v + 1) + " names no vertex (" +
                                      std::to_string(soup.points.size()) + " in the file)");
  if (skipped > kWarningsNamed)
    soup.warnings.push_back(name + ": skipped " + std::to_string(skipped - kWarningsNamed) +
                            " more lines of the same kind");
  return soup;
}

}  // namespace touchstone::mesh_detail
