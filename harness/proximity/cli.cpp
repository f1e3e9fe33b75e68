#include "harness/proximity/cli.hpp"

#include <filesystem>
#include <iostream>

#include "algorithms/proximity/registry.hpp"
#include "cases/families.hpp"
#include "cases/format/case_loader.hpp"
#include "harness/proximity/report.hpp"

namespace fs = std::filesystem;

namespace touchstone {
namespace {

// The cases of the --cases sources (or the default suite); nullopt after an error.
std::optional<std::vector<ProximityCase>> gather_cases(const ProximityCli& cli,
                                                       std::vector<LoadError>& load_errors) {
  if (cli.cases.empty()) return default_suite(cli.seed);
  return gather_kind_cases(cli.cases, &LoadedCases::proximity, cli.load, load_errors,
                           [&](const std::string& pattern, std::vector<ProximityCase>& cases) {
                             const auto families = match_case_families(pattern);
                             if (families.empty()) {
                               std::cerr << "error: '" << pattern
                                         << "' is neither a file, a directory nor a family pattern "
                                         << "(see `touchstone list`)\n";
                               return false;
                             }
                             for (const auto* f : families)
                               for (int i = 0; i < f->default_count; ++i)
                                 cases.push_back(f->generate(cli.seed, i));
                             return true;
                           });
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

namespace {

const KindCommandText& proximity_text() {
  static const KindCommandText text{
      .command = "proximity",
      .description =
          "Run proximity algorithms over cases, verify against exact references, "
          "write a report (alias: run)",
      .algorithms_option = "--algorithms",
      .algorithm_noun = "algorithm",
      .case_noun = "proximity cases",
      .cases_help =
          "A case file, a directory of case files, or a family glob such as 'edge-*' "
          "(repeatable; default: the built-in default suite)",
      .default_out = "reports/latest.json.gz",
  };
  return text;
}

// The proximity kind's slots in the generic command (harness/common/kind_command.hpp).
struct ProximityKind {
  using Cli = ProximityCli;
  using Options = ProximityRunOptions;
  using Registry = ProximityRegistry;
  using Case = ProximityCase;
  static const KindCommandText& text() { return proximity_text(); }
  static std::optional<Options> options(const Cli& cli) {
    Options options = cli.options;
    options.repetitions = cli.repetitions;
    options.isolation = cli.isolation;
    return options;
  }
  static std::optional<std::vector<Case>> gather(const Cli& cli, std::vector<LoadError>& errors) {
    return gather_cases(cli, errors);
  }
  static ProximityRunResults run(const std::vector<Case>& cases,
                                 const std::vector<const ProximityAlgorithmInfo*>& algorithms,
                                 const Options& options, ReferenceCache& cache,
                                 const Progress& progress) {
    return run_proximity(cases, algorithms, options, cache, progress);
  }
  static ProximityReport report(const ProximityRunResults& run, const Options& options) {
    return ProximityReport(run, options);
  }
  static nlohmann::json case_document(const std::vector<const Case*>& cases) {
    return write_case_document(cases);
  }
  static bool after_report(const ProximityRunResults&, const Cli&) { return true; }
};

}  // namespace

CLI::App* add_proximity_command(CLI::App& app, ProximityCli& cli) {
  auto* run = add_kind_command(app, cli, proximity_text());
  run->alias("run");
  ProximityRunOptions& options = cli.options;
  run->add_option("--repetitions", cli.repetitions, "Timed queries per algorithm and case")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
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
  run->add_option("--reference-timeout", options.reference_timeout_seconds,
                  "Seconds allowed for one exact reference (0: no limit, in-process)")
      ->capture_default_str()
      ->check(finite_at_least(0));
  run->add_option("--algorithm-timeout", options.algorithm_timeout_seconds,
                  "Seconds allowed for one isolated algorithm on one case")
      ->capture_default_str()
      ->check(finite_above(0));
  return run;
}

void list_proximity(std::ostream& out) {
  out << "Proximity algorithms:\n";
  list_registry(out, ProximityRegistry::builtin(), capability_flags,
                [](const ProximityAlgorithmInfo& a) -> const std::map<std::string, double>& {
                  return a.parameters;
                });
  out << "\nCase families (default count in the built-in suite):\n";
  for (const auto& f : case_families())
    out << "  " << f.name << " (" << f.default_count << ")  " << f.description << "\n";
}

int run_proximity_command(const ProximityCli& cli, int argc, char** argv) {
  return run_kind_command<ProximityKind>(cli, argc, argv);
}

}  // namespace touchstone
