#include "harness/proximity/show.hpp"

#include <optional>
#include <set>

#include "cases/families.hpp"
#include "harness/common/case_shapes.hpp"
#include "harness/common/cli.hpp"
#include "harness/common/reporter.hpp"
#include "harness/proximity/runner.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

// The page's words for the items of a proximity case (show_script.hpp).
const json kProximityLabels = {
    {"items", "exact item (the closest points; penetrating: the depth)"},
    {"exact", "exact closest points (spheres); penetrating: B's move by the depth"},
    {"returned", "exact item whose checks the answer passed"},
    {"missing", "exact item the answer's checks disagree with"},
    {"agrees", "answer (cubes): witness points, closest features, depth; check passed"},
    {"differs", "answer item whose check did not pass"},
    {"normals", "answer penetration direction"},
    {"stats", {"exact items", "disagreed", "answer items", "differing"}}};

// The report's checks of an answer that did not pass (fail, ambiguous, error), by name.
std::set<std::string> checks_not_passed(const json& result) {
  std::set<std::string> out;
  const json checks = result.value("checks", json::array());
  if (!checks.is_array()) return out;
  for (const json& c : checks)
    if (c.is_object() && text_of(c, "verdict") != "pass" && text_of(c, "verdict") != "unsupported")
      out.insert(text_of(c, "name"));
  return out;
}

// One drawn item: `what` it is, its points (a point, a segment, a polygon), its normals.
json shown_item(const std::string& what, const std::vector<Vec3>& points,
                const std::vector<Vec3>& normals = {}) {
  return {{"what", what},
          {"points", points_json(points)},
          {"normals", points_json(normals)},
          {"dimension", points.size() > 2 ? 2
                        : points.empty()  ? 0
                                          : points.size() - 1}};
}

json exact_items_json(const ExactProximity& e) {
  // One item: the closest points, or for a penetrating pair (whose closest points coincide) the
  // move of B by the depth along its direction, from that common point.
  std::vector<Vec3> closest{e.witness_a};
  if (e.depth && e.depth_direction)
    closest.push_back(e.witness_a + *e.depth * *e.depth_direction);
  else if (e.witness_b != e.witness_a)
    closest.push_back(e.witness_b);
  json item = shown_item(e.depth && e.depth_direction
                             ? "exact penetration: B moved by the depth along its direction"
                             : "exact closest points",
                         closest);
  item["sufficient"] = true;
  const json items = json::array({item});
  std::string note = e.depth ? "depth " + json(*e.depth).dump() + ", " : std::string();
  return {{"relation", to_string(e.relation)},
          {"distance", e.distance},
          {"method", e.method},
          {"note", note + "by " + e.method},
          {"closure", nullptr},
          {"witness_a", vec3_json(e.witness_a)},
          {"witness_b", vec3_json(e.witness_b)},
          {"regions", items}};
}

// A point member of the output, nullopt when absent or null; throws ShowError when malformed.
std::optional<Vec3> optional_point(const json& output, const char* key, const std::string& field) {
  const auto it = output.find(key);
  if (it == output.end() || it->is_null()) return std::nullopt;
  return answer_point(*it, field + "." + key);
}

std::optional<double> optional_number(const json& output, const char* key) {
  const auto it = output.find(key);
  return it != output.end() && it->is_number() ? std::optional<double>(it->get<double>())
                                               : std::nullopt;
}

// The world points of a returned feature, nullopt when absent or not a feature of the shape (the
// features check then says why); throws ShowError when the field is malformed.
std::optional<std::vector<Vec3>> feature_points(const json& output, const char* key,
                                                const Polytope& shape, const Pose& pose,
                                                const std::string& field) {
  const auto it = output.find(key);
  if (it == output.end() || it->is_null()) return std::nullopt;
  const json& f = *it;
  if (!f.is_object() || !f.contains("id") || !f["id"].is_number_integer() || !f.contains("kind") ||
      !f["kind"].is_string())
    throw ShowError(field + "." + key + ": expected {\"kind\": vertex|edge|face, \"id\": integer}");
  const long id = f["id"].get<long>();
  const std::string kind = f["kind"];
  std::vector<int> vertices;
  if (kind == "vertex" && id >= 0 && id < static_cast<long>(shape.vertices().size()))
    vertices = {static_cast<int>(id)};
  else if (kind == "edge" && id >= 0 && id < static_cast<long>(shape.edges().size()))
    vertices = {shape.edges()[id].tail, shape.edges()[id].head};
  else if (kind == "face" && id >= 0 && id < static_cast<long>(shape.faces().size()))
    vertices = shape.faces()[id].vertices;
  else
    return std::nullopt;
  std::vector<Vec3> points;
  for (int v : vertices) points.push_back(pose.apply(shape.vertices()[v]));
  return points;
}

struct ShownPair {
  const ProximityCase& spec;
  const Polytope &a, &b;
  const ExactProximity& exact;
};

