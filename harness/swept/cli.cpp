// `touchstone swept` (see cli.hpp).
#include "harness/swept/cli.hpp"

#include <filesystem>
#include <iostream>

#include "cases/format/case_loader.hpp"
#include "cases/swept_families.hpp"
#include "harness/common/cli.hpp"
#include "harness/common/reporter.hpp"

namespace touchstone {

namespace {
struct SweptRegistry {  // what select_by_name reads
  const std::vector<SweptAlgorithmInfo>& all() const { return swept_algorithms(); }
  const SweptAlgorithmInfo* find(const std::string& name) const {
    return find_swept_algorithm(name);
  }
};
}  // namespace

CLI::App* add_swept_command(CLI::App& app, SweptCli& cli) {
  auto* c = app.add_subcommand(
      "swept",
      "Swept (continuous) collision: vertex-face and edge-edge over a step, against the "
      "exact time of impact");
  c->add_option("--cases", cli.cases,
                "CCD benchmark CSV: a file, or a folder with vertex-face/ and edge-edge/ *.csv "
                "(repeatable)");
  c->add_option("--families", cli.families,
                "built-in swept families, comma list or '*' (parallel-edges, graze-boundary, "
                "contact-t0, contact-t1, resting, coplanar-sliding, thin-plate)");
  c->add_option("--algorithms", cli.algorithms, "comma list (default: all)");
  c->add_option("--out", cli.out, "JSON report");
  c->add_option("--export", cli.export_cases,
                "write the queries run as a case document (kind swept) to this file");
  c->add_option("--export-csv", cli.export_csv,
                "write the queries run as benchmark CSV files into this folder");
  c->add_option("--toi-tolerance", cli.options.toi_tolerance,
                "largest TOI distance to the exact interval that passes")
      ->check(finite_at_least(0));
  c->add_option("--repetitions", cli.options.repetitions, "timed calls per query")
      ->check(CLI::Range(1, 1000));
  c->add_flag("--quiet", cli.quiet, "no progress");
  c->add_flag("--strict", cli.strict, "exit 1 on a fail or error verdict or a broken case");
  return c;
}

int run_swept_command(const SweptCli& cli, int argc, char** argv) {
  if (cli.cases.empty() && cli.families.empty()) {
    std::cerr << "error: swept: give --cases PATH or --families LIST\n";
    return kExitUsage;
  }
  if (!check_output_paths({{"--out", cli.out}, {"--export", cli.export_cases}})) return kExitUsage;
  const auto algorithms = select_by_name(SweptRegistry{}, cli.algorithms, "swept algorithm",
                                         registered_names(SweptRegistry{}));
  if (!algorithms) return kExitUsage;
  SweptRun run;
  for (const auto& path : cli.cases) {
    // Benchmark CSV (a file, or every *.csv below a folder) and case documents (*.json, kind
    // swept; other kinds are skipped).
    namespace fs = std::filesystem;
    std::error_code ec;
    bool csv = false, documents = false;
    if (fs::is_directory(path, ec)) {
      for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::end(it);
           it.increment(ec)) {
        csv = csv || it->path().extension() == ".csv";
        documents = documents || it->path().extension() == ".json";
      }
      if (!csv && !documents) {
        std::cerr << "error: " << path << ": no *.csv or *.json files\n";
        run.load_errors.push_back(path + ": no *.csv or *.json files");
      }
    } else {
      documents = fs::path(path).extension() == ".json";
      csv = !documents;
    }
    if (csv) {
      SweptLoad load = load_ccd_csv(path);
      for (auto& e : load.errors) {
        std::cerr << "error: " << e << "\n";
        run.load_errors.push_back(std::move(e));
      }
      for (auto& c : load.cases) run.cases.push_back(std::move(c));
    }
    if (documents) {
      LoadedCases loaded = load_cases(path);
      for (const auto& e : loaded.errors) {
        std::cerr << "error: " << e.to_string() << "\n";
        run.load_errors.push_back(e.to_string());
      }
      for (auto& c : loaded.swept) run.cases.push_back(std::move(c));
    }
  }
  if (!cli.families.empty()) {
    try {
      for (auto& c : swept_family_cases(split_list(cli.families)))
        run.cases.push_back(std::move(c));
    } catch (const std::exception& e) {
      std::cerr << "error: --families: " << e.what() << "\n";
      return kExitUsage;
    }
  }
  run_swept(run, *algorithms, cli.options, !cli.quiet);
  std::cout << format_swept_table(swept_table(run));
  RunStatus status;
  status.strict = cli.strict;
  status.load_errors = run.load_errors.size();
  for (const auto& r : run.results) status.verdicts.add(r.verdict);
  for (const auto& ref : run.references) {
    status.problems += !ref.problem.empty();
  }
  for (std::size_t i = 0; i < run.references.size(); ++i)
    if (!run.references[i].problem.empty())
      std::cerr << "problem: " << run.cases[i].id << ": " << run.references[i].problem << "\n";
  if (!cli.out.empty())
    status.written = write_json_file(
        cli.out, swept_report(run, *algorithms, cli.options, join_command_line(argc, argv)),
        "report to ");
  if (!cli.export_cases.empty()) {
    nlohmann::json doc = {{"format", "touchstone-case/1"}, {"cases", nlohmann::json::array()}};
    for (const auto& c : run.cases) doc["cases"].push_back(swept_case_json(c));
    status.written = export_cases(cli.export_cases, doc) && status.written;
  }
  if (!cli.export_csv.empty()) {
    for (const auto& c : run.cases) {
      // One file per query: <dir>/<type>/<id with '/' as '_'>.csv, readable with --cases.
      std::string name = c.id;
      for (auto& ch : name)
        if (ch == '/') ch = '_';
      const std::string path =
          cli.export_csv + "/" + swept_type_name(c.query.type) + "/" + name + ".csv";
      status.written = write_text_file(path, write_ccd_csv(c), "query to ") && status.written;
    }
  }
  return exit_status(status);
}

}  // namespace touchstone
