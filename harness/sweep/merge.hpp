// `touchstone merge`: the shard files of one sweep (sweep.hpp) into one report, after checking
// that every trial 0 … N−1 is there exactly once (a missing or duplicated trial is an error naming
// it). The report carries verdict counts per algorithm and family, quantiles of the relative
// distance error and of the time per algorithm, every non-passing trial in full, and the failing
// inputs as replayable touchstone-case/1 documents, at most a cap per algorithm.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace touchstone {

struct MergeResult {
  nlohmann::json report;  // format touchstone-sweep-report/1
  // Per algorithm, by file name ("<algorithm>.json", '/' as '-'): the case document of its
  // failing trials (capped). The report's "failures" entries name these files.
  std::map<std::string, nlohmann::json> failures;
};

// Throws std::runtime_error naming the file (unreadable, not a shard, another sweep's shard) or
// the trial (missing, duplicated).
MergeResult merge_shards(const std::vector<std::string>& paths, int max_failures_per_algorithm);

// Writes each failure document into `failures_dir` and then the report to `out` (recording the
// documents' paths); false after printing why on stderr.
bool write_merge_result(MergeResult& result, const std::string& out,
                        const std::string& failures_dir);

}  // namespace touchstone
