// `touchstone sweep` (sweep.hpp; with --mpi, every rank one shard and rank 0 merging) and
// `touchstone merge` (merge.hpp).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "harness/common/isolation.hpp"
#include "harness/proximity/verifier.hpp"

namespace touchstone {

struct SweepCli {
  std::string family, algorithms, shard, out, keep_passing = "compact";
  Isolation isolation = Isolation::peers;
  std::size_t trials = 1000;
  std::uint64_t seed = 1;
  int repetitions = 1, frames = 50, max_failures = 20;
  double omega = 5.0, reference_timeout = 60.0, algorithm_timeout = 10.0;
  Tolerances tolerances;
  bool mpi = false, quiet = false, strict = false;
};
CLI::App* add_sweep_command(CLI::App& app, SweepCli& cli);
int run_sweep_command(const SweepCli& cli, int argc, char** argv);

struct MergeCli {
  std::vector<std::string> shards;
  std::string out = "sweep-report.json", failures_dir;
  int max_failures = 20;
  bool strict = false;
};
CLI::App* add_merge_command(CLI::App& app, MergeCli& cli);
int run_merge_command(const MergeCli& cli);

}  // namespace touchstone
