#include "harness/proximity/report.hpp"

#include <CGAL/version.h>
#include <unistd.h>

#include <Eigen/Core>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <map>
#include <sstream>
#include <thread>

#include "algorithms/proximity/peers/peers.hpp"

#ifndef TOUCHSTONE_GIT_SHA
#define TOUCHSTONE_GIT_SHA "unknown"
#endif

namespace touchstone {
namespace {

using nlohmann::json;

// Never write NaN or Infinity: a non-finite number becomes null.
json num(double x) { return std::isfinite(x) ? json(x) : json(nullptr); }
json vec(const Vec3& v) { return {num(v.x()), num(v.y()), num(v.z())}; }

json mat(const Mat3& m) {
  json rows = json::array();
  for (int i = 0; i < 3; ++i) rows.push_back({num(m(i, 0)), num(m(i, 1)), num(m(i, 2))});
  return rows;
}

std::string cpu_name() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown";
}

std::string hostname() {
  char buf[256] = {};
  return gethostname(buf, sizeof buf - 1) == 0 ? buf : "unknown";
}

std::string now_iso8601() {
  const std::time_t t = std::time(nullptr);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

json capabilities_json(const Capabilities& c) {
  return {{"distance", c.distance},
          {"witness_points", c.witness_points},
          {"features", c.features},
          {"penetration_depth", c.penetration_depth},
          {"nonconvex", c.nonconvex},
          {"warm_start", c.warm_start},
          {"contact_regions", c.contact_regions}};
}

json output_json(const ProximityResult& r) {
  json o = {{"status", to_string(r.status)},
            {"relation", to_string(r.relation)},
            {"iterations", r.iterations}};
  if (!r.reason.empty()) o["reason"] = r.reason;
  o["distance"] = r.distance ? num(*r.distance) : json(nullptr);
  o["witness_a"] = r.witness_a ? vec(*r.witness_a) : json(nullptr);
  o["witness_b"] = r.witness_b ? vec(*r.witness_b) : json(nullptr);
  o["penetration_depth"] = r.penetration_depth ? num(*r.penetration_depth) : json(nullptr);
  o["penetration_direction"] =
      r.penetration_direction ? vec(*r.penetration_direction) : json(nullptr);
  if (r.feature_a)
    o["feature_a"] = {{"kind", to_string(r.feature_a->kind)}, {"id", r.feature_a->id}};
  if (r.feature_b)
    o["feature_b"] = {{"kind", to_string(r.feature_b->kind)}, {"id", r.feature_b->id}};
  return o;
}

std::string family_of(const CaseRecord& c) {
  return c.spec.family.empty() ? "(none)" : c.spec.family;
}

}  // namespace

std::vector<SummaryRow> summarize(const RunResults& run) {
  std::map<std::pair<std::string, std::string>, std::pair<SummaryRow, std::vector<double>>> rows;
  for (const ResultRecord& r : run.results) {
    for (const std::string& family : {family_of(run.cases[r.case_index]), std::string("*")}) {
      auto& [row, times] = rows[{r.algorithm, family}];
      row.algorithm = r.algorithm;
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
  std::vector<SummaryRow> out;
  for (auto& [key, value] : rows) {
    value.first.median_ns = median(value.second);
    out.push_back(value.first);
  }
  std::map<std::string, double> fastest;  // family -> smallest median
  for (const SummaryRow& s : out)
    if (s.median_ns > 0 && (!fastest.count(s.family) || s.median_ns < fastest[s.family]))
      fastest[s.family] = s.median_ns;
  for (SummaryRow& s : out)
    if (s.median_ns > 0) s.ratio_to_fastest = s.median_ns / fastest[s.family];
  return out;
}

json make_report(const RunResults& run, const RunOptions& options, const ReportContext& ctx) {
  json report;
  report["format"] = "touchstone-report/1";
  report["context"] = {
      {"tool", "touchstone"},
      {"tool_version", "0.1.0"},
      {"git_sha", TOUCHSTONE_GIT_SHA},
      {"date", now_iso8601()},
      {"host_name", hostname()},
      {"cpu", cpu_name()},
      {"num_cpus", std::thread::hardware_concurrency()},
      {"compiler", std::string("g++ ") + __VERSION__},
#ifdef NDEBUG
      {"build_type", "release"},
      {"library_build_type", "release"},
#else
      {"build_type", "debug"},
      {"library_build_type", "debug"},
#endif
      {"libraries",
       {{"cgal", CGAL_VERSION_STR},
        {"eigen", std::to_string(EIGEN_WORLD_VERSION) + "." + std::to_string(EIGEN_MAJOR_VERSION) +
                      "." + std::to_string(EIGEN_MINOR_VERSION)},
        {"nlohmann_json", std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
                              std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
                              std::to_string(NLOHMANN_JSON_VERSION_PATCH)}}},
      {"command_line", ctx.command_line},
      {"seed", ctx.seed}};
  for (const auto& [library, version] : peers::library_versions())
    report["context"]["libraries"][library] = version;
  report["config"] = {
      {"tolerances", options.tolerances.to_json()},
      {"repetitions", options.repetitions},
      {"isolation", options.isolation == RunOptions::Isolation::none  ? "none"
                    : options.isolation == RunOptions::Isolation::all ? "all"
                                                                      : "peers"},
      {"algorithm_timeout_seconds", options.algorithm_timeout_seconds},
      {"timing",
       "per query, cold (no warm start), steady_clock, median of repetitions after one untimed "
       "query"}};

  json algorithms = json::array();
  for (const auto* a : run.algorithms)
    algorithms.push_back(
        {{"name", a->name},
         {"kind", "proximity"},
         {"family", a->family},
         {"paper", a->paper},
         {"description", a->description},
         {"capabilities", capabilities_json(a->capabilities)},
         {"parameters", a->parameters.empty() ? json::object() : json(a->parameters)}});
  report["algorithms"] = algorithms;

  json cases = json::array();
  for (const CaseRecord& c : run.cases) {
    json j = {{"id", c.spec.id},
              {"family", c.spec.family},
              {"tags", c.spec.tags},
              {"origin", c.spec.origin},
              {"input_hash", c.hash},
              {"scale", num(c.scale)},
              {"magnitude", num(c.magnitude)},
              {"vertex_counts", {c.spec.a.vertices.size(), c.spec.b.vertices.size()}},
              {"poses",
               {{"A",
                 {{"rotation", mat(c.spec.pose_a.rotation)},
                  {"translation", vec(c.spec.pose_a.translation)}}},
                {"B",
                 {{"rotation", mat(c.spec.pose_b.rotation)},
                  {"translation", vec(c.spec.pose_b.translation)}}}}},
              {"problems", c.problems}};
    if (c.reference) {
      json ref = {{"relation", to_string(c.reference->relation)},
                  {"distance", num(c.reference->distance)},
                  {"distance_sq_exact", c.reference->distance_sq_exact},
                  {"witness_a", vec(c.reference->witness_a)},
                  {"witness_b", vec(c.reference->witness_b)},
                  {"method", c.reference->method},
                  {"from_cache", c.reference_from_cache},
                  {"compute_ms", num(c.reference_ms)}};
      ref["depth"] = c.reference->depth ? num(*c.reference->depth) : json(nullptr);
      ref["depth_sq_exact"] =
          c.reference->depth_sq_exact ? json(*c.reference->depth_sq_exact) : json(nullptr);
      ref["depth_direction"] =
          c.reference->depth_direction ? vec(*c.reference->depth_direction) : json(nullptr);
      j["reference"] = ref;
    } else {
      j["reference"] = nullptr;
    }
    json expected = json::object();
    if (c.spec.expected_relation) expected["relation"] = to_string(*c.spec.expected_relation);
    if (c.spec.expected_distance) expected["distance"] = num(*c.spec.expected_distance);
    j["expected"] = expected;
    cases.push_back(j);
  }
  report["cases"] = cases;

  json results = json::array();
  for (const ResultRecord& r : run.results) {
    json checks = json::array();
    for (const CheckResult& c : r.verification.checks)
      checks.push_back({{"name", c.name},
                        {"verdict", to_string(c.verdict)},
                        {"error", num(c.error)},
                        {"tolerance", num(c.tolerance)},
                        {"detail", c.detail}});
    const CaseRecord& c = run.cases[r.case_index];
    results.push_back({{"algorithm", r.algorithm},
                       {"case", c.spec.id},
                       {"family", c.spec.family},
                       {"status", to_string(r.output.status)},
                       {"verdict", to_string(r.verification.verdict)},
                       {"reason", r.verification.reason},
                       {"output", output_json(r.output)},
                       {"checks", checks},
                       {"timing",
                        {{"median_ns", num(r.timing.median_ns)},
                         {"min_ns", num(r.timing.min_ns)},
                         {"max_ns", num(r.timing.max_ns)},
                         {"prepare_ns", num(r.timing.prepare_ns)},
                         {"repetitions", r.timing.repetitions}}}});
  }
  report["results"] = results;

  json summary = json::array(), benchmarks = json::array();
  for (const SummaryRow& s : summarize(run)) {
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
                       {"median_ns", num(s.median_ns)},
                       {"ratio_to_fastest", num(s.ratio_to_fastest)}});
    if (s.family != "*")
      benchmarks.push_back({{"name", s.algorithm + "/" + s.family},
                            {"run_name", s.algorithm + "/" + s.family},
                            {"run_type", "iteration"},
                            {"repetitions", 1},
                            {"repetition_index", 0},
                            {"threads", 1},
                            {"iterations", s.total()},
                            {"real_time", num(s.median_ns)},
                            {"cpu_time", num(s.median_ns)},
                            {"time_unit", "ns"},
                            {"failures", s.fail + s.error}});
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

std::string terminal_table(const RunResults& run) {
  const auto rows = summarize(run);
  std::map<std::string, double> fastest;  // family -> fastest median among algorithms
  for (const SummaryRow& s : rows)
    if (s.median_ns > 0 && (!fastest.count(s.family) || s.median_ns < fastest[s.family]))
      fastest[s.family] = s.median_ns;
  std::ostringstream out;
  out << std::left << std::setw(17) << "algorithm" << std::setw(24) << "family" << std::right
      << std::setw(7) << "pass" << std::setw(7) << "fail" << std::setw(7) << "ambig" << std::setw(7)
      << "unsup" << std::setw(7) << "error" << std::setw(12) << "median" << std::setw(9) << "x best"
      << "\n";
  out << std::string(97, '-') << "\n";
  std::string last;
  for (const SummaryRow& s : rows) {
    if (s.family == "*") continue;
    out << std::left << std::setw(17) << (s.algorithm == last ? "" : s.algorithm) << std::setw(24)
        << s.family << std::right << std::setw(7) << s.pass << std::setw(7) << s.fail
        << std::setw(7) << s.ambiguous << std::setw(7) << s.unsupported << std::setw(7) << s.error
        << std::setw(12) << format_ns(s.median_ns) << std::setw(9) << std::fixed
        << std::setprecision(2) << (s.median_ns > 0 ? s.median_ns / fastest[s.family] : 0.0)
        << "\n";
    last = s.algorithm;
  }
  out << std::string(97, '-') << "\n";
  for (const SummaryRow& s : rows)
    if (s.family == "*")
      out << std::left << std::setw(17) << s.algorithm << std::setw(24) << "(all)" << std::right
          << std::setw(7) << s.pass << std::setw(7) << s.fail << std::setw(7) << s.ambiguous
          << std::setw(7) << s.unsupported << std::setw(7) << s.error << std::setw(12)
          << format_ns(s.median_ns) << std::setw(9) << std::fixed << std::setprecision(2)
          << s.ratio_to_fastest << "\n";
  return out.str();
}

}  // namespace touchstone
