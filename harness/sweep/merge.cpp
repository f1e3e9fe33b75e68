// `touchstone merge` (see merge.hpp).
#include "harness/sweep/merge.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <optional>

#include "harness/common/cli.hpp"
#include "harness/common/reporter.hpp"
#include "harness/sweep/shard_file.hpp"
#include "harness/sweep/sweep.hpp"
#include "harness/sweep/trials.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

// What the merge gathers while it streams the shards.
struct Gather {
  json identity;       // the first header's sweep identity, without its shard
  std::string family;  // of the sweep
  std::size_t trials = 0;
  std::vector<std::string> algorithms;
  std::vector<int> owner;  // per trial: the index of the shard file holding it, −1 for none
  std::vector<std::size_t> shard_counts;  // the shard counts the headers name
  SummaryTally tally;
  std::vector<std::vector<double>> errors, times;  // per algorithm
  std::vector<json> non_passing;
  json shards = json::array();
};

std::string trial_name(std::size_t t) { return "trial " + std::to_string(t); }

json header_identity(const json& header) {
  json identity = sweep_identity(header);
  identity.erase("shard");
  return identity;
}

void take_header(Gather& g, const json& header, const std::string& path) {
  if (!header.is_object() || !header.contains("format") ||
      header["format"] != "touchstone-sweep-shard/1")
    throw std::runtime_error(path + ": not a touchstone-sweep-shard/1 file (line 1)");
  const json identity = header_identity(header);
  if (g.identity.is_null()) {
    g.identity = identity;
    g.family = header.at("family").get<std::string>();
    g.trials = header.at("trials").get<std::size_t>();
    g.algorithms = header.at("algorithms").get<std::vector<std::string>>();
    g.owner.assign(g.trials, -1);
    g.errors.resize(g.algorithms.size());
    g.times.resize(g.algorithms.size());
  } else if (identity != g.identity) {
    for (const auto& [key, value] : g.identity.items())
      if (!identity.contains(key) || identity[key] != value)
        throw std::runtime_error(path + " belongs to another sweep: " + key + " " +
                                 (identity.contains(key) ? identity[key].dump() : "(absent)") +
                                 " there, " + value.dump() + " in " +
                                 g.shards[0].at("file").get<std::string>());
  }
  const std::size_t count = header.at("shard").at("count").get<std::size_t>();
  if (std::find(g.shard_counts.begin(), g.shard_counts.end(), count) == g.shard_counts.end())
    g.shard_counts.push_back(count);
}

void take_trial(Gather& g, json&& line, std::size_t number, int file_index,
                const std::vector<std::string>& paths) {
  const std::string where =
      paths[static_cast<std::size_t>(file_index)] + " line " + std::to_string(number);
  if (!line.is_object() || !line.contains("t") || !line["t"].is_number_unsigned() ||
      !line.contains("v") || !line["v"].is_string())
    throw std::runtime_error(where + ": not a trial line");
  const auto t = line["t"].get<std::size_t>();
  if (t >= g.trials)
    throw std::runtime_error(where + ": " + trial_name(t) + " is outside the sweep's " +
                             std::to_string(g.trials) + " trials");
  const int previous = g.owner[t];
  if (previous >= 0)
    throw std::runtime_error(trial_name(t) + " is duplicated: in " +
                             paths[static_cast<std::size_t>(previous)] + " and in " + where);
  g.owner[t] = file_index;
  const auto letters = line["v"].get<std::string>();
  if (letters.size() != g.algorithms.size())
    throw std::runtime_error(where + ": " + trial_name(t) + " has " +
                             std::to_string(letters.size()) + " verdicts for " +
                             std::to_string(g.algorithms.size()) + " algorithms");
  for (std::size_t a = 0; a < letters.size(); ++a) {
    const std::optional<Verdict> v = verdict_from_letter(letters[a]);
    if (!v) throw std::runtime_error(where + ": unknown verdict letter '" + letters[a] + "'");
    Timing timing;
    if (line.contains("ns") && line["ns"].at(a).is_number()) {
      timing.median_ns = line["ns"][a].get<double>();
      timing.repetitions = 1;
      g.times[a].push_back(timing.median_ns);
    }
    if (line.contains("e") && line["e"].at(a).is_number())
      g.errors[a].push_back(line["e"][a].get<double>());
    g.tally.add(g.algorithms[a], g.family, *v, timing);
  }
  if (line.contains("full")) g.non_passing.push_back(std::move(line));
}

