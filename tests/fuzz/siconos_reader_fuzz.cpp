// libFuzzer target: a Siconos LCP text file (*.dat) through load_cases(), as the harness reads it.
// Never throws, never allocates beyond what the file's own size justifies.
#include <cstddef>
#include <cstdint>

#include "cases/format/case_loader.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = touchstone::fuzz::scratch_file(data, size, ".dat");
  (void)touchstone::load_cases(file);
  return 0;
}
