// Inputs the fuzzers (tests/fuzz/) once crashed on, replayed through the normal build: each file
// under tests/data/fuzz-regressions/<target>/ goes through the same entry as its fuzz target and
// must end in the reader's own error (or a result), never another exception, a crash or a huge
// allocation. A sidecar <input>.expect holds a piece of the error message it must produce.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "algorithms/geometry/polytope.hpp"
#include "cases/format/case_loader.hpp"
#include "cases/mesh_import.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace touchstone {
namespace {

namespace fs = std::filesystem;

const fs::path kRegressions = fs::path(TOUCHSTONE_SOURCE_DIR) / "tests/data/fuzz-regressions";

std::string read(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The inputs of one target (sidecars excluded), sorted.
std::vector<fs::path> inputs(const std::string& target) {
  std::vector<fs::path> out;
  for (const auto& entry : fs::directory_iterator(kRegressions / target))
    if (entry.path().extension() != ".expect") out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string expected(const fs::path& input) {
  std::string text = read(input.string() + ".expect");
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

std::string all_errors(const LoadedCases& loaded) {
  std::string out;
  for (const auto& e : loaded.errors) out += e.to_string() + "\n";
  return out;
}

// Each input goes through the fuzz target's entry; `run` returns the error text it produced.
template <class Run>
void replay(const std::string& target, Run run) {
  const auto files = inputs(target);
  EXPECT_FALSE(files.empty()) << "no regression inputs for " << target;
  for (const fs::path& input : files) {
    const std::string bytes = read(input);
    std::string errors;
    EXPECT_NO_THROW(errors = run(bytes)) << input;
    EXPECT_NE(errors.find(expected(input)), std::string::npos)
        << input << ": expected \"" << expected(input) << "\" in:\n"
        << errors;
  }
}

fs::path scratch(const std::string& bytes, const std::string& extension) {
  return fuzz::scratch_file(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(),
                            extension);
}

TEST(FuzzRegressions, SiconosReader) {
  replay("siconos_reader",
         [](const std::string& bytes) { return all_errors(load_cases(scratch(bytes, ".dat"))); });
}

TEST(FuzzRegressions, FclibReader) {  // the HDF5 files the structured target wrote
  if (!fclib_available()) GTEST_SKIP() << "built without fclib";
  replay("fclib_reader",
         [](const std::string& bytes) { return all_errors(load_cases(scratch(bytes, ".hdf5"))); });
}

TEST(FuzzRegressions, MeshReader) {  // first byte: 0 .off, 1 .obj, 2 .stl
  replay("mesh_reader", [](const std::string& bytes) -> std::string {
    static const char* const extensions[] = {".off", ".obj", ".stl"};
    const auto ext = bytes.empty() ? ".off" : extensions[static_cast<unsigned char>(bytes[0]) % 3];
    try {
      import_mesh(scratch(bytes.empty() ? bytes : bytes.substr(1), ext));
    } catch (const MeshError& e) {
      return e.what();
    }
    return "";
  });
}

TEST(FuzzRegressions, Polytope) {
  replay("polytope", [](const std::string& bytes) -> std::string {
    try {
      fuzz::polytope_from_bytes(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    } catch (const GeometryError& e) {
      return e.what();
    }
    return "";
  });
}

}  // namespace
}  // namespace touchstone
