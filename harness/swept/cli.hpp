// `touchstone swept`: swept (continuous) collision queries against their exact reference
// (harness/swept/runner.hpp), on the generic kind command (harness/common/kind_command.hpp). Reads
// the CCD benchmark's CSV and case documents with kind swept (files or folders, --cases) and the
// built-in families (--families, or their names given to --cases), prints the table, writes a
// JSON report (--out), and the queries as a case document (--export-cases FILE) or as benchmark
// CSV (--export-csv DIR).
#pragma once

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <string>

#include "harness/common/kind_command.hpp"
#include "harness/swept/runner.hpp"

namespace touchstone {

struct SweptCli : KindCli {
  std::string families;  // comma list, "*" for all
  std::string export_csv;
  SweptOptions options;
};

CLI::App* add_swept_command(CLI::App& app, SweptCli& cli);
int run_swept_command(const SweptCli& cli, int argc, char** argv);
// Registered swept algorithms and the swept families.
void list_swept(std::ostream& out);

}  // namespace touchstone
