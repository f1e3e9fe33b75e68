// `touchstone`: wires the subcommands. list (algorithms, families, force solvers), proximity
// (alias run; harness/proximity/cli.cpp), motion (harness/motion/cli.cpp), robustness
// (harness/motion/robustness_cli.cpp), forces (harness/forces/cli.cpp), regions
// (harness/regions/cli.cpp), regions-paper (harness/regions/paper.cpp), compare and export
// (harness/compare/cli.cpp), report (harness/html/cli.cpp), sweep and merge
// (harness/sweep/cli.cpp), swept (harness/swept/cli.cpp), show (harness/common/show.cpp). Exit
// statuses (README "Exit status"): a command line CLI11 rejects is a usage error (2); each command
// returns exit_status() (harness/common/cli.hpp).
#include <CLI/CLI.hpp>
#include <functional>
#include <iostream>
#include <utility>
#include <vector>

#include "harness/common/child_process.hpp"
#include "harness/common/cli.hpp"
#include "harness/compare/cli.hpp"
#include "harness/forces/cli.hpp"
#include "harness/html/cli.hpp"
#include "harness/motion/cli.hpp"
#include "harness/motion/robustness_cli.hpp"
#include "harness/proximity/cli.hpp"
#include "harness/proximity/show.hpp"
#include "harness/regions/cli.hpp"
#include "harness/regions/contact_sets_cli.hpp"
#include "harness/regions/paper.hpp"
#include "harness/regions/show.hpp"
#include "harness/sweep/cli.hpp"
#include "harness/swept/cli.hpp"

using namespace touchstone;

int main(int argc, char** argv) {
  CLI::App app{
      "Touchstone: polyhedral contact algorithms side by side, checked against exact references"};
  app.require_subcommand(1);
  auto* list = app.add_subcommand(
      "list", "List registered algorithms (with capabilities) and case families");
  // Each command: its options, and what runs it when it is the one given.
  ProximityCli proximity;
  RegionCli regions;
  ForceCli forces;
  MotionCli motion;
  RobustnessCli robustness;
  RegionPaperCli paper;
  CompareCli compare;
  ExportCli export_cli;
  ReportCli report;
  SweepCli sweep;
  MergeCli merge;
  SweptCli swept;
  ContactSetCli contact_sets;
  ShowCli show;
  const std::vector<std::pair<CLI::App*, std::function<int()>>> commands = {
      {add_proximity_command(app, proximity),
       [&] { return run_proximity_command(proximity, argc, argv); }},
      {add_regions_command(app, regions), [&] { return run_regions_command(regions, argc, argv); }},
      {add_forces_command(app, forces), [&] { return run_forces_command(forces, argc, argv); }},
      {add_motion_command(app, motion), [&] { return run_motion_command(motion, argc, argv); }},
      {add_robustness_command(app, robustness), [&] { return run_robustness_command(robustness); }},
      {add_regions_paper_command(app, paper), [&] { return run_regions_paper_command(paper); }},
      {add_compare_command(app, compare), [&] { return run_compare_command(compare); }},
      {add_export_command(app, export_cli), [&] { return run_export_command(export_cli); }},
      {add_report_command(app, report), [&] { return run_report_command(report); }},
      {add_sweep_command(app, sweep), [&] { return run_sweep_command(sweep, argc, argv); }},
      {add_merge_command(app, merge), [&] { return run_merge_command(merge); }},
      {add_swept_command(app, swept), [&] { return run_swept_command(swept, argc, argv); }},
      {add_contact_sets_command(app, contact_sets),
       [&] { return run_contact_sets_command(contact_sets, argc, argv); }},
      {add_show_command(app, show),
       [&] {
         return run_show_command(show, {region_show_kind(), proximity_show_kind()});
       }},
  };

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
    list_swept(std::cout);
    list_contact_sets(std::cout);
    return kExitOk;
  }
  for (const auto& [command, run] : commands)
    if (*command) return run();
  return kExitUsage;
}
