// `touchstone sweep` and `touchstone merge` (harness/sweep/): trial inputs depend on (family,
// seed, index) alone; shard files survive a cut tail; a sweep killed (SIGKILL) and resumed, the
// same sweep split 1, 3 and 7 ways, and over 2 MPI ranks all merge to the same report (timings
// and provenance aside); a duplicated or a missing trial makes the merge fail naming it.
#include "harness/sweep/sweep.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/file.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "harness/sweep/shard_file.hpp"
#include "tests/support/cli_process.hpp"

namespace touchstone {
namespace {

using nlohmann::json;
using namespace test_support;  // the shared shapes and expectations (tests/support/)

// A cheap family and few algorithms: a few hundred trials take a few seconds.
constexpr char kFamily[] = "vertex-face";
constexpr char kTrials[] = "120";
const std::vector<std::string> kSweep = {"sweep",     "--family", kFamily,     "--trials",
                                         kTrials,     "--seed",   "7",         "--algorithms",
                                         "gjk,vclip", "--quiet",  "--isolate", "none"};

// The sweep's arguments: shard k/n into `out`, exact references in this process (fast) or, with
// `reference_child`, each in a forked child (slower: a sweep a test can kill midway).
std::vector<std::string> sweep_args(const std::string& out, const std::string& shard,
                                    bool reference_child = false) {
  std::vector<std::string> args = kSweep;
  args.insert(args.end(), {"--out", out, "--shard", shard, "--reference-timeout",
                           reference_child ? "60" : "0"});
  return args;
}

std::vector<json> shard_lines(const std::string& path) {
  std::vector<json> lines;
  read_shard_file(path, [&](json&& line, std::size_t) { lines.push_back(std::move(line)); });
  return lines;
}

// The merged report without what legitimately differs between runs: provenance (shards, paths)
// and timings.
json comparable(json j) {
  if (j.is_object()) {
    for (const char* key : {"shards", "ns", "time_ns", "median_ns", "ratio_to_fastest", "file"})
      j.erase(key);
    for (auto& [key, value] : j.items()) value = comparable(value);
  } else if (j.is_array()) {
    for (auto& value : j) value = comparable(value);
  }
  return j;
}

// Runs the sweep in `ways` shards into dir/<ways>, merges them: the merged report.
json split_and_merge(const TempDir& dir, int ways) {
  const std::string out = dir / std::to_string(ways);
  std::vector<std::string> merge = {"merge", "-o", out + "/report.json"};
  for (int k = 0; k < ways; ++k) {
    const CliRun run = run_cli(sweep_args(out, std::to_string(k) + "/" + std::to_string(ways)));
    EXPECT_EQ(run.code, 0) << run.err;
    merge.push_back(out + "/shard-" + std::to_string(k) + "-of-" + std::to_string(ways) +
                    ".jsonl.gz");
  }
  const CliRun merged = run_cli(merge);
  EXPECT_EQ(merged.code, 0) << merged.err;
  return json::parse(read_text(out + "/report.json"));
}

// The report of the whole sweep in one shard, computed once for the tests that compare with it.
const json& reference_report() {
  static const TempDir dir("sweep-reference");
  static const json report = split_and_merge(dir, 1);
  return report;
}

TEST(SweepShards, ShardFromOptionAndEnvironment) {
  std::string error;
  const auto shard = parse_shard("2/7", error);
  ASSERT_TRUE(shard);
  EXPECT_EQ(shard->index, 2u);
  EXPECT_EQ(shard->count, 7u);
  for (const char* bad : {"7/7", "1/0", "-1/3", "1", "a/3", "1/3x", "/3"})
    EXPECT_FALSE(parse_shard(bad, error)) << bad;
  EXPECT_NE(error.find("--shard '/3'"), std::string::npos) << error;

  setenv("SLURM_ARRAY_TASK_ID", "5", 1);
  setenv("SLURM_ARRAY_TASK_MIN", "1", 1);
  setenv("SLURM_ARRAY_TASK_COUNT", "8", 1);
  auto slurm = shard_from_environment(error);
  ASSERT_TRUE(slurm) << error;
  EXPECT_EQ(slurm->index, 4u);  // task ids 1 … 8: task 5 is shard 4 of 8
  EXPECT_EQ(slurm->count, 8u);
  setenv("GTEST_SHARD_INDEX", "3", 1);  // GoogleTest's variables come first
  setenv("GTEST_TOTAL_SHARDS", "3", 1);
  EXPECT_FALSE(shard_from_environment(error));  // 3 of 3 is out of range
  EXPECT_NE(error.find("GTEST_SHARD_INDEX"), std::string::npos) << error;
  for (const char* v : {"GTEST_SHARD_INDEX", "GTEST_TOTAL_SHARDS", "SLURM_ARRAY_TASK_ID",
                        "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT"})
    unsetenv(v);
  const auto whole = shard_from_environment(error);
  ASSERT_TRUE(whole);
  EXPECT_EQ(whole->count, 1u);
}

TEST(SweepShards, ACutTailIsReadUpToTheLastCompleteLine) {
  TempDir dir("sweep-cut");
  const std::string path = dir / "s.jsonl.gz";
  {
    ShardWriter writer(path, true);
    for (int i = 0; i < 50; ++i) writer.write(json{{"t", i}, {"pad", std::string(40, 'x')}});
  }  // closed: a finished gzip stream
  EXPECT_FALSE(read_shard_file(path, [](json&&, std::size_t) {}));
  const std::string bytes = read_text(path);
  std::size_t previous = 0;
  for (std::size_t cut : {bytes.size() - 1, bytes.size() - 9, bytes.size() / 2, std::size_t{30}}) {
    const std::string cut_path = dir / ("cut-" + std::to_string(cut));
    std::ofstream(cut_path, std::ios::binary) << bytes.substr(0, cut);
    std::vector<json> lines;
    const bool torn = read_shard_file(
        cut_path, [&](json&& line, std::size_t) { lines.push_back(std::move(line)); });
    EXPECT_TRUE(torn) << cut;
    for (std::size_t i = 0; i < lines.size(); ++i) EXPECT_EQ(lines[i]["t"], i);
    if (cut == bytes.size() - 9) {
      EXPECT_EQ(lines.size(), 50u);  // only the trailer was cut
    }
    if (cut == bytes.size() / 2) {
      EXPECT_GT(lines.size(), 5u);
    }
    previous = lines.size();
    // Rewritten, it is a finished stream with the same lines, and can be appended to.
    rewrite_shard_file(cut_path);
    { ShardWriter(cut_path, false).write(json{{"t", "appended"}}); }
    const std::vector<json> again = shard_lines(cut_path);
    ASSERT_EQ(again.size(), lines.size() + 1);
    EXPECT_EQ(again.back()["t"], "appended");
  }
  EXPECT_LT(previous, 3u);  // 30 bytes hold at most the gzip header and a line or two
}

TEST(SweepTrials, InputDependsOnlyOnFamilySeedAndIndex) {
  const auto family = find_sweep_family(kFamily);
  ASSERT_TRUE(family);
  // The same trial drawn alone, after others, or in another order has the same input.
  const std::string t5 = trial_input_hash(*family, 7, 5);
  for (std::size_t i = 9; i-- > 0;) trial_input_hash(*family, 7, i);
  EXPECT_EQ(trial_input_hash(*family, 7, 5), t5);
  EXPECT_NE(trial_input_hash(*family, 7, 6), t5);
  EXPECT_NE(trial_input_hash(*family, 8, 5), t5);
  // Every line of a 3-way split carries the hash of its trial drawn on its own here.
  TempDir dir("sweep-hash");
  const CliRun run = run_cli(sweep_args(dir.path.string(), "1/3"));
  ASSERT_EQ(run.code, 0) << run.err;
  const std::vector<json> lines = shard_lines(dir / "shard-1-of-3.jsonl.gz");
  ASSERT_EQ(lines.size(), 1u + 40u);  // header, trials 1, 4, …, 118
  EXPECT_EQ(lines[0]["shard"], (json{{"index", 1}, {"count", 3}}));
  for (std::size_t l = 1; l < lines.size(); ++l) {
    const auto t = lines[l]["t"].get<std::size_t>();
    EXPECT_EQ(t, 1 + 3 * (l - 1));
    EXPECT_EQ(lines[l]["h"], trial_input_hash(*family, 7, t)) << "trial " << t;
  }
}

TEST(SweepMerge, SplitOneThreeAndSevenWaysGivesTheSameReport) {
  const json& one = reference_report();
  EXPECT_EQ(one["trials"], 120);
  int counted = 0;
  for (const json& row : one["summary"])
    if (row["algorithm"] == "gjk" && row["family"] == kFamily)
      counted = row["pass"].get<int>() + row["fail"].get<int>() + row["ambiguous"].get<int>() +
                row["unsupported"].get<int>() + row["error"].get<int>();
  EXPECT_EQ(counted, 120);
  TempDir dir("sweep-split");
  for (int ways : {3, 7})
    EXPECT_EQ(comparable(split_and_merge(dir, ways)), comparable(one)) << ways;
}

TEST(SweepMerge, KilledAndResumedGivesTheSameReport) {
  TempDir dir("sweep-kill");
  const std::string out = dir / "k";
  {
    CliProcess p(sweep_args(out, "0/1", true), dir / "stdout");
    // Killed once the file holds 40 trials (--quiet: no progress to wait for).
    const std::string path = out + "/shard-0-of-1.jsonl.gz";
    for (int tries = 0; tries < 20000; ++tries) {
      if (std::filesystem::exists(path) && shard_lines(path).size() > 40) break;
      usleep(1000);
    }
    kill(-p.pid(), SIGKILL);
    p.finish();
  }
  const std::vector<json> before = shard_lines(out + "/shard-0-of-1.jsonl.gz");
  ASSERT_GT(before.size(), 40u);
  ASSERT_LT(before.size(), 121u) << "the sweep finished before it was killed";
  const CliRun resumed = run_cli(sweep_args(out, "0/1"));
  ASSERT_EQ(resumed.code, 0) << resumed.err;
  std::ostringstream expected_text;  // ("(" + std::to_string(n): a GCC 12 stringop false positive)
  expected_text << "(" << before.size() - 1 << " resumed, ";
  const std::string expected = expected_text.str();
  EXPECT_NE(resumed.out.find(expected), std::string::npos) << resumed.out;
  const CliRun merged = run_cli({"merge", out + "/shard-0-of-1.jsonl.gz", "-o", out + "/r.json"});
  ASSERT_EQ(merged.code, 0) << merged.err;
  EXPECT_EQ(comparable(json::parse(read_text(out + "/r.json"))), comparable(reference_report()));
}

TEST(SweepMerge, ADuplicatedOrMissingTrialIsAnErrorNamingIt) {
  TempDir dir("sweep-exactly-once");
  const std::string out = dir / "x";
  for (const char* shard : {"0/3", "1/3"}) ASSERT_EQ(run_cli(sweep_args(out, shard)).code, 0);
  const std::string s0 = out + "/shard-0-of-3.jsonl.gz", s1 = out + "/shard-1-of-3.jsonl.gz";
  const CliRun missing = run_cli({"merge", s0, s1, "-o", dir / "m.json"});
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("trials 2 (shard 2/3), 5 (shard 2/3)"), std::string::npos)
      << missing.err;
  const CliRun duplicated = run_cli({"merge", s0, s1, s0, "-o", dir / "d.json"});
  EXPECT_EQ(duplicated.code, 2);
  EXPECT_NE(duplicated.err.find("trial 0 is duplicated"), std::string::npos) << duplicated.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "m.json"));
  EXPECT_FALSE(std::filesystem::exists(dir / "d.json"));
}

