// `touchstone show` (harness/common/show.hpp, harness/regions/show.hpp,
// harness/proximity/show.hpp): the page of a generated region or proximity case with a
// hand-written report holds the case's shapes and poses, the exact regions or closest points as
// the reference computes them here (directly, not through the page's code) and the report's answer
// with its differences marked; bad input stops with status 2 and says which file, case or field;
// and the pages render in headless Chromium (Debian `chromium`; the tests skip when it is not
// installed) with their screenshots left in the build folder as show_screenshot.png and
// show_proximity_screenshot.png.
#include "harness/common/show.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "cases/families.hpp"
#include "cases/format/proximity_case.hpp"
#include "cases/region_families.hpp"
#include "harness/common/case_shapes.hpp"
#include "harness/common/cli.hpp"
#include "harness/proximity/reference.hpp"
#include "harness/proximity/show.hpp"
#include "harness/regions/reference.hpp"
#include "harness/regions/show.hpp"
#include "tests/support/chromium.hpp"

namespace touchstone {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A temporary directory of its own, removed at the end.
struct TempDir {
  fs::path path;
  explicit TempDir(const std::string& name)
      : path(fs::temp_directory_path() / (name + "-" + std::to_string(getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

constexpr const char* kCase = "l-block-corner/s1/i0";

RegionCase the_case() { return find_region_family("l-block-corner")->generate(1, 0); }

// The case's exact regions as `touchstone regions` asks for them (τ = 1e-9 × size).
ExactRegions reference_of(const RegionCase& c) {
  const Polytope a = build_case_shape(c.a), b = build_case_shape(c.b);
  const RegionStep& s = c.steps.at(0);
  const double tau = 1e-9 * case_pair_extent(a, s.pose_a, b, s.pose_b).first;
  ExactRegionOptions options;
  options.shallow_limit = options.closure_limit = tau;
  return exact_regions(a, s.pose_a, b, s.pose_b, options);
}

json point_json(const Vec3& p) { return {p.x(), p.y(), p.z()}; }

// A report of one algorithm on the case: its answer names the first exact region (with its
// points) and a pair that is not in 𝓘, claiming the intersection set.
json hand_report(const RegionCase& c, const ExactRegions& exact) {
  const ExactRegion& first = exact.regions.at(0);
  json points = json::array();
  for (const Vec3& p : first.points) points.push_back(point_json(p));
  json regions = json::array();
  regions.push_back({{"a", feature_json(first.a)},
                     {"b", feature_json(first.b)},
                     {"dimension", first.dimension},
                     {"points", points},
                     {"normals", json::array()}});
  regions.push_back({{"a", {{"kind", "face"}, {"id", 999}}},
                     {"b", {{"kind", "face"}, {"id", 998}}},
                     {"dimension", 0},
                     {"points", {{0.5, 0.25, 0.125}}},
                     {"normals", json::array()}});
  return {{"format", "touchstone-report/1"},
          {"config", {{"region_tolerances", {{"region_relative", 1e-9}}}}},
          {"region_cases", {{{"id", c.id}, {"family", c.family}, {"origin", c.origin}}}},
          {"region_results",
           {{{"algorithm", "hand"},
             {"case", c.id},
             {"family", c.family},
             {"verdict", "fail"},
             {"checks", {{{"name", "missing region"}, {"verdict", "fail"}, {"detail", "x"}}}},
             {"step_verdicts", {"fail"}},
             {"output",
              {{"status", "ok"},
               {"steps", {{{"status", "ok"}, {"subset", "intersection"}, {"regions", regions}}}}}}},
            {{"algorithm", "other"}, {"case", "another/s1/i0"}, {"verdict", "pass"}}}}};
}

struct Written {
  int status = -1;
  std::string err, page;
};

Written show(ShowCli cli, const std::string& out) {
  cli.out = out;
  cli.no_cache = true;
  testing::internal::CaptureStderr();
  Written w;
  w.status = run_show_command(cli, {region_show_kind(), proximity_show_kind()});
  w.err = testing::internal::GetCapturedStderr();
  w.page = test_support::slurp_file(out);
  return w;
}

void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

ShowCli for_case(const std::string& case_id) {
  ShowCli cli;
  cli.case_id = case_id;
  return cli;
}

// The page of `case_id` with `report` (written into `dir`), drawn for `algorithm` (every one when
// empty) into dir/`page`.
Written show_report(const TempDir& dir, const json& report, const std::string& case_id,
                    const std::string& page, const std::string& algorithm = "") {
  write(dir / "report.json", report.dump());
  ShowCli cli = for_case(case_id);
  cli.report = dir / "report.json";
  cli.algorithm = algorithm;
  return show(cli, dir / page);
}

// The data block of the page `cli` draws into dir/`page`; null (and the test failed) when the
// command failed or the page holds none.
json shown_data(const TempDir& dir, const ShowCli& cli, const std::string& page) {
  const Written w = show(cli, dir / page);
  EXPECT_EQ(w.status, kExitOk) << w.err;
  const auto data = show_page_data(w.page);
  EXPECT_TRUE(data && data->is_object()) << "no data block in " << page;
  return data && data->is_object() ? *data : json();
}

// Without a report: the case from its generated id, the same exact `reference`, no answers.
void expect_bare_page(const TempDir& dir, const std::string& case_id, const json& reference) {
  json bare = shown_data(dir, for_case(case_id), "bare.html");
  ASSERT_TRUE(bare.is_object());
  EXPECT_EQ(bare["steps"][0]["reference"], reference);
  EXPECT_TRUE(bare["answers"].empty());
}

std::set<std::vector<double>> point_set(const json& points) {
  std::set<std::vector<double>> out;
  for (const json& p : points) out.insert(p.get<std::vector<double>>());
  return out;
}

TEST(Show, PageHoldsTheShapesTheExactRegionsAndTheAnswer) {
  const RegionCase c = the_case();
  ASSERT_EQ(c.id, kCase);
  const ExactRegions exact = reference_of(c);
  ASSERT_GE(exact.regions.size(), 2u) << "the case should touch in several regions";
  TempDir dir("touchstone-show");
  const Written w = show_report(dir, hand_report(c, exact), kCase, "show.html");
  ASSERT_EQ(w.status, kExitOk) << w.err;
  const auto data = show_page_data(w.page);
  ASSERT_TRUE(data && data->is_object()) << "no data block in the page";
  const json& d = *data;
  EXPECT_EQ(d["case"], kCase);
  // The shapes: every vertex of each shape is one of the case's vertices, and each case vertex
  // that is a corner of the solid is there (the tetrahedron and the corner are their own hulls).
  for (int i = 0; i < 2; ++i) {
    const ShapeSpec& spec = i ? c.b : c.a;
    std::set<std::vector<double>> given;
    for (const Vec3& v : spec.vertices) given.insert({v.x(), v.y(), v.z()});
    EXPECT_EQ(point_set(d["shapes"][i]["vertices"]), given) << "shape " << i;
    EXPECT_FALSE(d["shapes"][i]["faces"].empty());
  }
  // The poses of the step.
  ASSERT_EQ(d["steps"].size(), 1u);
  const json& step = d["steps"][0];
  for (int r = 0; r < 3; ++r) {
    EXPECT_EQ(step["poses"]["B"]["translation"][r].get<double>(), c.steps[0].pose_b.translation[r]);
    for (int k = 0; k < 3; ++k)
      EXPECT_EQ(step["poses"]["A"]["rotation"][r][k].get<double>(),
                c.steps[0].pose_a.rotation(r, k));
  }
  // The exact regions, as the reference computes them.
  ASSERT_EQ(step["reference"]["regions"].size(), exact.regions.size());
  EXPECT_EQ(step["reference"]["relation"], to_string(exact.relation));
  for (std::size_t i = 0; i < exact.regions.size(); ++i) {
    const json& r = step["reference"]["regions"][i];
    EXPECT_EQ(r["a"], feature_json(exact.regions[i].a)) << i;
    EXPECT_EQ(r["b"], feature_json(exact.regions[i].b)) << i;
    EXPECT_EQ(r["dimension"], exact.regions[i].dimension) << i;
    EXPECT_EQ(r["sufficient"], exact.regions[i].sufficient) << i;
    json points = json::array();
    for (const Vec3& p : exact.regions[i].points) points.push_back(point_json(p));
    EXPECT_EQ(r["points"], points) << i;
  }
  // The answer of this case only: its regions as the report gives them, the pair outside 𝓘
  // marked, and every exact region but the returned one missing (the intersection set claimed).
  ASSERT_EQ(d["answers"].size(), 1u);
  const json& answer = d["answers"][0];
  EXPECT_EQ(answer["algorithm"], "hand");
  EXPECT_EQ(answer["verdict"], "fail");
  EXPECT_EQ(answer["failing"], json({"fail: missing region: x"}));
  const json& regions = answer["steps"][0]["regions"];
  ASSERT_EQ(regions.size(), 2u);
  EXPECT_EQ(regions[0]["differs"], false);
  EXPECT_EQ(regions[1]["differs"], true);
  EXPECT_EQ(regions[1]["points"], json({{0.5, 0.25, 0.125}}));
  json missing = json::array();
  for (std::size_t i = 1; i < exact.regions.size(); ++i) missing.push_back(i);
  EXPECT_EQ(answer["steps"][0]["missing"], missing);
  // three.js is inlined: nothing is fetched.
  EXPECT_NE(w.page.find("OrbitControls"), std::string::npos);
  EXPECT_EQ(w.page.find("<script src"), std::string::npos);

  expect_bare_page(dir, kCase, step["reference"]);
}

// Inside the ε band (a gap of 5e-16 here) the regions shown are the ε-closure's, as the verifier
// judges there: the pair is separated, so 𝓘 itself is empty.
TEST(Show, InsideTheBandShowsTheClosuresRegions) {
  const RegionCase c = find_region_family("l-block-corner")->generate(1, 1);
  const ExactRegions exact = reference_of(c);
  ASSERT_EQ(exact.relation, Relation::separated);
  ASSERT_TRUE(exact.closure && exact.regions.empty());
  ASSERT_FALSE(exact.closure->regions.empty());
  TempDir dir("touchstone-show-band");
  json reference = shown_data(dir, for_case(c.id), "band.html")["steps"][0]["reference"];
  EXPECT_EQ(reference["relation"], "separated");
  EXPECT_EQ(reference["closure"]["length"].get<double>(), exact.closure->length);
  ASSERT_EQ(reference["regions"].size(), exact.closure->regions.size());
  for (std::size_t i = 0; i < exact.closure->regions.size(); ++i) {
    EXPECT_EQ(reference["regions"][i]["a"], feature_json(exact.closure->regions[i].a)) << i;
    EXPECT_EQ(reference["regions"][i]["b"], feature_json(exact.closure->regions[i].b)) << i;
  }
}

// `cli` on `report` (written into `dir`) stops with status 2, says `message` and writes nothing.
void expect_show_error(const TempDir& dir, const json& report, ShowCli cli,
                       const std::string& message) {
  write(dir / "report.json", report.dump());
  cli.report = dir / "report.json";
  const Written w = show(cli, dir / "out.html");
  EXPECT_EQ(w.status, kExitUsage) << message;
  EXPECT_NE(w.err.find(message), std::string::npos) << w.err;
  EXPECT_FALSE(fs::exists(dir / "out.html")) << message;
}

TEST(Show, BadInputSaysWhichFileCaseOrField) {
  const RegionCase c = the_case();
  const ExactRegions exact = reference_of(c);
  TempDir dir("touchstone-show-bad");
  const json good = hand_report(c, exact);
  const auto expect_error = [&](const json& report, const std::string& id,
                                const std::string& message, const std::string& algorithm = "") {
    ShowCli cli;
    cli.case_id = id;
    cli.algorithm = algorithm;
    expect_show_error(dir, report, cli, message);
  };
  expect_error(good, "no/such/case", "no region case 'no/such/case' (the report has 1 cases");
  expect_error(good, kCase, "no result of 'nobody' for case", "nobody");
  expect_error(json{{"format", "touchstone-report/1"}, {"region_results", json::array()}}, kCase,
               "region_cases: missing or not an array");
  expect_error(json{{"format", "touchstone-report/1"}, {"force_results", json::array()}}, kCase,
               "no results of a kind touchstone show draws");
  json bad = good;
  bad["region_results"][0].erase("algorithm");
  expect_error(bad, kCase, "region_results[0]: a result needs a string case and algorithm");
  bad = good;
  bad["region_results"][0]["output"]["steps"][0]["regions"][1]["points"][0] = {1, "x", 2};
  expect_error(bad, kCase, "the result of 'hand'.output.steps[0].regions[1].points[0]");
  bad = good;
  bad["region_results"][0]["output"]["steps"][0]["regions"][0]["normals"] = {{0, 0}};
  expect_error(bad, kCase, "the result of 'hand'.output.steps[0].regions[0].normals[0]");
  bad = good;
  bad["region_cases"][0]["id"] = 7;
  expect_error(bad, kCase, "region_cases[0].id: missing or not a string");
  bad = good;
  bad["config"]["region_tolerances"]["region_relative"] = "tiny";
  expect_error(bad, kCase, "config.region_tolerances.region_relative");
  // Fields the page only displays, of another type than a report writes: shown as absent.
  bad = good;
  json& odd = bad["region_results"][0];
  odd["step_verdicts"] = "x";
  odd["checks"] = "x";
  odd["output"]["steps"][0]["subset"] = 5;
  odd["output"]["steps"][0]["regions"][0]["dimension"] = "two";
  const Written shown = show_report(dir, bad, kCase, "odd.html");
  EXPECT_EQ(shown.status, kExitOk) << shown.err;
  // Not JSON at all, a missing file, a case id that names no family.
  write(dir / "broken.json", "{\"region_cases\": [");
  ShowCli cli;
  cli.case_id = kCase;
  cli.report = dir / "broken.json";
  Written w = show(cli, dir / "out.html");
  EXPECT_EQ(w.status, kExitUsage);
  EXPECT_NE(w.err.find("broken.json"), std::string::npos) << w.err;
  cli.report.clear();
  cli.cases = dir / "missing.json";
  w = show(cli, dir / "out.html");
  EXPECT_EQ(w.status, kExitUsage);
  EXPECT_NE(w.err.find("no case file or directory"), std::string::npos) << w.err;
  cli.cases.clear();
  cli.case_id = "no-such-family/s1/i0";
  w = show(cli, dir / "out.html");
  EXPECT_EQ(w.status, kExitUsage);
  EXPECT_NE(w.err.find("is neither a generated case"), std::string::npos) << w.err;
}

// `html` rendered in headless Chromium (software WebGL, SwiftShader: no GPU here) drew without
// console errors, its panel saying `stats`; its screenshot is left as `screenshot` in the build
// folder.
void expect_drawn(const std::string& html, const TempDir& dir, const std::string& screenshot_name,
                  const std::string& stats) {
  const fs::path screenshot = fs::absolute(screenshot_name);
  fs::remove(screenshot);
  const test_support::Rendered page =
      test_support::render_page(html, screenshot, dir.path, "1200,800",
                                "--enable-unsafe-swiftshader --virtual-time-budget=2000");
  ASSERT_EQ(page.status, 0) << page.log;
  // SwiftShader's performance notes are not errors of the page.
  EXPECT_EQ(test_support::console_lines(page.log, "GL Driver Message"), "");
  // The script ran to its end and drew into a canvas; the panel counts what the data holds.
  EXPECT_NE(page.dom.find("data-drawn=\"yes\""), std::string::npos) << page.dom.substr(0, 2000);
  EXPECT_NE(page.dom.find("<canvas"), std::string::npos);
  EXPECT_EQ(page.dom.find("<div id=\"panel\"><p class=\"v-error\">WebGL"), std::string::npos);
  EXPECT_NE(page.dom.find(stats), std::string::npos) << stats << "\n" << page.dom.substr(0, 4000);
  EXPECT_TRUE(fs::exists(screenshot) && fs::file_size(screenshot) > 10000)
      << "no screenshot at " << screenshot;
}

#define SKIP_WITHOUT_CHROMIUM()                                          \
  if (!test_support::chromium_installed())                               \
  GTEST_SKIP() << "chromium is not installed (Debian package chromium; " \
                  "harness/scripts/install-deps.sh installs it)"

TEST(ShowInChromium, DrawsTheCaseWithoutConsoleErrors) {
  SKIP_WITHOUT_CHROMIUM();
  const RegionCase c = the_case();
  TempDir dir("touchstone-show-chromium");
  ASSERT_EQ(show_report(dir, hand_report(c, reference_of(c)), kCase, "show.html").status, kExitOk);
  const std::size_t regions = reference_of(c).regions.size();
  expect_drawn(dir / "show.html", dir, "show_screenshot.png",
               "exact regions: " + std::to_string(regions) + ", not returned: " +
                   std::to_string(regions - 1) + ", answer regions: 2, differing: 1");
}

// ---- proximity cases ----

constexpr const char* kProximityCase = "near-parallel-faces/s1/i19";

ProximityCase proximity_case() { return find_case_family("near-parallel-faces")->generate(1, 19); }

json vec_json(const Vec3& v) { return {v.x(), v.y(), v.z()}; }

// A report of two algorithms on the case: `wrong` claims separated at a gap with witness points
// off the contact, a valid vertex of A, an edge id B does not have and a depth along +y, its
// checks failing as the verifier would write them; `right` answers with the exact values.
json proximity_report(const ProximityCase& c, const ExactProximity& exact) {
  const json checks_wrong = {{{"name", "relation"}, {"verdict", "fail"}, {"detail", "said sep"}},
                             {{"name", "distance"}, {"verdict", "fail"}, {"detail", "error"}},
                             {{"name", "depth"}, {"verdict", "fail"}, {"detail", "depth off"}},
                             {{"name", "features"}, {"verdict", "pass"}, {"detail", ""}}};
  const json checks_right = {{{"name", "relation"}, {"verdict", "pass"}},
                             {{"name", "distance"}, {"verdict", "pass"}},
                             {{"name", "depth"}, {"verdict", "pass"}}};
  return {{"format", "touchstone-report/1"},
          {"cases", {{{"id", c.id}, {"family", c.family}, {"origin", c.origin}}}},
          {"results",
           {{{"algorithm", "wrong"},
             {"case", c.id},
             {"verdict", "fail"},
             {"reason", "relation: said sep"},
             {"checks", checks_wrong},
             {"output",
              {{"status", "ok"},
               {"relation", "separated"},
               {"distance", 0.25},
               {"witness_a", {0.5, 0.25, 0.125}},
               {"witness_b", {0.5, 0.5, 0.125}},
               {"penetration_depth", 0.5},
               {"penetration_direction", {0.0, 1.0, 0.0}},
               {"feature_a", {{"kind", "vertex"}, {"id", 0}}},
               {"feature_b", {{"kind", "edge"}, {"id", 99999}}}}}},
            {{"algorithm", "right"},
             {"case", c.id},
             {"verdict", "pass"},
             {"checks", checks_right},
             {"output",
              {{"status", "ok"},
               {"relation", "penetrating"},
               {"distance", 0.0},
               {"witness_a", vec_json(exact.witness_a)},
               {"witness_b", vec_json(exact.witness_b)},
               {"penetration_depth", *exact.depth},
               {"penetration_direction", vec_json(*exact.depth_direction)}}}}}}};
}

TEST(ShowProximity, PageHoldsTheShapesTheExactClosestPointsAndTheAnswers) {
  const ProximityCase c = proximity_case();
  ASSERT_EQ(c.id, kProximityCase);
  const Polytope a = build_case_shape(c.a), b = build_case_shape(c.b);
  // The exact reference the proximity verifier uses, computed here.
  const ExactProximity exact = exact_pair_reference(a, c.pose_a, b, c.pose_b);
  ASSERT_EQ(exact.relation, Relation::penetrating) << "the case should penetrate";
  ASSERT_TRUE(exact.depth && exact.depth_direction);
  TempDir dir("touchstone-show-proximity");
  const Written w = show_report(dir, proximity_report(c, exact), kProximityCase, "p.html");
  ASSERT_EQ(w.status, kExitOk) << w.err;
  const auto data = show_page_data(w.page);
  ASSERT_TRUE(data && data->is_object());
  const json& d = *data;
  EXPECT_EQ(d["case"], kProximityCase);
  for (int i = 0; i < 2; ++i) {
    const Polytope& p = i ? b : a;
    ASSERT_EQ(d["shapes"][i]["vertices"].size(), p.vertices().size());
    for (std::size_t v = 0; v < p.vertices().size(); ++v)
      EXPECT_EQ(d["shapes"][i]["vertices"][v], vec_json(p.vertices()[v])) << i << " " << v;
    EXPECT_EQ(d["shapes"][i]["faces"].size(), p.faces().size());
  }
  ASSERT_EQ(d["steps"].size(), 1u);
  const json& step = d["steps"][0];
  EXPECT_EQ(step["poses"]["B"]["translation"], vec_json(c.pose_b.translation));
  // The exact item: the pair penetrates, so B's move by the depth along its direction from the
  // common closest point.
  const json& ref = step["reference"];
  EXPECT_EQ(ref["relation"], "penetrating");
  EXPECT_EQ(ref["distance"].get<double>(), exact.distance);
  EXPECT_EQ(ref["witness_a"], vec_json(exact.witness_a));
  EXPECT_EQ(ref["witness_b"], vec_json(exact.witness_b));
  ASSERT_EQ(ref["regions"].size(), 1u);
  EXPECT_EQ(ref["regions"][0]["points"],
            json({vec_json(exact.witness_a),
                  vec_json(exact.witness_a + *exact.depth * *exact.depth_direction)}));
  // The wrong answer: witness points and depth marked (their checks failed), the valid vertex of A
  // drawn where the pose puts it and not marked (features passed), the edge B lacks not drawn;
  // the exact item unmatched.
  ASSERT_EQ(d["answers"].size(), 2u);
  const json& wrong = d["answers"][0];
  EXPECT_EQ(wrong["algorithm"], "wrong");
  EXPECT_EQ(wrong["failing"].size(), 3u);
  const json& items = wrong["steps"][0]["regions"];
  ASSERT_EQ(items.size(), 3u) << items.dump();
  EXPECT_EQ(items[0]["what"], "witness points");
  EXPECT_EQ(items[0]["points"], json({{0.5, 0.25, 0.125}, {0.5, 0.5, 0.125}}));
  EXPECT_EQ(items[0]["differs"], true);
  EXPECT_EQ(items[1]["what"], "closest feature on A");
  EXPECT_EQ(items[1]["points"], json::array({vec_json(c.pose_a.apply(a.vertices()[0]))}));
  EXPECT_EQ(items[1]["differs"], false);
  EXPECT_EQ(items[2]["points"], json({{0.5, 0.25, 0.125}, {0.5, 0.75, 0.125}}));
  EXPECT_EQ(items[2]["normals"], json({{0.0, 1.0, 0.0}}));
  EXPECT_EQ(items[2]["differs"], true);
  EXPECT_EQ(wrong["steps"][0]["missing"], json::array({0}));
  // The right answer: nothing marked, nothing unmatched.
  const json& right = d["answers"][1];
  for (const json& i : right["steps"][0]["regions"]) EXPECT_EQ(i["differs"], false) << i;
  EXPECT_TRUE(right["steps"][0]["missing"].empty());
  expect_bare_page(dir, kProximityCase, ref);
}

// A separated pair: the exact item is the segment between the closest points.
TEST(ShowProximity, SeparatedPairShowsTheClosestPoints) {
  const ProximityCase c = find_case_family("vertex-face")->generate(1, 9);
  const Polytope a = build_case_shape(c.a), b = build_case_shape(c.b);
  const ExactProximity exact = exact_pair_reference(a, c.pose_a, b, c.pose_b);
  ASSERT_EQ(exact.relation, Relation::separated) << c.id;
  TempDir dir("touchstone-show-proximity-separated");
  ShowCli cli = for_case(c.id);
  json ref = shown_data(dir, cli, "s.html")["steps"][0]["reference"];
  EXPECT_EQ(ref["relation"], "separated");
  EXPECT_EQ(ref["distance"].get<double>(), exact.distance);
  EXPECT_EQ(ref["regions"][0]["points"],
            json({vec_json(exact.witness_a), vec_json(exact.witness_b)}));
  // The same case from a case file (--cases), and an id the file does not hold.
  write(dir / "case.json", write_case_document({&c}).dump());
  cli.cases = dir / "case.json";
  EXPECT_EQ(shown_data(dir, cli, "f.html")["steps"][0]["reference"], ref);
  cli.case_id = "not-in-the-file";
  const Written absent = show(cli, dir / "absent.html");
  EXPECT_EQ(absent.status, kExitUsage);
  EXPECT_NE(absent.err.find("case.json: no case 'not-in-the-file' of a kind touchstone show draws"),
            std::string::npos)
      << absent.err;
}

TEST(ShowProximity, BadInputSaysWhichField) {
  const ProximityCase c = proximity_case();
  const Polytope a = build_case_shape(c.a), b = build_case_shape(c.b);
  const json good = proximity_report(c, exact_pair_reference(a, c.pose_a, b, c.pose_b));
  TempDir dir("touchstone-show-proximity-bad");
  const auto expect_error = [&](const json& report, const std::string& message, int step = 1) {
    ShowCli cli;
    cli.case_id = kProximityCase;
    cli.step = step;
    expect_show_error(dir, report, cli, message);
  };
  json bad = good;
  bad["results"][0]["output"]["witness_b"] = {1, 2};
  expect_error(bad, "the result of 'wrong'.output.witness_b: expected a point");
  bad = good;
  bad["results"][0]["output"]["feature_a"] = {{"kind", "vertex"}, {"id", "zero"}};
  expect_error(bad, "the result of 'wrong'.output.feature_a: expected");
  bad = good;
  bad["results"][0]["output"] = 5;
  expect_error(bad, "the result of 'wrong'.output: expected an object");
  bad = good;
  bad["cases"][0]["id"] = "another/s1/i0";
  expect_error(bad, "no proximity case 'near-parallel-faces/s1/i19' (the report has 1 cases");
  expect_error(good, "is a proximity case (one pose)", 2);
}

TEST(ShowProximityInChromium, DrawsTheCaseWithoutConsoleErrors) {
  SKIP_WITHOUT_CHROMIUM();
  const ProximityCase c = proximity_case();
  const Polytope a = build_case_shape(c.a), b = build_case_shape(c.b);
  TempDir dir("touchstone-show-proximity-chromium");
  const json report = proximity_report(c, exact_pair_reference(a, c.pose_a, b, c.pose_b));
  ASSERT_EQ(show_report(dir, report, kProximityCase, "p.html", "wrong").status, kExitOk);
  // The panel counts in the proximity page's words.
  expect_drawn(dir / "p.html", dir, "show_proximity_screenshot.png",
               "exact items: 1, disagreed: 1, answer items: 3, differing: 2");
}

}  // namespace
}  // namespace touchstone
