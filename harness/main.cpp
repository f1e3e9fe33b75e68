// `touchstone`: list algorithms and families, run algorithms over cases, write the report.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "algorithms/proximity/registry.hpp"
#include "cases/families.hpp"
#include "cases/format/case_loader.hpp"
#include "harness/motion/cli.hpp"
#include "harness/forces/cli.hpp"
#include "harness/proximity/report.hpp"
#include "harness/proximity/runner.hpp"

namespace fs = std::filesystem;
using namespace touchstone;

namespace {

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

std::string capability_list(const Capabilities& c) {
  std::string s;
  auto add = [&](bool on, const char* name) {
    if (on) s += (s.empty() ? "" : ",") + std::string(name);
  };
  add(c.distance, "distance");
  add(c.witness_points, "witness_points");
  add(c.features, "features");
  add(c.penetration_depth, "penetration_depth");
  add(c.nonconvex, "nonconvex");
  add(c.warm_start, "warm_start");
  add(c.contact_regions, "contact_regions");
  return s;
}

int list_command() {
  std::cout << "Proximity algorithms:\n";
  for (const auto& a : ProximityRegistry::builtin().all())
    std::cout << "  " << a.name << "  [" << a.family
              << "]  capabilities: " << capability_list(a.capabilities) << "\n      "
              << a.description << "\n      paper: " << a.paper << "\n";
  std::cout << "\nCase families (default count in the built-in suite):\n";
  for (const auto& f : case_families())
    std::cout << "  " << f.name << " (" << f.default_count << ")  " << f.description << "\n";
  list_force_solvers(std::cout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "Touchstone: polyhedral contact algorithms side by side, checked against exact references"};
  app.require_subcommand(1);
  auto* list = app.add_subcommand(
      "list", "List registered algorithms (with capabilities) and case families");
  auto* run = app.add_subcommand(
      "run", "Run algorithms over cases, verify against exact references, write a report");

  std::string algorithms_arg;
  std::vector<std::string> case_sources;
  std::string out = "reports/latest.json";
  std::uint64_t seed = 1;
  int repetitions = 3;
  std::string cache_path = "cases/.cache/reference.jsonl";
  bool no_cache = false, quiet = false;
  std::string export_path;
  RunOptions options;
  run->add_option("--algorithms", algorithms_arg,
                  "Comma-separated algorithm names (default: all registered)");
  run->add_option("--cases", case_sources,
                  "A case file, a directory of case files, or a family glob such as 'edge-*' "
                  "(repeatable; default: the built-in default suite)");
  run->add_option("--out", out, "Report path")->capture_default_str();
  run->add_option("--seed", seed, "Seed for generated families")->capture_default_str();
  run->add_option("--repetitions", repetitions, "Timed queries per algorithm and case")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  run->add_option("--reference-cache", cache_path, "JSON-lines cache of exact references")
      ->capture_default_str();
  run->add_flag("--no-reference-cache", no_cache, "Compute every reference afresh, store nothing");
  run->add_option("--tol-distance", options.tolerances.distance_relative,
                  "Distance tolerance relative to the pair's size")
      ->capture_default_str();
  run->add_option("--tol-witness", options.tolerances.witness_relative,
                  "Witness tolerance relative to the pair's size")
      ->capture_default_str();
  run->add_option("--tol-depth", options.tolerances.depth_relative,
                  "Depth tolerance relative to the pair's size")
      ->capture_default_str();
  run->add_option("--band", options.tolerances.band_relative,
                  "Ambiguous band around touching, relative to the pair's size")
      ->capture_default_str();
  run->add_flag("--quiet", quiet, "No progress output");
  run->add_option("--reference-timeout", options.reference_timeout_seconds,
                  "Seconds allowed for one exact reference (0: no limit, in-process)")
      ->capture_default_str();
  std::string isolate = "peers";
  run->add_option("--isolate", isolate,
                  "Which algorithms answer in forked children, so a crash or hang becomes an "
                  "error of its case: none, peers (family \"peer\") or all")
      ->capture_default_str()
      ->check(CLI::IsMember({"none", "peers", "all"}));
  run->add_option("--algorithm-timeout", options.algorithm_timeout_seconds,
                  "Seconds allowed for one isolated algorithm on one case")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  run->add_option("--export-failures", export_path,
                  "Write every case with a fail, error or ambiguous verdict (or a problem) to this "
                  "touchstone-case/1 file, to replay it with --cases");

  MotionCommands motion_commands(app);  // `motion` and `robustness` (harness/motion/cli.cpp)
  ForceCli force_cli;
  auto* forces = add_forces_command(app, force_cli);  // `forces` (harness/forces/cli.cpp)

  CLI11_PARSE(app, argc, argv);
  if (*list) return list_command();
  if (*forces) return run_forces_command(force_cli, argc, argv);
  if (const auto status = motion_commands.dispatch(argc, argv)) return *status;

  options.repetitions = repetitions;
  options.isolation = isolate == "none"  ? RunOptions::Isolation::none
                      : isolate == "all" ? RunOptions::Isolation::all
                                         : RunOptions::Isolation::peers;
  const auto& registry = ProximityRegistry::builtin();
  std::vector<const ProximityAlgorithmInfo*> algorithms;
  if (algorithms_arg.empty()) {
    for (const auto& a : registry.all()) algorithms.push_back(&a);
  } else {
    for (const auto& name : split(algorithms_arg)) {
      const auto* a = registry.find(name);
      if (!a) {
        std::cerr << "error: unknown algorithm '" << name << "' (see `touchstone list`)\n";
        return 2;
      }
      algorithms.push_back(a);
    }
  }

  std::vector<ProximityCase> cases;
  std::vector<LoadError> load_errors;
  if (case_sources.empty()) {
    cases = default_suite(seed);
  } else {
    for (const std::string& source : case_sources) {
      if (fs::exists(source)) {
        LoadedCases loaded = load_cases(source);
        for (auto& c : loaded.cases) cases.push_back(std::move(c));
        if (!loaded.motion.empty())
          std::cerr << "note: " << loaded.motion.size() << " motion cases in " << source
                    << " skipped (run them with `touchstone motion --cases`)\n";
        for (auto& e : loaded.errors) {
          std::cerr << "warning: " << e.to_string() << "\n";
          load_errors.push_back(std::move(e));
        }
        continue;
      }
      const auto families = match_case_families(source);
      if (families.empty()) {
        std::cerr << "error: '" << source
                  << "' is neither a file, a directory nor a family pattern "
                  << "(see `touchstone list`)\n";
        return 2;
      }
      for (const auto* f : families)
        for (int i = 0; i < f->default_count; ++i) cases.push_back(f->generate(seed, i));
    }
  }

  std::ostringstream command_line;
  for (int i = 0; i < argc; ++i) command_line << (i ? " " : "") << argv[i];

  ReferenceCache cache = no_cache ? ReferenceCache() : ReferenceCache(cache_path);
  Progress progress;
  if (!quiet)
    progress = [](std::size_t done, std::size_t total) {
      if (done % 100 == 0 || done == total)
        std::cerr << "\r" << done << " / " << total << " cases" << std::flush;
      if (done == total) std::cerr << "\n";
    };
  RunResults results = run_proximity(cases, algorithms, options, cache, progress);
  results.load_errors = std::move(load_errors);

  const auto report = make_report(results, options, {command_line.str(), seed});
  const fs::path out_path(out);
  if (out_path.has_parent_path()) fs::create_directories(out_path.parent_path());
  std::ofstream file(out_path);
  if (!file) {
    std::cerr << "error: cannot write report to " << out << "\n";
    return 1;
  }
  file << report.dump(1) << "\n";
  std::cout << terminal_table(results);
  if (!export_path.empty()) {
    std::vector<bool> keep(results.cases.size(), false);
    for (std::size_t i = 0; i < results.cases.size(); ++i)
      keep[i] = !results.cases[i].problems.empty();
    for (const auto& r : results.results)
      if (r.verification.verdict == Verdict::fail || r.verification.verdict == Verdict::error ||
          r.verification.verdict == Verdict::ambiguous)
        keep[r.case_index] = true;
    std::vector<const ProximityCase*> kept;
    for (std::size_t i = 0; i < keep.size(); ++i)
      if (keep[i]) kept.push_back(&results.cases[i].spec);
    std::ofstream(export_path) << write_case_document(kept).dump(1) << "\n";
    std::cout << kept.size() << " cases to replay written to " << export_path << "\n";
  }
  std::size_t broken = 0;
  for (const auto& c : results.cases) broken += !c.problems.empty();
  std::cout << cases.size() << " cases (" << broken << " with problems, "
            << results.load_errors.size() << " load errors); report written to " << out << "\n";
  return 0;
}
