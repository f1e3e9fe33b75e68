#include "harness/forces/report.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <sstream>

namespace touchstone {
namespace {

using nlohmann::json;

json num(double x) { return std::isfinite(x) ? json(x) : json(nullptr); }
json vec(const Eigen::VectorXd& v) {
  json a = json::array();
  for (int i = 0; i < v.size(); ++i) a.push_back(num(v[i]));
  return a;
}

json capabilities_json(const forces::ForceCapabilities& c) {
  return {{"matrix_form", c.matrix_form},
          {"friction", c.friction},
          {"minimum_norm", c.minimum_norm},
          {"position_level", c.position_level},
          {"warm_start", c.warm_start}};
}

std::string family_of(const ForceCaseRecord& c) {
  return c.spec.family.empty() ? "(none)" : c.spec.family;
}

}  // namespace

json make_force_report(const ForceRunResults& run, const ForceRunOptions& options,
                       const ReportContext& context) {
  // The shared parts (context, proximity config, empty proximity arrays) come from make_report.
  json report = make_report(RunResults{}, RunOptions{}, context);
  report["config"]["repetitions"] = options.repetitions;
  report["config"]["force_tolerances"] = options.tolerances.to_json();
  report["config"]["force_reference"] = {{"timeout_seconds", options.reference_timeout_seconds},
                                         {"max_contacts", options.reference_max_contacts},
                                         {"solver_timeout_seconds", options.solver_timeout_seconds},
                                         {"isolated_solvers", options.isolate_solvers}};
  report["config"]["timing"] =
      "per solve, cold (no warm start), steady_clock, median of repetitions";

  json algorithms = json::array();
  for (const auto* s : run.solvers) {
    forces::Parameters params = s->defaults;
    if (auto it = options.parameters.find(s->name); it != options.parameters.end())
      for (const auto& [k, v] : it->second) params[k] = v;
    algorithms.push_back({{"name", s->name},
                          {"kind", "force-solver"},
                          {"family", s->family},
                          {"paper", s->paper},
                          {"description", s->description},
                          {"capabilities", capabilities_json(s->capabilities)},
                          {"parameters", params.empty() ? json::object() : json(params)}});
  }
  report["algorithms"] = algorithms;

  json cases = json::array();
  for (const ForceCaseRecord& c : run.cases) {
    json j = {{"id", c.spec.id},
              {"kind", c.spec.kind},
              {"family", c.spec.family},
              {"tags", c.spec.tags},
              {"description", c.spec.description},
              {"origin", c.spec.origin},
              {"input_hash", c.hash},
              {"contacts", c.spec.problem.size()},
              {"friction", c.spec.problem.has_friction()},
              {"problems", c.problems},
              {"reference_note", c.reference_note}};
    if (c.reference) {
      const ExactLcp& r = *c.reference;
      j["reference"] = {{"outcome", std::string(to_string(r.outcome))},
                        {"method", r.method},
                        {"detail", r.detail},
                        {"acceleration", vec(r.acceleration)},
                        {"force", vec(r.force)},
                        {"acceleration_unique", r.acceleration_unique},
                        {"forces_unique", r.forces_unique},
                        {"minimum_norm", r.minimum_norm},
                        {"from_cache", c.reference_from_cache},
                        {"compute_ms", num(c.reference_ms)}};
    } else {
      j["reference"] = nullptr;
    }
    json e = json::object();
    const auto& x = c.spec.expected;
    if (x.feasible) e["feasible"] = *x.feasible;
    if (x.acceleration) e["acceleration"] = vec(*x.acceleration);
    if (x.normal_force) e["normal_force"] = vec(*x.normal_force);
    if (x.min_norm_force) e["min_norm_force"] = vec(*x.min_norm_force);
    j["expected"] = e;
    cases.push_back(j);
  }
  report["force_cases"] = cases;

  json results = json::array();
  std::map<std::pair<std::string, std::string>, std::pair<SummaryRow, std::vector<double>>> rows;
  for (const ForceResultRecord& r : run.results) {
    const ForceCaseRecord& c = run.cases[r.case_index];
    json checks = json::array();
    for (const CheckResult& k : r.verification.checks)
      checks.push_back({{"name", k.name},
                        {"verdict", to_string(k.verdict)},
                        {"error", num(k.error)},
                        {"tolerance", num(k.tolerance)},
                        {"detail", k.detail}});
    json out = {{"status", std::string(forces::to_string(r.output.status))},
                {"reason", r.output.reason},
                {"normal_force", vec(r.output.normal_force)},
                {"iterations", r.output.iterations},
                {"branch", r.output.branch}};
    out["own_residual"] = r.output.own_residual ? num(*r.output.own_residual) : json(nullptr);
    out["max_penetration"] =
        r.output.max_penetration ? num(*r.output.max_penetration) : json(nullptr);
    out["natural_map_residual"] =
        r.output.normal_force.size() == c.spec.problem.size() && r.output.normal_force.allFinite()
            ? num(natural_map_residual(c.spec.problem, r.output.normal_force))
            : json(nullptr);
    results.push_back({{"algorithm", r.solver},
                       {"case", c.spec.id},
                       {"family", c.spec.family},
                       {"status", std::string(forces::to_string(r.output.status))},
                       {"verdict", to_string(r.verification.verdict)},
                       {"reason", r.verification.reason},
                       {"output", out},
                       {"checks", checks},
                       {"timing",
                        {{"median_ns", num(r.timing.median_ns)},
                         {"min_ns", num(r.timing.min_ns)},
                         {"max_ns", num(r.timing.max_ns)},
                         {"repetitions", r.timing.repetitions}}}});
    for (const std::string& family : {family_of(c), std::string("*")}) {
      auto& [row, times] = rows[{r.solver, family}];
      row.algorithm = r.solver;
      row.family = family;
      switch (r.verification.verdict) {
        case Verdict::pass:
          ++row.pass;
          break;
        case Verdict::fail:
          ++row.fail;
          break;
        case Verdict::ambiguous:
          ++row.ambiguous;
          break;
        case Verdict::unsupported:
          ++row.unsupported;
          break;
        case Verdict::error:
          ++row.error;
          break;
      }
      if (r.timing.repetitions > 0) times.push_back(r.timing.median_ns);
    }
  }
  report["force_results"] = results;

  json summary = json::array(), benchmarks = json::array();
  for (auto& [key, value] : rows) {
    SummaryRow& s = value.first;
    s.median_ns = median(value.second);
    const int decided = s.total() - s.unsupported;
    summary.push_back({{"algorithm", s.algorithm},
                       {"family", s.family},
                       {"pass", s.pass},
                       {"fail", s.fail},
                       {"ambiguous", s.ambiguous},
                       {"unsupported", s.unsupported},
                       {"error", s.error},
                       {"total", s.total()},
                       {"failure_rate", decided ? double(s.fail + s.error) / decided : 0.0},
                       {"median_ns", num(s.median_ns)}});
  }
  // One Google Benchmark entry per solver and case (path-like names, e.g. lemke/stack/n100).
  for (const ForceResultRecord& r : run.results) {
    if (r.timing.repetitions == 0) continue;
    const std::string name = r.solver + "/" + run.cases[r.case_index].spec.id;
    benchmarks.push_back({{"name", name},
                          {"run_name", name},
                          {"run_type", "iteration"},
                          {"repetitions", 1},
                          {"repetition_index", 0},
                          {"threads", 1},
                          {"iterations", r.timing.repetitions},
                          {"real_time", num(r.timing.median_ns)},
                          {"cpu_time", num(r.timing.median_ns)},
                          {"time_unit", "ns"},
                          {"failures", r.verification.verdict == Verdict::fail ||
                                               r.verification.verdict == Verdict::error
                                           ? 1
                                           : 0}});
  }
  report["summary"] = summary;
  report["benchmarks"] = benchmarks;
  json errors = json::array();
  for (const LoadError& e : run.load_errors)
    errors.push_back(
        {{"file", e.file}, {"case", e.case_id}, {"field", e.field}, {"message", e.message}});
  report["load_errors"] = errors;
  return report;
}

std::string force_terminal_table(const ForceRunResults& run) {
  std::ostringstream out;
  int case_width = 28;  // wide enough for the longest case id (FCLib ids run to 50)
  for (const ForceCaseRecord& c : run.cases)
    case_width = std::max(case_width, static_cast<int>(c.spec.id.size()) + 2);
  out << std::left << std::setw(19) << "solver" << std::setw(case_width) << "case" << std::setw(12)
      << "verdict" << std::right << std::setw(11) << "residual" << std::setw(8) << "iters"
      << std::setw(12) << "median"
      << "  " << std::left << "reason\n";
  out << std::string(100, '-') << "\n";
  for (const ForceResultRecord& r : run.results) {
    const ForceCaseRecord& c = run.cases[r.case_index];
    std::string residual = "-";
    if (r.output.normal_force.size() == c.spec.problem.size() &&
        r.output.normal_force.allFinite()) {
      std::ostringstream s;
      s << std::scientific << std::setprecision(1)
        << natural_map_residual(c.spec.problem, r.output.normal_force);
      residual = s.str();
    }
    std::string reason = r.verification.reason;
    if (reason.size() > 60) reason = reason.substr(0, 57) + "...";
    out << std::left << std::setw(19) << r.solver << std::setw(case_width) << c.spec.id
        << std::setw(12) << to_string(r.verification.verdict) << std::right << std::setw(11)
        << residual << std::setw(8) << r.output.iterations << std::setw(12)
        << (r.timing.repetitions ? format_ns(r.timing.median_ns) : "-") << "  " << std::left
        << reason << "\n";
  }
  out << std::string(100, '-') << "\n";
  std::map<std::string, std::array<int, 5>> totals;
  for (const ForceResultRecord& r : run.results)
    ++totals[r.solver][static_cast<int>(r.verification.verdict)];
  for (const auto& [solver, t] : totals)
    out << std::left << std::setw(19) << solver << "pass " << t[0] << ", fail " << t[1]
        << ", ambiguous " << t[2] << ", unsupported " << t[3] << ", error " << t[4] << "\n";
  return out.str();
}

}  // namespace touchstone
