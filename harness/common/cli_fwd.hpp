// CLI11's classes as the headers of the harness name them. Declared only: CLI11's header costs
// seconds in every translation unit that includes it, and most units that reach these headers
// (runners, tests) never parse a command line; the .cpp files that do include <CLI/CLI.hpp>.
#pragma once

namespace CLI {
class App;
class Option;
class Validator;
}  // namespace CLI
