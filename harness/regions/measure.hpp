// Measuring one region algorithm on one case (every step), in process or in a forked child
// (through run_in_child, harness/common/child_process.hpp). Timing as for proximity: prepare both
// shapes once (timed apart), then per step one untimed query and `repetitions` timed ones; the
// answer of the last. Step k gets this algorithm's answer at step k − 1 as `previous` when it
// declares temporal coherence, and the step's velocities when given.
#pragma once

#include <string>
#include <vector>

#include "algorithms/regions/registry.hpp"
#include "cases/format/region_case.hpp"
#include "harness/common/timing.hpp"

namespace touchstone {

struct RegionMeasurement {
  std::vector<RegionResult> steps;  // one answer per step
  Timing timing;                    // over every timed query of every step; prepare_ns apart
};

// Exceptions propagate.
RegionMeasurement measure_region_steps(const RegionAlgorithmInfo& info,
                                       const RegionAlgorithm& algorithm, const Polytope& a,
                                       const Polytope& b, const std::vector<RegionStep>& steps,
                                       int repetitions);

// The same in a forked child under `timeout_seconds` (for all steps); throws std::runtime_error
// saying why there is no answer ("threw: ...", "crashed (signal 11, SIGSEGV)", "timed out after
// 10 s").
RegionMeasurement measure_region_steps_isolated(const RegionAlgorithmInfo& info,
                                                const RegionAlgorithm& algorithm, const Polytope& a,
                                                const Polytope& b,
                                                const std::vector<RegionStep>& steps,
                                                int repetitions, double timeout_seconds,
                                                std::string* captured_stderr = nullptr);

}  // namespace touchstone
