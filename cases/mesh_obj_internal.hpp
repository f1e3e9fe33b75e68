// Wavefront OBJ as meshes are written in practice, read into a polygon soup for mesh_import.cpp.
// Internal to cases/.
#pragma once

#include <array>
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace touchstone::mesh_detail {

struct ObjSoup {
  std::vector<std::array<double, 3>> points;
  std::vector<std::vector<std::size_t>> polygons;  // 0-based indices into points
  std::vector<std::string> warnings;               // "<file>:<line>: skipped ..."
};

// Reads `v x y z [w]` and `f a b c ...` (each index `i`, `i/t`, `i//n` or `i/t/n`, 1-based or
// negative for relative). Statements that carry no solid geometry (vt, vn, vp, g, o, s, usemtl,
// mtllib, comments) are ignored; anything else (a line of counts, as FCL's test meshes begin
// with; free-form curves; lines and points) is skipped with a warning naming the line, the first
// few one by one and the rest counted. A vertex or face line that is there but cannot be read
// throws MeshError "<file>: unreadable: line N: ...".
ObjSoup read_obj(const std::filesystem::path& file);

}  // namespace touchstone::mesh_detail
