#include "harness/motion/robustness_cli.hpp"

#include <CLI/CLI.hpp>
#include <iostream>

#include "harness/common/cli.hpp"
#include "harness/motion/cli.hpp"
#include "harness/motion/robustness_report.hpp"
#include "harness/proximity/cli.hpp"

namespace touchstone {

CLI::App* add_robustness_command(CLI::App& app, RobustnessCli& cli) {
  auto* robustness = app.add_subcommand(
      "robustness",
      "The V-Clip report's robustness experiment: two cubes in near-parallel face and edge "
      "configurations at poses where the closest features change; counts problems per algorithm");
  add_distance_algorithms_option(robustness, cli.algorithms);
  robustness->add_option("--trials", cli.trials, "Number of trials")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000000));
  robustness
      ->add_option("--first-trial", cli.first_trial,
                   "Index of the first trial (to split one run into shards)")
      ->capture_default_str()
      ->check(CLI::Range(0, 2000000000));
  add_seed_option(robustness, cli.seed, "Seed");
  robustness->add_option("--out", cli.out, "JSON result path")->capture_default_str();
  robustness
      ->add_option("--export-failures", cli.export_path,
                   "Failing trials as motion cases (previous frame, critical pose); "
                   "replay with `touchstone motion --cases FILE`")
      ->capture_default_str();
  robustness->add_option("--max-exported", cli.max_exported, "At most this many failing trials")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000000));
  robustness->add_flag("--cold", cli.cold, "Run every algorithm cold (no warm start)");
  robustness->add_flag("--check-witnesses", cli.check_witnesses,
                       "Also check witness points exactly (slower)");
  robustness
      ->add_option("--tol-distance", cli.tolerances.distance_relative,
                   "Distance tolerance relative to the pair's size")
      ->capture_default_str()
      ->check(finite_at_least(0));
  robustness
      ->add_option("--band", cli.tolerances.band_relative,
                   "Ambiguous band around touching, relative to the pair's size")
      ->capture_default_str()
      ->check(finite_at_least(0));
  add_tolerance_mode_options(robustness, cli.tolerances);
  add_isolate_option(robustness, cli.isolation,
                     "all (default): the trials play in a forked child, so a crash or hang is an "
                     "error of its algorithm on its trial; none: in this process (profiling)",
                     false);
  robustness
      ->add_option("--jobs", cli.jobs,
                   "Play the trials in this many slices at once, one forked child each (one core "
                   "each); the counts are those of one slice playing them all. Needs isolation")
      ->capture_default_str()
      ->check(CLI::Range(1, 1024));
  robustness
      ->add_option("--algorithm-timeout", cli.algorithm_timeout,
                   "Seconds allowed for one query or one exact reference when isolated")
      ->capture_default_str()
      ->check(finite_above(0));
  add_quiet_flag(robustness, cli.quiet);
  robustness->add_flag("--strict", cli.strict,
                       "Exit with status 1 when an algorithm has a problem on a trial");
  return robustness;
}

int run_robustness_command(const RobustnessCli& cli) {
  const auto algorithms = select_distance_algorithms(cli.algorithms);
  if (!algorithms) return kExitUsage;
  if (cli.jobs > 1 && cli.isolation == Isolation::none) {
    std::cerr << "error: --jobs " << cli.jobs
              << " plays its slices in forked children: it needs --isolate all\n";
    return kExitUsage;
  }
  if (!check_output_paths({{"--out", cli.out}, {"--export-failures", cli.export_path}}))
    return kExitUsage;
  RobustnessOptions options;
  options.seed = cli.seed;
  options.trials = cli.trials;
  options.first_trial = cli.first_trial;
  options.warm = !cli.cold;
  options.tolerances = cli.tolerances;
  options.check_witnesses = cli.check_witnesses;
  options.max_exported = cli.max_exported;
  options.isolate = cli.isolation != Isolation::none;
  options.algorithm_timeout_seconds = cli.algorithm_timeout;
  options.jobs = cli.jobs;
  TrialProgress progress;
  if (!cli.quiet) progress = progress_printer("trials");
  const RobustnessResults results = run_robustness(*algorithms, options, progress);

  RunStatus status;
  status.strict = cli.strict;
  for (const RobustnessCounts& k : results.counts) status.verdicts.fail += k.problems;
  status.problems = static_cast<std::size_t>(results.reference_errors);
  status.written = write_report(cli.out, {}, RobustnessReport(results, options), "");
  std::vector<const MotionCase*> failing;
  for (const auto& t : results.failing) failing.push_back(&t.motion);
  if (status.written && !cli.export_path.empty() && !failing.empty()) {
    status.written = export_cases(cli.export_path, write_motion_case_document(failing));
    if (status.written)
      std::cout << failing.size() << " failing trials written to " << cli.export_path
                << " (replay: touchstone motion --families '' --cases " << cli.export_path << ")\n";
  }
  if (status.written)
    std::cout << results.trials_done << " trials (" << results.reference_errors
              << " without an exact reference) in " << results.seconds << " s; results in "
              << cli.out << "\n";
  return exit_status(status);
}

}  // namespace touchstone
