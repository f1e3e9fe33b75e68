#include "harness/regions/show.hpp"

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>

#include "cases/format/case_loader.hpp"
#include "cases/region_families.hpp"
#include "harness/common/case_shapes.hpp"
#include "harness/common/cli.hpp"
#include "harness/common/json_file.hpp"
#include "harness/common/reporter.hpp"
#include "harness/regions/point_sets.hpp"
#include "harness/regions/reference.hpp"
#include "harness/regions/runner.hpp"
#include "harness/regions/show_script.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

constexpr std::string_view kDataOpen =
    "<script type=\"application/json\" id=\"touchstone-show-data\">";
constexpr std::string_view kDataClose = "</script>";

// A report or case that cannot be shown: what() names the file and field.
struct ShowError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

json points_json(const std::vector<Vec3>& points) {
  json out = json::array();
  for (const Vec3& p : points) out.push_back(vec3_json(p));
  return out;
}

json shape_json(const std::string& name, const Polytope& p) {
  json faces = json::array(), edges = json::array();
  for (const Face& f : p.faces()) faces.push_back(f.vertices);
  for (const Edge& e : p.edges()) edges.push_back({e.tail, e.head});
  return {
      {"name", name}, {"vertices", points_json(p.vertices())}, {"faces", faces}, {"edges", edges}};
}

// A point of a report answer ([x, y, z] of finite numbers); throws naming `field`.
Vec3 answer_point(const json& j, const std::string& field) {
  if (!j.is_array() || j.size() != 3) throw ShowError(field + ": expected a point [x, y, z]");
  Vec3 p;
  for (int i = 0; i < 3; ++i) {
    if (!j[i].is_number()) throw ShowError(field + ": expected a point [x, y, z] of numbers");
    p[i] = j[i].get<double>();
  }
  return p;
}

// A string member of an object ("" when absent or not a string).
std::string text_of(const json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

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
  json failing = json::array();
  for (const json& c : result.value("checks", json::array()))
    if (c.is_object() && text_of(c, "verdict") != "pass" && text_of(c, "verdict") != "unsupported")
      failing.push_back(text_of(c, "verdict") + ": " + text_of(c, "name") + ": " +
                        text_of(c, "detail"));
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
          {"failing", failing},
          {"steps", out_steps}};
}

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return in ? s.str() : std::string();
}

// The case `id` from a case file or directory, else nullopt.
std::optional<RegionCase> case_from_file(const std::string& path, const std::string& id) {
  LoadedCases loaded = CaseLoader().load(path);
  for (RegionCase& c : loaded.regions)
    if (c.id == id) return std::move(c);
  return std::nullopt;
}

// A generated case from its family, seed and index; nullopt when the family is unknown or the
// generated id differs (another generator version).
std::optional<RegionCase> case_from_family(const std::string& family, std::uint64_t seed, int index,
                                           const std::string& id) {
  const RegionFamily* f = find_region_family(family);
  if (!f) return std::nullopt;
  RegionCase c = f->generate(seed, index);
  if (c.id != id) return std::nullopt;
  return c;
}

