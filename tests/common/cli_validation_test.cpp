// The command line as a user meets it (the touchstone binary): numeric options and lists are
// validated (NaN, negatives, a wrapping seed, lists naming nothing) with a usage error; output
// paths are checked before any work starts; an unwritable reference cache warns once and the run
// goes on with the references it computes; exit statuses 0, 1 (--strict), 2 (README "Exit
// status").
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/support/cli_process.hpp"

namespace touchstone {
namespace {

using nlohmann::json;
using test_support::run_cli;
using test_support::TempDir;

struct Rejected {
  std::vector<std::string> args;
  std::string message;  // a part of what stderr must say
};

TEST(CliValidation, BadNumbersAndListsAreUsageErrors) {
  const std::vector<Rejected> cases = {
      {{"run", "--tol-distance", "nan"}, "--tol-distance: 'nan' is not a finite number"},
      {{"run", "--tol-witness", "-1e-9"}, "--tol-witness: -1e-9 is below 0"},
      {{"run", "--band", "inf"}, "--band: 'inf' is not a finite number"},
      {{"run", "--tolerance-mode", "strict"}, "--tolerance-mode"},
      {{"run", "--tol-ulps", "0"}, "--tol-ulps: 0 is not above 0"},
      {{"robustness", "--tolerance-mode", "exact"}, "--tolerance-mode"},
      {{"run", "--seed", "-5"}, "--seed: '-5' is not a non-negative integer"},
      {{"run", "--seed", "99999999999999999999999"}, "is out of range"},
      {{"run", "--algorithms", ","}, "error: ',' names no algorithm"},
      {{"run", "--algorithms", "foo,gjk,bar"}, "unknown algorithm 'foo', 'bar'"},
      {{"run", "--algorithms", "gjk,gjk"}, "algorithm 'gjk' named twice"},
      {{"run", "--algorithm-timeout", "0"}, "--algorithm-timeout: 0 is not above 0"},
      {{"run", "--reference-timeout", "nan"}, "--reference-timeout: 'nan'"},
      {{"run", "--repetitions", "0"}, "--repetitions"},
      {{"forces", "--tol-residual", "nan"}, "--tol-residual: 'nan'"},
      {{"forces", "--solver-timeout", "-1"}, "--solver-timeout: -1 is not above 0"},
      {{"forces", "--param", "pgs.max_iterations=nan"}, "value is not a finite number"},
      {{"forces", "--solvers", ","}, "names no force solver"},
      {{"forces", "--reference-max-contacts", "-5"}, "--reference-max-contacts"},
      {{"motion", "--seed", "-5"}, "--seed: '-5'"},
      {{"motion", "--omega", ","}, "--omega ',' names no angle"},
      {{"motion", "--modes", ","}, "--modes ',' names no mode"},
      {{"motion", "--frames", "0"}, "--frames"},
      {{"motion", "--algorithm-timeout", "nan"}, "--algorithm-timeout: 'nan'"},
      {{"regions", "--tol-region", "nan"}, "--tol-region: 'nan'"},
      {{"regions", "--tol-normal", "-1"}, "--tol-normal: -1 is below 0"},
      {{"regions", "--algorithms", ","}, "names no region algorithm"},
      {{"robustness", "--trials", "0"}, "--trials"},
      {{"robustness", "--tol-distance", "nan"}, "--tol-distance: 'nan'"},
      {{"robustness", "--seed", "-5"}, "--seed: '-5'"},
      {{"robustness", "--algorithm-timeout", "0"}, "--algorithm-timeout: 0 is not above 0"},
      {{"robustness", "--jobs", "0"}, "--jobs"},
      {{"robustness", "--jobs", "2", "--isolate", "none"}, "--jobs 2 plays its slices in forked"},
  };
  for (const Rejected& c : cases) {
    const auto r = run_cli(c.args);
    std::string line;
    for (const auto& a : c.args) line += a + " ";
    EXPECT_EQ(r.code, 2) << line << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << line << "\n" << r.err;
  }
}

TEST(CliValidation, OutputPathsAreCheckedBeforeAnyWork) {
  TempDir dir("touchstone-cli-paths");
  std::ofstream(dir / "file") << "not a directory";
  const std::string under_file = dir / "file/report.json";
  const std::vector<Rejected> cases = {
      {{"run", "--out", under_file}, "is not a directory"},
      {{"run", "--out", dir.path.string()}, "is a directory"},
      {{"run", "--export-failures", under_file}, "--export-failures"},
      {{"forces", "--out", under_file}, "--out"},
      {{"forces", "--export-cases", dir.path.string()}, "--export-cases"},
      {{"motion", "--out", under_file}, "--out"},
      {{"motion", "--export-failures", under_file}, "--export-failures"},
      {{"regions", "--out", under_file}, "--out"},
      {{"regions", "--export-failures", dir.path.string()}, "--export-failures"},
      {{"robustness", "--out", under_file}, "--out"},
      {{"robustness", "--export-failures", under_file}, "--export-failures"},
  };
  for (const Rejected& c : cases) {
    const auto r = run_cli(c.args);
    std::string line;
    for (const auto& a : c.args) line += a + " ";
    EXPECT_EQ(r.code, 2) << line << "\n" << r.err;
    EXPECT_NE(r.err.find("error: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << line << "\n" << r.err;
    EXPECT_EQ(r.err.find(" / "), std::string::npos) << "work started: " << line;
    EXPECT_EQ(r.out.find("written"), std::string::npos) << line << "\n" << r.out;
  }
}

// One separated pair of unit cubes (distance 1), its expected relation `relation`.
std::string cube_case_file(const TempDir& dir, const std::string& relation) {
  const json cube = {
      {"vertices",
       {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}}}};
  const json doc = {{"format", "touchstone-case/1"},
                    {"cases",
                     {{{"id", "cli/cubes"},
                       {"kind", "proximity"},
                       {"shapes", {{"A", cube}, {"B", cube}}},
                       {"pair", {"A", "B"}},
                       {"poses", {{"B", {{"translation", {2, 0, 0}}, {"rotation", {1, 0, 0, 0}}}}}},
                       {"expected", {{"relation", relation}}}}}}};
  const std::string path = dir / ("cubes-" + relation + ".json");
  std::ofstream(path) << doc.dump();
  return path;
}

std::vector<std::string> small_run(const TempDir& dir, const std::string& cases) {
  return {"run",
          "--algorithms",
          "gjk",
          "--cases",
          cases,
          "--isolate",
          "none",
          "--quiet",
          "--out",
          dir / "r.json",
          "--no-reference-cache"};
}

TEST(CliExitStatus, VerifiedIsZeroStrictFailureIsOneLoadFailureIsTwo) {
  TempDir dir("touchstone-cli-exit");
  EXPECT_EQ(run_cli(small_run(dir, cube_case_file(dir, "separated"))).code, 0);

  // The case says "touching" but the exact reference says separated: a broken case.
  auto broken = small_run(dir, cube_case_file(dir, "touching"));
  EXPECT_EQ(run_cli(broken).code, 0);
  broken.push_back("--strict");
  const auto strict = run_cli(broken);
  EXPECT_EQ(strict.code, 1) << strict.err;
  EXPECT_NE(strict.err.find("1 cases with problems"), std::string::npos) << strict.err;

  std::ofstream(dir / "bad.json") << "{\"format\": \"touchstone-case/1\", \"cases\": [";
  const auto bad = run_cli(small_run(dir, dir / "bad.json"));
  EXPECT_EQ(bad.code, 2) << bad.err;
  const json report = json::parse(test_support::read_text(dir / "r.json"));
  EXPECT_EQ(report.at("load_errors").size(), 1u);
  EXPECT_EQ(report.at("interrupted"), false);
}

TEST(CliExitStatus, AnUnwritableReferenceCacheWarnsOnceAndTheReferencesAreUsed) {
  TempDir dir("touchstone-cli-cache");
  std::ofstream(dir / "file") << "not a directory";
  auto args = small_run(dir, cube_case_file(dir, "separated"));
  args.pop_back();  // --no-reference-cache
  args.insert(args.end(), {"--reference-cache", dir / "file/cache.jsonl"});
  const auto r = run_cli(args);
  EXPECT_EQ(r.code, 0) << r.err;
  const std::string warning = "warning: --reference-cache";
  ASSERT_NE(r.err.find(warning), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(warning, r.err.find(warning) + 1), std::string::npos) << r.err;
  const json report = json::parse(test_support::read_text(dir / "r.json"));
  EXPECT_EQ(report.at("results").at(0).at("verdict"), "pass");
  EXPECT_TRUE(report.at("cases").at(0).at("problems").empty());
}

}  // namespace
}  // namespace touchstone

namespace touchstone {
namespace {

// `touchstone proximity` is the kind's command and `run` its alias: the same options, the same
// run, the same report apart from the command line that the report records.
TEST(CliKinds, RunIsAnAliasOfProximity) {
  TempDir dir("touchstone-cli-alias");
  const std::string cases = cube_case_file(dir, "separated");
  std::vector<std::string> via_run = small_run(dir, cases);
  std::vector<std::string> via_proximity = via_run;
  via_proximity[0] = "proximity";
  for (auto* args : {&via_run, &via_proximity})
    for (std::size_t i = 0; i + 1 < args->size(); ++i)
      if ((*args)[i] == "--out") (*args)[i + 1] = (dir / (args == &via_run ? "a.json" : "b.json"));
  const auto a = run_cli(via_run), b = run_cli(via_proximity);
  ASSERT_EQ(a.code, 0) << a.err;
  ASSERT_EQ(b.code, 0) << b.err;
  json ra = json::parse(test_support::read_text(dir / "a.json"));
  json rb = json::parse(test_support::read_text(dir / "b.json"));
  EXPECT_EQ(ra.at("results").size(), 1u);
  for (json* r : {&ra, &rb}) {
    r->erase("context");  // the command line, the date
    for (json& result : r->at("results")) result.erase("timing");
    for (json& c : r->at("cases"))
      c.at("reference").erase("compute_ms"), c.at("reference").erase("cost_ns");
    r->erase("benchmarks");
    r->erase("summary");
  }
  EXPECT_EQ(ra, rb);
}

}  // namespace
}  // namespace touchstone
