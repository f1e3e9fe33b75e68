// Force runs as touchstone-report/1 (DESIGN §7): algorithms of kind "force-solver", cases under
// `force_cases` and results under `force_results` (reports/touchstone-report-1.schema.json), the
// summary and Google Benchmark `benchmarks` entries as for proximity; and the terminal table
// solver × case (verdict, natural-map residual, iterations, median time).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "harness/forces/runner.hpp"
#include "harness/proximity/report.hpp"

namespace touchstone {

nlohmann::json make_force_report(const ForceRunResults& run, const ForceRunOptions& options,
                                 const ReportContext& context);

std::string force_terminal_table(const ForceRunResults& run);

}  // namespace touchstone
