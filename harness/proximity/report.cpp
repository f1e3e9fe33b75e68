#include "harness/proximity/report.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
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
json reference_json(const ProximityCaseRecord& c) {
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

json case_json(const ProximityCaseRecord& c) {
  return {{"id", c.spec.id},
          {"family", c.spec.family},
          {"tags", c.spec.tags},
          {"origin", c.spec.origin},
          {"input_hash", c.hash},
          {"scale", finite_or_null(c.scale)},
          {"magnitude", finite_or_null(c.magnitude)},
          {"ulp", finite_or_null(ulp_at(c.magnitude))},
          {"vertex_counts", {c.spec.a.vertices.size(), c.spec.b.vertices.size()}},
          {"poses", {{"A", pose_json(c.spec.pose_a)}, {"B", pose_json(c.spec.pose_b)}}},
          {"problems", c.problems},
          {"reference", reference_json(c)},
          {"expected", expected_json(c.spec)}};
}

// The shared result entry, with each check's error in ulps of the case's M (and the result's
// largest) where the check measured one.
json proximity_result_json(const ProximityResultRecord& r, const ProximityCaseRecord& c) {
  json j = result_json({r.algorithm, c.spec.id, c.spec.family, to_string(r.output.status),
                        r.verification, output_json(r.output), timing_json(r.timing, true)},
                       r.captured_stderr);
  const auto& checks = r.verification.checks;
  for (std::size_t i = 0; i < checks.size(); ++i)
    if (const auto ulps = error_in_ulps(checks[i], c.magnitude))
      j["checks"][i]["error_ulps"] = finite_or_null(*ulps);
  if (const auto worst = result_error_ulps(r.verification, c.magnitude))
    j["error_ulps"] = finite_or_null(*worst);
  return j;
}

// An error in ulps in two significant digits ("0", "0.5", "12", "1.2e+06"); "-" for none.
std::string ulps_text(const json& x) {
  if (!x.is_number()) return x.is_null() ? "inf" : "-";
  std::ostringstream s;
  s.precision(2);
  s << x.get<double>();
  return s.str();
}

// "p50/p99/max" of a group's errors in ulps, "-" when it has none.
std::string ulps_column(const ErrorUlps& errors, const SummaryRow& s) {
  const auto it = errors.find({s.algorithm, s.family});
  if (it == errors.end() || it->second.empty()) return "-";
  const json q = quantiles(it->second);
  return ulps_text(q["p50"]) + "/" + ulps_text(q["p99"]) + "/" + ulps_text(q["max"]);
}

// One row of the terminal table.
void table_row(std::ostream& out, const std::string& algorithm, const std::string& family,
               const SummaryRow& s, const std::string& ulps) {
  const VerdictCounts& v = s.verdicts;
  out << std::left << std::setw(17) << algorithm << std::setw(24) << family << std::right
      << std::setw(7) << v.pass << std::setw(7) << v.fail << std::setw(7) << v.ambiguous
      << std::setw(7) << v.unsupported << std::setw(7) << v.error << " " << std::setw(23) << ulps
      << std::setw(12) << format_ns(s.median_ns) << std::setw(9) << std::fixed
      << std::setprecision(2) << s.ratio_to_fastest << "\n";
}

}  // namespace

ProximityReport::ProximityReport(const ProximityRunResults& run, const ProximityRunOptions& options)
    : run_(run), options_(options), rows_(summarize(run)), error_ulps_(error_ulps_by_group(run)) {}

json ProximityReport::config() const {
  return {{"tolerances", options_.tolerances.to_json()},
          {"repetitions", options_.repetitions},
          {"isolation", to_string(options_.isolation)},
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
  for (const ProximityCaseRecord& c : run_.cases) cases.push_back(case_json(c));
  report["cases"] = cases;
  json results = json::array();
  for (const ProximityResultRecord& r : run_.results)
    results.push_back(proximity_result_json(r, run_.cases[r.case_index]));
  report["results"] = results;
}

json ProximityReport::summary() const {
  json rows = summary_json(rows_, true);
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    const auto it = error_ulps_.find({rows_[i].algorithm, rows_[i].family});
    rows[i]["error_ulps"] = quantiles(it == error_ulps_.end() ? std::vector<double>{} : it->second);
  }
  return rows;
}

json ProximityReport::benchmarks() const { return family_benchmarks(rows_); }

const std::vector<LoadError>& ProximityReport::load_errors() const { return run_.load_errors; }

std::string ProximityReport::table() const {
  std::ostringstream out;
  out << std::left << std::setw(17) << "algorithm" << std::setw(24) << "family" << std::right
      << std::setw(7) << "pass" << std::setw(7) << "fail" << std::setw(7) << "ambig" << std::setw(7)
      << "unsup" << std::setw(7) << "error"
      << " " << std::setw(23) << "ulps p50/p99/max" << std::setw(12) << "median" << std::setw(9)
      << "x best"
      << "\n";
  out << std::string(121, '-') << "\n";
  std::string last;
  for (const SummaryRow& s : rows_) {
    if (s.family == "*") continue;
    table_row(out, s.algorithm == last ? "" : s.algorithm, s.family, s,
              ulps_column(error_ulps_, s));
    last = s.algorithm;
  }
  out << std::string(121, '-') << "\n";
  for (const SummaryRow& s : rows_)
    if (s.family == "*") table_row(out, s.algorithm, "(all)", s, ulps_column(error_ulps_, s));
  return out.str();
}

json make_report(const ProximityRunResults& run, const ProximityRunOptions& options,
                 const ReportContext& context) {
  return ProximityReport(run, options).document(context);
}

std::vector<SummaryRow> summarize(const ProximityRunResults& run) {
  SummaryTally tally;
  for (const ProximityResultRecord& r : run.results)
    tally.add(r.algorithm, run.cases[r.case_index].spec.family, r.verification.verdict, r.timing);
  return tally.rows();
}

std::optional<double> result_error_ulps(const Verification& verification, double magnitude) {
  std::optional<double> worst;
  for (const CheckResult& c : verification.checks)
    if (auto ulps = error_in_ulps(c, magnitude)) {
      if (std::isnan(*ulps)) ulps = std::numeric_limits<double>::infinity();
      worst = std::max(worst.value_or(0.0), *ulps);
    }
  return worst;
}

ErrorUlps error_ulps_by_group(const ProximityRunResults& run) {
  ErrorUlps out;
  for (const ProximityResultRecord& r : run.results) {
    const ProximityCaseRecord& c = run.cases[r.case_index];
    const auto worst = result_error_ulps(r.verification, c.magnitude);
    if (!worst) continue;
    const std::string& family = c.spec.family;
    out[{r.algorithm, family.empty() ? "(none)" : family}].push_back(*worst);
    out[{r.algorithm, "*"}].push_back(*worst);
  }
  return out;
}

std::string terminal_table(const ProximityRunResults& run) {
  return ProximityReport(run, {}).table();
}

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
