#include "harness/proximity/report.hpp"

#include <iomanip>
#include <map>
#include <sstream>

namespace touchstone {
namespace {

using nlohmann::json;

json output_json(const ProximityResult& r) {
  json o = {{"status", to_string(r.status)},
            {"relation", to_string(r.relation)},
            {"iterations", r.iterations}};
  if (!r.reason.empty()) o["reason"] = r.reason;
  o["distance"] = r.distance ? finite_or_null(*r.distance) : json(nullptr);
  o["witness_a"] = r.witness_a ? vec3_json(*r.witness_a) : json(nullptr);
  o["witness_b"] = r.witness_b ? vec3_json(*r.witness_b) : json(nullptr);
  o["penetration_depth"] =
      r.penetration_depth ? finite_or_null(*r.penetration_depth) : json(nullptr);
  o["penetration_direction"] =
      r.penetration_direction ? vec3_json(*r.penetration_direction) : json(nullptr);
  if (r.feature_a)
    o["feature_a"] = {{"kind", to_string(r.feature_a->kind)}, {"id", r.feature_a->id}};
  if (r.feature_b)
    o["feature_b"] = {{"kind", to_string(r.feature_b->kind)}, {"id", r.feature_b->id}};
  return o;
}

// A case's exact reference as the report shows it (null when there is none).
json reference_json(const CaseRecord& c) {
  if (!c.reference) return nullptr;
  const ExactProximity& r = *c.reference;
  json ref = {
      {"relation", to_string(r.relation)},        {"distance", finite_or_null(r.distance)},
      {"distance_sq_exact", r.distance_sq_exact}, {"witness_a", vec3_json(r.witness_a)},
      {"witness_b", vec3_json(r.witness_b)},      {"method", r.method},
      {"from_cache", c.reference_from_cache},     {"compute_ms", finite_or_null(c.reference_ms)}};
  ref["route"] = r.route;  // "certified" or "full" (reference/exact_proximity.hpp)
  ref["cost_ns"] = finite_or_null(r.cost_ns);
  ref["depth"] = r.depth ? finite_or_null(*r.depth) : json(nullptr);
  ref["depth_sq_exact"] = r.depth_sq_exact ? json(*r.depth_sq_exact) : json(nullptr);
  ref["depth_direction"] = r.depth_direction ? vec3_json(*r.depth_direction) : json(nullptr);
  return ref;
}

json expected_json(const ProximityCase& spec) {
  json expected = json::object();
  if (spec.expected_relation) expected["relation"] = to_string(*spec.expected_relation);
  if (spec.expected_distance) expected["distance"] = finite_or_null(*spec.expected_distance);
  return expected;
}

json case_json(const CaseRecord& c) {
  return {{"id", c.spec.id},
          {"family", c.spec.family},
          {"tags", c.spec.tags},
          {"origin", c.spec.origin},
          {"input_hash", c.hash},
          {"scale", finite_or_null(c.scale)},
          {"magnitude", finite_or_null(c.magnitude)},
          {"vertex_counts", {c.spec.a.vertices.size(), c.spec.b.vertices.size()}},
          {"poses", {{"A", pose_json(c.spec.pose_a)}, {"B", pose_json(c.spec.pose_b)}}},
          {"problems", c.problems},
          {"reference", reference_json(c)},
          {"expected", expected_json(c.spec)}};
}

json proximity_result_json(const ResultRecord& r, const CaseRecord& c) {
  return result_json({r.algorithm, c.spec.id, c.spec.family, to_string(r.output.status),
                      r.verification, output_json(r.output), timing_json(r.timing, true)},
                     r.captured_stderr);
}

std::string_view isolation_name(RunOptions::Isolation isolation) {
  return isolation == RunOptions::Isolation::none  ? "none"
         : isolation == RunOptions::Isolation::all ? "all"
                                                   : "peers";
}

// One row of the terminal table.
void table_row(std::ostream& out, const std::string& algorithm, const std::string& family,
               const SummaryRow& s) {
  const VerdictCounts& v = s.verdicts;
  out << std::left << std::setw(17) << algorithm << std::setw(24) << family << std::right
      << std::setw(7) << v.pass << std::setw(7) << v.fail << std::setw(7) << v.ambiguous
      << std::setw(7) << v.unsupported << std::setw(7) << v.error << std::setw(12)
      << format_ns(s.median_ns) << std::setw(9) << std::fixed << std::setprecision(2)
      << s.ratio_to_fastest << "\n";
}

}  // namespace

ProximityReport::ProximityReport(const RunResults& run, const RunOptions& options)
    : run_(run), options_(options), rows_(summarize(run)) {}

json ProximityReport::config() const {
  return {{"tolerances", options_.tolerances.to_json()},
          {"repetitions", options_.repetitions},
          {"isolation", isolation_name(options_.isolation)},
          {"algorithm_timeout_seconds", options_.algorithm_timeout_seconds},
          {"timing",
           "per query, cold (no warm start), steady_clock, median of repetitions after one "
           "untimed query"}};
}

json ProximityReport::algorithms() const {
  json algorithms = json::array();
  for (const auto* a : run_.algorithms)
    algorithms.push_back(
        algorithm_json(*a, "proximity", capability_flags(a->capabilities), json(a->parameters)));
  return algorithms;
}

void ProximityReport::add_sections(json& report) const {
  json cases = json::array();
  for (const CaseRecord& c : run_.cases) cases.push_back(case_json(c));
  report["cases"] = cases;
  json results = json::array();
  for (const ResultRecord& r : run_.results)
    results.push_back(proximity_result_json(r, run_.cases[r.case_index]));
  report["results"] = results;
}

json ProximityReport::summary() const { return summary_json(rows_, true); }

json ProximityReport::benchmarks() const { return family_benchmarks(rows_); }

const std::vector<LoadError>& ProximityReport::load_errors() const { return run_.load_errors; }

std::string ProximityReport::table() const {
  std::ostringstream out;
  out << std::left << std::setw(17) << "algorithm" << std::setw(24) << "family" << std::right
      << std::setw(7) << "pass" << std::setw(7) << "fail" << std::setw(7) << "ambig" << std::setw(7)
      << "unsup" << std::setw(7) << "error" << std::setw(12) << "median" << std::setw(9) << "x best"
      << "\n";
  out << std::string(97, '-') << "\n";
  std::string last;
  for (const SummaryRow& s : rows_) {
    if (s.family == "*") continue;
    table_row(out, s.algorithm == last ? "" : s.algorithm, s.family, s);
    last = s.algorithm;
  }
  out << std::string(97, '-') << "\n";
  for (const SummaryRow& s : rows_)
    if (s.family == "*") table_row(out, s.algorithm, "(all)", s);
  return out.str();
}

json make_report(const RunResults& run, const RunOptions& options, const ReportContext& context) {
  return ProximityReport(run, options).document(context);
}

std::vector<SummaryRow> summarize(const RunResults& run) {
  SummaryTally tally;
  for (const ResultRecord& r : run.results)
    tally.add(r.algorithm, run.cases[r.case_index].spec.family, r.verification.verdict, r.timing);
  return tally.rows();
}

std::string terminal_table(const RunResults& run) { return ProximityReport(run, {}).table(); }

Flags capability_flags(const Capabilities& c) {
  return {{"distance", c.distance},
          {"witness_points", c.witness_points},
          {"features", c.features},
          {"penetration_depth", c.penetration_depth},
          {"nonconvex", c.nonconvex},
          {"warm_start", c.warm_start},
          {"contact_regions", c.contact_regions},
          {"lower_dimensional", c.lower_dimensional}};
}

}  // namespace touchstone
