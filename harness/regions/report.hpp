// Contact-region runs as touchstone-report/1 (DESIGN §7; reports/touchstone-report-1.schema.json):
// the region configuration (tolerances, isolation), algorithms of kind "contact-regions", cases
// under `region_cases` (per step: size, τ and the reference's method, relation and region counts)
// and results under `region_results` (per step answers, and regions found / missed / extra, with
// coverage of 𝓡 for point-only peers), the summary per algorithm and family and one Google
// Benchmark entry per algorithm and family; and the terminal table algorithm × family: verdicts,
// regions returned / claimed / matched, median time.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/common/reporter.hpp"
#include "harness/regions/runner.hpp"

namespace touchstone {

class RegionReport final : public KindReport {
 public:
  // Both must outlive the report.
  RegionReport(const RegionRunResults& run, const RegionRunOptions& options);
  std::string table() const override;

 protected:
  nlohmann::json config() const override;
  nlohmann::json algorithms() const override;
  void add_sections(nlohmann::json& report) const override;  // region_cases, region_results
  nlohmann::json summary() const override;
  nlohmann::json benchmarks() const override;
  const std::vector<LoadError>& load_errors() const override;

 private:
  const RegionRunResults& run_;
  const RegionRunOptions& options_;
  std::vector<SummaryRow> rows_;
};

// The capabilities a region algorithm declares, in report order.
Flags region_capability_flags(const RegionCapabilities& c);

}  // namespace touchstone
