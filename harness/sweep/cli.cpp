#include "harness/sweep/cli.hpp"

#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>

#include "harness/common/cli.hpp"
#include "harness/motion/cli.hpp"
#include "harness/proximity/cli.hpp"
#include "harness/sweep/merge.hpp"
#include "harness/sweep/mpi.hpp"
#include "harness/sweep/sweep.hpp"

namespace touchstone {
namespace {

std::string family_names() {
  std::string s = "(proximity:";
  for (const CaseFamily& f : case_families()) s += " " + f.name;
  s += "; motion:";
  for (const MotionFamily& f : motion_families()) s += " " + f.name;
  return s + ")";
}

void add_run_options(CLI::App* sweep, SweepCli& cli) {
  sweep
      ->add_option("--keep-passing", cli.keep_passing,
                   "compact: passing trials keep verdicts, errors, times and input hash; none: "
                   "only their id and verdicts (non-passing trials are always kept in full)")
      ->capture_default_str()
      ->check(CLI::IsMember({"none", "compact"}));
  add_isolate_option(sweep, cli.isolation,
                     "Which algorithms answer in a forked child: none, peers or all");
  sweep
      ->add_option("--reference-timeout", cli.reference_timeout,
                   "Seconds for one exact reference, computed in a child (0: in this process)")
      ->capture_default_str()
      ->check(finite_at_least(0));
  sweep
      ->add_option("--algorithm-timeout", cli.algorithm_timeout,
                   "Seconds for one isolated algorithm on one trial")
      ->capture_default_str()
      ->check(finite_above(0));
  sweep->add_option("--repetitions", cli.repetitions, "Timed queries per algorithm and trial")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  sweep
      ->add_option("--tol-distance", cli.tolerances.distance_relative,
                   "Distance tolerance relative to the pair's size")
      ->capture_default_str()
      ->check(finite_at_least(0));
  sweep
      ->add_option("--band", cli.tolerances.band_relative,
                   "Ambiguous band around touching, relative to the pair's size")
      ->capture_default_str()
      ->check(finite_at_least(0));
  add_tolerance_mode_options(sweep, cli.tolerances);
  sweep->add_option("--omega", cli.omega, "Motion families: degrees per frame")
      ->capture_default_str()
      ->check(finite_at_least(0));
  sweep->add_option("--frames", cli.frames, "Motion families: frames per trial")
      ->capture_default_str()
      ->check(CLI::Range(2, 100000));
}

// The shard of this process: --shard, else the environment (GTEST_*, SLURM_*), else 0/1.
std::optional<ShardSpec> choose_shard(const SweepCli& cli) {
  std::string error;
  std::optional<ShardSpec> shard =
      cli.shard.empty() ? shard_from_environment(error) : parse_shard(cli.shard, error);
  if (!shard) std::cerr << "error: " << error << "\n";
  return shard;
}

int merge_and_report(const std::vector<std::string>& paths, const std::string& out,
                     std::string failures_dir, int max_failures, bool strict) {
  if (failures_dir.empty()) {
    const std::filesystem::path p(out);
    failures_dir = (p.parent_path() / (p.stem().string() + "-failures")).string();
  }
  if (!check_output_paths({{"-o", out}})) return kExitUsage;
  MergeResult result;
  try {
    result = merge_shards(paths, max_failures);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitUsage;
  }
  if (!write_merge_result(result, out, failures_dir)) return kExitOutput;
  const std::size_t non_passing = result.report["non_passing_trials"].get<std::size_t>();
  std::cout << "merged " << result.report["trials"] << " trials from " << paths.size()
            << " shard files: " << non_passing << " non-passing; report in " << out << "\n";
  for (const auto& row : result.report["summary"]) {
    if (row["family"] == "*") continue;
    std::cout << "  " << row["algorithm"].get<std::string>() << " on "
              << row["family"].get<std::string>() << ":";
    for (const char* verdict : {"pass", "fail", "ambiguous", "unsupported", "error"})
      std::cout << " " << verdict << " " << row[verdict];
    std::cout << "\n";
  }
  return strict && non_passing > 0 ? kExitVerdicts : kExitOk;
}

}  // namespace

CLI::App* add_sweep_command(CLI::App& app, SweepCli& cli) {
  auto* sweep = app.add_subcommand(
      "sweep",
      "Seeded trials of one proximity or motion family, sharded (--shard k/n, GTEST_SHARD_INDEX, "
      "SLURM_ARRAY_TASK_ID, --mpi), streamed to a resumable compressed shard file");
  sweep->add_option("--family", cli.family, "Proximity or motion family")->required();
  sweep->add_option("--trials", cli.trials, "Number of trials (ids 0 … N-1)")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{1}, std::size_t{2000000000}));
  add_seed_option(sweep, cli.seed, "Seed");
  add_distance_algorithms_option(sweep, cli.algorithms);
  sweep->add_option(
      "--shard", cli.shard,
      "k/n: run the trials i with i mod n = k (default: GTEST_SHARD_INDEX/"
      "GTEST_TOTAL_SHARDS, else SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT, else 0/1)");
  sweep->add_option("--out", cli.out,
                    "Folder of the shard files (default: sweep-<family>-s<seed>)");
  sweep->add_flag("--mpi", cli.mpi,
                  "Under mpirun: rank r of N runs shard r/N, rank 0 merges into <out>/report.json");
  sweep
      ->add_option("--max-failures-per-algorithm", cli.max_failures,
                   "--mpi: failing trials exported per algorithm by the merge")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000000));
  add_run_options(sweep, cli);
  sweep->add_flag("--quiet", cli.quiet, "No progress output");
  sweep->add_flag("--strict", cli.strict, "Exit with status 1 when a trial does not pass");
  return sweep;
}

