#include "harness/common/show.hpp"

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "harness/common/cli.hpp"
#include "harness/common/json_file.hpp"
#include "harness/common/reporter.hpp"
#include "harness/common/show_script.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

constexpr std::string_view kDataOpen =
    "<script type=\"application/json\" id=\"touchstone-show-data\">";
constexpr std::string_view kDataClose = "</script>";

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return in ? s.str() : std::string();
}

std::string three_dir() {
  const char* env = std::getenv("TOUCHSTONE_THREE_JS_DIR");
  return env && *env ? env : "/usr/share/javascript/three";
}

// "`touchstone regions` or `touchstone proximity`", for errors.
std::string commands_of(const std::vector<ShowKind>& kinds) {
  std::string out;
  for (std::size_t i = 0; i < kinds.size(); ++i)
    out += (i == 0                  ? ""
            : i + 1 == kinds.size() ? " or "
                                    : ", ") +
           ("`touchstone " + kinds[i].command + "`");
  return out;
}

// The report's kind, entry for the case and results for it (--algorithm); throws ShowError.
const ShowKind& read_report(const ShowCli& cli, const std::vector<ShowKind>& kinds,
                            const json& report, ShowRequest& request) {
  if (!report.is_object()) throw ShowError(cli.report + ": not a JSON object");
  const ShowKind* kind = nullptr;
  for (const ShowKind& k : kinds)
    if (!kind && report.contains(k.results_key)) kind = &k;
  if (!kind)
    throw ShowError(cli.report +
                    ": no results of a kind touchstone show draws (it reads reports "
                    "of " +
                    commands_of(kinds) + ")");
  const auto array_field = [&](const std::string& key) -> const json& {
    const auto it = report.find(key);
    if (it == report.end() || !it->is_array())
      throw ShowError(cli.report + ": " + key +
                      ": missing or not an array (a report of `touchstone " + kind->command +
                      "` has one)");
    return *it;
  };
  const json& cases = array_field(kind->cases_key);
  const json& results = array_field(kind->results_key);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (!cases[i].is_object() || !cases[i].contains("id") || !cases[i]["id"].is_string())
      throw ShowError(cli.report + ": " + kind->cases_key + "[" + std::to_string(i) +
                      "].id: missing or not a string");
    if (cases[i]["id"] == cli.case_id) request.case_entry = &cases[i];
  }
  const std::string word = kind->command == "regions" ? "region case" : kind->command + " case";
  if (!request.case_entry)
    throw ShowError(
        cli.report + ": no " + word + " '" + cli.case_id + "' (the report has " +
        std::to_string(cases.size()) + " cases" +
        (cases.empty() ? std::string(")") : ", e.g. '" + cases[0]["id"].get<std::string>() + "')"));
  std::vector<std::string> algorithms;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const json& r = results[i];
    const std::string field = kind->results_key + "[" + std::to_string(i) + "]";
    if (!r.is_object() || !r.contains("case") || !r["case"].is_string() ||
        !r.contains("algorithm") || !r["algorithm"].is_string())
      throw ShowError(cli.report + ": " + field + ": a result needs a string case and algorithm");
    if (r["case"] != cli.case_id) continue;
    algorithms.push_back(r["algorithm"]);
    if (cli.algorithm.empty() || r["algorithm"] == cli.algorithm) request.results.push_back(r);
  }
  if (!cli.algorithm.empty() && request.results.empty()) {
    std::string names;
    for (const std::string& a : algorithms) names += (names.empty() ? "" : ", ") + a;
    throw ShowError(cli.report + ": no result of '" + cli.algorithm + "' for case '" + cli.case_id +
                    "' (results: " + (names.empty() ? "none" : names) + ")");
  }
  return *kind;
}

}  // namespace

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

