// The motion runner's reporting: a touchstone-report/1 whose cases and results are the frames
// (as for proximity) with the additive `motion` section, the table of medians per selection,
// family and ω, and the callgrind instruction counts they show.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "harness/motion/runner.hpp"
#include "harness/proximity/report.hpp"

namespace touchstone {

class MotionReport final : public ProximityReport {
 public:
  // `frames` is motion_as_run_results(motion) (with the load errors), `options` its run options;
  // all must outlive the report.
  MotionReport(const MotionResults& motion, const std::map<std::string, double>& instructions,
               const ProximityRunResults& frames, const ProximityRunOptions& options);
  std::string table() const override;  // motion_table

 protected:
  void add_sections(nlohmann::json& report) const override;  // cases, results, motion

 private:
  const MotionResults& motion_;
  const std::map<std::string, double>& instructions_;
};

// The report's additive `motion` section: per run, its frames' verdicts, times, iterations, and
// instructions per call when counted (key "<label>|<case id>").
nlohmann::json motion_json(const MotionResults& motion,
                           const std::map<std::string, double>& instructions_per_call);

// The table: one row per selection and family, one column per ω: median time per call, mean
// iterations, instructions per call when counted, and frames that did not pass.
std::string motion_table(const MotionResults& motion,
                         const std::map<std::string, double>& instructions_per_call);

// Reads callgrind dumps written with count_instructions: label -> instructions per call.
std::map<std::string, double> read_callgrind_instructions(const std::string& directory);

}  // namespace touchstone
