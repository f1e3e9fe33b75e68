#include "harness/forces/report.hpp"

#include <algorithm>
#include <array>
#include <iomanip>
#include <map>
#include <sstream>

namespace touchstone {
namespace {

using nlohmann::json;

json vec(const Eigen::VectorXd& v) {
  json a = json::array();
  for (int i = 0; i < v.size(); ++i) a.push_back(finite_or_null(v[i]));
  return a;
}

// The natural-map residual of a solver's forces, when they have the case's size and are finite.
std::optional<double> residual_of(const ForceResultRecord& r, const ForceCaseRecord& c) {
  if (r.output.normal_force.size() != c.spec.problem.size() || !r.output.normal_force.allFinite())
    return std::nullopt;
  return natural_map_residual(c.spec.problem, r.output.normal_force);
}

// A case's exact LCP reference as the report shows it (null when there is none).
json reference_json(const ForceCaseRecord& c) {
  if (!c.reference) return nullptr;
  const ExactLcp& r = *c.reference;
  return {{"outcome", std::string(to_string(r.outcome))},
          {"method", r.method},
          {"detail", r.detail},
          {"acceleration", vec(r.acceleration)},
          {"force", vec(r.force)},
          {"acceleration_unique", r.acceleration_unique},
          {"forces_unique", r.forces_unique},
          {"minimum_norm", r.minimum_norm},
          {"from_cache", c.reference_from_cache},
          {"compute_ms", finite_or_null(c.reference_ms)}};
}

json expected_json(const ForceCase& spec) {
  json e = json::object();
  const auto& x = spec.expected;
  if (x.feasible) e["feasible"] = *x.feasible;
  if (x.acceleration) e["acceleration"] = vec(*x.acceleration);
  if (x.normal_force) e["normal_force"] = vec(*x.normal_force);
  if (x.min_norm_force) e["min_norm_force"] = vec(*x.min_norm_force);
  return e;
}

json force_case_json(const ForceCaseRecord& c) {
  return {{"id", c.spec.id},
          {"kind", c.spec.kind},
          {"family", c.spec.family},
          {"tags", c.spec.tags},
          {"description", c.spec.description},
          {"origin", c.spec.origin},
          {"input_hash", c.hash},
          {"contacts", c.spec.problem.size()},
          {"friction", c.spec.problem.has_friction()},
          {"problems", c.problems},
          {"reference_note", c.reference_note},
          {"reference", reference_json(c)},
          {"expected", expected_json(c.spec)}};
}

json output_json(const ForceResultRecord& r, const ForceCaseRecord& c) {
  json out = {{"status", std::string(forces::to_string(r.output.status))},
              {"reason", r.output.reason},
              {"normal_force", vec(r.output.normal_force)},
              {"iterations", r.output.iterations},
              {"branch", r.output.branch}};
  out["own_residual"] = r.output.own_residual ? finite_or_null(*r.output.own_residual) : json();
  out["max_penetration"] =
      r.output.max_penetration ? finite_or_null(*r.output.max_penetration) : json();
  const auto residual = residual_of(r, c);
  out["natural_map_residual"] = residual ? finite_or_null(*residual) : json();
  return out;
}

json force_result_json(const ForceResultRecord& r, const ForceCaseRecord& c) {
  return result_json({r.solver, c.spec.id, c.spec.family, forces::to_string(r.output.status),
                      r.verification, output_json(r, c), timing_json(r.timing, false)},
                     r.captured_stderr);
}

}  // namespace

ForceReport::ForceReport(const ForceRunResults& run, const ForceRunOptions& options)
    : run_(run), options_(options) {}

json ForceReport::config() const {
  return {{"repetitions", options_.repetitions},
          {"force_tolerances", options_.tolerances.to_json()},
          {"force_reference",
           {{"timeout_seconds", options_.reference_timeout_seconds},
            {"max_contacts", options_.reference_max_contacts},
            {"solver_timeout_seconds", options_.solver_timeout_seconds},
            {"isolated_solvers", options_.isolate_solvers}}},
          {"timing", "per solve, cold (no warm start), steady_clock, median of repetitions"}};
}

json ForceReport::algorithms() const {
  json algorithms = json::array();
  for (const auto* s : run_.algorithms) {
    forces::Parameters params = s->defaults;
    if (auto it = options_.parameters.find(s->name); it != options_.parameters.end())
      for (const auto& [k, v] : it->second) params[k] = v;
    algorithms.push_back(
        algorithm_json(*s, "force-solver", force_capability_flags(s->capabilities), params));
  }
  return algorithms;
}

void ForceReport::add_sections(json& report) const {
  json cases = json::array();
  for (const ForceCaseRecord& c : run_.cases) cases.push_back(force_case_json(c));
  report["force_cases"] = cases;
  json results = json::array();
  for (const ForceResultRecord& r : run_.results)
    results.push_back(force_result_json(r, run_.cases[r.case_index]));
  report["force_results"] = results;
}

json ForceReport::summary() const {
  SummaryTally tally;
  for (const ForceResultRecord& r : run_.results)
    tally.add(r.solver, run_.cases[r.case_index].spec.family, r.verification.verdict, r.timing);
  return summary_json(tally.rows(), false);
}

// One Google Benchmark entry per solver and case (path-like names, e.g. lemke/stack/n100).
json ForceReport::benchmarks() const {
  json benchmarks = json::array();
  for (const ForceResultRecord& r : run_.results) {
    if (r.timing.repetitions == 0) continue;
    const Verdict v = r.verification.verdict;
    benchmarks.push_back(benchmark_json(r.solver + "/" + run_.cases[r.case_index].spec.id,
                                        r.timing.repetitions, r.timing.median_ns,
                                        v == Verdict::fail || v == Verdict::error ? 1 : 0));
  }
  return benchmarks;
}

const std::vector<LoadError>& ForceReport::load_errors() const { return run_.load_errors; }

std::string ForceReport::table() const {
  std::ostringstream out;
  int case_width = 28;  // wide enough for the longest case id (FCLib ids run to 50)
  for (const ForceCaseRecord& c : run_.cases)
    case_width = std::max(case_width, static_cast<int>(c.spec.id.size()) + 2);
  out << std::left << std::setw(19) << "solver" << std::setw(case_width) << "case" << std::setw(12)
      << "verdict" << std::right << std::setw(11) << "residual" << std::setw(8) << "iters"
      << std::setw(12) << "median"
      << "  " << std::left << "reason\n";
  out << std::string(100, '-') << "\n";
  std::map<std::string, VerdictCounts> totals;
  for (const ForceResultRecord& r : run_.results) {
    const ForceCaseRecord& c = run_.cases[r.case_index];
    std::string residual = "-";
    if (const auto x = residual_of(r, c)) {
      std::ostringstream s;
      s << std::scientific << std::setprecision(1) << *x;
      residual = s.str();
    }
    std::string reason = r.verification.reason;
    if (reason.size() > 60) reason = reason.substr(0, 57) + "...";
    out << std::left << std::setw(19) << r.solver << std::setw(case_width) << c.spec.id
        << std::setw(12) << to_string(r.verification.verdict) << std::right << std::setw(11)
        << residual << std::setw(8) << r.output.iterations << std::setw(12)
        << (r.timing.repetitions ? format_ns(r.timing.median_ns) : "-") << "  " << std::left
        << reason << "\n";
    totals[r.solver].add(r.verification.verdict);
  }
  out << std::string(100, '-') << "\n";
  for (const auto& [solver, t] : totals)
    out << std::left << std::setw(19) << solver << "pass " << t.pass << ", fail " << t.fail
        << ", ambiguous " << t.ambiguous << ", unsupported " << t.unsupported << ", error "
        << t.error << "\n";
  return out.str();
}

json make_force_report(const ForceRunResults& run, const ForceRunOptions& options,
                       const ReportContext& context) {
  return ForceReport(run, options).document(context);
}

std::string force_terminal_table(const ForceRunResults& run) {
  return ForceReport(run, {}).table();
}

Flags force_capability_flags(const forces::ForceCapabilities& c) {
  return {{"matrix_form", c.matrix_form},
          {"friction", c.friction},
          {"minimum_norm", c.minimum_norm},
          {"position_level", c.position_level},
          {"warm_start", c.warm_start}};
}

}  // namespace touchstone
