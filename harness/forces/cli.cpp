#include "harness/forces/cli.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "cases/force_scenes.hpp"
#include "cases/format/case_loader.hpp"
#include "harness/forces/report.hpp"

namespace touchstone {
namespace {

const std::vector<std::string>& default_sources() {
  static const std::vector<std::string> d{"scenes",     "stack/n10", "stack/n30",
                                          "stack/n100", "pile/n10",  "pile/n30"};
  return d;
}

// Applies the --param overrides (solver.name=value) to `options`; false after an error.
bool apply_parameters(const ForceCli& cli, ForceRunOptions& options) {
  const auto& registry = forces::ForceSolverRegistry::builtin();
  for (const std::string& p : cli.parameters) {
    const auto dot = p.find('.'), eq = p.find('=');
    if (dot == std::string::npos || eq == std::string::npos || eq < dot) {
      std::cerr << "error: --param '" << p << "' is not solver.name=value\n";
      return false;
    }
    const std::string solver = p.substr(0, dot), name = p.substr(dot + 1, eq - dot - 1);
    const auto* info = registry.find(solver);
    if (!info) {
      std::cerr << "error: --param names unknown force solver '" << solver << "'\n";
      return false;
    }
    if (!info->defaults.contains(name)) {
      std::cerr << "error: force solver '" << solver << "' has no parameter '" << name << "'\n";
      return false;
    }
    const std::string value = p.substr(eq + 1);
    char* end = nullptr;
    const double x = std::strtod(value.c_str(), &end);
    if (value.empty() || end != value.c_str() + value.size() || !std::isfinite(x)) {
      std::cerr << "error: --param '" << p << "': value is not a finite number\n";
      return false;
    }
    options.parameters[solver][name] = x;
  }
  return true;
}

// The cases of the --cases sources (or the default ones); nullopt after an error.
std::optional<std::vector<ForceCase>> gather_force_cases(const ForceCli& cli,
                                                         std::vector<LoadError>& load_errors) {
  return gather_kind_cases(cli.cases.empty() ? default_sources() : cli.cases, &LoadedCases::forces,
                           cli.load, load_errors,
                           [](const std::string& pattern, std::vector<ForceCase>& cases) {
                             auto matched = match_force_scenes(pattern);
                             if (matched.empty()) {
                               std::cerr << "error: '" << pattern
                                         << "' is neither a file, a directory nor a force scene "
                                            "pattern (see `touchstone list`)\n";
                               return false;
                             }
                             for (auto& c : matched) cases.push_back(std::move(c));
                             return true;
                           });
}

// Each case's exact reference (or why there is none) and its problems.
void print_references(const ForceRunResults& run) {
  std::cout << "\nExact references:\n";
  for (const auto& c : run.cases) {
    std::cout << "  " << c.spec.id << " (" << c.spec.problem.size() << " contacts): ";
    if (c.reference)
      std::cout << to_string(c.reference->outcome) << " by " << c.reference->method
                << (c.reference_from_cache ? " (cached)" : "") << ", " << c.reference_ms << " ms"
                << (c.reference->forces_unique ? ", forces unique" : "") << "\n";
    else
      std::cout << c.reference_note << "\n";
    for (const auto& p : c.problems) std::cout << "    problem: " << p << "\n";
  }
}

const KindCommandText& force_text() {
  static const KindCommandText text{
      .command = "forces",
      .description =
          "Run contact-force solvers over force cases, verify against the exact LCP "
          "reference, write a report",
      .algorithms_option = "--solvers",
      .algorithm_noun = "force solver",
      .case_noun = "force cases",
      .cases_help =
          "A case file (*.json with contact-forces/lcp cases, Siconos *.dat, FCLib "
          "*.hdf5), a directory of them, or a scene pattern: 'scenes', 'block-*', "
          "'stack/n100', 'pile/*', 'sparsify-*' (repeatable; default: the named scenes and small "
          "stacks and piles)",
      .default_out = "reports/forces.json",
      .isolate_help =
          "all (default): each solve in a forked child under --solver-timeout, so a "
          "crash or hang is an error of its case; none: in this process (profiling)",
      .peers_isolation = false,
      .seed = false,
      .export_failures = false,
  };
  return text;
}

// The force kind's slots in the generic command (harness/common/kind_command.hpp).
struct ForceKind {
  using Cli = ForceCli;
  using Options = ForceRunOptions;
  using Registry = forces::ForceSolverRegistry;
  using Case = ForceCase;
  static const KindCommandText& text() { return force_text(); }
  static std::optional<Options> options(const Cli& cli) {
    Options options = cli.options;
    options.isolate_solvers = !cli.in_process && cli.isolation != Isolation::none;
    if (!apply_parameters(cli, options)) return std::nullopt;
    return options;
  }
  static std::optional<std::vector<Case>> gather(const Cli& cli, std::vector<LoadError>& errors) {
    return gather_force_cases(cli, errors);
  }
  static ForceRunResults run(const std::vector<Case>& cases,
                             const std::vector<const forces::ForceSolverInfo*>& solvers,
                             const Options& options, ReferenceCache& cache,
                             const Progress& progress) {
    return run_forces(cases, solvers, options, cache, progress);
  }
  static ForceReport report(const ForceRunResults& run, const Options& options) {
    return ForceReport(run, options);
  }
  static nlohmann::json case_document(const std::vector<const Case*>& cases) {
    return write_force_case_document(cases);
  }
  static bool after_report(const ForceRunResults& run, const Cli&) {
    print_references(run);
    return true;
  }
};

}  // namespace

CLI::App* add_forces_command(CLI::App& app, ForceCli& cli) {
  auto* cmd = add_kind_command(app, cli, force_text());
  cmd->add_option("--repetitions", cli.options.repetitions, "Timed solves per solver and case")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  cmd->add_option(
      "--param", cli.parameters,
      "Solver parameter override solver.name=value (repeatable), e.g. pgs.iterations=500");
  cmd->add_option("--reference-timeout", cli.options.reference_timeout_seconds,
                  "Seconds allowed for one exact reference (0: in-process, no limit)")
      ->capture_default_str()
      ->check(finite_at_least(0));
  cmd->add_option("--reference-max-contacts", cli.options.reference_max_contacts,
                  "No exact reference above this many contacts (residual checks only)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000000));
  cmd->add_option("--solver-timeout", cli.options.solver_timeout_seconds,
                  "Seconds allowed for one solver on one case, all repetitions")
      ->capture_default_str()
      ->check(finite_above(0));
  cmd->add_flag("--in-process", cli.in_process, "The same as --isolate none");
  cmd->add_option("--tol-residual", cli.options.tolerances.residual_relative,
                  "Sign, complementarity and natural-map tolerance (relative)")
      ->capture_default_str()
      ->check(finite_at_least(0));
  cmd->add_option("--tol-acceleration", cli.options.tolerances.acceleration_relative,
                  "Acceleration tolerance relative to the acceleration scale")
      ->capture_default_str()
      ->check(finite_at_least(0));
  cmd->add_option("--tol-force", cli.options.tolerances.force_relative,
                  "Force tolerance relative to the force scale")
      ->capture_default_str()
      ->check(finite_at_least(0));
  cmd->add_option("--tol-position", cli.options.tolerances.position_relative,
                  "Position-level methods: tolerance on the mean force's accelerations")
      ->capture_default_str()
      ->check(finite_at_least(0));
  cmd->add_option("--tol-penetration", cli.options.tolerances.penetration_relative,
                  "Position-level methods: new penetration allowed, relative to h^2 times the "
                  "acceleration scale")
      ->capture_default_str()
      ->check(finite_at_least(0));
  return cmd;
}

void list_force_solvers(std::ostream& out) {
  out << "\nForce solvers:\n";
  list_registry(
      out, forces::ForceSolverRegistry::builtin(), force_capability_flags,
      [](const forces::ForceSolverInfo& s) -> const forces::Parameters& { return s.defaults; });
  out << "\nForce scenes (touchstone forces --cases <name or pattern>):\n";
  for (const auto& c : force_scenes()) out << "  " << c.id << "  " << c.description << "\n";
  out << "  stack/n{10,30,100,300,1000,2000}, pile/n{...}  generated for scaling\n";
  out << "  sparsify-{hex,tet}/{full,kept}  seed 001 Fig. 8: a meshed block on another, all "
         "solfec-cvi contacts or the sparsified ones\n";
}

int run_forces_command(const ForceCli& cli, int argc, char** argv) {
  return run_kind_command<ForceKind>(cli, argc, argv);
}

}  // namespace touchstone
