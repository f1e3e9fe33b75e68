// Inputs the fuzzers (tests/fuzz/) once crashed on, replayed through the normal build: each file
// under tests/data/fuzz-regressions/<target>/ goes through the same entry as its fuzz target and
// must end in the reader's own error (or a result), never another exception, a crash or a huge
// allocation. A sidecar <input>.expect holds a piece of the error message it must produce.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
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

fs::path scratch(const std::string& bytes, const std::string& extension) {
  return fuzz::scratch_file(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(),
                            extension);
}

// Each target's entry, as its fuzz target calls it: the input's bytes -> the error text.
using Runner = std::function<std::string(const std::string&)>;
const std::map<std::string, Runner>& runners() {
  static const std::map<std::string, Runner> all = {
      // A case document; the load errors must also survive a strict JSON dump (the report's).
      {"case_reader",
       [](const std::string& bytes) {
         const LoadedCases loaded = load_cases(scratch(bytes, ".json"));
         nlohmann::json errors = nlohmann::json::array();
         for (const auto& e : loaded.errors) errors.push_back(e.to_string());
         (void)errors.dump();  // throws type_error.316 on invalid UTF-8
         return all_errors(loaded);
       }},
      {"siconos_reader",
       [](const std::string& bytes) { return all_errors(load_cases(scratch(bytes, ".dat"))); }},
      // The HDF5 files the structured target had FCLib write.
      {"fclib_reader",
       [](const std::string& bytes) { return all_errors(load_cases(scratch(bytes, ".hdf5"))); }},
      {"mesh_reader",  // first byte: 0 .off, 1 .obj, 2 .stl
       [](const std::string& bytes) -> std::string {
         static const char* const extensions[] = {".off", ".obj", ".stl"};
         if (bytes.empty()) return "";
         try {
           import_mesh(
               scratch(bytes.substr(1), extensions[static_cast<unsigned char>(bytes[0]) % 3]));
         } catch (const MeshError& e) {
           return e.what();
         }
         return "";
       }},
      {"polytope",
       [](const std::string& bytes) -> std::string {
         try {
           fuzz::polytope_from_bytes(reinterpret_cast<const std::uint8_t*>(bytes.data()),
                                     bytes.size());
         } catch (const GeometryError& e) {
           return e.what();
         }
         return "";
       }},
  };
  return all;
}

TEST(FuzzRegressions, EverySavedInputEndsInItsReadersOwnError) {
  std::size_t replayed = 0;
  for (const auto& dir : fs::directory_iterator(kRegressions)) {
    const std::string target = dir.path().filename().string();
    const auto runner = runners().find(target);
    ASSERT_NE(runner, runners().end()) << "no runner for " << dir.path();
    if (target == "fclib_reader" && !fclib_available()) continue;
    for (const fs::path& input : inputs(target)) {
      EXPECT_FALSE(expected(input).empty()) << input << ": no .expect file";
      std::string errors;
      EXPECT_NO_THROW(errors = runner->second(read(input))) << input;
      EXPECT_NE(errors.find(expected(input)), std::string::npos)
          << input << ": expected \"" << expected(input) << "\" in:\n"
          << errors;
      ++replayed;
    }
  }
  EXPECT_GE(replayed, 3u);  // the Siconos inputs at least
}

}  // namespace
}  // namespace touchstone
