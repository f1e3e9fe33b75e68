// Proximity runs as touchstone-report/1 (DESIGN §7; schema in
// reports/touchstone-report-1.schema.json): the proximity configuration, algorithms of kind
// "proximity", `cases` and `results`, the summary per algorithm and family and Google Benchmark's
// `benchmarks` array (one entry per algorithm and family, real_time = median query time) so CI
// tools that read Google Benchmark JSON can read it directly; and the terminal table.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/common/reporter.hpp"
#include "harness/proximity/runner.hpp"

namespace touchstone {

class ProximityReport : public KindReport {
 public:
  // Both must outlive the report.
  ProximityReport(const RunResults& run, const RunOptions& options);
  // Algorithm × family table with verdict counts, median time and the ratio to the fastest
  // algorithm on that family.
  std::string table() const override;

 protected:
  nlohmann::json config() const override;
  nlohmann::json algorithms() const override;
  void add_sections(nlohmann::json& report) const override;  // cases, results
  nlohmann::json summary() const override;
  nlohmann::json benchmarks() const override;
  const std::vector<LoadError>& load_errors() const override;

 private:
  const RunResults& run_;
  const RunOptions& options_;
  std::vector<SummaryRow> rows_;
};

nlohmann::json make_report(const RunResults& run, const RunOptions& options,
                           const ReportContext& context);

// Summary rows of a proximity run (SummaryTally over its results).
std::vector<SummaryRow> summarize(const RunResults& run);

std::string terminal_table(const RunResults& run);

// The capabilities an algorithm declares, in report order.
Flags capability_flags(const Capabilities& c);

}  // namespace touchstone