int run_sweep_command(const SweepCli& cli, int argc, char** argv) {
  const std::optional<SweepFamily> family = find_sweep_family(cli.family);
  if (!family) {
    std::cerr << "error: unknown family '" << cli.family << "' " << family_names() << "\n";
    return kExitUsage;
  }
  const auto algorithms = select_distance_algorithms(cli.algorithms);
  if (!algorithms) return kExitUsage;
  if (cli.mpi && !mpi_available()) {
    std::cerr << "error: --mpi: this touchstone was built without MPI (configure with "
                 "TOUCHSTONE_MPI=ON and Debian's libopenmpi-dev)\n";
    return kExitUsage;
  }
  if (cli.mpi && !cli.shard.empty()) {
    std::cerr << "error: --mpi and --shard: under MPI the rank chooses the shard\n";
    return kExitUsage;
  }
  std::optional<MpiSession> mpi;
  std::optional<ShardSpec> shard;
  if (cli.mpi) {
    mpi.emplace();
    shard = ShardSpec{static_cast<std::size_t>(mpi->rank()), static_cast<std::size_t>(mpi->size()),
                      "MPI"};
  } else {
    shard = choose_shard(cli);
    if (!shard) return kExitUsage;
  }
  SweepOptions options;
  options.family = *family;
  options.seed = cli.seed;
  options.trials = cli.trials;
  options.algorithms = *algorithms;
  options.shard = *shard;
  options.out_dir = cli.out;
  options.command_line = join_command_line(argc, argv);
  if (options.out_dir.empty())
    options.out_dir = "sweep-" + family->name + "-s" + std::to_string(cli.seed);
  options.keep = cli.keep_passing == "none" ? KeepPassing::none : KeepPassing::compact;
  ProximityRunOptions& run = options.trial.run;
  run.repetitions = cli.repetitions;
  run.tolerances = cli.tolerances;
  run.reference_timeout_seconds = cli.reference_timeout;
  run.algorithm_timeout_seconds = cli.algorithm_timeout;
  run.isolation = cli.isolation;
  options.trial.motion = {cli.omega, cli.frames};

  int status = kExitOk;
  SweepOutcome outcome;
  try {
    outcome = run_sweep(options, progress_unless(cli.quiet || mpi, "trials"));
  } catch (const std::invalid_argument& e) {
    std::cerr << "error: " << e.what() << "\n";
    status = kExitUsage;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    status = kExitOutput;
  }
  if (status == kExitOk) {
    std::cout << "shard " << shard->index << "/" << shard->count << " of " << family->name << ": "
              << outcome.shard_trials << " trials (" << outcome.resumed << " resumed, "
              << outcome.ran << " run, " << outcome.non_passing << " not passing) in "
              << outcome.path << "\n";
    if (interrupted()) status = 128 + interrupt_signal();
  }
  if (mpi) {
    const bool all_done = mpi->all(status == kExitOk);
    if (mpi->rank() == 0 && all_done) {
      std::vector<std::string> paths;
      for (int r = 0; r < mpi->size(); ++r)
        paths.push_back((std::filesystem::path(options.out_dir) /
                         shard_file_name({static_cast<std::size_t>(r),
                                          static_cast<std::size_t>(mpi->size()), "MPI"}))
                            .string());
      status = merge_and_report(paths, options.out_dir + "/report.json", "", cli.max_failures,
                                cli.strict);
    } else if (!all_done && status == kExitOk) {
      status = kExitOutput;  // another rank failed: no merge
    }
  } else if (status == kExitOk && cli.strict && outcome.non_passing > 0) {
    status = kExitVerdicts;
  }
  return status;
}

CLI::App* add_merge_command(CLI::App& app, MergeCli& cli) {
  auto* merge = app.add_subcommand(
      "merge",
      "Merge the shard files of one sweep into one report (every trial exactly once), with the "
      "failing trials as replayable case files");
  merge->add_option("shards", cli.shards, "Shard files (.jsonl.gz)")->required();
  merge->add_option("-o,--out", cli.out, "Merged report (JSON)")->capture_default_str();
  merge->add_option("--failures-dir", cli.failures_dir,
                    "Folder of the replayable failure case files, one per algorithm (default: "
                    "<report name>-failures beside the report)");
  merge
      ->add_option("--max-failures-per-algorithm", cli.max_failures,
                   "Failing trials exported per algorithm")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000000));
  merge->add_flag("--strict", cli.strict, "Exit with status 1 when a trial does not pass");
  return merge;
}

int run_merge_command(const MergeCli& cli) {
  return merge_and_report(cli.shards, cli.out, cli.failures_dir, cli.max_failures, cli.strict);
}

}  // namespace touchstone
