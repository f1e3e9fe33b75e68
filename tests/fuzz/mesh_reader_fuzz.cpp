// libFuzzer target: a mesh file (.off, .obj or .stl, chosen by the first byte; the rest is the
// file) through import_mesh(). The only exception allowed out is MeshError.
#include <cstddef>
#include <cstdint>

#include "cases/mesh_import.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const char* const extensions[] = {".off", ".obj", ".stl"};
  const auto file = touchstone::fuzz::scratch_file(data + 1, size - 1, extensions[data[0] % 3]);
  try {
    (void)touchstone::import_mesh(file);
  } catch (const touchstone::MeshError&) {
  }
  return 0;
}
