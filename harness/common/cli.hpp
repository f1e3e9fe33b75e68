// What every command shares: comma lists, the command line as the report records it, algorithm
// selection by name from a registry, progress output, writing exported cases and listing flags;
// the validators of numeric options, the check of output paths before any work, the reference
// cache as a command opens it, and the exit status (README "Exit status").
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/common/cli_fwd.hpp"
#include "harness/common/progress.hpp"
#include "harness/common/reference_cache.hpp"
#include "harness/common/reporter.hpp"
#include "harness/common/verdict.hpp"

namespace touchstone {

// Numeric option validators. CLI11's Range and NonNegativeNumber let "nan" through; these take
// only finite numbers (tolerances, timeouts) and, for integers, only digits (no sign: "-5" is
// rejected instead of wrapping to 2^64 - 5; a value past the type's range fails to convert).
CLI::Validator finite_at_least(double min);  // finite and >= min
CLI::Validator finite_above(double min);     // finite and > min
CLI::Validator unsigned_digits();            // [0-9]+
// The options several commands declare alike: --seed (unsigned_digits, default shown; `help`
// says what it seeds) and --quiet,--no-progress.
CLI::Option* add_seed_option(CLI::App* command, std::uint64_t& seed, const std::string& help);
CLI::Option* add_quiet_flag(CLI::App* command, bool& quiet);
// The exit statuses every subcommand returns (exit_status).
inline constexpr int kExitOk = 0;        // every result verified (or --strict not given)
inline constexpr int kExitVerdicts = 1;  // --strict: a fail or error verdict, or a broken case
inline constexpr int kExitUsage = 2;     // bad options or output paths, input that did not load
inline constexpr int kExitOutput = 3;    // a checked output could not be written in the end
// (interrupted: 128 + the signal, 130 for SIGINT and 143 for SIGTERM)

// What decides the exit status of a run.
struct RunStatus {
  std::size_t load_errors = 0;
  VerdictCounts verdicts;    // over every result
  std::size_t problems = 0;  // cases with a problem (broken case, no exact reference)
  bool strict = false;       // --strict: fail and error verdicts and problems exit 1
  bool written = true;       // the report and every other output were written
};
// The status of a run (ProximityRunResults, RegionRunResults, ForceRunResults:
// results[i].verification, cases[i].problems, load_errors).
template <class Run>
RunStatus run_status(const Run& run, bool strict) {
  RunStatus status;
  status.strict = strict;
  status.load_errors = run.load_errors.size();
  for (const auto& r : run.results) status.verdicts.add(r.verification.verdict);
  for (const auto& c : run.cases) status.problems += !c.problems.empty();
  return status;
}
// 128 + signal when interrupted, else kExitOutput, kExitUsage (load errors), kExitVerdicts
// (strict), kExitOk, in that order; prints why on stderr when not 0.
int exit_status(const RunStatus& status);

// Why `path` cannot be written as an output file, or "" when it can: it is empty, names a
// directory or something other than a regular file, a component of its folder is not a
// directory, or the nearest existing folder does not let a file be created (tried). Creates
// nothing that stays.
std::string output_path_problem(const std::string& path);
// Each (option, path) with a non-empty path: false after "error: <option> '<path>': <why>" for
// the first that cannot be written.
bool check_output_paths(
    std::initializer_list<std::pair<std::string_view, std::string_view>> outputs);

// The reference cache of a command: in memory only with --no-reference-cache; else the file's
// entries, and new ones appended to it when it can be written; when it cannot, one warning and
// the run goes on without storing (the references it computes are still used).
ReferenceCache open_reference_cache(const std::string& path, bool no_cache);

// "a,b,,c" -> {"a", "b", "c"}.
std::vector<std::string> split_list(const std::string& list);

// argv joined by spaces.
std::string join_command_line(int argc, char** argv);

// The progress printer (progress_printer), or none when `quiet`.
Progress progress_unless(bool quiet, std::string unit);

// The entries of `registry` (all(), find(name)) named in the comma list `names`, or every entry
// `by_default` accepts when `names` is empty. nullopt after printing on stderr
// "error: unknown <noun> 'x', 'y' <hint>" (every unknown name), "error: '<names>' names no
// <noun>" (a list such as "," that selects nothing) or "error: <noun> 'x' named twice".
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
  const std::vector<std::string> listed = split_list(names);
  if (listed.empty()) {
    std::cerr << "error: '" << names << "' names no " << noun << " " << hint << "\n";
    return std::nullopt;
  }
  std::string unknown;
  std::set<std::string> seen;
  for (const std::string& name : listed) {
    if (!seen.insert(name).second) {
      std::cerr << "error: " << noun << " '" << name << "' named twice\n";
      return std::nullopt;
    }
    const Info* info = registry.find(name);
    if (!info) unknown += (unknown.empty() ? "'" : ", '") + name + "'";
    if (info) out.push_back(info);
  }
  if (!unknown.empty()) {
    std::cerr << "error: unknown " << noun << " " << unknown << " " << hint << "\n";
    return std::nullopt;
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

// The cases of a run (ProximityRunResults, RegionRunResults: cases[i].spec and .problems,
// results[j] .case_index and .verification) with a problem or a result worth replaying, in run
// order.
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

// Writes exported cases (a case document) to `path` (write_json_file: atomically, creating its
// directories); false after "error: cannot write <path>: <why>".
bool export_cases(const std::string& path, const nlohmann::json& document);

// The names of the flags that are on, comma-separated (as `touchstone list` shows capabilities).
std::string flag_list(const Flags& flags);

// "a=1e-12, b=128": every parameter with its value (as `touchstone list` shows them).
std::string parameter_list(const std::map<std::string, double>& parameters);

// `touchstone list`'s entry for each algorithm of a registry: name, family, capabilities
// (flags_of(info.capabilities)), description, paper and parameters (parameters_of(info)).
template <class Registry, class FlagsOf, class ParametersOf>
void list_registry(std::ostream& out, const Registry& registry, FlagsOf flags_of,
                   ParametersOf parameters_of) {
  if (registry.all().empty()) out << "  (none registered)\n";
  for (const auto& a : registry.all()) {
    out << "  " << a.name << "  [" << a.family
        << "]  capabilities: " << flag_list(flags_of(a.capabilities)) << "\n      " << a.description
        << "\n      paper: " << a.paper << "\n";
    const auto& parameters = parameters_of(a);
    if (!parameters.empty()) out << "      parameters: " << parameter_list(parameters) << "\n";
  }
}

}  // namespace touchstone
