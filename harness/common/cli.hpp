// What every command shares: comma lists, the command line as the report records it, algorithm
// selection by name from a registry, progress output, writing exported cases and listing flags.
#pragma once

#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/common/progress.hpp"
#include "harness/common/reporter.hpp"
#include "harness/common/verdict.hpp"

namespace touchstone {

// "a,b,,c" -> {"a", "b", "c"}.
std::vector<std::string> split_list(const std::string& list);

// argv joined by spaces.
std::string join_command_line(int argc, char** argv);

// The progress printer (progress_printer), or none when `quiet`.
Progress progress_unless(bool quiet, std::string unit, std::size_t every);

// The entries of `registry` (all(), find(name)) named in the comma list `names`, or every entry
// `by_default` accepts when `names` is empty. nullopt after printing
// "error: unknown <noun> '<name>' <hint>" on stderr.
template <class Registry, class Info = typename std::decay_t<
                              decltype(std::declval<const Registry&>().all())>::value_type>
std::optional<std::vector<const Info*>> select_by_name(
    const Registry& registry, const std::string& names, std::string_view noun,
    std::string_view hint, const std::function<bool(const Info&)>& by_default = {}) {
  std::vector<const Info*> out;
  if (names.empty()) {
    for (const Info& info : registry.all())
      if (!by_default || by_default(info)) out.push_back(&info);
    return out;
  }
  for (const std::string& name : split_list(names)) {
    const Info* info = registry.find(name);
    if (!info) {
      std::cerr << "error: unknown " << noun << " '" << name << "' " << hint << "\n";
      return std::nullopt;
    }
    out.push_back(info);
  }
  return out;
}

// "(registered: a b c)": the names of a registry, for select_by_name's hint.
template <class Registry>
std::string registered_names(const Registry& registry) {
  std::string s = "(registered:";
  for (const auto& info : registry.all()) s += " " + info.name;
  return s + ")";
}

// A verdict that makes its case worth exporting for replay: fail, error or ambiguous.
bool worth_replaying(Verdict v);

// The cases of a run (RunResults, RegionRunResults: cases[i].spec and .problems, results[j]
// .case_index and .verification) with a problem or a result worth replaying, in run order.
template <class Run>
auto cases_to_replay(const Run& run) {
  std::vector<bool> keep(run.cases.size(), false);
  for (std::size_t i = 0; i < run.cases.size(); ++i) keep[i] = !run.cases[i].problems.empty();
  for (const auto& r : run.results)
    if (worth_replaying(r.verification.verdict)) keep[r.case_index] = true;
  std::vector<const std::decay_t<decltype(run.cases.front().spec)>*> kept;
  for (std::size_t i = 0; i < keep.size(); ++i)
    if (keep[i]) kept.push_back(&run.cases[i].spec);
  return kept;
}

// Writes exported cases (a case document) to `path`, creating its directories; false after
// "error: cannot write <path>".
bool export_cases(const std::string& path, const nlohmann::json& document);

// The names of the flags that are on, comma-separated (as `touchstone list` shows capabilities).
std::string flag_list(const Flags& flags);

}  // namespace touchstone
