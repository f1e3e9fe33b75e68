#include "harness/regions/contact_sets_report.hpp"

#include <iomanip>
#include <map>
#include <sstream>

#include "harness/regions/reference.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

json counts_json(const ContactFrameCounts& c) {
  return {{"frames", c.frames},
          {"judged", c.judged},
          {"overshoots", c.overshoots},
          {"contacts", c.contacts},
          {"sufficient", c.sufficient},
          {"covered", c.covered},
          {"missed", c.missed},
          {"corners", c.corners},
          {"corners_covered", c.corners_covered},
          {"spurious", c.spurious},
          {"stale", c.stale},
          {"identity_breaks", c.identity_breaks},
          {"persisted", c.persisted},
          {"normals_out", c.normals_out},
          {"proximity_calls", c.proximity_calls},
          {"bisections", c.bisections},
          {"max_point_error", finite_or_null(c.max_point_error)}};
}

json frame_json(const ContactSetResult& f, const ContactFrameCounts& c, Verdict v, double ns) {
  json contacts = json::array();
  for (const TrackedContact& t : f.contacts) {
    json entry = {
        {"id", t.id},
        {"a", t.region.a ? feature_json(*t.region.a) : json(nullptr)},
        {"b", t.region.b ? feature_json(*t.region.b) : json(nullptr)},
        {"point", t.region.points.empty() ? json(nullptr) : vec3_json(t.region.points[0])},
        {"normal", t.region.normals.empty() ? json(nullptr) : vec3_json(t.region.normals[0])},
        {"distance", finite_or_null(t.distance)}};
    // A region-sized contact (a region algorithm's): its whole Π and every normal.
    const auto all = [](const std::vector<Vec3>& list) {
      json out = json::array();
      for (const Vec3& x : list) out.push_back(vec3_json(x));
      return out;
    };
    if (t.region.points.size() > 1) entry["points"] = all(t.region.points);
    if (t.region.normals.size() > 1) entry["normals"] = all(t.region.normals);
    contacts.push_back(std::move(entry));
  }
  return {{"status", to_string(f.status)},
          {"reason", f.reason},
          {"relation", to_string(f.relation)},
          {"verdict", to_string(v)},
          {"contacts", contacts},
          {"added", f.added},
          {"dropped", f.dropped},
          {"counts", counts_json(c)},
          {"time_ns", finite_or_null(ns)}};
}

json case_json(const ContactSetCaseRecord& c) {
  json frames = json::array();
  for (const ContactFrameRecord& f : c.frames) {
    json ref = nullptr;
    if (f.reference) {
      int sufficient = 0, corners = 0;
      for (const ExactRegion& r : f.reference->regions) {
        sufficient += r.sufficient;
        corners += r.dimension == 0;
      }
      ref = {{"relation", to_string(f.reference->relation)},
             {"regions", f.reference->regions.size()},
             {"sufficient", sufficient},
             {"corners", corners},
             {"from_cache", f.from_cache}};
    }
    frames.push_back(
        {{"size", finite_or_null(f.size)}, {"tau", finite_or_null(f.tau)}, {"reference", ref}});
  }
  return {{"id", c.spec.id},         {"family", c.spec.family}, {"tags", c.spec.tags},
          {"origin", c.spec.origin}, {"frames", frames},        {"problems", c.problems}};
}

}  // namespace

Flags contact_set_capability_flags(const ContactSetCapabilities& c) {
  return {
      {"entities", c.entities}, {"bisection", c.bisection}, {"closest_feature", c.closest_feature}};
}

ContactSetReport::ContactSetReport(const ContactSetRunResults& run,
                                   const ContactSetRunOptions& options)
    : run_(run), options_(options) {
  SummaryTally tally;
  for (const ContactSetResultRecord& r : run.results)
    tally.add(r.algorithm, run.cases[r.case_index].spec.family, r.verification.verdict, r.timing);
  rows_ = tally.rows();
}