Vec3 answer_point(const json& j, const std::string& field) {
  if (!j.is_array() || j.size() != 3) throw ShowError(field + ": expected a point [x, y, z]");
  Vec3 p;
  for (int i = 0; i < 3; ++i) {
    if (!j[i].is_number()) throw ShowError(field + ": expected a point [x, y, z] of numbers");
    p[i] = j[i].get<double>();
  }
  return p;
}

std::string text_of(const json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

json failing_checks(const json& result) {
  json failing = json::array();
  const json checks = result.value("checks", json::array());
  if (!checks.is_array()) return failing;
  for (const json& c : checks)
    if (c.is_object() && text_of(c, "verdict") != "pass" && text_of(c, "verdict") != "unsupported")
      failing.push_back(text_of(c, "verdict") + ": " + text_of(c, "name") + ": " +
                        text_of(c, "detail"));
  return failing;
}

std::optional<GeneratedId> parse_generated_id(const std::string& id) {
  const auto s = id.rfind("/s"), i = id.rfind("/i");
  if (s == std::string::npos || i == std::string::npos || i < s) return std::nullopt;
  try {
    std::size_t used = 0;
    const std::string seed = id.substr(s + 2, i - s - 2), index = id.substr(i + 2);
    const auto sv = std::stoull(seed, &used);
    if (used != seed.size()) return std::nullopt;
    const int iv = std::stoi(index, &used);
    if (used != index.size() || iv < 0) return std::nullopt;
    return GeneratedId{id.substr(0, s), sv, iv};
  } catch (const std::exception&) {
    return std::nullopt;
  }
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
      "Write one self-contained HTML page with an interactive 3D view of a contact-region or "
      "proximity case: both solids at their poses, the exact regions or closest points, and "
      "with --report each algorithm's answer overlaid, what differs marked");
  cmd->add_option("case", cli.case_id, "The case id (as in the report or the case file)")
      ->required();
  cmd->add_option("-r,--report", cli.report,
                  "A report of `touchstone regions` or `touchstone proximity` (JSON, plain or "
                  "gzip): its answers for the case, its tolerance, the case's origin");
  cmd->add_option("--cases", cli.cases,
                  "The case file or directory holding the case (default: the case's origin in "
                  "the report, or the generated family its id names)");
  cmd->add_option("--algorithm", cli.algorithm, "Only this algorithm's answer");
  cmd->add_option("-o,--out", cli.out, "The HTML file to write")->capture_default_str();
  cmd->add_option("--reference-cache", cli.cache_path, "Exact reference cache (JSON lines)")
      ->capture_default_str();
  cmd->add_flag("--no-reference-cache", cli.no_cache, "Compute the exact reference afresh");
  cmd->add_option("--tol-region", cli.tol_region,
                  "Region cases without --report: τ = this × the pair's size (with a report: the "
                  "report's)")
      ->capture_default_str()
      ->check(finite_at_least(0));
  cmd->add_option("--step", cli.step, "The step the page opens at (1 = the first)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  return cmd;
}

int run_show_command(const ShowCli& cli, const std::vector<ShowKind>& kinds) {
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
    ShowRequest request{cli, nullptr, nullptr, {}};
    std::optional<json> report;
    const ShowKind* kind = nullptr;
    if (!cli.report.empty()) {
      report = read_json_report(cli.report, "report ");
      if (!report) throw ShowError("");  // read_json_report said why
      request.report = &*report;
      kind = &read_report(cli, kinds, *report, request);
    } else {
      if (!cli.cases.empty() && !std::filesystem::exists(cli.cases))
        throw ShowError("no case file or directory '" + cli.cases + "'");
      for (const ShowKind& k : kinds)
        if (!kind && k.knows_case(cli)) kind = &k;
      if (!kind)
        throw ShowError(
            cli.cases.empty()
                ? "case '" + cli.case_id +
                      "' is neither a generated case (family/s<seed>/i<index> of a region or "
                      "proximity family) nor in a case file; give the file with --cases"
                : cli.cases + ": no case '" + cli.case_id + "' of a kind touchstone show draws");
    }
    data = kind->page_data(request);
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
