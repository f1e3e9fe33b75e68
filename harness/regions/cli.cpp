#include "harness/regions/cli.hpp"

#include <filesystem>
#include <iostream>

#include "algorithms/regions/registry.hpp"
#include "cases/format/case_loader.hpp"
#include "cases/region_families.hpp"
#include "harness/regions/report.hpp"

namespace touchstone {
namespace {

// The cases of the --cases files and --families globs (default: every region family); nullopt
// after an error.
std::optional<std::vector<RegionCase>> gather_region_cases(const RegionCli& cli,
                                                           std::vector<LoadError>& load_errors) {
  if (cli.cases.empty() && cli.families.empty()) return default_region_suite(cli.seed);
  auto gathered = gather_kind_cases(cli.cases, &LoadedCases::regions, cli.load, load_errors,
                                    [](const std::string& source, std::vector<RegionCase>&) {
                                      std::cerr << "error: no case file or directory '" << source
                                                << "'\n";
                                      return false;
                                    });
  if (!gathered) return std::nullopt;
  std::vector<RegionCase> cases = std::move(*gathered);
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

const KindCommandText& region_text() {
  static const KindCommandText text{
      .command = "regions",
      .description =
          "Run contact-region algorithms over contact-region cases, verify each step "
          "against the exact reference, write a report",
      .algorithms_option = "--algorithms",
      .algorithm_noun = "region algorithm",
      .case_noun = "region cases",
      .cases_help = "A case file (kind contact-regions) or a directory of them (repeatable)",
      .default_out = "reports/regions.json.gz",
  };
  return text;
}

// The region kind's slots in the generic command (harness/common/kind_command.hpp).
struct RegionKind {
  using Cli = RegionCli;
  using Options = RegionRunOptions;
  using Registry = RegionRegistry;
  using Case = RegionCase;
  static const KindCommandText& text() { return region_text(); }
  static std::optional<Options> options(const Cli& cli) {
    Options options = cli.options;
    options.isolation = cli.isolation;
    return options;
  }
  static std::optional<std::vector<Case>> gather(const Cli& cli, std::vector<LoadError>& errors) {
    return gather_region_cases(cli, errors);
  }
  static RegionRunResults run(const std::vector<Case>& cases,
                              const std::vector<const RegionAlgorithmInfo*>& algorithms,
                              const Options& options, ReferenceCache& cache,
                              const Progress& progress) {
    return run_regions(cases, algorithms, options, cache, progress);
  }
  static RegionReport report(const RegionRunResults& run, const Options& options) {
    return RegionReport(run, options);
  }
  static nlohmann::json case_document(const std::vector<const Case*>& cases) {
    return write_region_case_document(cases);
  }
  static bool after_report(const RegionRunResults&, const Cli&) { return true; }
};

}  // namespace

CLI::App* add_regions_command(CLI::App& app, RegionCli& cli) {
  auto* cmd = add_kind_command(app, cli, region_text());
  RegionRunOptions& options = cli.options;
  cmd->add_option("--families", cli.families,
                  "A region family glob such as 'l-block*' (repeatable; default when no --cases: "
                  "every region family)");
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
  cmd->add_option("--reference-timeout", options.reference_timeout_seconds,
                  "Seconds allowed for one step's exact reference (0: no limit, in-process)")
      ->capture_default_str()
      ->check(finite_at_least(0));
  cmd->add_option("--algorithm-timeout", options.algorithm_timeout_seconds,
                  "Seconds allowed for one isolated algorithm on one case (all steps)")
      ->capture_default_str()
      ->check(finite_above(0));
  return cmd;
}

void list_regions(std::ostream& out) {
  out << "\nContact-region algorithms:\n";
  list_registry(out, RegionRegistry::builtin(), region_capability_flags,
                [](const RegionAlgorithmInfo& a) -> const std::map<std::string, double>& {
                  return a.parameters;
                });
  out << "\nRegion case families (touchstone regions --families <glob>; default count):\n";
  for (const auto& f : region_families())
    out << "  " << f.name << " (" << f.default_count << ")  " << f.description << "\n";
}

int run_regions_command(const RegionCli& cli, int argc, char** argv) {
  return run_kind_command<RegionKind>(cli, argc, argv);
}

}  // namespace touchstone
