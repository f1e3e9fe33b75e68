// Force runs as touchstone-report/1 (DESIGN §7): the force configuration, algorithms of kind
// "force-solver", cases under `force_cases` and results under `force_results`
// (reports/touchstone-report-1.schema.json), the summary as for proximity and one Google Benchmark
// `benchmarks` entry per solver and case; and the terminal table solver × case (verdict,
// natural-map residual, iterations, median time).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/common/reporter.hpp"
#include "harness/forces/runner.hpp"

namespace touchstone {

class ForceReport final : public KindReport {
 public:
  // Both must outlive the report.
  ForceReport(const ForceRunResults& run, const ForceRunOptions& options);
  std::string table() const override;

 protected:
  nlohmann::json config() const override;
  nlohmann::json algorithms() const override;
  void add_sections(nlohmann::json& report) const override;  // force_cases, force_results
  nlohmann::json summary() const override;
  nlohmann::json benchmarks() const override;
  const std::vector<LoadError>& load_errors() const override;

 private:
  const ForceRunResults& run_;
  const ForceRunOptions& options_;
};

nlohmann::json make_force_report(const ForceRunResults& run, const ForceRunOptions& options,
                                 const ReportContext& context);

std::string force_terminal_table(const ForceRunResults& run);

// The capabilities a force solver declares, in report order.
Flags force_capability_flags(const forces::ForceCapabilities& c);

}  // namespace touchstone
