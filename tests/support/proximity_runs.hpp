// Proximity runs the tests make: once per case and algorithm, on the shipped examples or on the
// conformance sample.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "cases/families.hpp"
#include "cases/format/case_loader.hpp"
#include "harness/proximity/conformance.hpp"
#include "harness/proximity/runner.hpp"

namespace touchstone::test_support {

// The shipped example cases (cases/examples/).
inline std::vector<ProximityCase> example_cases() {
  // A literal joined at compile time: gcc 12 at -O2 misreads std::string's operator+ on a
  // temporary as an out-of-bounds copy (a -Warray-bounds false positive).
  return load_cases(TOUCHSTONE_SOURCE_DIR "/cases/examples").proximity;
}

// The conformance sample (harness/proximity/conformance.hpp): the shipped examples and the first
// 22 cases of every family, seed 7 (load errors, such as region meshes not fetched, are left to
// the example tests).
inline std::vector<ProximityCase> conformance_cases() {
  std::vector<LoadError> errors;
  return touchstone::conformance_cases(TOUCHSTONE_SOURCE_DIR "/cases/examples", 22, &errors);
}

// Every case with every algorithm, one repetition, default options otherwise.
inline ProximityRunResults run_once(const std::vector<ProximityCase>& cases,
                                    const std::vector<const ProximityAlgorithmInfo*>& algorithms) {
  ReferenceCache cache;
  ProximityRunOptions options;
  options.repetitions = 1;
  return run_proximity(cases, algorithms, options, cache);
}

// Every algorithm of `registry` on the shipped examples, once.
inline ProximityRunResults run_examples(const ProximityRegistry& registry) {
  std::vector<const ProximityAlgorithmInfo*> algorithms;
  for (const auto& a : registry.all()) algorithms.push_back(&a);
  return run_once(example_cases(), algorithms);
}

}  // namespace touchstone::test_support
