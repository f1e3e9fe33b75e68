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
#include "harness/common/verdict.hpp"

namespace touchstone {

struct SweptOptions {
  double toi_tolerance = 1e-6;
  int repetitions = 3;  // timed calls per query and algorithm (the median is kept)
};

struct SweptReference {
  ExactSweptResult exact;
  double time_ns = 0;
  std::string problem;  // "" or why the case is broken (ground truth disagrees, bad input)
};

struct SweptResult {
  std::size_t case_index = 0;
  const SweptAlgorithmInfo* algorithm = nullptr;
  SweptAnswer answer;
  Verdict verdict = Verdict::pass;
  bool false_negative = false, false_positive = false;
  double toi_error = 0;  // distance to the exact interval when both collide
  double time_ns = 0;
  std::string reason;
};

struct SweptRun {
  std::vector<SweptCase> cases;
  std::vector<SweptReference> references;  // one per case
  std::vector<SweptResult> results;
  std::vector<std::string> load_errors;
};

// The verdict of one answer against the exact reference (the rules above).
void judge_swept(const SweptAlgorithmInfo& algorithm, const ExactSweptResult& exact,
                 const SweptOptions& options, SweptResult& result);

// Runs every algorithm on every case of `run` (cases and load_errors filled by the caller).
void run_swept(SweptRun& run, const std::vector<const SweptAlgorithmInfo*>& algorithms,
               const SweptOptions& options, bool progress);

// Rows per algorithm and group (each family or CSV file, then each query type over all):
// queries, FN, FP, TOI errors over tolerance, largest TOI error, median time per query.
struct SweptTableRow {
  std::string algorithm, group;
  int queries = 0, false_negatives = 0, false_positives = 0, toi_failures = 0, errors = 0;
  double max_toi_error = 0, median_ns = 0;
};
std::vector<SweptTableRow> swept_table(const SweptRun& run);

nlohmann::json swept_report(const SweptRun& run,
                            const std::vector<const SweptAlgorithmInfo*>& algorithms,
                            const SweptOptions& options, const std::string& command_line);
std::string format_swept_table(const std::vector<SweptTableRow>& rows);

}  // namespace touchstone
