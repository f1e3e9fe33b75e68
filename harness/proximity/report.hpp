// Proximity runs as touchstone-report/1 (DESIGN §7; schema in
// reports/touchstone-report-1.schema.json): the proximity configuration, algorithms of kind
// "proximity", `cases` and `results` (each check's error also in ulps of the case's M), the
// summary per algorithm and family (verdicts, time, error quantiles in ulps) and Google Benchmark's
// `benchmarks` array (one entry per algorithm and family, real_time = median query time) so CI
// tools that read Google Benchmark JSON can read it directly; and the terminal table.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/common/reporter.hpp"
#include "harness/proximity/runner.hpp"

namespace touchstone {

// Per (algorithm, family) — family "*" for all, "(none)" for cases without one, as in the
// summary rows — each decided result's largest check error in ulps of its case's M (see
// error_in_ulps); results with no measured error (unsupported, error, failed without an answer)
// are left out, non-finite errors count as +infinity.
using ErrorUlps = std::map<std::pair<std::string, std::string>, std::vector<double>>;
ErrorUlps error_ulps_by_group(const ProximityRunResults& run);
// A result's largest check error in ulps of M; nullopt when no check measured one.
std::optional<double> result_error_ulps(const Verification& verification, double magnitude);

class ProximityReport : public KindReport {
 public:
  // Both must outlive the report.
  ProximityReport(const ProximityRunResults& run, const ProximityRunOptions& options);
  // Algorithm × family table with verdict counts, the median / p99 / max error in ulps, median
  // time and the ratio to the fastest algorithm on that family.
  std::string table() const override;

 protected:
  nlohmann::json config() const override;
  nlohmann::json algorithms() const override;
  void add_sections(nlohmann::json& report) const override;  // cases, results
  nlohmann::json summary() const override;
  nlohmann::json benchmarks() const override;
  const std::vector<LoadError>& load_errors() const override;

 private:
  const ProximityRunResults& run_;
  const ProximityRunOptions& options_;
  std::vector<SummaryRow> rows_;
  ErrorUlps error_ulps_;
};

nlohmann::json make_report(const ProximityRunResults& run, const ProximityRunOptions& options,
                           const ReportContext& context);

// Summary rows of a proximity run (SummaryTally over its results).
std::vector<SummaryRow> summarize(const ProximityRunResults& run);

std::string terminal_table(const ProximityRunResults& run);

// The capabilities an algorithm declares, in report order.
Flags capability_flags(const Capabilities& c);

}  // namespace touchstone
