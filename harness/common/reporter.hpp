// Reports of every case kind through one interface, in the spirit of Google Benchmark's
// BenchmarkReporter with its ConsoleReporter and JSONReporter: a kind describes its results as a
// Report (a document and a terminal table); a ConsoleReporter prints the table, a JsonReporter
// writes the document, and write_report does both. Most kinds write touchstone-report/2
// (DESIGN §7; reports/touchstone-report-1.schema.json) through KindReport, which assembles the
// shared parts around the kind's own configuration and sections. Below, the pieces every kind's
// document shares: numbers without NaN, checks, timings, results, load errors, summary rows and
// Google Benchmark's `benchmarks` entries.
#pragma once

#include <iosfwd>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cases/format/case_loader.hpp"
#include "harness/common/report_context.hpp"
#include "harness/common/timing.hpp"
#include "harness/common/verdict.hpp"

namespace touchstone {

// What a kind reports: the document (JSON) and the terminal table (console).
class Report {
 public:
  virtual ~Report() = default;
  virtual nlohmann::json document(const ReportContext& context) const = 0;
  virtual std::string table() const = 0;
};

// The format every kind writes: touchstone-report/2 is version 1 plus each result's timing
// `times_ns` (the raw repetition times); readers (harness/compare) accept both.
inline constexpr const char* kReportFormat = "touchstone-report/2";

// A touchstone-report/2 document: format, context, the kind's configuration, algorithms and
// sections, its summary and Google Benchmark entries, and the load errors.
class KindReport : public Report {
 public:
  nlohmann::json document(const ReportContext& context) const final;

 protected:
  virtual nlohmann::json config() const = 0;
  virtual nlohmann::json algorithms() const = 0;
  // The kind's own sections (cases and results, force_cases and force_results, motion).
  virtual void add_sections(nlohmann::json& report) const = 0;
  virtual nlohmann::json summary() const = 0;
  virtual nlohmann::json benchmarks() const = 0;
  virtual const std::vector<LoadError>& load_errors() const = 0;
};

class Reporter {
 public:
  virtual ~Reporter() = default;
  // False when the report could not be written (after an error message on stderr).
  virtual bool report(const ReportContext& context, const Report& report) = 0;
};

// Prints the terminal table.
class ConsoleReporter final : public Reporter {
 public:
  explicit ConsoleReporter(std::ostream& out);
  bool report(const ReportContext& context, const Report& report) override;

 private:
  std::ostream& out_;
};

// Writes the document to a file (see write_json_file; `what` names it in the error message),
// with "interrupted": whether a signal interrupted the run (harness/common/child_process.hpp), so
// a report of unfinished work says so.
class JsonReporter final : public Reporter {
 public:
  explicit JsonReporter(std::string path, std::string what = "report to ");
  bool report(const ReportContext& context, const Report& report) override;

 private:
  std::string path_, what_;
};

// Writes `document` (indented by one; compact and gzip-compressed when `path` ends in ".gz",
// harness/common/json_file.hpp) to `path`, creating its directories; false after
// "error: cannot write <what><path>: <why>" on stderr. Atomic: the text goes to a temporary file
// in the same directory, which is flushed to disk and renamed over `path`, so a crash or a
// signal leaves the previous file or the new one, never a truncated one. Never throws on
// strings that are not UTF-8 (invalid bytes become U+FFFD) and never recurses without bound
// (see bounded_depth).
bool write_json_file(const std::string& path, const nlohmann::json& document,
                     std::string_view what = "");
// `text` to `path` the same way (atomically, creating its directories; the same error).
bool write_text_file(const std::string& path, const std::string& text, std::string_view what = "");

// Values nested deeper than kMaxJsonDepth become the string "(nested too deep)"; iterative.
inline constexpr int kMaxJsonDepth = 256;
nlohmann::json bounded_depth(const nlohmann::json& document);
// Text of `document` as write_json_file writes it (indent 1, invalid UTF-8 replaced, depth
// bounded).
std::string safe_dump(const nlohmann::json& document, int indent = 1);

// The document to `path` (JsonReporter), then the table on stdout (ConsoleReporter); false when
// the file could not be written.
bool write_report(const std::string& path, const ReportContext& context, const Report& report,
                  std::string_view what = "report to ");

// A non-finite number becomes null: reports never carry NaN or Infinity.
nlohmann::json finite_or_null(double x);

// Quantiles of a sample: count, min, p50, p90, p99, p999, max (nearest rank: the smallest value
// with at least that fraction of the sample at or below it; {count: 0} when empty; non-finite
// values sort as they compare and are written as null).
nlohmann::json quantiles(std::vector<double> values);

// Named boolean flags (capabilities) in a fixed order, and as a JSON object.
using Flags = std::vector<std::pair<std::string, bool>>;
nlohmann::json flags_json(const Flags& flags);

// One `algorithms` entry: `Info` has name, family, paper and description.
template <class Info>
nlohmann::json algorithm_json(const Info& info, std::string_view kind, const Flags& capabilities,
                              const nlohmann::json& parameters) {
  return {{"name", info.name},
          {"kind", kind},
          {"family", info.family},
          {"paper", info.paper},
          {"description", info.description},
          {"capabilities", flags_json(capabilities)},
          {"parameters", parameters.empty() ? nlohmann::json::object() : parameters}};
}

// A point or vector (non-finite coordinates as null), and a pose as {rotation (rows),
// translation}.
nlohmann::json vec3_json(const Vec3& v);
nlohmann::json pose_json(const Pose& pose);

nlohmann::json checks_json(const std::vector<CheckResult>& checks);
// median, min and max time, repetitions and the raw times (`times_ns`, in order; and the
// preparation time when `with_prepare`).
nlohmann::json timing_json(const Timing& timing, bool with_prepare);
nlohmann::json load_errors_json(const std::vector<LoadError>& errors);

// One entry of a results array: one algorithm on one case.
struct ResultEntry {
  std::string_view algorithm, case_id, family, status;
  const Verification& verification;
  nlohmann::json output, timing;
};
// `captured_stderr`: what the algorithm wrote to stderr while answering, written as "stderr" when
// not empty (harness/common/child_process.hpp captures it).
nlohmann::json result_json(const ResultEntry& entry, std::string_view captured_stderr = {});

// Summary rows: one per algorithm and family (cases without a family count as "(none)"), plus
// one per algorithm over all families ("*"), ordered by algorithm, then family.
struct SummaryRow {
  std::string algorithm, family;
  VerdictCounts verdicts;
  double median_ns = 0.0;         // median time over its results with timings
  double ratio_to_fastest = 0.0;  // median_ns / the smallest median_ns on this family (0: none)
};

class SummaryTally {
 public:
  void add(const std::string& algorithm, const std::string& family, Verdict verdict,
           const Timing& timing);
  std::vector<SummaryRow> rows() const;

 private:
  std::map<std::pair<std::string, std::string>, std::pair<VerdictCounts, std::vector<double>>>
      groups_;
};

// The `summary` array (with each row's ratio_to_fastest when `with_ratio`).
nlohmann::json summary_json(const std::vector<SummaryRow>& rows, bool with_ratio);

// One Google Benchmark entry (real_time and cpu_time: the median in ns).
nlohmann::json benchmark_json(const std::string& name, int iterations, double median_ns,
                              int failures);
// One Google Benchmark entry per algorithm and family (not "*"): iterations = results.
nlohmann::json family_benchmarks(const std::vector<SummaryRow>& rows);

}  // namespace touchstone
