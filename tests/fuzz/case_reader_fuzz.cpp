// libFuzzer target: a touchstone-case/1 document of any kind, loaded through load_cases() from a
// file as the harness loads it, then its load errors written as JSON, as the report holds them.
// The reader must never throw: every bad input is a LoadError.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "cases/format/case_loader.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = touchstone::fuzz::scratch_file(data, size, ".json");
  const touchstone::LoadedCases loaded = touchstone::load_cases(file);
  nlohmann::json errors = nlohmann::json::array();
  for (const auto& e : loaded.errors)
    errors.push_back(
        {{"file", e.file}, {"case", e.case_id}, {"field", e.field}, {"message", e.message}});
  // Invalid UTF-8 replaced: a strict dump throws on it (a finding already saved under
  // tests/data/fuzz-regressions/case-reader/ for the reader's owners), which would stop the run
  // at the first such input and hide everything else.
  (void)errors.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return 0;
}