// An error naming the missing trials (the first ten) and the shard each belongs to.
void check_complete(const Gather& g) {
  std::string missing;
  std::size_t count = 0;
  for (std::size_t t = 0; t < g.owner.size(); ++t) {
    if (g.owner[t] >= 0) continue;
    if (++count > 10) continue;
    missing += (missing.empty() ? "" : ", ") + std::to_string(t);
    if (g.shard_counts.size() == 1) {
      const std::size_t n = g.shard_counts[0];
      missing += " (shard " + std::to_string(t % n) + "/" + std::to_string(n) + ")";
    }
  }
  if (count == 0) return;
  throw std::runtime_error((count == 1 ? "trial " : "trials ") + missing +
                           (count > 10 ? " …" : "") + (count == 1 ? " is" : " are") + " missing (" +
                           std::to_string(count) + " of " + std::to_string(g.trials) +
                           " trials in no shard file): run the missing shards or resume them");
}

// The failing trials' cases, drawn again from (family, seed, index), per algorithm, at most `cap`
// each; and the summary of the export.
json export_failures(const Gather& g, int cap, std::map<std::string, json>& documents) {
  const std::optional<SweepFamily> family = find_sweep_family(g.family);
  if (!family) throw std::runtime_error("family '" + g.family + "' is not in this build");
  MotionParams params;
  if (g.identity.contains("motion")) {
    params.omega_degrees = g.identity["motion"].at("omega_degrees").get<double>();
    params.frames = g.identity["motion"].at("frames").get<int>();
  }
  const auto seed = g.identity.at("seed").get<std::uint64_t>();
  json summary = json::object();
  for (std::size_t a = 0; a < g.algorithms.size(); ++a) {
    std::vector<std::size_t> trials;
    std::vector<std::string> hashes;
    std::size_t failing = 0;
    for (const json& line : g.non_passing) {
      const std::optional<Verdict> v = verdict_from_letter(line["v"].get<std::string>()[a]);
      if (!v || !worth_replaying(*v)) continue;
      ++failing;
      if (static_cast<int>(trials.size()) >= cap) continue;
      trials.push_back(line["t"].get<std::size_t>());
      hashes.push_back(line.value("h", ""));
    }
    if (failing == 0) continue;
    std::string file = g.algorithms[a] + ".json";
    std::replace(file.begin(), file.end(), '/', '-');
    summary[g.algorithms[a]] = {
        {"failing_trials", failing}, {"exported", trials.size()}, {"file", file}};
    documents[file] = replay_document(*family, seed, params, trials, hashes);
  }
  return summary;
}

}  // namespace

MergeResult merge_shards(const std::vector<std::string>& paths, int max_failures_per_algorithm) {
  if (paths.empty()) throw std::runtime_error("no shard files to merge");
  Gather g;
  for (std::size_t f = 0; f < paths.size(); ++f) {
    json shard_header_line;
    const bool torn = read_shard_file(paths[f], [&](json&& line, std::size_t number) {
      if (number == 1) {
        take_header(g, line, paths[f]);
        shard_header_line = std::move(line);
        return;
      }
      take_trial(g, std::move(line), number, static_cast<int>(f), paths);
    });
    if (shard_header_line.is_null()) throw std::runtime_error(paths[f] + ": empty shard file");
    g.shards.push_back({{"file", paths[f]},
                        {"shard", shard_header_line["shard"]},
                        {"context", shard_header_line["context"]},
                        {"torn", torn}});
  }
  check_complete(g);
  std::sort(g.non_passing.begin(), g.non_passing.end(),
            [](const json& x, const json& y) { return x["t"] < y["t"]; });
  MergeResult result;
  json distributions = json::object();
  for (std::size_t a = 0; a < g.algorithms.size(); ++a)
    distributions[g.algorithms[a]] = {{"distance_error_relative", quantiles(g.errors[a])},
                                      {"time_ns", quantiles(g.times[a])}};
  json sweep = g.identity;
  result.report = {{"format", "touchstone-sweep-report/1"},
                   {"sweep", sweep},
                   {"shards", g.shards},
                   {"trials", g.trials},
                   {"non_passing_trials", g.non_passing.size()},
                   {"summary", summary_json(g.tally.rows(), false)},
                   {"distributions", distributions},
                   {"non_passing", g.non_passing},
                   {"failures", export_failures(g, max_failures_per_algorithm, result.failures)}};
  return result;
}

bool write_merge_result(MergeResult& result, const std::string& out,
                        const std::string& failures_dir) {
  for (auto& [algorithm, entry] : result.report["failures"].items()) {
    const std::string file = entry.at("file").get<std::string>();
    const std::string path = (std::filesystem::path(failures_dir) / file).string();
    if (!export_cases(path, result.failures.at(file))) return false;
    entry["file"] = path;
  }
  return write_json_file(out, result.report, "merged report to ");
}

}  // namespace touchstone
