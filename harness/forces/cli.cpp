#include "harness/forces/cli.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "cases/force_scenes.hpp"
#include "cases/format/case_loader.hpp"
#include "harness/common/case_input.hpp"
#include "harness/common/cli.hpp"
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
  namespace fs = std::filesystem;
  std::vector<ForceCase> cases;
  CaseLoader loader(cli.load);
  for (const std::string& source : cli.cases.empty() ? default_sources() : cli.cases) {
    if (fs::exists(source)) {
      LoadedCases loaded = loader.load(source);
      for (auto& c : loaded.forces) cases.push_back(std::move(c));
      take_load_errors(loaded, load_errors);
      continue;
    }
    auto matched = match_force_scenes(source);
    if (matched.empty()) {
      std::cerr << "error: '" << source
                << "' is neither a file, a directory nor a force scene pattern "
                << "(see `touchstone list`)\n";
      return std::nullopt;
    }
    for (auto& c : matched) cases.push_back(std::move(c));
  }
  return cases;
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

}  // namespace

CLI::App* add_forces_command(CLI::App& app, ForceCli& cli) {
  auto* cmd = app.add_subcommand(
      "forces",
      "Run contact-force solvers over force cases, verify against the exact LCP reference, write "
      "a report");
  cmd->add_option("--solvers", cli.solvers,
                  "Comma-separated force solver names (default: all registered)");
  cmd->add_option(
      "--cases", cli.cases,
      "A case file (*.json with contact-forces/lcp cases, Siconos *.dat, FCLib *.hdf5), "
      "a directory of them, or a scene pattern: 'scenes', 'block-*', 'stack/n100', "
      "'pile/*' (repeatable; default: the named scenes and small stacks and piles)");
  cmd->add_option("--out", cli.out, "Report path")->capture_default_str();
  cmd->add_option("--repetitions", cli.options.repetitions, "Timed solves per solver and case")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  cmd->add_option(
      "--param", cli.parameters,
      "Solver parameter override solver.name=value (repeatable), e.g. pgs.iterations=500");
  cmd->add_option("--reference-cache", cli.cache_path, "JSON-lines cache of exact references")
      ->capture_default_str();
  cmd->add_flag("--no-reference-cache", cli.no_cache, "Compute every reference afresh");
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
  cmd->add_option("--isolate", cli.isolate,
                  "all (default): each solve in a forked child under --solver-timeout, so a "
                  "crash or hang is an error of its case; none: in this process (profiling)")
      ->capture_default_str()
      ->check(CLI::IsMember({"none", "all"}));
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
  cmd->add_option("--export-cases", cli.export_path,
                  "Also write the cases that were run as a touchstone-case/1 file");
  cmd->add_flag("--quiet,--no-progress", cli.quiet, "No progress output");
  cmd->add_flag("--strict", cli.strict,
                "Exit with status 1 when a verdict is fail or error or a case has a problem");
  return cmd;
}

void list_force_solvers(std::ostream& out) {
  out << "\nForce solvers:\n";
  const auto& all = forces::ForceSolverRegistry::builtin().all();
  if (all.empty()) out << "  (none registered)\n";
  for (const auto& s : all) {
    out << "  " << s.name << "  [" << s.family
        << "]  capabilities: " << flag_list(force_capability_flags(s.capabilities)) << "\n      "
        << s.description << "\n      paper: " << s.paper << "\n";
  }
  out << "\nForce scenes (touchstone forces --cases <name or pattern>):\n";
  for (const auto& c : force_scenes()) out << "  " << c.id << "  " << c.description << "\n";
  out << "  stack/n{10,30,100,300,1000,2000}, pile/n{...}  generated for scaling\n";
}

int run_forces_command(const ForceCli& cli, int argc, char** argv) {
  const auto& registry = forces::ForceSolverRegistry::builtin();
  const auto selected =
      select_by_name(registry, cli.solvers, "force solver", "(see `touchstone list`)");
  if (!selected) return kExitUsage;
  const std::vector<const forces::ForceSolverInfo*>& solvers = *selected;
  ForceRunOptions options = cli.options;
  options.isolate_solvers = !cli.in_process && cli.isolate != "none";
  if (!apply_parameters(cli, options)) return kExitUsage;
  if (!check_output_paths({{"--out", cli.out}, {"--export-cases", cli.export_path}}))
    return kExitUsage;

  std::vector<LoadError> load_errors;
  const auto cases = gather_force_cases(cli, load_errors);
  if (!cases) return kExitUsage;
  if (cases->empty() && load_errors.empty()) {
    std::cerr << "error: no force cases to run\n";
    return kExitUsage;
  }

  ReferenceCache cache = open_reference_cache(cli.cache_path, cli.no_cache);
  ForceRunResults run =
      run_forces(*cases, solvers, options, cache, progress_unless(cli.quiet, "force cases"));
  run.load_errors = std::move(load_errors);

  RunStatus status = run_status(run, cli.strict);
  status.written =
      write_report(cli.out, {join_command_line(argc, argv), 0}, ForceReport(run, options));
  if (status.written) print_references(run);
  if (status.written && !cli.export_path.empty()) {
    std::vector<const ForceCase*> all;
    for (const auto& c : run.cases) all.push_back(&c.spec);
    status.written = export_cases(cli.export_path, write_force_case_document(all));
  }
  if (status.written)
    std::cout << run.cases.size() << " force cases (" << status.problems << " with problems, "
              << run.load_errors.size() << " load errors), " << solvers.size()
              << " solvers; report written to " << cli.out << "\n";
  return exit_status(status);
}

}  // namespace touchstone
