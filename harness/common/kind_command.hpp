// The command of a case kind — `touchstone proximity`, `regions`, `forces` and every kind to come
// — written once. A kind fills the slots of a Kind struct (below) and gets the whole command:
//
//   1. select the algorithms by name from the kind's registry (--algorithms);
//   2. turn the command line into the kind's run options (a usage error stops here);
//   3. check every output path before any work (--out, --export-failures);
//   4. gather the cases: case files and directories (--cases), generated families, defaults;
//   5. open the reference cache (--reference-cache, --no-reference-cache);
//   6. run: the kind's runner over every case (harness/common/kind_run.hpp: progress, signals);
//   7. write the report (the kind's KindReport: JSON document and terminal table);
//   8. export the cases worth replaying (fail, error, ambiguous, or a problem) as a case file;
//   9. print what was run, and exit with the shared status (harness/common/cli.hpp).
//
// A Kind provides (harness/regions/cli.cpp is the example to copy):
//   using Cli       a struct deriving KindCli, with the kind's own options
//   using Options   the runner's options;  using Registry  Registry<Info>;  using Case
//   static const KindCommandText& text();
//   static std::optional<Options> options(const Cli&);        // nullopt after an error message
//   static std::optional<std::vector<Case>> gather(const Cli&, std::vector<LoadError>&);
//   static Run run(cases, algorithms, options, cache, progress);
//   static Report report(const Run&, const Options&);        // a KindReport
//   static nlohmann::json case_document(const std::vector<const Case*>&);
//   static bool after_report(const Run&, const Cli&)  // extra output after the report (may do
//                                                     // nothing); false when it failed to write
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cases/format/load_options.hpp"
#include "harness/common/case_input.hpp"
#include "harness/common/cli.hpp"
#include "harness/common/isolation.hpp"

namespace touchstone {

// The command line every kind's command shares.
struct KindCli {
  std::string algorithms;          // --algorithms: comma list (default: every registered one)
  std::vector<std::string> cases;  // --cases: files, directories or patterns (repeatable)
  std::string out;                 // --out: the report
  std::uint64_t seed = 1;          // --seed: for generated families
  std::string cache_path = "cases/.cache/reference.jsonl";
  bool no_cache = false, quiet = false, strict = false;
  LoadOptions load;                      // --lenient, --limit
  std::string export_path;               // --export-failures (or --export-cases)
  Isolation isolation = Isolation::all;  // --isolate
};

// How a kind names the parts of its command, for help texts and messages.
struct KindCommandText {
  std::string command;            // "regions"
  std::string description;        // the command's help line
  std::string algorithms_option;  // "--algorithms" ("--solvers")
  std::string algorithm_noun;     // "region algorithm", in "error: unknown region algorithm 'x'"
  std::string case_noun;          // "region cases": progress, "no region cases to run", summary
  std::string cases_help;         // what --cases takes
  std::string default_out;        // the default report path
  std::string isolate_help =      // --isolate's help
      "Which algorithms answer in forked children, so a crash or hang becomes an error of its "
      "case: all (default), peers (family \"peer\") or none (for profiling: a crash ends the run)";
  bool peers_isolation = true;  // --isolate takes peers (the kind's registry has peers)
  bool isolation = true;        // --isolate exists (false: every algorithm answers in process)
  bool reference_cache = true;  // --reference-cache exists (false: references are not cached)
  bool seed = true;             // the kind generates families from --seed
  // --export-failures writes the cases worth replaying; --export-cases (false) every case run.
  bool export_failures = true;
};

// Adds the kind's subcommand with the shared options; the kind adds its own after.
CLI::App* add_kind_command(CLI::App& app, KindCli& cli, const KindCommandText& text);

// The run's summary on stdout: "N <case noun> (P with problems, L load errors), K <algorithm
// noun>s; report written to OUT", then each case's problems.
template <class Run>
void print_run_summary(const Run& run, const KindCommandText& text, const std::string& out) {
  std::size_t problems = 0;
  for (const auto& c : run.cases) problems += !c.problems.empty();
  std::cout << run.cases.size() << " " << text.case_noun << " (" << problems << " with problems, "
            << run.load_errors.size() << " load errors), " << run.algorithms.size() << " "
            << text.algorithm_noun << "s; report written to " << out << "\n";
  for (const auto& c : run.cases)
    for (const auto& p : c.problems) std::cout << "  " << c.spec.id << ": " << p << "\n";
}

template <class Kind>
int run_kind_command(const typename Kind::Cli& cli, int argc, char** argv) {
  const KindCommandText& text = Kind::text();
  const auto algorithms = select_by_name(Kind::Registry::builtin(), cli.algorithms,
                                         text.algorithm_noun, "(see `touchstone list`)");
  if (!algorithms) return kExitUsage;
  const std::optional<typename Kind::Options> options = Kind::options(cli);
  if (!options) return kExitUsage;
  const char* export_option = text.export_failures ? "--export-failures" : "--export-cases";
  if (!check_output_paths({{"--out", cli.out}, {export_option, cli.export_path}}))
    return kExitUsage;
  std::vector<LoadError> load_errors;
  const auto cases = Kind::gather(cli, load_errors);
  if (!cases) return kExitUsage;
  if (cases->empty() && load_errors.empty()) {
    std::cerr << "error: no " << text.case_noun << " to run\n";
    return kExitUsage;
  }

  ReferenceCache cache =
      open_reference_cache(cli.cache_path, cli.no_cache || !text.reference_cache);
  auto run =
      Kind::run(*cases, *algorithms, *options, cache, progress_unless(cli.quiet, text.case_noun));
  run.load_errors = std::move(load_errors);

  RunStatus status = run_status(run, cli.strict);
  status.written = write_report(cli.out, {join_command_line(argc, argv), text.seed ? cli.seed : 0},
                                Kind::report(run, *options));
  if (status.written) status.written = Kind::after_report(run, cli);
  if (status.written && !cli.export_path.empty()) {
    std::vector<const typename Kind::Case*> kept;
    if (text.export_failures)
      kept = cases_to_replay(run);
    else
      for (const auto& c : run.cases) kept.push_back(&c.spec);
    status.written = export_cases(cli.export_path, Kind::case_document(kept));
    if (status.written)
      std::cout << kept.size() << " " << text.case_noun << " written to " << cli.export_path
                << "\n";
  }
  if (status.written) print_run_summary(run, text, cli.out);
  return exit_status(status);
}

}  // namespace touchstone
