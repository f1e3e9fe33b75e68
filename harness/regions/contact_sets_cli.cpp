#include "harness/regions/contact_sets_cli.hpp"

#include <iostream>

#include "cases/contact_scenes.hpp"
#include "cases/format/case_loader.hpp"
#include "harness/regions/contact_sets_report.hpp"

namespace touchstone {

namespace {

// Case files and directories, and scene globs (default: every scene).
std::optional<std::vector<MotionCase>> gather_contact_cases(const ContactSetCli& cli,
                                                            std::vector<LoadError>& errors) {
  std::vector<std::string> sources = cli.cases;
  if (sources.empty()) sources.push_back("*");
  return gather_kind_cases(
      sources, &LoadedCases::motion, cli.load, errors,
      [&](const std::string& pattern, std::vector<MotionCase>& out) {
        if (match_contact_scenes(pattern).empty()) {
          std::cerr << "error: '" << pattern
                    << "' is neither a case file or directory nor a contact scene (scenes:";
          for (const auto& s : contact_scenes()) std::cerr << " " << s.name;
          std::cerr << ")\n";
          return false;
        }
        for (auto& m : contact_scene_cases(pattern, cli.rotations)) out.push_back(std::move(m));
        return true;
      });
}

const KindCommandText& contact_set_text() {
  static const KindCommandText text{
      .command = "contact-sets",
      .description =
          "Run contact-set trackers over motion cases, verify every frame against "
          "its exact contact regions (points, normals, coverage, persistence)",
      .algorithms_option = "--algorithms",
      .algorithm_noun = "contact-set tracker",
      .case_noun = "contact-set sequences",
      .cases_help =
          "A case file or directory (kind motion) or a contact scene glob such as "
          "'fig5*' (repeatable; default: every scene)",
      .default_out = "reports/contact-sets.json",
      .peers_isolation = false,
      .isolation = false,  // trackers run in this process
      .seed = false,
  };
  return text;
}

struct ContactSetKind {
  using Cli = ContactSetCli;
  using Options = ContactSetRunOptions;
  using Registry = ContactSetRegistry;
  using Case = MotionCase;
  static const KindCommandText& text() { return contact_set_text(); }
  static std::optional<Options> options(const Cli& cli) { return cli.options; }
  static std::optional<std::vector<Case>> gather(const Cli& cli, std::vector<LoadError>& errors) {
    return gather_contact_cases(cli, errors);
  }
  static ContactSetRunResults run(const std::vector<Case>& cases,
                                  const std::vector<const ContactSetInfo*>& trackers,
                                  const Options& options, ReferenceCache& cache,
                                  const Progress& progress) {
    return run_contact_sets(cases, trackers, options, cache, progress);
  }
  static ContactSetReport report(const ContactSetRunResults& run, const Options& options) {
    return ContactSetReport(run, options);
  }
  static nlohmann::json case_document(const std::vector<const Case*>& cases) {
    return write_motion_case_document(cases);
  }
  static bool after_report(const ContactSetRunResults&, const Cli&) { return true; }
};

}  // namespace

CLI::App* add_contact_sets_command(CLI::App& app, ContactSetCli& cli) {
  auto* cmd = add_kind_command(app, cli, contact_set_text());
  ContactSetRunOptions& o = cli.options;
  cmd->add_option("--rotations", cli.rotations,
                  "Each scene under the first N of the 12 exact rotations (1: as built)")
      ->capture_default_str()
      ->check(CLI::Range(1, 12));
  cmd->add_option("--repetitions", o.repetitions, "Plays of each sequence (time: the minimum)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--tol-region", o.tol_region, "τ = this × the pair's size: contact points")
      ->capture_default_str()
      ->check(finite_at_least(0));
  cmd->add_option("--tol-normal", o.tol_normal, "Normal cone membership tolerance")
      ->capture_default_str()
      ->check(finite_at_least(0));
  cmd->add_option("--reference-timeout", o.reference_timeout_seconds,
                  "Seconds allowed for one frame's exact reference (0: no limit, in-process)")
      ->capture_default_str()
      ->check(finite_at_least(0));
  return cmd;
}

int run_contact_sets_command(const ContactSetCli& cli, int argc, char** argv) {
  return run_kind_command<ContactSetKind>(cli, argc, argv);
}

void list_contact_sets(std::ostream& out) {
  out << "\nContact-set trackers:\n";
  list_registry(
      out, ContactSetRegistry::builtin(), contact_set_capability_flags,
      [](const ContactSetInfo& a) -> const std::map<std::string, double>& { return a.parameters; });
  out << "\nContact scenes (touchstone contact-sets --cases <glob>):\n";
  for (const auto& s : contact_scenes()) out << "  " << s.name << "  " << s.description << "\n";
}

}  // namespace touchstone
