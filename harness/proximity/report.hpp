// touchstone-report/1 (DESIGN §7; schema in reports/touchstone-report-1.schema.json) and the
// terminal table. The report also carries Google Benchmark's `benchmarks` array (one entry per
// algorithm and family, real_time = median query time) so CI tools that read Google Benchmark
// JSON can read it directly.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/common/timing.hpp"
#include "harness/proximity/runner.hpp"

namespace touchstone {

struct ReportContext {
  std::string command_line;
  std::uint64_t seed = 0;
};

nlohmann::json make_report(const RunResults& run, const RunOptions& options,
                           const ReportContext& context);

// Summary rows: one per algorithm and family, plus one per algorithm over all families ("*").
struct SummaryRow {
  std::string algorithm, family;
  int pass = 0, fail = 0, ambiguous = 0, unsupported = 0, error = 0;
  double median_ns = 0.0;         // median query time over its results with timings
  double ratio_to_fastest = 0.0;  // median_ns / the smallest median_ns on this family (0: none)
  int total() const { return pass + fail + ambiguous + unsupported + error; }
};
std::vector<SummaryRow> summarize(const RunResults& run);

// Algorithm × family table with verdict counts, median time and the ratio to the fastest
// algorithm on that family.
std::string terminal_table(const RunResults& run);

}  // namespace touchstone
