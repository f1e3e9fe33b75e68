#include "harness/motion/cli.hpp"

#include <unistd.h>
#include <valgrind/callgrind.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "cases/format/case_loader.hpp"
#include "cases/motion_families.hpp"
#include "harness/common/case_input.hpp"
#include "harness/common/cli.hpp"
#include "harness/motion/report.hpp"

namespace fs = std::filesystem;

namespace touchstone {
namespace {

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Each algorithm in each --modes mode (warm only where declared); nullopt after an error.
std::optional<std::vector<MotionSelection>> select_modes(
    const std::vector<const ProximityAlgorithmInfo*>& algorithms, const std::string& modes) {
  std::vector<MotionSelection> selections;
  if (split_list(modes).empty()) {
    std::cerr << "error: --modes '" << modes << "' names no mode (warm, cold)\n";
    return std::nullopt;
  }
  for (const std::string& mode : split_list(modes))
    if (mode != "warm" && mode != "cold") {
      std::cerr << "error: unknown mode '" << mode << "' (warm, cold)\n";
      return std::nullopt;
    }
  for (const auto* a : algorithms)
    for (const std::string& mode : split_list(modes)) {
      if (mode == "warm" && !a->capabilities.warm_start) {
        std::cerr << "note: " << a->name << " does not declare warm start: cold only\n";
        continue;
      }
      selections.push_back({a, mode == "warm"});
    }
  return selections;
}

// The motion cases of the --cases files, then the generated sequences of --families × --omega;
// false after an error.
bool gather_motion_cases(const MotionCli& cli, std::vector<MotionCase>& cases,
                         std::vector<LoadError>& load_errors) {
  auto gathered = gather_kind_cases(cli.case_files, &LoadedCases::motion, cli.load, load_errors,
                                    [](const std::string& source, std::vector<MotionCase>&) {
                                      std::cerr << "error: no such case file or directory '"
                                                << source << "'\n";
                                      return false;
                                    });
  if (!gathered) return false;
  for (auto& m : *gathered) cases.push_back(std::move(m));
  if (cli.families.empty()) return true;
  const auto families = match_motion_families(cli.families);
  if (families.empty()) {
    std::cerr << "error: no motion family matches '" << cli.families << "' (motion families:";
    for (const auto& f : motion_families()) std::cerr << " " << f.name;
    std::cerr << ")\n";
    return false;
  }
  std::vector<double> omegas;
  for (const std::string& w : split_list(cli.omegas)) {
    char* end = nullptr;
    const double x = std::strtod(w.c_str(), &end);
    if (*end != '\0' || !(x >= 0 && x <= 360)) {
      std::cerr << "error: --omega value '" << w << "' is not an angle in [0, 360]\n";
      return false;
    }
    omegas.push_back(x);
  }
  if (omegas.empty()) {
    std::cerr << "error: --omega '" << cli.omegas << "' names no angle\n";
    return false;
  }
  for (const auto* f : families)
    for (double w : omegas)
      for (int i = 0; i < cli.sequences; ++i)
        cases.push_back(f->generate(cli.seed, i, {w, cli.frames}));
  return true;
}

// Reruns this command under callgrind (--count-instructions) and reads its counts: label ->
// instructions per call. nullopt after an error.
std::optional<std::map<std::string, double>> count_under_callgrind(const MotionCli& cli, int argc,
                                                                   char** argv) {
  const fs::path dir = fs::temp_directory_path() /
                       ("touchstone-callgrind-" + std::to_string(static_cast<long>(getpid())));
  fs::create_directories(dir);
  std::string cmd = "valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=" +
                    shell_quote((dir / "cg.out").string()) + " " +
                    shell_quote(fs::read_symlink("/proc/self/exe").string());
  for (int i = 1; i < argc; ++i) cmd += " " + shell_quote(argv[i]);
  cmd += " > " + shell_quote((dir / "log").string()) + " 2>&1";
  if (!cli.quiet) std::cerr << "counting instructions under callgrind...\n";
  const int rc = std::system(cmd.c_str());
  auto instructions = read_callgrind_instructions(dir.string());
  if (rc != 0 || instructions.empty()) {
    std::cerr << "error: the callgrind run failed (status " << rc << "); log in "
              << (dir / "log").string() << "\n";
    return std::nullopt;
  }
  fs::remove_all(dir);
  return instructions;
}

// Sequences with a problem frame, a run error or a frame worth replaying (--export-failures).
std::vector<const MotionCase*> failing_sequences(const MotionResults& results) {
  std::vector<const MotionCase*> kept;
  for (std::size_t ci = 0; ci < results.cases.size(); ++ci) {
    bool keep = false;
    for (const ProximityCaseRecord& f : results.cases[ci].frames)
      keep = keep || !f.problems.empty();
    for (const MotionRun& r : results.runs)
      if (r.case_index == ci) {
        keep = keep || !r.error.empty();
        for (const MotionFrameResult& f : r.frames)
          keep = keep || worth_replaying(f.verification.verdict);
      }
    if (keep) kept.push_back(&results.cases[ci].spec);
  }
  return kept;
}

}  // namespace

std::optional<std::vector<const ProximityAlgorithmInfo*>> select_distance_algorithms(
    const std::string& names) {
  const auto& registry = ProximityRegistry::builtin();
  return select_by_name<ProximityRegistry, ProximityAlgorithmInfo>(
      registry, names, "algorithm", registered_names(registry),
      [](const ProximityAlgorithmInfo& a) { return a.capabilities.distance; });
}

CLI::Option* add_distance_algorithms_option(CLI::App* command, std::string& names) {
  return command->add_option("--algorithms", names,
                             "Comma-separated algorithm names (default: every registered "
                             "algorithm that declares distance)");
}

CLI::App* add_motion_command(CLI::App& app, MotionCli& cli) {
  auto* motion = app.add_subcommand(
      "motion",
      "Run motion sequences (warm start passed frame to frame, or cold), verify every frame, "
      "report time and work per call against the coherence parameter ω");
  add_distance_algorithms_option(motion, cli.algorithms);
  motion
      ->add_option("--modes", cli.modes,
                   "warm and/or cold (warm runs only for algorithms declaring warm start)")
      ->capture_default_str();
  motion->add_option("--families", cli.families, "Motion family glob ('' for none)")
      ->capture_default_str();
  motion->add_option("--omega", cli.omegas, "Comma-separated ω values in degrees per frame")
      ->capture_default_str();
  motion->add_option("--frames", cli.frames, "Frames per generated sequence")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  motion->add_option("--sequences", cli.sequences, "Sequences per family and ω")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  motion->add_option("--cases", cli.case_files,
                     "A case file or directory: its motion cases are run too (repeatable)");
  add_seed_option(motion, cli.seed, "Seed for generated sequences");
  motion
      ->add_option("--repetitions", cli.repetitions,
                   "Replays of each sequence; a frame's time is the minimum")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  motion->add_option("--out", cli.out, "Report path")->capture_default_str();
  motion->add_option("--reference-cache", cli.cache_path, "JSON-lines cache of exact references")
      ->capture_default_str();
  motion->add_flag("--no-reference-cache", cli.no_cache, "Compute every reference afresh");
  motion
      ->add_option("--reference-timeout", cli.reference_timeout,
                   "Seconds allowed for one exact reference (0: in-process, no limit)")
      ->capture_default_str()
      ->check(finite_at_least(0));
  add_isolate_option(motion, cli.isolation,
                     "Which algorithms play their sequences in forked children, so a crash or "
                     "hang becomes an error of its sequence: all (default), peers or none "
                     "(profiling; --count-instructions always runs in this process)");
  motion
      ->add_option("--algorithm-timeout", cli.algorithm_timeout,
                   "Seconds allowed for one isolated algorithm on one sequence (all frames and "
                   "repetitions)")
      ->capture_default_str()
      ->check(finite_above(0));
  motion->add_flag("--no-verify", cli.no_verify, "Skip the exact references and verdicts");
  motion->add_flag("--count-instructions", cli.count_instructions,
                   "Also count instructions per call: reruns this command under valgrind's "
                   "callgrind, collecting only inside query calls (slow)");
  motion->add_option("--export-failures", cli.export_path,
                     "Write every sequence with a frame that is not pass (or has a problem) as "
                     "motion cases to this file, to replay with --cases");
  add_quiet_flag(motion, cli.quiet);
  motion->add_flag("--strict", cli.strict,
                   "Exit with status 1 when a frame's verdict is fail or error or a frame has a "
                   "problem");
  return motion;
}

int run_motion_command(const MotionCli& cli, int argc, char** argv) {
  const auto algorithms = select_distance_algorithms(cli.algorithms);
  if (!algorithms) return kExitUsage;
  const auto selections = select_modes(*algorithms, cli.modes);
  if (!selections) return kExitUsage;
  if (selections->empty()) {
    std::cerr << "error: no algorithm runs in the modes '" << cli.modes << "'\n";
    return kExitUsage;
  }
  const bool inner_callgrind_run = cli.count_instructions && RUNNING_ON_VALGRIND;
  if (!inner_callgrind_run &&
      !check_output_paths({{"--out", cli.out}, {"--export-failures", cli.export_path}}))
    return kExitUsage;
  std::vector<MotionCase> cases;
  std::vector<LoadError> load_errors;
  if (!gather_motion_cases(cli, cases, load_errors)) return kExitUsage;
  if (cases.empty() && load_errors.empty()) {
    std::cerr << "error: no motion cases to run\n";
    return kExitUsage;
  }

  std::map<std::string, double> instructions;
  if (inner_callgrind_run) {
    // The inner run under callgrind: count only, the outer run verifies and reports.
    MotionRunOptions options;
    options.repetitions = 1;
    options.verify = false;
    options.count_instructions = true;
    ReferenceCache cache;
    run_motion(cases, *selections, options, cache);
    return kExitOk;
  }
  if (cli.count_instructions) {
    auto counted = count_under_callgrind(cli, argc, argv);
    if (!counted) return kExitOutput;
    instructions = std::move(*counted);
  }

  MotionRunOptions options;
  options.repetitions = cli.repetitions;
  options.verify = !cli.no_verify;
  options.run.reference_timeout_seconds = cli.reference_timeout;
  options.run.isolation = cli.isolation;
  options.run.algorithm_timeout_seconds = cli.algorithm_timeout;
  ReferenceCache cache = open_reference_cache(cli.cache_path, cli.no_cache);
  const MotionResults results =
      run_motion(cases, *selections, options, cache, progress_unless(cli.quiet, "sequences"));

  ProximityRunResults run = motion_as_run_results(results);
  run.load_errors = load_errors;
  ProximityRunOptions report_options = options.run;
  report_options.repetitions = cli.repetitions;
  RunStatus status = run_status(run, cli.strict);
  status.written = write_report(cli.out, {join_command_line(argc, argv), cli.seed},
                                MotionReport(results, instructions, run, report_options), "");
  if (status.written && !cli.export_path.empty()) {
    const auto kept = failing_sequences(results);
    status.written = export_cases(cli.export_path, write_motion_case_document(kept));
    if (status.written)
      std::cout << kept.size() << " sequences to replay written to " << cli.export_path << "\n";
  }
  if (status.written)
    std::cout << results.cases.size() << " sequences, " << run.cases.size() << " frames ("
              << load_errors.size() << " load errors); report written to " << cli.out << "\n";
  return exit_status(status);
}

}  // namespace touchstone
