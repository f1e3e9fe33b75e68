// `touchstone swept`: swept (continuous) collision queries against their exact reference
// (harness/swept/runner.hpp). Reads the CCD benchmark's CSV and case documents with kind swept
// (a file or a folder, --cases, repeatable) and the built-in families (--families), prints the
// table, writes a JSON report
// (--out), and the queries as a case document (--export FILE, kind swept) or as benchmark
// CSV (--export-csv DIR).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "harness/swept/runner.hpp"

namespace touchstone {

struct SweptCli {
  std::vector<std::string> cases;
  std::string families;  // comma list, "*" for all
  std::string algorithms;
  std::string out;
  std::string export_cases;  // a touchstone-case/1 document
  std::string export_csv;
  SweptOptions options;
  bool quiet = false, strict = false;
};

CLI::App* add_swept_command(CLI::App& app, SweptCli& cli);
int run_swept_command(const SweptCli& cli, int argc, char** argv);

}  // namespace touchstone
