// `touchstone report`: one self-contained HTML page from any report (report_model.hpp), with
// nothing fetched (inline CSS, SVG written by plots.hpp, a few lines of script). Sections, each a
// <section> with a fixed id: summary, verdict-matrix (algorithm × family, coloured by the worst
// verdict, counts per verdict), time-distributions (box plots per algorithm, overall and per
// family), scaling (time against vertex or contact count, where the cases vary it), failures
// (fail and error results: reason and replay command, capped per algorithm; region and proximity
// reports: the `touchstone show` command), ambiguous (region and proximity reports), comparison
// (with a
// BASE: compare_reports' document), context (machine, compiler, libraries, command line) and
// load-errors. A section without data says so instead of drawing nothing. Every string from a
// report is escaped (html_escape).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include "harness/html/report_model.hpp"

namespace touchstone {

struct HtmlOptions {
  std::string source;                           // the report's file name, shown in the title
  std::string base_source;                      // the BASE report's, with a comparison
  std::size_t max_failures_per_algorithm = 50;  // rows of the failures table per algorithm
};

// The page; `comparison` (compare_reports' document: rows and summary) adds its section.
std::string html_report(const ReportModel& model, const nlohmann::json* comparison,
                        const HtmlOptions& options);

// The sections, each a complete <section>.
std::string verdict_matrix_section(const ReportModel& model);
std::string time_distribution_section(const ReportModel& model);
std::string scaling_section(const ReportModel& model);
// Region and proximity reports (source: the report's path) add a column with the `touchstone show`
// command.
std::string failures_section(const ReportModel& model, std::size_t max_per_algorithm,
                             const std::string& source = "");
// Region and proximity reports: the ambiguous answers with their `touchstone show` commands (""
// for other kinds or when there are none).
std::string ambiguous_section(const ReportModel& model, std::size_t max_per_algorithm,
                              const std::string& source);
// Contact regions: per algorithm, the answers inside the ε band judged against the ε-closure, their
// verdicts and the checks that stayed undecided ("" when none).
std::string band_section(const ReportModel& model);
std::string context_section(const ReportModel& model);
std::string comparison_section(const nlohmann::json& comparison, const HtmlOptions& options);

}  // namespace touchstone
