#include "harness/regions/show.hpp"

#include <optional>

#include "cases/region_families.hpp"
#include "harness/common/case_shapes.hpp"
#include "harness/common/cli.hpp"
#include "harness/common/reporter.hpp"
#include "harness/regions/point_sets.hpp"
#include "harness/regions/reference.hpp"
#include "harness/regions/runner.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

// The page's words for the items of a region case (show_script.hpp).
const json kRegionLabels = {
    {"items", "regions"},
    {"exact", "exact region (spheres: its points)"},
    {"returned", "exact region returned (or covered by a point)"},
    {"missing", "exact region of the claimed subset not returned"},
    {"unclaimed", "exact region outside the claimed subset"},
    {"agrees", "answer (cubes): a pair of 𝓘, or within τ of an exact region"},
    {"differs", "answer not in 𝓘, or a point farther than τ from every exact region"},
    {"normals", "answer normals"},
    {"stats", {"exact regions", "not returned", "answer regions", "differing"}}};

// One answer step with its differences from the exact regions (see show.hpp).
// The exact regions an answer is drawn against and the distance that counts as on them: inside
// the band, those of the ε-closure (B moved by t, |t| ≤ τ) within τ + |t|, as the verifier judges
// (verifier.hpp); else 𝓘 within τ.
struct Judged {
  const std::vector<ExactRegion>& regions;
  double tolerance;
  const EpsilonClosure* closure;
};

Judged judged(const ExactRegions& e, double tau) {
  const EpsilonClosure* c =
      e.closure && e.closure->relation == Relation::touching && e.closure->length <= tau
          ? &*e.closure
          : nullptr;
  return c ? Judged{c->regions, tau + c->length, c} : Judged{e.regions, tau, nullptr};
}

json answer_step(const json& step, const Judged& exact, const std::string& field) {
  if (!step.is_object()) throw ShowError(field + ": expected an object");
  const json regions = step.value("regions", json::array());
  if (!regions.is_array()) throw ShowError(field + ".regions: expected an array");
  const bool sufficient_only = text_of(step, "subset") != "intersection";
  std::vector<bool> covered(exact.regions.size(), false);
  json out_regions = json::array();
  for (std::size_t i = 0; i < regions.size(); ++i) {
    const json& r = regions[i];
    const std::string rf = field + ".regions[" + std::to_string(i) + "]";
    if (!r.is_object() || !r.contains("points") || !r["points"].is_array())
      throw ShowError(rf + ".points: expected an array of points");
    std::vector<Vec3> points;
    for (std::size_t k = 0; k < r["points"].size(); ++k)
      points.push_back(answer_point(r["points"][k], rf + ".points[" + std::to_string(k) + "]"));
    std::vector<Vec3> normals;
    const json given_normals = r.value("normals", json::array());
    if (!given_normals.is_array()) throw ShowError(rf + ".normals: expected an array of vectors");
    for (std::size_t k = 0; k < given_normals.size(); ++k)
      normals.push_back(answer_point(given_normals[k], rf + ".normals[" + std::to_string(k) + "]"));
    const json a = r.value("a", json(nullptr)), b = r.value("b", json(nullptr));
    bool differs = false;
    if (!a.is_null() && !b.is_null()) {  // names entities: a pair of 𝓘 or not
      differs = true;
      for (std::size_t e = 0; e < exact.regions.size(); ++e)
        if (feature_json(exact.regions[e].a) == a && feature_json(exact.regions[e].b) == b)
          covered[e] = true, differs = false;
    } else {  // point-only: each point within τ of some exact region, which it covers
      for (const Vec3& p : points) {
        bool near = false;
        for (std::size_t e = 0; e < exact.regions.size(); ++e)
          if (!exact.regions[e].points.empty() &&
              distance_to_point_set(p, exact.regions[e].points) <= exact.tolerance)
            covered[e] = true, near = true;
        differs = differs || !near;
      }
    }
    out_regions.push_back(
        {{"a", a},
         {"b", b},
         {"dimension", r.contains("dimension") && r["dimension"].is_number_integer()
                           ? r["dimension"]
                           : json(points.size() > 2 ? 2
                                  : points.empty()  ? 0
                                                    : points.size() - 1)},
         {"points", points_json(points)},
         {"normals", points_json(normals)},
         {"differs", differs}});
  }
  json missing = json::array();
  for (std::size_t e = 0; e < exact.regions.size(); ++e)
    if (!covered[e] && (!sufficient_only || exact.regions[e].sufficient)) missing.push_back(e);
  return {{"status", text_of(step, "status")},
          {"relation", text_of(step, "relation")},
          {"subset", text_of(step, "subset")},
          {"regions", out_regions},
          {"missing", missing}};
}

json reference_json(const ExactRegions& e, double tau) {
  const Judged j = judged(e, tau);
  json regions = json::array();
  for (const ExactRegion& r : j.regions)
    regions.push_back({{"a", feature_json(r.a)},
                       {"b", feature_json(r.b)},
                       {"dimension", r.dimension},
                       {"points", points_json(r.points)},
                       {"sufficient", r.sufficient}});
  return {{"relation", to_string(e.relation)},
          {"distance", e.distance ? json(*e.distance) : json(nullptr)},
          {"method", e.method},
          {"closure", j.closure ? json{{"length", j.closure->length},
                                       {"translation", vec3_json(j.closure->translation)}}
                                : json(nullptr)},
          {"regions", regions}};
}

