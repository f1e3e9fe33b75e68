// What every command that reads case files shares: the `--lenient` and `--limit NAME=N` options
// (cases/format/load_options.hpp) and the printing of load errors and warnings on stderr.
#pragma once

#include <CLI/CLI.hpp>
#include <vector>

#include "cases/format/case_loader.hpp"

namespace touchstone {

// Adds --lenient and --limit (repeatable) to `command`, filling `options`.
void add_load_options(CLI::App* command, LoadOptions& options);

// Prints each load error ("error: <file>: case '<id>': field '<f>': <message>") and warning
// ("warning: ...") of `loaded` on stderr and moves the errors to `errors` (the report's
// load_errors).
void take_load_errors(LoadedCases& loaded, std::vector<LoadError>& errors);

}  // namespace touchstone
