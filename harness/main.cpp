// `touchstone`: wires the subcommands. list (algorithms, families, force solvers), run
// (harness/proximity/cli.cpp), motion (harness/motion/cli.cpp), robustness
// (harness/motion/robustness_cli.cpp), forces (harness/forces/cli.cpp), regions
// (harness/regions/cli.cpp), regions-paper (harness/regions/paper.cpp), compare and export
// (harness/compare/cli.cpp), report (harness/html/cli.cpp), sweep and merge
// (harness/sweep/cli.cpp), swept (harness/swept/cli.cpp). Exit statuses (README "Exit status"): a
// command line CLI11 rejects is a usage error (2); each command returns exit_status()
// (harness/common/cli.hpp).
#include <CLI/CLI.hpp>
#include <iostream>

#include "harness/common/child_process.hpp"
#include "harness/common/cli.hpp"
#include "harness/compare/cli.hpp"
#include "harness/forces/cli.hpp"
#include "harness/html/cli.hpp"
#include "harness/motion/cli.hpp"
#include "harness/motion/robustness_cli.hpp"
#include "harness/proximity/cli.hpp"
#include "harness/regions/cli.hpp"
#include "harness/regions/paper.hpp"
#include "harness/sweep/cli.hpp"
#include "harness/swept/cli.hpp"

using namespace touchstone;

int main(int argc, char** argv) {
  CLI::App app{
      "Touchstone: polyhedral contact algorithms side by side, checked against exact references"};
  app.require_subcommand(1);
  auto* list = app.add_subcommand(
      "list", "List registered algorithms (with capabilities) and case families");
  RunCli run_cli;
  auto* run = add_run_command(app, run_cli);
  MotionCli motion_cli;
  auto* motion = add_motion_command(app, motion_cli);
  RobustnessCli robustness_cli;
  auto* robustness = add_robustness_command(app, robustness_cli);
  ForceCli force_cli;
  auto* forces = add_forces_command(app, force_cli);
  RegionCli region_cli;
  auto* regions = add_regions_command(app, region_cli);
  RegionPaperCli paper_cli;
  auto* paper = add_regions_paper_command(app, paper_cli);
  CompareCli compare_cli;
  auto* compare = add_compare_command(app, compare_cli);
  ExportCli export_cli;
  auto* export_command = add_export_command(app, export_cli);
  ReportCli report_cli;
  auto* report = add_report_command(app, report_cli);
  SweepCli sweep_cli;
  auto* sweep = add_sweep_command(app, sweep_cli);
  MergeCli merge_cli;
  auto* merge = add_merge_command(app, merge_cli);
  SweptCli swept_cli;
  auto* swept = add_swept_command(app, swept_cli);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int status = app.exit(e);  // prints the message (or the help)
    return status == 0 ? 0 : kExitUsage;
  }
  // From here a SIGINT or SIGTERM lets the command write what it finished (exit 128 + signal).
  install_interrupt_handlers();
  if (*list) {
    list_proximity(std::cout);
    list_force_solvers(std::cout);
    list_regions(std::cout);
    return kExitOk;
  }
  if (*run) return run_run_command(run_cli, argc, argv);
  if (*motion) return run_motion_command(motion_cli, argc, argv);
  if (*robustness) return run_robustness_command(robustness_cli);
  if (*forces) return run_forces_command(force_cli, argc, argv);
  if (*regions) return run_regions_command(region_cli, argc, argv);
  if (*paper) return run_regions_paper_command(paper_cli);
  if (*compare) return run_compare_command(compare_cli);
  if (*export_command) return run_export_command(export_cli);
  if (*report) return run_report_command(report_cli);
  if (*sweep) return run_sweep_command(sweep_cli, argc, argv);
  if (*merge) return run_merge_command(merge_cli);
  if (*swept) return run_swept_command(swept_cli, argc, argv);
  return kExitUsage;
}