// "family/s<seed>/i<index>", the ids of generated cases.
std::optional<RegionCase> case_from_id(const std::string& id) {
  const auto s = id.rfind("/s"), i = id.rfind("/i");
  if (s == std::string::npos || i == std::string::npos || i < s) return std::nullopt;
  try {
    std::size_t used = 0;
    const std::string seed = id.substr(s + 2, i - s - 2), index = id.substr(i + 2);
    const auto sv = std::stoull(seed, &used);
    if (used != seed.size()) return std::nullopt;
    const int iv = std::stoi(index, &used);
    if (used != index.size() || iv < 0) return std::nullopt;
    return case_from_family(id.substr(0, s), sv, iv, id);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// The case, from --cases, else from its origin in the report, else from a generated id.
RegionCase find_case(const ShowCli& cli, const json* case_entry) {
  if (!cli.cases.empty()) {
    if (!std::filesystem::exists(cli.cases))
      throw ShowError("no case file or directory '" + cli.cases + "'");
    if (auto c = case_from_file(cli.cases, cli.case_id)) return std::move(*c);
    throw ShowError(cli.cases + ": no region case '" + cli.case_id + "'");
  }
  if (case_entry) {
    const json origin = case_entry->value("origin", json::object());
    const std::string file = origin.is_object() ? text_of(origin, "file") : "";
    if (!file.empty()) {
      if (!std::filesystem::exists(file))
        throw ShowError("the case's file '" + file + "' (its origin in the report) does not " +
                        "exist here; give it with --cases");
      if (auto c = case_from_file(file, cli.case_id)) return std::move(*c);
      throw ShowError(file + ": no region case '" + cli.case_id + "'");
    }
  }
  if (auto c = case_from_id(cli.case_id)) return std::move(*c);
  throw ShowError("region case '" + cli.case_id +
                  "' is neither a generated case (family/s<seed>/i<index> of a region family) "
                  "nor in a case file; give the file with --cases");
}

const json& array_field(const json& report, const char* key, const std::string& path) {
  const auto it = report.find(key);
  if (it == report.end() || !it->is_array())
    throw ShowError(path + ": " + key +
                    ": missing or not an array (touchstone show reads reports of `touchstone "
                    "regions`)");
  return *it;
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
          {"source", input.source},
          {"first_step", input.first_step},
          {"shapes", {shape_json("A", a), shape_json("B", b)}},
          {"steps", steps},
          {"answers", answers}};
}

std::optional<json> show_page_data(const std::string& page) {
  const auto open = page.find(kDataOpen);
  if (open == std::string::npos) return std::nullopt;
  const auto start = open + kDataOpen.size();
  const auto close = page.find(kDataClose, start);
  if (close == std::string::npos) return std::nullopt;
  return json::parse(page.substr(start, close - start), nullptr, false);
}

std::string show_page(const json& data, const std::string& three_js,
                      const std::string& orbit_controls_js) {
  // "</" never appears inside the JSON block, so no string in it can close the script.
  std::string embedded = data.dump(-1, ' ', false, json::error_handler_t::replace);
  for (std::size_t at = 0; (at = embedded.find("</", at)) != std::string::npos; at += 3)
    embedded.replace(at, 2, "<\\/");
  std::ostringstream s;
  s << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Touchstone show"
       "</title><style>"
       "html,body{margin:0;height:100%;overflow:hidden;font:13px sans-serif}"
       "#view{position:absolute;inset:0}"
       "#panel{position:absolute;top:0;left:0;width:340px;max-height:100%;overflow:auto;"
       "background:rgba(255,255,255,.92);padding:8px 12px;box-sizing:border-box}"
       "#panel h1{font-size:15px;margin:4px 0}#panel ul{padding-left:16px;margin:4px 0}"
       ".sw{display:inline-block;width:12px;height:12px;margin-right:6px;vertical-align:middle}"
       ".v-fail,.v-error{color:#b00}.v-ambiguous{color:#a60}.v-pass{color:#070}"
       "</style></head><body><div id=\"view\"></div><div id=\"panel\"></div>\n"
    << kDataOpen << embedded << kDataClose << "\n<script>" << three_js << "\n</script>\n<script>"
    << orbit_controls_js << "\n</script>\n<script>" << kShowScript << "</script></body></html>\n";
  return s.str();
}

CLI::App* add_show_command(CLI::App& app, ShowCli& cli) {
  auto* cmd = app.add_subcommand(
      "show",
      "Write one self-contained HTML page with an interactive 3D view of a contact-region "
      "case: both solids at each step's poses, the exact regions, and with --report each "
      "algorithm's answer overlaid, what differs marked");
  cmd->add_option("case", cli.case_id, "The case id (as in the report or the case file)")
      ->required();
  cmd->add_option("-r,--report", cli.report,
                  "A report of `touchstone regions` (JSON, plain or gzip): its answers for the "
                  "case, its tolerance, the case's origin");
  cmd->add_option("--cases", cli.cases,
                  "The case file or directory holding the case (default: the case's origin in "
                  "the report, or the generated family its id names)");
  cmd->add_option("--algorithm", cli.algorithm, "Only this algorithm's answer");
  cmd->add_option("-o,--out", cli.out, "The HTML file to write")->capture_default_str();
  cmd->add_option("--reference-cache", cli.cache_path, "Exact reference cache (JSON lines)")
      ->capture_default_str();
  cmd->add_flag("--no-reference-cache", cli.no_cache, "Compute the exact reference afresh");
  cmd->add_option("--tol-region", cli.tol_region,
                  "Without --report: τ = this × the pair's size (with a report: the report's)")
      ->capture_default_str()
      ->check(finite_at_least(0));
  cmd->add_option("--step", cli.step, "The step the page opens at (1 = the first)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  return cmd;
}

namespace {

std::string three_dir() {
  const char* env = std::getenv("TOUCHSTONE_THREE_JS_DIR");
  return env && *env ? env : "/usr/share/javascript/three";
}

// The page's input from the command line; throws ShowError.
ShowInput show_input(const ShowCli& cli) {
  ShowInput input;
  input.source = cli.report;
  double tol_region = cli.tol_region;
  std::optional<json> report;
  const json* case_entry = nullptr;
  if (!cli.report.empty()) {
    report = read_json_report(cli.report, "report ");
    if (!report) throw ShowError("");  // read_json_report said why
    if (!report->is_object()) throw ShowError(cli.report + ": not a JSON object");
    const json& cases = array_field(*report, "region_cases", cli.report);
    const json& results = array_field(*report, "region_results", cli.report);
    for (std::size_t i = 0; i < cases.size(); ++i) {
      if (!cases[i].is_object() || !cases[i].contains("id") || !cases[i]["id"].is_string())
        throw ShowError(cli.report + ": region_cases[" + std::to_string(i) +
                        "].id: missing or not a string");
      if (cases[i]["id"] == cli.case_id) case_entry = &cases[i];
    }
    if (!case_entry)
      throw ShowError(cli.report + ": no region case '" + cli.case_id + "' (the report has " +
                      std::to_string(cases.size()) + " cases" +
                      (cases.empty() ? std::string(")")
                                     : ", e.g. '" + cases[0]["id"].get<std::string>() + "')"));
    std::vector<std::string> algorithms;
    for (std::size_t i = 0; i < results.size(); ++i) {
      const json& r = results[i];
      const std::string field = "region_results[" + std::to_string(i) + "]";
      if (!r.is_object() || !r.contains("case") || !r["case"].is_string() ||
          !r.contains("algorithm") || !r["algorithm"].is_string())
        throw ShowError(cli.report + ": " + field + ": a result needs a string case and algorithm");
      if (r["case"] != cli.case_id) continue;
      algorithms.push_back(r["algorithm"]);
      if (cli.algorithm.empty() || r["algorithm"] == cli.algorithm) input.results.push_back(r);
    }
    if (!cli.algorithm.empty() && input.results.empty()) {
      std::string names;
      for (const std::string& a : algorithms) names += (names.empty() ? "" : ", ") + a;
      throw ShowError(cli.report + ": no result of '" + cli.algorithm + "' for case '" +
                      cli.case_id + "' (results: " + (names.empty() ? "none" : names) + ")");
    }
    const json config = report->value("config", json::object());
    const json tol =
        config.is_object() ? config.value("region_tolerances", json::object()) : json::object();
    if (tol.is_object() && tol.contains("region_relative")) {
      if (!tol["region_relative"].is_number() || !(tol["region_relative"].get<double>() >= 0))
        throw ShowError(cli.report +
                        ": config.region_tolerances.region_relative: not a number ≥ 0");
      tol_region = tol["region_relative"].get<double>();
    }
  }
  input.spec = find_case(cli, case_entry);
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

int run_show_command(const ShowCli& cli) {
  if (!check_output_paths({{"--out", cli.out}})) return kExitUsage;
  const std::filesystem::path dir = three_dir();
  const std::string three = slurp(dir / "three.min.js");
  const std::string orbit = slurp(dir / "examples/js/controls/OrbitControls.js");
  if (three.empty() || orbit.empty()) {
    std::cerr << "error: three.js not found in " << dir.string()
              << " (three.min.js and examples/js/controls/OrbitControls.js; Debian package "
                 "libjs-three, or set TOUCHSTONE_THREE_JS_DIR)\n";
    return kExitUsage;
  }
  json data;
  try {
    data = show_data(show_input(cli));
  } catch (const ShowError& e) {
    if (*e.what()) std::cerr << "error: " << e.what() << "\n";
    return kExitUsage;
  } catch (const std::exception& e) {  // a shape that is not a solid, a malformed case
    std::cerr << "error: " << (cli.report.empty() ? cli.cases : cli.report) << ": case '"
              << cli.case_id << "': " << e.what() << "\n";
    return kExitUsage;
  }
  const std::string page = show_page(data, three, orbit);
  if (!write_text_file(cli.out, page, "page to ")) return kExitOutput;
  std::cout << "page written to " << cli.out << " (" << page.size() / 1024 << " KiB; case "
            << cli.case_id << ", " << data["steps"].size() << " steps, " << data["answers"].size()
            << " answers)\n";
  return kExitOk;
}

}  // namespace touchstone
