#include "harness/common/kind_command.hpp"

namespace touchstone {

CLI::App* add_kind_command(CLI::App& app, KindCli& cli, const KindCommandText& text) {
  cli.out = text.default_out;
  auto* cmd = app.add_subcommand(text.command, text.description);
  cmd->add_option(text.algorithms_option, cli.algorithms,
                  "Comma-separated " + text.algorithm_noun + " names (default: all registered)");
  cmd->add_option("--cases", cli.cases, text.cases_help);
  cmd->add_option("--out", cli.out, "Report path")->capture_default_str();
  if (text.seed) add_seed_option(cmd, cli.seed, "Seed for generated families");
  if (text.reference_cache) {
    cmd->add_option("--reference-cache", cli.cache_path, "JSON-lines cache of exact references")
        ->capture_default_str();
    cmd->add_flag("--no-reference-cache", cli.no_cache,
                  "Compute every reference afresh, store nothing");
  }
  if (text.isolation)
    add_isolate_option(cmd, cli.isolation, text.isolate_help, text.peers_isolation);
  if (text.export_failures)
    cmd->add_option("--export-failures", cli.export_path,
                    "Write every case with a fail, error or ambiguous verdict (or a problem) to "
                    "this touchstone-case/1 file, to replay it with --cases");
  else
    cmd->add_option("--export-cases", cli.export_path,
                    "Also write the cases that were run as a touchstone-case/1 file");
  add_load_options(cmd, cli.load);
  add_quiet_flag(cmd, cli.quiet);
  cmd->add_flag("--strict", cli.strict,
                "Exit with status 1 when a verdict is fail or error or a case has a problem");
  return cmd;
}

}  // namespace touchstone
