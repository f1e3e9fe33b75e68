// `touchstone sweep` (see sweep.hpp).
#include "harness/sweep/sweep.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "harness/common/report_context.hpp"
#include "harness/sweep/shard_file.hpp"

namespace touchstone {
namespace {

constexpr char kShardFormat[] = "touchstone-sweep-shard/1";

// A whole string of digits as a number, or nullopt.
std::optional<std::size_t> whole_number(std::string_view text) {
  std::size_t value = 0;
  if (text.empty() || text.front() == '+' || text.front() == '-') return std::nullopt;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<ShardSpec> make_shard(std::optional<std::size_t> k, std::optional<std::size_t> n,
                                    std::string source, const std::string& shown,
                                    std::string& error) {
  if (!k || !n || *n == 0 || *k >= *n) {
    error = source + " '" + shown + "' is not a shard k/n with 0 <= k < n";
    return std::nullopt;
  }
  return ShardSpec{*k, *n, std::move(source)};
}

std::string environment(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

// The trial id of a shard line after the header, checked to be a trial of this shard.
std::size_t trial_of(const nlohmann::json& line, std::size_t number, const SweepOptions& options,
                     const std::string& path) {
  const auto t = line.is_object() && line.contains("t") && line["t"].is_number_unsigned()
                     ? std::optional<std::size_t>(line["t"].get<std::size_t>())
                     : std::nullopt;
  if (!t || *t >= options.trials || *t % options.shard.count != options.shard.index)
    throw std::invalid_argument("shard file " + path + " line " + std::to_string(number) +
                                ": not a trial of shard " + std::to_string(options.shard.index) +
                                "/" + std::to_string(options.shard.count));
  return *t;
}

// The first identity key whose value differs, as "key: <file> there, <ours> here".
std::string identity_difference(const nlohmann::json& file, const nlohmann::json& ours) {
  for (const auto& [key, value] : ours.items())
    if (!file.contains(key) || file[key] != value)
      return key + " " + (file.contains(key) ? file[key].dump() : "(absent)") + " there, " +
             value.dump() + " here";
  return "";
}

// An exclusive lock on `<shard file>.lock` for the life of the run, so that a second run of the
// same shard (a requeued job while the first still runs) stops instead of writing beside it.
class ShardLock {
 public:
  explicit ShardLock(const std::string& shard_path) {
    const std::string path = shard_path + ".lock";
    fd_ = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0)
      throw std::runtime_error("cannot open lock file " + path + ": " + std::strerror(errno));
    if (flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      close(fd_);
      throw std::invalid_argument("shard file " + shard_path +
                                  " is being written by another run (" + path + " is locked)");
    }
  }
  ~ShardLock() { close(fd_); }  // closing releases the lock
  ShardLock(const ShardLock&) = delete;
  ShardLock& operator=(const ShardLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace

std::optional<ShardSpec> parse_shard(const std::string& text, std::string& error) {
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos)
    return make_shard(std::nullopt, std::nullopt, "--shard", text, error);
  return make_shard(whole_number(std::string_view(text).substr(0, slash)),
                    whole_number(std::string_view(text).substr(slash + 1)), "--shard", text, error);
}

std::optional<ShardSpec> shard_from_environment(std::string& error) {
  const std::string gtest_index = environment("GTEST_SHARD_INDEX");
  const std::string gtest_total = environment("GTEST_TOTAL_SHARDS");
  if (!gtest_index.empty() || !gtest_total.empty())
    return make_shard(whole_number(gtest_index), whole_number(gtest_total),
                      "GTEST_SHARD_INDEX/GTEST_TOTAL_SHARDS", gtest_index + "/" + gtest_total,
                      error);
  const std::string slurm_id = environment("SLURM_ARRAY_TASK_ID");
  if (!slurm_id.empty()) {
    const std::string slurm_count = environment("SLURM_ARRAY_TASK_COUNT");
    const std::string slurm_min = environment("SLURM_ARRAY_TASK_MIN");
    std::optional<std::size_t> id = whole_number(slurm_id);
    const std::optional<std::size_t> min = slurm_min.empty() ? 0 : whole_number(slurm_min);
    id = id && min && *id >= *min ? std::optional<std::size_t>(*id - *min) : std::nullopt;
    return make_shard(id, whole_number(slurm_count), "SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT",
                      slurm_id + "/" + slurm_count, error);
  }
  return ShardSpec{};
}

std::string shard_file_name(const ShardSpec& shard) {
  return "shard-" + std::to_string(shard.index) + "-of-" + std::to_string(shard.count) +
         ".jsonl.gz";
}

nlohmann::json shard_header(const SweepOptions& options) {
  nlohmann::json algorithms = nlohmann::json::array();
  for (const auto* a : options.algorithms) algorithms.push_back(a->name);
  nlohmann::json header = {
      {"format", kShardFormat},
      {"family", options.family.name},
      {"kind", options.family.kind()},
      {"seed", options.seed},
      {"trials", options.trials},
      {"algorithms", algorithms},
      {"shard", {{"index", options.shard.index}, {"count", options.shard.count}}},
      {"keep_passing", options.keep == KeepPassing::none ? "none" : "compact"},
      {"tolerances", options.trial.run.tolerances.to_json()},
      {"reference_version", reference_version()},
      {"context", context_json({options.command_line, options.seed})}};
  if (options.family.motion)
    header["motion"] = {{"omega_degrees", options.trial.motion.omega_degrees},
                        {"frames", options.trial.motion.frames}};
  return header;
}

nlohmann::json sweep_identity(const nlohmann::json& header) {
  nlohmann::json identity = header;
  identity.erase("context");
  return identity;
}

SweepOutcome run_sweep(const SweepOptions& options, const Progress& progress) {
  SweepOutcome outcome;
  std::filesystem::create_directories(options.out_dir);
  outcome.path = (std::filesystem::path(options.out_dir) / shard_file_name(options.shard)).string();
  const ShardLock lock(outcome.path);
  const nlohmann::json header = shard_header(options);
  std::vector<bool> done(options.trials, false);
  bool fresh = !std::filesystem::exists(outcome.path);
  if (!fresh) {
    bool has_header = false;
    outcome.torn = read_shard_file(outcome.path, [&](nlohmann::json&& line, std::size_t number) {
      if (number > 1) {
        const std::size_t t = trial_of(line, number, options, outcome.path);
        outcome.resumed += !done[t];
        done[t] = true;
        return;
      }
      has_header = true;
      if (!line.is_object() || !line.contains("format") || line["format"] != kShardFormat)
        throw std::invalid_argument("shard file " + outcome.path + " line 1: not a " +
                                    std::string(kShardFormat) + " header");
      const std::string difference =
          identity_difference(sweep_identity(line), sweep_identity(header));
      if (!difference.empty())
        throw std::invalid_argument(
            "shard file " + outcome.path +
            " belongs to another sweep (remove it or choose another --out): " + difference);
    });
    fresh = !has_header;  // killed before its header was complete: start again
    if (outcome.torn && !fresh) rewrite_shard_file(outcome.path);
  }
  ShardWriter writer(outcome.path, fresh);
  if (fresh) writer.write(header);
  const std::size_t k = options.shard.index, n = options.shard.count;
  outcome.shard_trials = options.trials > k ? (options.trials - k + n - 1) / n : 0;
  std::size_t finished = outcome.resumed;
  if (progress) progress(finished, outcome.shard_trials);
  for (std::size_t i = k; i < options.trials && !interrupted(); i += n) {
    if (done[i]) continue;
    const std::optional<nlohmann::json> line =
        run_trial(options.family, options.seed, i, options.algorithms, options.trial, options.keep);
    if (!line) break;  // interrupted inside the trial: redone on resume
    writer.write(*line);
    ++outcome.ran;
    outcome.non_passing += line->contains("full");
    ++finished;
    if (progress) progress(finished, outcome.shard_trials);
  }
  writer.close();
  return outcome;
}

}  // namespace touchstone
