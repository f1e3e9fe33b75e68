#include "harness/proximity/cli.hpp"

#include <filesystem>
#include <iostream>

#include "algorithms/proximity/registry.hpp"
#include "cases/families.hpp"
#include "cases/format/case_loader.hpp"
#include "harness/common/case_input.hpp"
#include "harness/common/cli.hpp"
#include "harness/proximity/report.hpp"

namespace fs = std::filesystem;

namespace touchstone {
namespace {

// The cases of the --cases sources (or the default suite); nullopt after an error.
std::optional<std::vector<ProximityCase>> gather_cases(const RunCli& cli,
                                                       std::vector<LoadError>& load_errors) {
  std::vector<ProximityCase> cases;
  if (cli.cases.empty()) return default_suite(cli.seed);
  CaseLoader loader(cli.load);
  for (const std::string& source : cli.cases) {
    if (fs::exists(source)) {
      LoadedCases loaded = loader.load(source);
      for (auto& c : loaded.cases) cases.push_back(std::move(c));
      if (!loaded.motion.empty())
        std::cerr << "note: " << loaded.motion.size() << " motion cases in " << source
                  << " skipped (run them with `touchstone motion --cases`)\n";
      take_load_errors(loaded, load_errors);
      continue;
    }
    const auto families = match_case_families(source);
    if (families.empty()) {
      std::cerr << "error: '" << source << "' is neither a file, a directory nor a family pattern "
                << "(see `touchstone list`)\n";
      return std::nullopt;
    }
    for (const auto* f : families)
      for (int i = 0; i < f->default_count; ++i) cases.push_back(f->generate(cli.seed, i));
  }
  return cases;
}

}  // namespace

void add_tolerance_mode_options(CLI::App* command, Tolerances& tolerances) {
  command
      ->add_option_function<std::string>(
          "--tolerance-mode",
          [&tolerances](const std::string& mode) {
            tolerances.mode = mode == "ulps" ? ToleranceMode::ulps : ToleranceMode::relative;
          },
          "relative (default): tolerances and band scale with the pair's size L; ulps "
          "(strict): each is --tol-ulps units in the last place of the largest world "
          "coordinate M, so only answers as accurate as doubles allow pass")
      ->check(CLI::IsMember({"relative", "ulps"}))
      ->default_str("relative");
  command
      ->add_option("--tol-ulps", tolerances.ulps,
                   "Strict mode: distance, witness, depth and band tolerance in ulps of M")
      ->capture_default_str()
      ->check(finite_above(0));
}

CLI::App* add_run_command(CLI::App& app, RunCli& cli) {
  auto* run = app.add_subcommand(
      "run", "Run algorithms over cases, verify against exact references, write a report");
  RunOptions& options = cli.options;
  run->add_option("--algorithms", cli.algorithms,
                  "Comma-separated algorithm names (default: all registered)");
  run->add_option("--cases", cli.cases,
                  "A case file, a directory of case files, or a family glob such as 'edge-*' "
                  "(repeatable; default: the built-in default suite)");
  run->add_option("--out", cli.out, "Report path")->capture_default_str();
  run->add_option("--seed", cli.seed, "Seed for generated families")
      ->capture_default_str()
      ->check(unsigned_digits());
  run->add_option("--repetitions", cli.repetitions, "Timed queries per algorithm and case")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  run->add_option("--reference-cache", cli.cache_path, "JSON-lines cache of exact references")
      ->capture_default_str();
  run->add_flag("--no-reference-cache", cli.no_cache,
                "Compute every reference afresh, store nothing");
  run->add_option("--tol-distance", options.tolerances.distance_relative,
                  "Distance tolerance relative to the pair's size")
      ->capture_default_str()
      ->check(finite_at_least(0));
  run->add_option("--tol-witness", options.tolerances.witness_relative,
                  "Witness tolerance relative to the pair's size")
      ->capture_default_str()
      ->check(finite_at_least(0));
  run->add_option("--tol-depth", options.tolerances.depth_relative,
                  "Depth tolerance relative to the pair's size")
      ->capture_default_str()
      ->check(finite_at_least(0));
  run->add_option("--band", options.tolerances.band_relative,
                  "Ambiguous band around touching, relative to the pair's size")
      ->capture_default_str()
      ->check(finite_at_least(0));
  add_tolerance_mode_options(run, options.tolerances);
  run->add_flag("--quiet,--no-progress", cli.quiet, "No progress output");
  add_load_options(run, cli.load);
  run->add_option("--reference-timeout", options.reference_timeout_seconds,
                  "Seconds allowed for one exact reference (0: no limit, in-process)")
      ->capture_default_str()
      ->check(finite_at_least(0));
  run->add_option("--isolate", cli.isolate,
                  "Which algorithms answer in forked children, so a crash or hang becomes an "
                  "error of its case: all (default), peers (family \"peer\") or none (for "
                  "profiling: a crash ends the run)")
      ->capture_default_str()
      ->check(CLI::IsMember({"none", "peers", "all"}));
  run->add_option("--algorithm-timeout", options.algorithm_timeout_seconds,
                  "Seconds allowed for one isolated algorithm on one case")
      ->capture_default_str()
      ->check(finite_above(0));
  run->add_option("--export-failures", cli.export_path,
                  "Write every case with a fail, error or ambiguous verdict (or a problem) to this "
                  "touchstone-case/1 file, to replay it with --cases");
  run->add_flag("--strict", cli.strict,
                "Exit with status 1 when a verdict is fail or error or a case has a problem");
  return run;
}

void list_proximity(std::ostream& out) {
  out << "Proximity algorithms:\n";
  for (const auto& a : ProximityRegistry::builtin().all())
    out << "  " << a.name << "  [" << a.family
        << "]  capabilities: " << flag_list(capability_flags(a.capabilities)) << "\n      "
        << a.description << "\n      paper: " << a.paper << "\n";
  out << "\nCase families (default count in the built-in suite):\n";
  for (const auto& f : case_families())
    out << "  " << f.name << " (" << f.default_count << ")  " << f.description << "\n";
}

int run_run_command(const RunCli& cli, int argc, char** argv) {
  RunOptions options = cli.options;
  options.repetitions = cli.repetitions;
  options.isolation = cli.isolate == "none"    ? RunOptions::Isolation::none
                      : cli.isolate == "peers" ? RunOptions::Isolation::peers
                                               : RunOptions::Isolation::all;
  const auto algorithms = select_by_name(ProximityRegistry::builtin(), cli.algorithms, "algorithm",
                                         "(see `touchstone list`)");
  if (!algorithms) return kExitUsage;
  if (!check_output_paths({{"--out", cli.out}, {"--export-failures", cli.export_path}}))
    return kExitUsage;
  std::vector<LoadError> load_errors;
  const auto cases = gather_cases(cli, load_errors);
  if (!cases) return kExitUsage;
  if (cases->empty() && load_errors.empty()) {
    std::cerr << "error: no proximity cases to run\n";
    return kExitUsage;
  }

  ReferenceCache cache = open_reference_cache(cli.cache_path, cli.no_cache);
  RunResults results =
      run_proximity(*cases, *algorithms, options, cache, progress_unless(cli.quiet, "cases"));
  results.load_errors = std::move(load_errors);

  RunStatus status = run_status(results, cli.strict);
  status.written = write_report(cli.out, {join_command_line(argc, argv), cli.seed},
                                ProximityReport(results, options));
  if (status.written && !cli.export_path.empty()) {
    const auto kept = cases_to_replay(results);
    status.written = export_cases(cli.export_path, write_case_document(kept));
    if (status.written)
      std::cout << kept.size() << " cases to replay written to " << cli.export_path << "\n";
  }
  if (status.written)
    std::cout << results.cases.size() << " cases (" << status.problems << " with problems, "
              << results.load_errors.size() << " load errors); report written to " << cli.out
              << "\n";
  return exit_status(status);
}

}  // namespace touchstone