json answer_json(const json& result, const ShowInput& input, const std::string& field) {
  const json output = result.value("output", json::object());
  const json steps = output.is_object() ? output.value("steps", json::array()) : json::array();
  if (!steps.is_array()) throw ShowError(field + ".output.steps: expected an array");
  if (steps.size() > input.references.size())
    throw ShowError(field + ".output.steps: " + std::to_string(steps.size()) +
                    " steps, but the case has " + std::to_string(input.references.size()));
  json step_verdicts = result.value("step_verdicts", json::array());
  if (!step_verdicts.is_array()) step_verdicts = json::array();
  json out_steps = json::array();
  for (std::size_t k = 0; k < steps.size(); ++k) {
    json s = answer_step(steps[k], judged(input.references[k], input.taus[k]),
                         field + ".output.steps[" + std::to_string(k) + "]");
    s["verdict"] =
        k < step_verdicts.size() && step_verdicts[k].is_string() ? step_verdicts[k] : json(nullptr);
    out_steps.push_back(std::move(s));
  }
  return {{"algorithm", text_of(result, "algorithm")},
          {"verdict", text_of(result, "verdict")},
          {"reason", text_of(result, "reason")},
          {"failing", failing_checks(result)},
          {"steps", out_steps}};
}

// The region case of a generated id (nullopt: not a region family, or another id).
std::optional<RegionCase> generate_region_case(const GeneratedId& g) {
  return generate_from(find_region_family(g.family), g);
}

// The page's input from the request; throws ShowError.
ShowInput show_input(const ShowRequest& request) {
  const ShowCli& cli = request.cli;
  ShowInput input;
  input.source = cli.report;
  input.results = request.results;
  double tol_region = cli.tol_region;
  if (request.report) {
    const json config = request.report->value("config", json::object());
    const json tol =
        config.is_object() ? config.value("region_tolerances", json::object()) : json::object();
    if (tol.is_object() && tol.contains("region_relative")) {
      if (!tol["region_relative"].is_number() || !(tol["region_relative"].get<double>() >= 0))
        throw ShowError(cli.report +
                        ": config.region_tolerances.region_relative: not a number ≥ 0");
      tol_region = tol["region_relative"].get<double>();
    }
  }
  input.spec = find_show_case<RegionCase>(request, &LoadedCases::regions, generate_region_case,
                                          "region case");
  if (static_cast<std::size_t>(cli.step) > input.spec.steps.size())
    throw ShowError("--step " + std::to_string(cli.step) + ": case '" + cli.case_id + "' has " +
                    std::to_string(input.spec.steps.size()) + " steps");
  input.first_step = cli.step - 1;
  // The references as `touchstone regions` obtains them (cache first), without algorithms.
  RegionRunOptions options;
  options.tolerances.region_relative = tol_region;
  ReferenceCache cache = open_reference_cache(cli.cache_path, cli.no_cache);
  const RegionRunResults run = run_regions({input.spec}, {}, options, cache);
  const RegionCaseRecord& record = run.cases.at(0);
  for (const RegionStepRecord& s : record.steps) {
    if (!s.reference) {
      std::string why;
      for (const std::string& p : record.problems) why += (why.empty() ? "" : "; ") + p;
      throw ShowError("case '" + cli.case_id + "': no exact reference: " + why);
    }
    input.references.push_back(*s.reference);
    input.taus.push_back(s.tau);
  }
  if (input.references.size() != input.spec.steps.size())
    throw ShowError(
        "case '" + cli.case_id + "': " +
        (record.problems.empty() ? std::string("no exact reference") : record.problems.front()));
  return input;
}

}  // namespace

json show_data(const ShowInput& input) {
  const Polytope a = build_case_shape(input.spec.a), b = build_case_shape(input.spec.b);
  json steps = json::array();
  for (std::size_t k = 0; k < input.spec.steps.size(); ++k) {
    const RegionStep& s = input.spec.steps[k];
    steps.push_back({{"poses", {{"A", pose_json(s.pose_a)}, {"B", pose_json(s.pose_b)}}},
                     {"tau", input.taus[k]},
                     {"reference", reference_json(input.references[k], input.taus[k])}});
  }
  json answers = json::array();
  for (std::size_t i = 0; i < input.results.size(); ++i)
    answers.push_back(answer_json(
        input.results[i], input,
        input.source + ": the result of '" + text_of(input.results[i], "algorithm") + "'"));
  return {{"case", input.spec.id},
          {"family", input.spec.family},
          {"labels", kRegionLabels},
          {"source", input.source},
          {"first_step", input.first_step},
          {"shapes", {shape_json("A", a), shape_json("B", b)}},
          {"steps", steps},
          {"answers", answers}};
}

ShowKind region_show_kind() {
  return {"regions", "region_results", "region_cases",
          [](const ShowCli& cli) {
            return cli.cases.empty()
                       ? generated_case<RegionCase>(cli.case_id, generate_region_case).has_value()
                       : case_in_file(cli.cases, cli.case_id, &LoadedCases::regions).has_value();
          },
          [](const ShowRequest& request) { return show_data(show_input(request)); }};
}

}  // namespace touchstone
