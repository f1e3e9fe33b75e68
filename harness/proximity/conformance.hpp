// The conformance bar every proximity algorithm is held to
// (tests/proximity/proximity_conformance_test.cpp runs it on every registered algorithm; an outside
// project runs it on its own, see examples/external-algorithm/): on the shipped example cases and a
// sample of every degenerate family, no case has a problem, no verdict is `fail` or `error`, and
// more than half pass. An algorithm allowed to report failure (Lin-Canny cycles in degenerate
// configurations, seed 003 §2) may answer `failed` with a reason — never a wrong answer claimed ok
// — on at most a tenth.
#pragma once

#include <string>
#include <vector>

#include "harness/proximity/runner.hpp"

namespace touchstone {

// The sample: the case files under `examples_dir` ("" for none; cases/examples/ in the source
// tree, share/touchstone/cases/examples/ installed) and the first `per_family` cases (at most the
// family's default count) of every family, seed 7. A file or case that does not load goes to
// `errors` when given (the rest still loads); without it, it throws std::runtime_error.
std::vector<ProximityCase> conformance_cases(const std::string& examples_dir, int per_family = 22,
                                             std::vector<LoadError>* errors = nullptr);

struct ConformanceReport {
  int results = 0, passed = 0, reported_failures = 0;
  std::vector<std::string> violations;  // "<case id>: <what>", one per broken rule
  bool ok() const { return violations.empty(); }
};

// Checks one algorithm's results in `run` (every result of it) against the bar above.
ConformanceReport check_conformance(const ProximityRunResults& run, const std::string& algorithm,
                                    bool may_report_failure);

}  // namespace touchstone
