// Running algorithm queries in a forked child (DESIGN §5: nothing crashes or hangs the run).
// Third-party code (the peers) throws, aborts or segfaults on some degenerate inputs; run in a
// child, such a query becomes an `error` of its case with the reason, and the run goes on.
// Timing stays fair: the child times each query exactly as the in-process path does (a steady
// clock around the query call only); only the answers and the timings cross the pipe.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "algorithms/proximity/proximity.hpp"
#include "harness/common/timing.hpp"

namespace touchstone {

// A ProximityResult on the wire (harness/common/wire.hpp), every field: for the answers of
// isolated algorithms here and of isolated motion sequences and robustness trials.
nlohmann::json proximity_result_to_wire(const ProximityResult& r);
ProximityResult proximity_result_from_wire(const nlohmann::json& j);

// One algorithm on one pair: prepare both shapes (timed together), one untimed query, then
// `repetitions` cold queries (no warm start; each timed); the output of the last query.
// Exceptions propagate.
struct Measurement {
  ProximityResult output;
  Timing timing;
};
Measurement measure_query(const ProximityAlgorithm& algorithm, const Polytope& a,
                          const Pose& pose_a, const Polytope& b, const Pose& pose_b,
                          int repetitions);

// measure_query for each algorithm of a batch, in forked children. `error` is empty on success,
// else why there is no measurement: "threw: ...", "crashed (signal 11, SIGSEGV)", "timed out
// after 10 s". After a crash or a timeout the rest of the batch runs in a fresh child. Each
// algorithm gets `timeout_seconds` of its own.
struct IsolatedMeasurement {
  Measurement measurement;
  std::string error;
  std::string captured_stderr;  // what the algorithm wrote to stderr in the child
};
std::vector<IsolatedMeasurement> measure_isolated(
    const std::vector<const ProximityAlgorithm*>& algorithms, const Polytope& a, const Pose& pose_a,
    const Polytope& b, const Pose& pose_b, int repetitions, double timeout_seconds);

}  // namespace touchstone
