// `touchstone sweep`: trials 0 … N−1 of one family, trial i's input drawn from (family, seed, i)
// alone; a shard k of n runs the trials with i mod n = k and streams them to its own shard file
// (shard_file.hpp) in the output folder. Rerunning the same command resumes: the trials already
// in the file are skipped, a torn last line is dropped and its trial redone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "harness/common/progress.hpp"
#include "harness/sweep/trials.hpp"

namespace touchstone {

struct ShardSpec {
  std::size_t index = 0, count = 1;  // this shard runs the trials i with i mod count = index
  std::string source = "default";    // "--shard", "GTEST_*", "SLURM_*", "MPI" or "default"
};

// "k/n" (0 ≤ k < n): the shard, or nullopt with `error` set.
std::optional<ShardSpec> parse_shard(const std::string& text, std::string& error);
// The shard the environment names: GTEST_SHARD_INDEX with GTEST_TOTAL_SHARDS, else
// SLURM_ARRAY_TASK_ID (less SLURM_ARRAY_TASK_MIN when set) with SLURM_ARRAY_TASK_COUNT; else the
// whole sweep (0/1). nullopt with `error` set when a variable is malformed or out of range.
std::optional<ShardSpec> shard_from_environment(std::string& error);
// "shard-<k>-of-<n>.jsonl.gz".
std::string shard_file_name(const ShardSpec& shard);

struct SweepOptions {
  SweepFamily family;
  std::uint64_t seed = 1;
  std::size_t trials = 0;
  std::vector<const ProximityAlgorithmInfo*> algorithms;
  TrialOptions trial;
  KeepPassing keep = KeepPassing::compact;
  ShardSpec shard;
  std::string out_dir = ".";
  std::string command_line;
};

// The shard file's first line: format, the sweep's identity (family, kind, seed, trials,
// algorithms, shard, keep_passing, tolerances, motion parameters, reference version) and the
// run's context (command line, git sha, host, date).
nlohmann::json shard_header(const SweepOptions& options);
// The keys of a header that must agree for a resume (all but "context").
nlohmann::json sweep_identity(const nlohmann::json& header);

struct SweepOutcome {
  std::string path;
  std::size_t shard_trials = 0;  // trials belonging to this shard
  std::size_t resumed = 0;       // found finished in the file
  std::size_t ran = 0;           // run now
  std::size_t non_passing = 0;   // of those run now
  bool torn = false;             // the file's tail was torn and rewritten
};

// Runs (or resumes) the shard. Throws std::runtime_error naming the file for a shard file of
// another sweep or one that cannot be read or written. Stops early once interrupted().
SweepOutcome run_sweep(const SweepOptions& options, const Progress& progress = {});

}  // namespace touchstone
