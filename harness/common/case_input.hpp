// What every command that reads case files shares: the `--lenient` and `--limit NAME=N` options
// (cases/format/load_options.hpp), gathering a kind's cases from files, directories and
// patterns, and the printing of load errors and warnings on stderr.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cases/format/case_loader.hpp"
#include "harness/common/cli_fwd.hpp"

namespace touchstone {

// Adds --lenient and --limit (repeatable) to `command`, filling `options`.
void add_load_options(CLI::App* command, LoadOptions& options);

// Prints each load error ("error: <file>: case '<id>': field '<f>': <message>") and warning
// ("warning: ...") of `loaded` on stderr and moves the errors to `errors` (the report's
// load_errors).
void take_load_errors(LoadedCases& loaded, std::vector<LoadError>& errors);

// Notes on stderr the cases of `source` that are of another kind than `kept` (a pointer to the
// part of LoadedCases the command runs), each with the command that runs them.
void note_other_kinds(const LoadedCases& loaded, const std::string& source, const void* kept);

// The cases one kind's command runs from `sources`: each existing file or directory is loaded
// (`part` is the kind's vector in LoadedCases; load errors go to `errors`, cases of other kinds
// are noted), and every other source goes to `generate`, which appends the cases it names (a
// family or scene pattern) or returns false after an error message. nullopt after an error.
template <class Case, class Generate>
std::optional<std::vector<Case>> gather_kind_cases(const std::vector<std::string>& sources,
                                                   std::vector<Case> LoadedCases::*part,
                                                   const LoadOptions& options,
                                                   std::vector<LoadError>& errors,
                                                   Generate&& generate) {
  std::vector<Case> cases;
  CaseLoader loader(options);
  for (const std::string& source : sources) {
    if (std::filesystem::exists(source)) {
      LoadedCases loaded = loader.load(source);
      note_other_kinds(loaded, source, &(loaded.*part));
      for (auto& c : loaded.*part) cases.push_back(std::move(c));
      take_load_errors(loaded, errors);
    } else if (!generate(source, cases)) {
      return std::nullopt;
    }
  }
  return cases;
}

}  // namespace touchstone
