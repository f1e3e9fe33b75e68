#include "harness/regions/report.hpp"

#include <iomanip>
#include <map>
#include <sstream>

#include "harness/regions/reference.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

json vectors_json(const std::vector<Vec3>& vs) {
  json out = json::array();
  for (const Vec3& v : vs) out.push_back(vec3_json(v));
  return out;
}

json region_json(const ContactRegion& c) {
  json j = {{"a", c.a ? feature_json(*c.a) : json(nullptr)},
            {"b", c.b ? feature_json(*c.b) : json(nullptr)},
            {"dimension", c.dimension()},
            {"points", vectors_json(c.points)},
            {"normals", vectors_json(c.normals)}};
  if (c.depth) j["depth"] = finite_or_null(*c.depth);
  if (c.area) j["area"] = finite_or_null(*c.area);  // contact patches (seed 001)
  if (c.gap) j["gap"] = finite_or_null(*c.gap);
  return j;
}

json step_output_json(const RegionResult& r) {
  json regions = json::array();
  for (const ContactRegion& c : r.regions) regions.push_back(region_json(c));
  return {{"status", to_string(r.status)},
          {"reason", r.reason},
          {"relation", to_string(r.relation)},
          {"subset", to_string(r.subset)},
          {"regions", regions},
          {"distance", r.distance ? finite_or_null(*r.distance) : json(nullptr)},
          {"iterations", r.iterations}};
}

json output_json(const RegionOutcome& o) {
  json steps = json::array();
  for (const RegionResult& r : o.steps) steps.push_back(step_output_json(r));
  return {{"status", to_string(o.status)}, {"reason", o.reason}, {"steps", steps}};
}

json counts_json(const RegionCounts& c) {
  return {{"returned", c.returned},
          {"claimed", c.claimed},
          {"matched", c.matched},
          {"missed", c.missed},
          {"extra", c.extra},
          {"declared_limit", c.declared_limit},
          {"coverage",
           c.coverage && c.claimed > 0 ? json(double(c.matched) / c.claimed) : json(nullptr)}};
}

// A step's exact reference as the report shows it (null when there is none).
json reference_json(const RegionStepRecord& s) {
  if (!s.reference) return nullptr;
  const ExactRegions& e = *s.reference;
  int sufficient = 0;
  int by_dimension[3] = {0, 0, 0};
  for (const ExactRegion& r : e.regions) {
    sufficient += r.sufficient;
    if (r.dimension >= 0 && r.dimension <= 2) ++by_dimension[r.dimension];
  }
  json patch = nullptr;  // contact patches (seed 001): A ∩ B's volume, point, normal, area
  if (e.patch)
    patch = {{"volume", finite_or_null(e.patch->volume)}, {"volume_exact", e.patch->volume_exact},
             {"area", finite_or_null(e.patch->area)},     {"point", vec3_json(e.patch->point)},
             {"normal", vec3_json(e.patch->normal)},      {"faces", e.patch->faces.size()}};
  json closure = nullptr;  // inside the band: the touching configuration (verifier.hpp)
  if (e.closure)
    closure = {{"translation", vec3_json(e.closure->translation)},
               {"translation_exact", e.closure->translation_exact},
               {"length", finite_or_null(e.closure->length)},
               {"relation", to_string(e.closure->relation)},
               {"regions", e.closure->regions.size()}};
  return {{"method", e.method},
          {"relation", to_string(e.relation)},
          {"patch", patch},
          {"epsilon_closure", closure},
          {"regions", e.regions.size()},
          {"sufficient", sufficient},
          {"by_dimension", {by_dimension[0], by_dimension[1], by_dimension[2]}},
          {"distance", e.distance ? finite_or_null(*e.distance) : json(nullptr)},
          {"shallow", e.shallow ? json(*e.shallow) : json(nullptr)},
          {"pairs_tested", e.pairs_tested},
          {"from_cache", s.reference_from_cache},
          {"compute_ms", finite_or_null(s.reference_ms)}};
}

json case_json(const RegionCaseRecord& c) {
  json steps = json::array();
  for (std::size_t k = 0; k < c.steps.size(); ++k) {
    const RegionStep& spec = c.spec.steps[k];
    const RegionStepRecord& s = c.steps[k];
    steps.push_back({{"input_hash", s.key.substr(s.key.find(':') + 1)},
                     {"size", finite_or_null(s.size)},
                     {"tau", finite_or_null(s.tau)},
                     {"poses", {{"A", pose_json(spec.pose_a)}, {"B", pose_json(spec.pose_b)}}},
                     {"velocities", spec.velocity_a || spec.velocity_b},
                     {"reference", reference_json(s)}});
  }
  json expected = json::object();
  if (c.spec.expected_relation) expected["relation"] = to_string(*c.spec.expected_relation);
  if (c.spec.expected_sufficient_regions)
    expected["sufficient_regions"] = *c.spec.expected_sufficient_regions;
  return {{"id", c.spec.id},
          {"family", c.spec.family},
          {"tags", c.spec.tags},
          {"origin", c.spec.origin},
          {"vertex_counts", {c.spec.a.vertices.size(), c.spec.b.vertices.size()}},
          {"face_counts", {c.faces_a, c.faces_b}},
          {"steps", steps},
          {"problems", c.problems},
          {"expected", expected}};
}

