#include "harness/html/replay.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>

#include "harness/html/markup.hpp"

namespace touchstone {

using nlohmann::json;

namespace {

std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream s(line);
  for (std::string w; s >> w;) out.push_back(w);
  return out;
}

// The options a replay sets itself: dropped from the recorded command with their values.
bool replaced(const std::string& word) {
  static const std::array<std::string_view, 12> options = {
      "--out",     "-o",           "--export-failures", "--export-cases", "--algorithms",
      "--solvers", "--cases",      "--families",        "--modes",        "--max-exported",
      "--trials",  "--first-trial"};
  for (const std::string_view o : options)
    if (word == o || (word.size() > o.size() && word.starts_with(o) && word[o.size()] == '='))
      return true;
  return false;
}

// Where the case comes from, as options of the kind's command; empty when unknown.
std::vector<std::string> source_options(const ReplayRequest& r, bool has_seed) {
  const std::string file = text_field(r.origin, "file"), family = text_field(r.origin, "family");
  const std::string seed = text_field(r.origin, "seed");
  std::vector<std::string> out;
  if (r.kind == "robustness") {
    const std::string index = text_field(r.origin, "index");
    if (seed.empty() || index.empty()) return {};
    out = {"--first-trial", index, "--trials", "1"};
    if (!has_seed) out.insert(out.end(), {"--seed", seed});
    return out;
  }
  if (!file.empty()) {
    if (r.kind == "motion") out = {"--families", ""};
    out.insert(out.end(), {"--cases", file});
    return out;
  }
  if (r.kind == "forces") {
    if (text_field(r.origin, "scene").empty()) return {};
    return {"--cases", r.case_id};
  }
  if (family.empty()) return {};
  out = {r.kind == "run" ? "--cases" : "--families", family};
  if (!has_seed && !seed.empty()) out.insert(out.end(), {"--seed", seed});
  return out;
}

std::vector<std::string> algorithm_options(const ReplayRequest& r) {
  if (r.kind == "forces") return {"--solvers", r.algorithm};
  const auto slash = r.algorithm.rfind('/');
  if (r.kind == "motion" && slash != std::string::npos)
    return {"--algorithms", r.algorithm.substr(0, slash), "--modes", r.algorithm.substr(slash + 1)};
  return {"--algorithms", r.algorithm};
}

}  // namespace

std::string shell_quote(const std::string& word) {
  const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](unsigned char c) {
    return std::isalnum(c) ||
           std::string_view("_./:=,+@%-").find(static_cast<char>(c)) != std::string_view::npos;
  });
  if (plain) return word;
  std::string out = "'";
  for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string replay_command(const ReplayRequest& r) {
  std::vector<std::string> recorded = words(r.command_line);
  std::vector<std::string> command;
  if (recorded.size() >= 2) {
    for (std::size_t i = 0; i < recorded.size(); ++i) {
      if (!replaced(recorded[i])) {
        command.push_back(recorded[i]);
        continue;
      }
      // The option's values: the words up to the next option.
      while (i + 1 < recorded.size() && !recorded[i + 1].starts_with("-")) ++i;
    }
  } else {
    command = {"touchstone", r.kind};
    command.insert(command.end(), r.options.begin(), r.options.end());
  }
  const bool has_seed = std::any_of(command.begin(), command.end(), [](const std::string& w) {
    return w == "--seed" || w.starts_with("--seed=");
  });
  const std::vector<std::string> source = source_options(r, has_seed);
  if (source.empty()) return "";
  const std::vector<std::string> algorithm = algorithm_options(r);
  command.insert(command.end(), algorithm.begin(), algorithm.end());
  command.insert(command.end(), source.begin(), source.end());
  command.insert(command.end(), {"--out", "replay.json"});
  std::string out;
  for (const std::string& w : command) {
    if (!out.empty()) out += ' ';
    out += shell_quote(w);
  }
  return out;
}

}  // namespace touchstone
