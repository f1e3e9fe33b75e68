// The `context` object of every touchstone-report/1 (DESIGN §7), built once for every case kind:
// tool version, git sha, date, host, CPU, compiler, build type, library versions, and the
// command line and seed of the run.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace touchstone {

struct ReportContext {
  std::string command_line;
  std::uint64_t seed = 0;
};

nlohmann::json context_json(const ReportContext& context);

}  // namespace touchstone
