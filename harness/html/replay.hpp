// The command that runs one failing result again. Reports record the command line that made them
// (context.command_line) and each case's origin (a file, or a family with its seed and index);
// the replay keeps the recorded command's options (tolerances, seed, repetitions, reference
// cache), selects the one algorithm, points --cases/--families at the case's file, family or
// scene, and writes its report to replay.json. A generated case is replayed with the rest of its
// family (the families regenerate from the seed, so the case comes out bit for bit the same); a
// robustness trial is replayed alone (--first-trial index --trials 1).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace touchstone {

struct ReplayRequest {
  std::string kind;          // run, motion, forces, regions or robustness
  std::string command_line;  // the report's context.command_line ("" when it has none)
  std::string algorithm;     // as the result names it (motion: "<name>/<mode>")
  std::string case_id;
  nlohmann::json origin;             // the case's origin (null when unknown)
  std::vector<std::string> options;  // options to add when there is no command line
};

// The shell command, each word quoted where the shell would split or expand it; "" when the
// case's origin names no file, family, scene or trial to run again.
std::string replay_command(const ReplayRequest& request);

// `word` as one shell word: unchanged when it holds only [A-Za-z0-9_./:=,+@%-], else in single
// quotes.
std::string shell_quote(const std::string& word);

}  // namespace touchstone
