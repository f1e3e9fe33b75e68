// The robustness experiment's report through the reporter interface: the touchstone-robustness/1
// document (robustness_json) and the table beside the paper's figures (robustness_table).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "harness/common/reporter.hpp"
#include "harness/motion/robustness.hpp"

namespace touchstone {

class RobustnessReport final : public Report {
 public:
  // Both must outlive the report.
  RobustnessReport(const RobustnessResults& results, const RobustnessOptions& options);
  // Its own format: the context is not part of it.
  nlohmann::json document(const ReportContext& context) const override;
  std::string table() const override;

 private:
  const RobustnessResults& results_;
  const RobustnessOptions& options_;
};

}  // namespace touchstone
