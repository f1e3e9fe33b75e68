// The motion runner: plays each motion case frame by frame for every selected algorithm, warm
// (the algorithm's warm-start state is passed from one frame to the next, DESIGN §3.1) or cold
// (no state), verifies every frame against its exact reference and times every call. Work per
// call is the algorithm's iteration count and, under callgrind, its instruction count.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cases/format/motion_case.hpp"
#include "harness/proximity/runner.hpp"

namespace touchstone {

// The callgrind dump label's prefix (count_instructions): "touchstone-motion|<selection label>|
// <case id>|<calls>".
inline constexpr char kCallgrindLabel[] = "touchstone-motion|";

struct MotionRunOptions {
  // Tolerances, reference timeout, witness checks; which selections play in a forked child
  // (isolation) under algorithm_timeout_seconds for the whole sequence.
  ProximityRunOptions run;
  int repetitions = 3;  // the sequence is replayed this many times; a frame's time is the minimum
  bool verify = true;   // exact reference and verdict for every frame
  // Under valgrind --tool=callgrind --collect-atstart=no: collect only inside query calls and
  // dump the counts after each (algorithm, mode, case) with a label read by
  // read_callgrind_instructions.
  bool count_instructions = false;
};

struct MotionSelection {
  const ProximityAlgorithmInfo* algorithm = nullptr;
  bool warm = false;
  std::string label() const { return algorithm->name + (warm ? "/warm" : "/cold"); }
};

struct MotionFrameResult {
  ProximityResult output;
  Verification verification;
  double time_ns = 0;            // minimum over the repetitions
  std::vector<double> times_ns;  // each repetition's time, in order
  bool had_state = false;        // a warm-start state existed when the query was called
};

struct MotionRun {
  std::string label;  // "<algorithm>/warm" or "<algorithm>/cold"
  std::size_t selection = 0, case_index = 0;
  double prepare_ns = 0;
  std::string error;  // the whole sequence could not run (bad shape, threw)
  std::vector<MotionFrameResult> frames;
};

struct MotionCaseRecord {
  MotionCase spec;
  int vertices = 0;                         // of shape A
  std::vector<ProximityCaseRecord> frames;  // the reference, scale and problems of each frame
};

struct MotionResults {
  std::vector<MotionSelection> selections;
  std::vector<MotionCaseRecord> cases;
  std::vector<MotionRun> runs;
};

MotionResults run_motion(const std::vector<MotionCase>& cases,
                         const std::vector<MotionSelection>& selections,
                         const MotionRunOptions& options, ReferenceCache& cache,
                         const Progress& progress = {});

// The frames as a ProximityRunResults (one case per frame, results named by selection label), for
// make_report and --export-failures.
ProximityRunResults motion_as_run_results(const MotionResults& motion);

}  // namespace touchstone
