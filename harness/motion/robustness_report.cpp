// The TR97-05 robustness experiment's table and JSON (see robustness.hpp).
#include "harness/motion/robustness_report.hpp"

#include <iomanip>
#include <sstream>

namespace touchstone {

using nlohmann::json;

namespace {
std::string paper_figure(const std::string& name) {
  if (name == "vclip") return "V-Clip: none";
  if (name == "lin-canny") return "Lin-Canny: 4.5%";
  if (name == "gjk") return "Enhanced GJK: 0.1% (tight tol.), 0% (default)";
  return "-";
}
std::string percent(int n, int total) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(3) << (total ? 100.0 * n / total : 0.0) << "%";
  return s.str();
}
}  // namespace

std::string robustness_table(const RobustnessResults& results) {
  std::ostringstream s;
  s << std::left << std::setw(12) << "algorithm" << std::right << std::setw(8) << "trials"
    << std::setw(10) << "problems" << std::setw(10) << "rate" << std::setw(9) << "cycling"
    << std::setw(9) << "failed" << std::setw(10) << "features" << std::setw(10) << "distance"
    << std::setw(11) << "false zero" << std::setw(7) << "other" << std::setw(7) << "error"
    << std::setw(11) << "ambiguous" << std::setw(16) << "cycle resolved"
    << "   paper (TR97-05, 10^5 trials)\n";
  for (std::size_t i = 0; i < results.algorithms.size(); ++i) {
    const RobustnessCounts& k = results.counts[i];
    s << std::left << std::setw(12) << results.algorithms[i]->name << std::right << std::setw(8)
      << k.trials << std::setw(10) << k.problems << std::setw(10) << percent(k.problems, k.trials)
      << std::setw(9) << k.cycling << std::setw(9) << k.other_failure << std::setw(10)
      << k.wrong_features << std::setw(10) << k.distance << std::setw(11) << k.false_zero
      << std::setw(7) << k.other_check << std::setw(7) << k.error << std::setw(11) << k.ambiguous
      << std::setw(16) << k.cycle_resolved << "   " << paper_figure(results.algorithms[i]->name)
      << "\n";
  }
  const int refs = results.reference_certified + results.reference_full;
  if (refs > 0)
    s << "exact references: " << results.reference_certified << " certified, "
      << results.reference_full << " full, mean " << std::fixed << std::setprecision(1)
      << results.reference_ns / refs / 1e3 << " us\n";
  return s.str();
}

json robustness_json(const RobustnessResults& results, const RobustnessOptions& options) {
  json algorithms = json::array();
  for (std::size_t i = 0; i < results.algorithms.size(); ++i) {
    const RobustnessCounts& k = results.counts[i];
    const auto* info = results.algorithms[i];
    algorithms.push_back({{"name", info->name},
                          {"mode", options.warm && info->capabilities.warm_start ? "warm" : "cold"},
                          {"trials", k.trials},
                          {"problems", k.problems},
                          {"problem_rate", k.trials ? double(k.problems) / k.trials : 0.0},
                          {"cycling", k.cycling},
                          {"cycle_resolved", k.cycle_resolved},
                          {"other_failure", k.other_failure},
                          {"wrong_features", k.wrong_features},
                          {"distance", k.distance},
                          {"false_zero", k.false_zero},
                          {"other_check", k.other_check},
                          {"error", k.error},
                          {"ambiguous", k.ambiguous},
                          {"unsupported", k.unsupported},
                          {"paper", paper_figure(info->name)}});
  }
  json slices = json::array();
  for (const TrialSlice& slice : results.slices)
    slices.push_back({{"first_trial", slice.first_trial},
                      {"trials", slice.trials},
                      {"trials_done", slice.done}});
  json failing = json::array();
  for (std::size_t i = 0; i < results.failing.size(); ++i)
    failing.push_back({{"case", results.failing[i].motion.id},
                       {"origin", results.failing[i].motion.origin},
                       {"problems", results.failing_reasons[i]}});
  return {{"format", "touchstone-robustness/1"},
          {"experiment",
           "TR97-05 robustness: two 2-unit cubes, near-parallel face and edge configurations, "
           "each trial at a pose where the closest features change (bisection on the motion "
           "parameter); the algorithm tracks B from a previous frame (warm where declared)"},
          {"seed", options.seed},
          {"trials", options.trials},
          {"trials_done", results.trials_done},
          {"isolation", options.isolate ? "all" : "none"},
          {"jobs", options.jobs},
          {"slices", slices},
          {"first_trial", options.first_trial},
          {"tolerances", options.tolerances.to_json()},
          {"reference_errors", results.reference_errors},
          {"reference_routes",
           {{"certified", results.reference_certified},
            {"full", results.reference_full},
            {"total_ns", results.reference_ns}}},
          {"seconds", results.seconds},
          {"algorithms", algorithms},
          {"failing_trials", failing}};
}

RobustnessReport::RobustnessReport(const RobustnessResults& results,
                                   const RobustnessOptions& options)
    : results_(results), options_(options) {}

json RobustnessReport::document(const ReportContext&) const {
  return robustness_json(results_, options_);
}

std::string RobustnessReport::table() const { return robustness_table(results_); }

}  // namespace touchstone