json result_entry(const RegionResultRecord& r, const RegionCaseRecord& c) {
  json j = result_json({r.algorithm, c.spec.id, c.spec.family, to_string(r.output.status),
                        r.verification, output_json(r.output), timing_json(r.timing, true)},
                       r.captured_stderr);
  json verdicts = json::array();
  for (Verdict v : r.step_verdicts) verdicts.push_back(to_string(v));
  j["step_verdicts"] = verdicts;
  j["regions"] = counts_json(r.counts);
  return j;
}

std::vector<SummaryRow> summarize(const RegionRunResults& run) {
  SummaryTally tally;
  for (const RegionResultRecord& r : run.results)
    tally.add(r.algorithm, run.cases[r.case_index].spec.family, r.verification.verdict, r.timing);
  return tally.rows();
}

}  // namespace

Flags region_capability_flags(const RegionCapabilities& c) {
  return {{"entities", c.entities},
          {"intersection_set", c.intersection_set},
          {"sufficient_set", c.sufficient_set},
          {"covering_set", c.covering_set},
          {"normals", c.normals},
          {"temporal_coherence", c.temporal_coherence},
          {"back_face_culling", c.back_face_culling},
          {"relation", c.relation},
          {"nonconvex", c.nonconvex},
          {"contact_patch", c.contact_patch},
          {"penetration_points", c.penetration_points}};
}

RegionReport::RegionReport(const RegionRunResults& run, const RegionRunOptions& options)
    : run_(run), options_(options), rows_(summarize(run)) {}

json RegionReport::config() const {
  return {{"region_tolerances", options_.tolerances.to_json()},
          {"repetitions", options_.repetitions},
          {"isolation", to_string(options_.isolation)},
          {"algorithm_timeout_seconds", options_.algorithm_timeout_seconds},
          {"reference_timeout_seconds", options_.reference_timeout_seconds},
          {"timing",
           "per query, steady_clock, median over the timed queries of every step (one untimed "
           "query first per step); shapes prepared once, timed apart (prepare_ns)"}};
}

json RegionReport::algorithms() const {
  json out = json::array();
  for (const auto* a : run_.algorithms)
    out.push_back(algorithm_json(*a, "contact-regions", region_capability_flags(a->capabilities),
                                 json(a->parameters)));
  return out;
}

void RegionReport::add_sections(json& report) const {
  json cases = json::array();
  for (const RegionCaseRecord& c : run_.cases) cases.push_back(case_json(c));
  report["region_cases"] = cases;
  json results = json::array();
  for (const RegionResultRecord& r : run_.results)
    results.push_back(result_entry(r, run_.cases[r.case_index]));
  report["region_results"] = results;
}

json RegionReport::summary() const { return summary_json(rows_, true); }

json RegionReport::benchmarks() const { return family_benchmarks(rows_); }

const std::vector<LoadError>& RegionReport::load_errors() const { return run_.load_errors; }

std::string RegionReport::table() const {
  // Regions found versus exact, per algorithm and family ("*": all families).
  std::map<std::pair<std::string, std::string>, RegionCounts> found;
  for (const RegionResultRecord& r : run_.results) {
    const std::string& family = run_.cases[r.case_index].spec.family;
    found[{r.algorithm, family.empty() ? "(none)" : family}].add(r.counts);
    found[{r.algorithm, "*"}].add(r.counts);
  }
  std::ostringstream out;
  const auto row = [&](const std::string& algorithm, const SummaryRow& s) {
    const VerdictCounts& v = s.verdicts;
    const RegionCounts& c = found[{s.algorithm, s.family}];
    const std::string regions =
        std::to_string(c.returned) + " / " + std::to_string(c.claimed) + " / " +
        std::to_string(c.matched) + (c.coverage ? " cov" : "") +
        (c.declared_limit ? " +" + std::to_string(c.declared_limit) + "lim" : "");
    out << std::left << std::setw(29) << algorithm << std::setw(22)
        << (s.family == "*" ? "(all)" : s.family) << std::right << std::setw(6) << v.pass
        << std::setw(6) << v.fail << std::setw(7) << v.ambiguous << std::setw(7) << v.unsupported
        << std::setw(7) << v.error << std::setw(30) << regions << std::setw(11)
        << format_ns(s.median_ns) << "\n";
  };
  out << std::left << std::setw(29) << "algorithm" << std::setw(22) << "family" << std::right
      << std::setw(6) << "pass" << std::setw(6) << "fail" << std::setw(7) << "ambig" << std::setw(7)
      << "unsup" << std::setw(7) << "error" << std::setw(30) << "returned/claimed/match"
      << std::setw(11) << "median"
      << "\n"
      << std::string(125, '-') << "\n";
  std::string last;
  for (const SummaryRow& s : rows_) {
    if (s.family == "*") continue;
    row(s.algorithm == last ? "" : s.algorithm, s);
    last = s.algorithm;
  }
  out << std::string(125, '-') << "\n";
  for (const SummaryRow& s : rows_)
    if (s.family == "*") row(s.algorithm, s);
  return out.str();
}

}  // namespace touchstone