TEST(SweepShards, ASecondRunOfTheSameShardIsRefused) {
  TempDir dir("sweep-lock");
  const std::string out = dir / "l";
  std::filesystem::create_directories(out);
  const std::string lock = out + "/shard-0-of-1.jsonl.gz.lock";
  const int fd = open(lock.c_str(), O_RDWR | O_CREAT, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(flock(fd, LOCK_EX | LOCK_NB), 0);  // as a running sweep of that shard holds it
  const CliRun second = run_cli(sweep_args(out, "0/1"));
  close(fd);
  EXPECT_EQ(second.code, 2);
  EXPECT_NE(second.err.find("is being written by another run"), std::string::npos) << second.err;
  EXPECT_FALSE(std::filesystem::exists(out + "/shard-0-of-1.jsonl.gz"));
}

TEST(SweepMerge, TwoMpiRanksGiveTheSameReport) {
  if (std::string(TOUCHSTONE_MPIEXEC).empty()) GTEST_SKIP() << "built without MPI";
  TempDir dir("sweep-mpi");
  const std::string out = dir / "mpi";
  // OpenMPI's own allocations are reported as leaks under LeakSanitizer (the sanitizer build):
  // leak checking is off for the ranks only; every other sweep test runs with it.
  std::string command = std::string("OMPI_MCA_rmaps_base_oversubscribe=1 ") +
                        "ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0\" " +
                        TOUCHSTONE_MPIEXEC + " --allow-run-as-root -n 2 " + TOUCHSTONE_CLI;
  for (const std::string& a : kSweep) command += " " + a;
  command += " --reference-timeout 0 --mpi --out " + out + " > " + (dir / "log") + " 2>&1";
  const int status = std::system(command.c_str());
  ASSERT_EQ(status, 0) << read_text(dir / "log");
  EXPECT_TRUE(std::filesystem::exists(out + "/shard-1-of-2.jsonl.gz"));
  EXPECT_EQ(comparable(json::parse(read_text(out + "/report.json"))),
            comparable(reference_report()));
}

}  // namespace
}  // namespace touchstone
