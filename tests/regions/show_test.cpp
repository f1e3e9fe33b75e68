// `touchstone show` (harness/regions/show.hpp): the page of a generated region case with a
// hand-written report holds the case's shapes and poses, the exact regions as the reference
// computes them here (directly, not through the page's code) and the report's answer with its
// differences marked; bad input stops with status 2 and says which file, case or field; and the
// page renders in headless Chromium (Debian `chromium`; the test skips when it is not installed)
// with its screenshot left in the build folder as show_screenshot.png.
#include "harness/regions/show.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "cases/region_families.hpp"
#include "harness/common/case_shapes.hpp"
#include "harness/common/cli.hpp"
#include "harness/regions/reference.hpp"
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
  w.status = run_show_command(cli);
  w.err = testing::internal::GetCapturedStderr();
  w.page = test_support::slurp_file(out);
  return w;
}

void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

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
  write(dir / "r.json", hand_report(c, exact).dump());
  ShowCli cli;
  cli.case_id = kCase;
  cli.report = dir / "r.json";
  const Written w = show(cli, dir / "show.html");
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

  // Without a report: the case from its generated id, the exact regions, no answers.
  ShowCli bare;
  bare.case_id = kCase;
  const Written b = show(bare, dir / "bare.html");
  ASSERT_EQ(b.status, kExitOk) << b.err;
  const auto bare_data = show_page_data(b.page);
  ASSERT_TRUE(bare_data);
  EXPECT_EQ((*bare_data)["steps"][0]["reference"], step["reference"]);
  EXPECT_TRUE((*bare_data)["answers"].empty());
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
  ShowCli cli;
  cli.case_id = c.id;
  const Written w = show(cli, dir / "band.html");
  ASSERT_EQ(w.status, kExitOk) << w.err;
  const json reference = (*show_page_data(w.page))["steps"][0]["reference"];
  EXPECT_EQ(reference["relation"], "separated");
  EXPECT_EQ(reference["closure"]["length"].get<double>(), exact.closure->length);
  ASSERT_EQ(reference["regions"].size(), exact.closure->regions.size());
  for (std::size_t i = 0; i < exact.closure->regions.size(); ++i) {
    EXPECT_EQ(reference["regions"][i]["a"], feature_json(exact.closure->regions[i].a)) << i;
    EXPECT_EQ(reference["regions"][i]["b"], feature_json(exact.closure->regions[i].b)) << i;
  }
}

TEST(Show, BadInputSaysWhichFileCaseOrField) {
  const RegionCase c = the_case();
  const ExactRegions exact = reference_of(c);
  TempDir dir("touchstone-show-bad");
  const json good = hand_report(c, exact);
  const auto expect_error = [&](const json& report, const std::string& id,
                                const std::string& message, const std::string& algorithm = "") {
    write(dir / "r.json", report.dump());
    ShowCli cli;
    cli.case_id = id;
    cli.report = dir / "r.json";
    cli.algorithm = algorithm;
    const Written w = show(cli, dir / "out.html");
    EXPECT_EQ(w.status, kExitUsage) << message;
    EXPECT_NE(w.err.find(message), std::string::npos) << w.err;
    EXPECT_FALSE(fs::exists(dir / "out.html")) << message;
  };
  expect_error(good, "no/such/case", "no region case 'no/such/case' (the report has 1 cases");
  expect_error(good, kCase, "no result of 'nobody' for case", "nobody");
  expect_error(json{{"format", "touchstone-report/1"}, {"results", json::array()}}, kCase,
               "region_cases: missing or not an array");
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
  write(dir / "r.json", bad.dump());
  ShowCli odd_cli;
  odd_cli.case_id = kCase;
  odd_cli.report = dir / "r.json";
  const Written shown = show(odd_cli, dir / "odd.html");
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

TEST(ShowInChromium, DrawsTheCaseWithoutConsoleErrors) {
  if (!test_support::chromium_installed())
    GTEST_SKIP() << "chromium is not installed (Debian package chromium; "
                    "harness/scripts/install-deps.sh installs it)";
  const RegionCase c = the_case();
  TempDir dir("touchstone-show-chromium");
  write(dir / "r.json", hand_report(c, reference_of(c)).dump());
  ShowCli cli;
  cli.case_id = kCase;
  cli.report = dir / "r.json";
  ASSERT_EQ(show(cli, dir / "show.html").status, kExitOk);
  const fs::path screenshot = fs::absolute("show_screenshot.png");
  fs::remove(screenshot);
  // Software WebGL (SwiftShader): headless Chromium has no GPU here.
  const test_support::Rendered page =
      test_support::render_page(dir / "show.html", screenshot, dir.path, "1200,800",
                                "--enable-unsafe-swiftshader --virtual-time-budget=2000");
  ASSERT_EQ(page.status, 0) << page.log;
  // SwiftShader's performance notes are not errors of the page.
  EXPECT_EQ(test_support::console_lines(page.log, "GL Driver Message"), "");
  // The script ran to its end and drew into a canvas; the panel counts what the data holds.
  EXPECT_NE(page.dom.find("data-drawn=\"yes\""), std::string::npos) << page.dom.substr(0, 2000);
  EXPECT_NE(page.dom.find("<canvas"), std::string::npos);
  EXPECT_EQ(page.dom.find("<div id=\"panel\"><p class=\"v-error\">WebGL"), std::string::npos);
  const std::string stats =
      "exact regions: " + std::to_string(reference_of(c).regions.size()) +
      ", not returned: " + std::to_string(reference_of(c).regions.size() - 1) +
      ", answer regions: 2, differing: 1";
  EXPECT_NE(page.dom.find(stats), std::string::npos) << stats;
  EXPECT_TRUE(fs::exists(screenshot) && fs::file_size(screenshot) > 10000)
      << "no screenshot at " << screenshot;
}

}  // namespace
}  // namespace touchstone