json answer_items_json(const json& result, const ShownPair& s, const std::string& field) {
  const json output = result.value("output", json::object());
  if (!output.is_object()) throw ShowError(field + ".output: expected an object");
  const std::string of = field + ".output";
  const std::set<std::string> bad = checks_not_passed(result);
  const auto differs = [&](std::initializer_list<const char*> names) {
    for (const char* n : names)
      if (bad.count(n)) return true;
    return false;
  };
  json items = json::array();
  const auto add = [&](json i, bool d) {
    i["differs"] = d;
    items.push_back(std::move(i));
  };
  const auto wa = optional_point(output, "witness_a", of),
             wb = optional_point(output, "witness_b", of);
  std::vector<Vec3> witnesses;
  if (wa) witnesses.push_back(*wa);
  if (wb && (!wa || *wb != *wa)) witnesses.push_back(*wb);
  if (!witnesses.empty())
    add(shown_item("witness points", witnesses),
        differs({"witness_a", "witness_b", "witness_gap", "distance"}));
  if (const auto fa = feature_points(output, "feature_a", s.a, s.spec.pose_a, of))
    add(shown_item("closest feature on A", *fa), differs({"features"}));
  if (const auto fb = feature_points(output, "feature_b", s.b, s.spec.pose_b, of))
    add(shown_item("closest feature on B", *fb), differs({"features"}));
  const auto depth = optional_number(output, "penetration_depth");
  const auto direction = optional_point(output, "penetration_direction", of);
  if (depth && direction) {
    const Vec3 from = wa ? *wa : s.exact.witness_a;
    add(shown_item("penetration: depth along direction", {from, from + *depth * *direction},
                   {*direction}),
        differs({"depth"}));
  }
  json missing = json::array();
  if (differs(
          {"relation", "distance", "witness_a", "witness_b", "witness_gap", "features", "depth"}))
    missing.push_back(0);
  std::string summary = text_of(output, "relation");
  if (const auto d = optional_number(output, "distance"))
    summary += ", distance " + json(*d).dump();
  if (depth) summary += ", depth " + json(*depth).dump();
  for (const char* key : {"feature_a", "feature_b"})
    if (output.contains(key) && output[key].is_object())
      summary += std::string(", ") + (key[8] == 'a' ? "A: " : "B: ") +
                 text_of(output[key], "kind") + " " + output[key].value("id", json(nullptr)).dump();
  if (text_of(output, "status") != "ok") summary += " (status " + text_of(output, "status") + ")";
  json step = {{"verdict", text_of(result, "verdict")},
               {"status", text_of(output, "status")},
               {"relation", text_of(output, "relation")},
               {"subset", ""},
               {"summary", summary},
               {"regions", items},
               {"missing", missing}};
  return {{"algorithm", text_of(result, "algorithm")},
          {"verdict", text_of(result, "verdict")},
          {"reason", text_of(result, "reason")},
          {"failing", failing_checks(result)},
          {"steps", json::array({step})}};
}

std::optional<ProximityCase> generate_proximity_case(const GeneratedId& g) {
  return generate_from(find_case_family(g.family), g);
}

json proximity_page_data(const ShowRequest& request) {
  const ShowCli& cli = request.cli;
  if (cli.step != 1)
    throw ShowError("--step " + std::to_string(cli.step) + ": case '" + cli.case_id +
                    "' is a proximity case (one pose)");
  const ProximityCase spec = find_show_case<ProximityCase>(
      request, &LoadedCases::proximity, generate_proximity_case, "proximity case");
  // The reference as `touchstone proximity` obtains it (cache first), without algorithms.
  ReferenceCache cache = open_reference_cache(cli.cache_path, cli.no_cache);
  const ProximityRunResults run = run_proximity({spec}, {}, ProximityRunOptions{}, cache);
  const ProximityCaseRecord& record = run.cases.at(0);
  if (!record.reference) {
    std::string why;
    for (const std::string& p : record.problems) why += (why.empty() ? "" : "; ") + p;
    throw ShowError("case '" + cli.case_id + "': no exact reference: " + why);
  }
  const Polytope a = build_case_shape(spec.a), b = build_case_shape(spec.b);
  const ShownPair solids{spec, a, b, *record.reference};
  json answers = json::array();
  for (const json& r : request.results)
    answers.push_back(answer_items_json(
        r, solids, cli.report + ": the result of '" + text_of(r, "algorithm") + "'"));
  json step = {{"poses", {{"A", pose_json(spec.pose_a)}, {"B", pose_json(spec.pose_b)}}},
               {"tau", nullptr},
               {"reference", exact_items_json(*record.reference)}};
  return {{"case", spec.id},
          {"family", spec.family},
          {"source", cli.report},
          {"first_step", 0},
          {"labels", kProximityLabels},
          {"shapes", {shape_json("A", a), shape_json("B", b)}},
          {"steps", json::array({step})},
          {"answers", answers}};
}

}  // namespace

ShowKind proximity_show_kind() {
  return {
      "proximity", "results", "cases",
      [](const ShowCli& cli) {
        return cli.cases.empty()
                   ? generated_case<ProximityCase>(cli.case_id, generate_proximity_case).has_value()
                   : case_in_file(cli.cases, cli.case_id, &LoadedCases::proximity).has_value();
      },
      proximity_page_data};
}

}  // namespace touchstone
