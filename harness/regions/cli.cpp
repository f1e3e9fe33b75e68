#include "harness/regions/cli.hpp"

#include <filesystem>
#include <iostream>

#include "algorithms/regions/registry.hpp"
#include "cases/format/case_loader.hpp"
#include "cases/region_families.hpp"
#include "harness/common/case_input.hpp"
#include "harness/common/cli.hpp"
#include "harness/regions/report.hpp"

namespace touchstone {
namespace {

// The cases of the --cases files and --families globs (default: every region family); nullopt
// after an error.
std::optional<std::vector<RegionCase>> gather_region_cases(const RegionCli& cli,
                                                           std::vector<LoadError>& load_errors) {
  std::vector<RegionCase> cases;
  CaseLoader loader(cli.load);
  for (const std::string& source : cli.cases) {
    if (!std::filesystem::exists(source)) {
      std::cerr << "error: no case file or directory '" << source << "'\n";
      return std::nullopt;
    }
    LoadedCases loaded = loader.load(source);
    for (auto& c : loaded.regions) cases.push_back(std::move(c));
    take_load_errors(loaded, load_errors);
  }
  if (cli.cases.empty() && cli.families.empty()) return default_region_suite(cli.seed);
  for (const std::string& pattern : cli.families) {
    const auto families = match_region_families(pattern);
    if (families.empty()) {
      std::cerr << "error: no region family matches '" << pattern << "' (see `touchstone list`)\n";
      return std::nullopt;
    }
    for (const auto* f : families)
      for (int i = 0; i < f->default_count; ++i) cases.push_back(f->generate(cli.seed, i));
  }
  return cases;
}

}  // namespace

CLI::App* add_regions_command(CLI::App& app, RegionCli& cli) {
  auto* cmd = app.add_subcommand(
      "regions",
      "Run contact-region algorithms over contact-region cases, verify each step against the "
      "exact reference, write a report");
  RegionRunOptions& options = cli.options;
  cmd->add_option("--algorithms", cli.algorithms,
                  "Comma-separated region algorithm names (default: all registered)");
  cmd->add_option("--cases", cli.cases,
                  "A case file (kind contact-regions) or a directory of them (repeatable)");
  cmd->add_option("--families", cli.families,
                  "A region family glob such as 'l-block*' (repeatable; default when no --cases: "
                  "every region family)");
  cmd->add_option("--out", cli.out, "Report path")->capture_default_str();
  cmd->add_option("--seed", cli.seed, "Seed for generated families")
      ->capture_default_str()
      ->check(unsigned_digits());
  cmd->add_option("--repetitions", options.repetitions, "Timed queries per algorithm and step")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--tol-region", options.tolerances.region_relative,
                  "τ = this × the pair's size: region points, the separated and shallow bands")
      ->capture_default_str()
      ->check(finite_at_least(0));
  cmd->add_option("--tol-normal", options.tolerances.normal,
                  "Normal tolerance: unit length, cone membership, persistence")
      ->capture_default_str()
      ->check(finite_at_least(0));
  cmd->add_option("--reference-cache", cli.cache_path, "JSON-lines cache of exact references")
      ->capture_default_str();
  cmd->add_flag("--no-reference-cache", cli.no_cache,
                "Compute every reference afresh, store nothing");
  cmd->add_option("--reference-timeout", options.reference_timeout_seconds,
                  "Seconds allowed for one step's exact reference (0: no limit, in-process)")
      ->capture_default_str()
      ->check(finite_at_least(0));
  cmd->add_option("--isolate", cli.isolate,
                  "Which algorithms answer in forked children, so a crash or hang becomes an "
                  "error of its case: all (default), peers (family \"peer\") or none (for "
                  "profiling: a crash ends the run)")
      ->capture_default_str()
      ->check(CLI::IsMember({"none", "peers", "all"}));
  cmd->add_option("--algorithm-timeout", options.algorithm_timeout_seconds,
                  "Seconds allowed for one isolated algorithm on one case (all steps)")
      ->capture_default_str()
      ->check(finite_above(0));
  cmd->add_option("--export-failures", cli.export_path,
                  "Write every case with a fail, error or ambiguous verdict (or a problem) to this "
                  "touchstone-case/1 file, to replay it with --cases");
  cmd->add_flag("--quiet,--no-progress", cli.quiet, "No progress output");
  cmd->add_flag("--strict", cli.strict,
                "Exit with status 1 when a verdict is fail or error or a case has a problem");
  return cmd;
}

void list_regions(std::ostream& out) {
  out << "\nContact-region algorithms:\n";
  const auto& all = RegionRegistry::builtin().all();
  if (all.empty()) out << "  (none registered)\n";
  for (const auto& a : all)
    out << "  " << a.name << "  [" << a.family
        << "]  capabilities: " << flag_list(region_capability_flags(a.capabilities)) << "\n      "
        << a.description << "\n      paper: " << a.paper << "\n";
  out << "\nRegion case families (touchstone regions --families <glob>; default count):\n";
  for (const auto& f : region_families())
    out << "  " << f.name << " (" << f.default_count << ")  " << f.description << "\n";
}

int run_regions_command(const RegionCli& cli, int argc, char** argv) {
  RegionRunOptions options = cli.options;
  options.isolation = cli.isolate == "none"    ? RegionRunOptions::Isolation::none
                      : cli.isolate == "peers" ? RegionRunOptions::Isolation::peers
                                               : RegionRunOptions::Isolation::all;
  const auto algorithms =
      select_by_name(RegionRegistry::builtin(), cli.algorithms, "region algorithm",
                     registered_names(RegionRegistry::builtin()));
  if (!algorithms) return kExitUsage;
  if (!check_output_paths({{"--out", cli.out}, {"--export-failures", cli.export_path}}))
    return kExitUsage;
  std::vector<LoadError> load_errors;
  const auto cases = gather_region_cases(cli, load_errors);
  if (!cases) return kExitUsage;
  if (cases->empty() && load_errors.empty()) {
    std::cerr << "error: no contact-region cases to run\n";
    return kExitUsage;
  }

  ReferenceCache cache = open_reference_cache(cli.cache_path, cli.no_cache);
  RegionRunResults run =
      run_regions(*cases, *algorithms, options, cache, progress_unless(cli.quiet, "region cases"));
  run.load_errors = std::move(load_errors);

  RunStatus status = run_status(run, cli.strict);
  status.written =
      write_report(cli.out, {join_command_line(argc, argv), cli.seed}, RegionReport(run, options));
  if (status.written && !cli.export_path.empty()) {
    const auto kept = cases_to_replay(run);
    status.written = export_cases(cli.export_path, write_region_case_document(kept));
    if (status.written)
      std::cout << kept.size() << " region cases to replay written to " << cli.export_path << "\n";
  }
  if (status.written) {
    std::cout << run.cases.size() << " region cases (" << status.problems << " with problems, "
              << run.load_errors.size() << " load errors); report written to " << cli.out << "\n";
    for (const auto& c : run.cases)
      for (const auto& p : c.problems) std::cout << "  " << c.spec.id << ": " << p << "\n";
  }
  return exit_status(status);
}

}  // namespace touchstone