json ContactSetReport::config() const {
  return {{"tol_region", options_.tol_region},
          {"tol_normal", options_.tol_normal},
          {"repetitions", options_.repetitions},
          {"reference_timeout_seconds", options_.reference_timeout_seconds},
          {"timing",
           "per frame, steady_clock, minimum over the plays of the sequence (a fresh "
           "state each play); the timing sample is the frames"}};
}

json ContactSetReport::algorithms() const {
  json out = json::array();
  for (const auto* a : run_.algorithms)
    out.push_back(algorithm_json(*a, "contact-sets", contact_set_capability_flags(a->capabilities),
                                 json(a->parameters)));
  return out;
}

void ContactSetReport::add_sections(json& report) const {
  json cases = json::array();
  for (const ContactSetCaseRecord& c : run_.cases) cases.push_back(case_json(c));
  report["contact_set_cases"] = cases;
  json results = json::array();
  for (const ContactSetResultRecord& r : run_.results) {
    const ContactSetCaseRecord& c = run_.cases[r.case_index];
    json frames = json::array();
    for (std::size_t k = 0; k < r.frames.size(); ++k)
      frames.push_back(
          frame_json(r.frames[k], r.frame_counts[k], r.frame_verdicts[k], r.frame_ns[k]));
    json j = result_json({r.algorithm, c.spec.id, c.spec.family, to_string(r.output.status),
                          r.verification, json{{"reason", r.output.reason}, {"frames", frames}},
                          timing_json(r.timing, false)});
    j["totals"] = counts_json(r.totals);
    results.push_back(j);
  }
  report["contact_set_results"] = results;
}

json ContactSetReport::summary() const { return summary_json(rows_, true); }
json ContactSetReport::benchmarks() const { return family_benchmarks(rows_); }
const std::vector<LoadError>& ContactSetReport::load_errors() const { return run_.load_errors; }

std::string ContactSetReport::table() const {
  // One row per tracker and scene (family), summed over its cases (the scene's rotations).
  struct Row {
    ContactFrameCounts totals;
    VerdictCounts verdicts;
    std::vector<double> frame_ns;
  };
  std::map<std::pair<std::string, std::string>, Row> rows;
  for (const ContactSetResultRecord& r : run_.results) {
    Row& row = rows[{r.algorithm, run_.cases[r.case_index].spec.family}];
    row.totals.add(r.totals);
    row.verdicts.add(r.verification.verdict);
    row.frame_ns.insert(row.frame_ns.end(), r.frame_ns.begin(), r.frame_ns.end());
  }
  std::ostringstream out;
  out << std::left << std::setw(22) << "tracker" << std::setw(16) << "scene" << std::right
      << std::setw(7) << "pass" << std::setw(9) << "cov R" << std::setw(10) << "corners"
      << std::setw(9) << "pt err" << std::setw(7) << "breaks" << std::setw(6) << "stale"
      << std::setw(6) << "spur" << std::setw(8) << "calls/f" << std::setw(7) << "bis/f"
      << std::setw(10) << "time/f"
      << "\n"
      << std::string(117, '-') << "\n";
  for (const auto& [key, row] : rows) {
    const ContactFrameCounts& t = row.totals;
    const double frames = std::max(1, t.frames);
    std::ostringstream pe, calls, bis;
    pe << std::setprecision(2) << t.max_point_error;
    calls << std::setprecision(3) << t.proximity_calls / frames;
    bis << std::setprecision(2) << t.bisections / frames;
    out << std::left << std::setw(22) << key.first << std::setw(16) << key.second << std::right
        << std::setw(7)
        << (std::to_string(row.verdicts.pass) + "/" + std::to_string(row.verdicts.total()))
        << std::setw(9) << (std::to_string(t.covered) + "/" + std::to_string(t.sufficient))
        << std::setw(10) << (std::to_string(t.corners_covered) + "/" + std::to_string(t.corners))
        << std::setw(9) << pe.str() << std::setw(7) << t.identity_breaks << std::setw(6) << t.stale
        << std::setw(6) << t.spurious << std::setw(8) << calls.str() << std::setw(7) << bis.str()
        << std::setw(10) << format_ns(median(row.frame_ns)) << "\n";
  }
  return out.str();
}

}  // namespace touchstone
