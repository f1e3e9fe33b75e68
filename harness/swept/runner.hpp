// The swept kind's runner and verifier (DESIGN §3.2b): each query's exact reference
// (reference/exact_swept.hpp), then each algorithm, timed; the verdict compares with the exact
// answer:
//   - the exact primitives meet and the algorithm says no: false negative, `fail`;
//   - they do not and it says yes: false positive, `pass` flagged `false-positive` for a
//     `conservative` algorithm (it promised only no false negatives), `fail` for the others;
//   - both say yes: the TOI error is the distance from its toi to the exact interval; over
//     `toi_tolerance` it is `fail`, and so is any toi later than the exact one from a
//     conservative algorithm;
//   - the algorithm gave up: `error`.
// A CSV query whose ground truth disagrees with the exact reference is a problem of the case
// (listed, never hidden), and the exact reference decides the verdicts.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "algorithms/swept/swept.hpp"
#include "cases/format/ccd_csv.hpp"
#include "harness/common/kind_run.hpp"
#include "harness/common/reporter.hpp"
#include "harness/common/verdict.hpp"

namespace touchstone {

struct SweptOptions {
  double toi_tolerance = 1e-6;
  int repetitions = 3;  // timed calls per query and algorithm (the median is kept)
  // Per query and algorithm, in milliseconds (0: none). A call over it is `failed` (verdict
  // error, the reason says so) and the run goes on; whole solids through swept_solids() stop
  // between pairs once it has passed. The exact reference has no deadline.
  double deadline_ms = 0;
};

struct SweptReference {
  ExactSweptResult exact;
  // Whole solids: every feature pair that meets (exact toi interval) and how many were decided.
  std::vector<ExactSweptSolidsResult::Pair> meeting{};
  long pairs = 0;
  double time_ns = 0;
  bool computed = false;  // false when the exact reference threw (the case's problem says why)
};

// One case of the run: the query, its exact reference, and what is wrong with the case itself
// (ground truth disagreeing with the exact reference, no reference).
struct SweptCaseRecord {
  SweptCase spec;
  SweptReference reference;
  std::vector<std::string> problems;
};

// The verdict of one answer and what it rests on.
struct SweptVerification {
  Verdict verdict = Verdict::pass;
  bool false_negative = false, false_positive = false;
  double toi_error = 0;  // distance to the exact interval when both collide
  std::string reason;
  // Whole solids: the features the answer names do not meet within toi_tolerance of the exact
  // earliest contact (a flag beside the verdict; the verdict rests on collides and toi).
  bool features_off = false;
};

struct SweptResult {
  std::size_t case_index = 0;
  const SweptAlgorithmInfo* algorithm = nullptr;
  SweptAnswer answer;
  SweptVerification verification;
  double time_ns = 0;
};

using SweptRun = KindRun<SweptCaseRecord, SweptResult, SweptAlgorithmInfo>;

// The verdict of one answer against the exact reference (the rules above).
SweptVerification judge_swept(const SweptAlgorithmInfo& algorithm, const ExactSweptResult& exact,
                              const SweptOptions& options, const SweptAnswer& answer);
// Whole solids: the rules above, then whether the answer's features meet at the exact earliest
// contact (one of the reference's meeting pairs, its toi within toi_tolerance of the earliest).
SweptVerification judge_swept_solids(const SweptAlgorithmInfo& algorithm,
                                     const SweptReference& reference, const SweptOptions& options,
                                     const SweptAnswer& answer);

// The case step of the pipeline: each case's exact reference, then every algorithm, timed and
// judged (in process: every algorithm bounds its own work). Whole solids run an algorithm's
// `solids` entry, or swept_solids() around its elementary test; an algorithm with no elementary
// test (whole solids only) is not run on elementary queries.
SweptRun run_swept(const std::vector<SweptCase>& cases,
                   const std::vector<const SweptAlgorithmInfo*>& algorithms,
                   const SweptOptions& options, const Progress& progress);

// Rows per algorithm and group (each family or CSV file, then each query type over all):
// queries, FN, FP, TOI errors over tolerance, largest TOI error, median time per query.
struct SweptTableRow {
  std::string algorithm, group;
  int queries = 0, false_negatives = 0, false_positives = 0, toi_failures = 0, errors = 0;
  int features_off = 0;  // whole solids: answers naming features that do not meet then
  double max_toi_error = 0, median_ns = 0;
};
std::vector<SweptTableRow> swept_table(const SweptRun& run);
std::string format_swept_table(const std::vector<SweptTableRow>& rows);

// The report: touchstone-swept-report/1 (every case's exact coordinates, reference and results,
// read by reference/crosscheck/swept_crosscheck.py) and the table.
class SweptReport final : public Report {
 public:
  SweptReport(const SweptRun& run, const SweptOptions& options) : run_(run), options_(options) {}
  nlohmann::json document(const ReportContext& context) const override;
  std::string table() const override;

 private:
  const SweptRun& run_;
  SweptOptions options_;
};

}  // namespace touchstone
