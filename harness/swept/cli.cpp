// `touchstone swept` (see cli.hpp): the swept kind's slots in the generic command.
#include "harness/swept/cli.hpp"

#include <filesystem>
#include <iostream>

#include "cases/format/ccd_csv.hpp"
#include "cases/format/swept_case.hpp"
#include "cases/swept_families.hpp"

namespace touchstone {
namespace {

// True when `source` is benchmark CSV: a *.csv file, or a folder holding *.csv files.
bool is_ccd_csv(const std::string& source) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(source, ec)) return fs::path(source).extension() == ".csv";
  for (auto it = fs::recursive_directory_iterator(source, ec); !ec && it != fs::end(it);
       it.increment(ec))
    if (it->path().extension() == ".csv") return true;
  return false;
}

// Families by name: "*", or a comma list; false after an error message.
bool add_families(const std::string& list, std::vector<SweptCase>& cases) {
  try {
    for (auto& c : swept_family_cases(split_list(list))) cases.push_back(std::move(c));
    return true;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << " (see `touchstone list`)\n";
    return false;
  }
}

// The benchmark CSV of --cases, then the case documents, then the families (from --families or
// named in --cases); nullopt after an error.
std::optional<std::vector<SweptCase>> gather_swept_cases(const SweptCli& cli,
                                                         std::vector<LoadError>& errors) {
  if (cli.cases.empty() && cli.families.empty()) {
    std::cerr << "error: swept: give --cases PATH or --families LIST\n";
    return std::nullopt;
  }
  std::vector<SweptCase> cases;
  std::vector<std::string> documents;
  for (const std::string& source : cli.cases) {
    if (!is_ccd_csv(source)) {
      documents.push_back(source);
      continue;
    }
    SweptLoad load = load_ccd_csv(source);
    for (auto& e : load.errors) errors.push_back({source, "", "", std::move(e)});
    for (auto& c : load.cases) cases.push_back(std::move(c));
  }
  auto gathered = gather_kind_cases(documents, &LoadedCases::swept, cli.load, errors,
                                    [](const std::string& source, std::vector<SweptCase>& out) {
                                      return add_families(source, out);
                                    });
  if (!gathered) return std::nullopt;
  for (auto& c : *gathered) cases.push_back(std::move(c));
  if (!cli.families.empty() && !add_families(cli.families, cases)) return std::nullopt;
  return cases;
}

const KindCommandText& swept_text() {
  static const KindCommandText text{
      .command = "swept",
      .description =
          "Swept (continuous) collision: vertex-face, edge-edge and translating meshes over a "
          "step, against the exact time of impact",
      .algorithms_option = "--algorithms",
      .algorithm_noun = "swept algorithm",
      .case_noun = "swept queries",
      .cases_help =
          "CCD benchmark CSV (a file, or a folder with vertex-face/ and edge-edge/ "
          "*.csv), a case file (kind swept) or a family name (repeatable)",
      .default_out = "reports/swept.json",
      .isolation = false,
      .reference_cache = false,
      .seed = false,
      .export_failures = false,
  };
  return text;
}

struct SweptKind {
  using Cli = SweptCli;
  using Options = SweptOptions;
  using Registry = SweptAlgorithmRegistry;
  using Case = SweptCase;
  static const KindCommandText& text() { return swept_text(); }
  static std::optional<Options> options(const Cli& cli) { return cli.options; }
  static std::optional<std::vector<Case>> gather(const Cli& cli, std::vector<LoadError>& errors) {
    return gather_swept_cases(cli, errors);
  }
  static SweptRun run(const std::vector<Case>& cases,
                      const std::vector<const SweptAlgorithmInfo*>& algorithms,
                      const Options& options, ReferenceCache&, const Progress& progress) {
    return run_swept(cases, algorithms, options, progress);
  }
  static SweptReport report(const SweptRun& run, const Options& options) {
    return SweptReport(run, options);
  }
  static nlohmann::json case_document(const std::vector<const Case*>& cases) {
    nlohmann::json doc = {{"format", "touchstone-case/1"}, {"cases", nlohmann::json::array()}};
    for (const auto* c : cases) doc["cases"].push_back(swept_case_json(*c));
    return doc;
  }
  // --export-csv: one file per elementary query, <dir>/<type>/<id with '/' as '_'>.csv,
  // readable with --cases (whole solids have no CSV form: --export-cases writes them).
  static bool after_report(const SweptRun& run, const Cli& cli) {
    bool written = true;
    if (cli.export_csv.empty()) return written;
    for (const auto& record : run.cases) {
      const SweptCase& c = record.spec;
      if (c.solids) continue;
      std::string name = c.id;
      for (auto& ch : name)
        if (ch == '/') ch = '_';
      const std::string path =
          cli.export_csv + "/" + swept_type_name(c.query.type) + "/" + name + ".csv";
      written = write_text_file(path, write_ccd_csv(c), "query to ") && written;
    }
    return written;
  }
};

}  // namespace

CLI::App* add_swept_command(CLI::App& app, SweptCli& cli) {
  auto* cmd = add_kind_command(app, cli, swept_text());
  cmd->add_option("--families", cli.families,
                  "built-in swept families, comma list or '*' (see `touchstone list`)");
  cmd->add_option("--export-csv", cli.export_csv,
                  "write the queries run as benchmark CSV files into this folder");
  cmd->add_option("--toi-tolerance", cli.options.toi_tolerance,
                  "largest TOI distance to the exact interval that passes")
      ->capture_default_str()
      ->check(finite_at_least(0));
  cmd->add_option("--deadline", cli.options.deadline_ms,
                  "milliseconds per query and algorithm (0: none); a query over it is failed "
                  "and the run goes on")
      ->capture_default_str()
      ->check(finite_at_least(0));
  cmd->add_option("--repetitions", cli.options.repetitions, "timed calls per query")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  return cmd;
}

void list_swept(std::ostream& out) {
  out << "\nSwept algorithms (touchstone swept):\n";
  for (const auto& a : SweptAlgorithmRegistry::builtin().all()) {
    out << "  " << a.name << (a.conservative ? "  [conservative]" : "") << "\n      "
        << a.description << "\n      paper: " << a.paper << "\n";
    if (!a.parameters.empty()) out << "      parameters: " << parameter_list(a.parameters) << "\n";
  }
  out << "\nSwept families (touchstone swept --families <list>, 24 rotations each; '*' the "
         "elementary ones, 'solids' the whole-solid ones):\n ";
  for (const auto& name : swept_family_names()) out << " " << name;
  out << "\n ";
  for (const auto& name : swept_solid_family_names()) out << " " << name;
  out << "\n";
}

int run_swept_command(const SweptCli& cli, int argc, char** argv) {
  return run_kind_command<SweptKind>(cli, argc, argv);
}

}  // namespace touchstone
