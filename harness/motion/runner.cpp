#include "harness/motion/runner.hpp"

#include <valgrind/callgrind.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <tuple>

#include "harness/common/child_process.hpp"
#include "harness/common/timing.hpp"
#include "harness/common/wire.hpp"

namespace touchstone {
namespace {

// The motion case's record: its shapes' size and, per frame, the frame case with its hash, extent
// and (when verifying) exact reference, or the problems that leave it without one.
MotionCaseRecord case_record(const MotionCase& spec, const std::optional<Polytope>& a,
                             const std::optional<Polytope>& b, const std::string& shape_error,
                             const MotionRunOptions& options, ReferenceCache& cache) {
  MotionCaseRecord record;
  record.spec = spec;
  record.vertices = a && b ? static_cast<int>(a->vertices().size())
                           : static_cast<int>(record.spec.a.vertices.size());
  for (std::size_t k = 0; k < record.spec.frames.size(); ++k) {
    ProximityCaseRecord frame;
    frame.spec = record.spec.frame_case(k);
    frame.hash = case_input_hash(frame.spec);
    if (!a || !b) {
      frame.problems.push_back(shape_error);
    } else {
      std::tie(frame.scale, frame.magnitude) =
          case_pair_extent(*a, frame.spec.pose_a, *b, frame.spec.pose_b);
      if (!a->is_convex() || !b->is_convex())
        frame.problems.push_back("no exact reference for non-convex shapes yet");
      else if (options.verify)
        acquire_reference(frame, *a, *b, cache, options.run);
    }
    record.frames.push_back(std::move(frame));
  }
  return record;
}

// Plays the case's frames `repetitions` times (a fresh sequence each time: the first frame is
// cold; warm selections pass the state on): the first repetition's answers, each frame's minimum
// time, and under count_instructions one callgrind dump of the first repetition.
void play_frames(MotionRun& run, const ProximityAlgorithm& instance, bool warm_selection,
                 const Polytope& a, const Polytope& b, const MotionCase& spec,
                 const MotionRunOptions& options) {
  auto start = Clock::now();
  auto prepared_a = instance.prepare(a);
  auto prepared_b = instance.prepare(b);
  run.prepare_ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
  run.frames.resize(spec.frames.size());
  for (int rep = 0; rep < std::max(1, options.repetitions); ++rep) {
    std::unique_ptr<WarmStart> state;  // a fresh sequence: the first frame is cold
    for (std::size_t k = 0; k < spec.frames.size(); ++k) {
      const MotionFrame& f = spec.frames[k];
      const bool had_state = state != nullptr;
      const bool counting = options.count_instructions && rep == 0;
      std::unique_ptr<WarmStart>* warm = warm_selection ? &state : nullptr;
      start = Clock::now();
      if (counting) CALLGRIND_TOGGLE_COLLECT;
      ProximityResult r = instance.query(*prepared_a, f.pose_a, *prepared_b, f.pose_b, warm);
      if (counting) CALLGRIND_TOGGLE_COLLECT;
      const double ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
      MotionFrameResult& fr = run.frames[k];
      fr.times_ns.push_back(ns);
      if (rep == 0) {
        fr.output = std::move(r);
        fr.had_state = had_state;
        fr.time_ns = ns;
      } else {
        fr.time_ns = std::min(fr.time_ns, ns);
      }
    }
    if (options.count_instructions && rep == 0) {
      const std::string label =
          kCallgrindLabel + run.label + "|" + spec.id + "|" + std::to_string(spec.frames.size());
      CALLGRIND_DUMP_STATS_AT(label.c_str());
    }
  }
}

bool isolated_selection(const MotionSelection& selection, const MotionRunOptions& options) {
  // Callgrind counts this process: never fork while counting instructions.
  if (options.count_instructions) return false;
  return options.run.isolation == Isolation::all ||
         (options.run.isolation == Isolation::peers && selection.algorithm->family == "peer");
}

// play_frames in a forked child under the deadline (for the whole sequence); throws saying why
// there is no answer ("algorithm gjk/warm timed out after 60 s", "threw: ...").
void play_frames_isolated(MotionRun& run, const ProximityAlgorithm& instance, bool warm_selection,
                          const Polytope& a, const Polytope& b, const MotionCase& spec,
                          const MotionRunOptions& options) {
  using nlohmann::json;
  const std::string text = answer_in_child(
      [&] {
        MotionRun inner = run;
        play_frames(inner, instance, warm_selection, a, b, spec, options);
        json frames = json::array();
        for (const MotionFrameResult& f : inner.frames)
          frames.push_back({proximity_result_to_wire(f.output), wire::number(f.time_ns),
                            f.had_state, wire::numbers(f.times_ns)});
        return json{{"prepare_ns", wire::number(inner.prepare_ns)}, {"frames", frames}}.dump(
            -1, ' ', false, json::error_handler_t::replace);
      },
      options.run.algorithm_timeout_seconds, "algorithm " + run.label);
  const json j = json::parse(text);
  run.prepare_ns = wire::to_number(j.at("prepare_ns"));
  run.frames.clear();
  for (const json& f : j.at("frames")) {
    MotionFrameResult fr;
    fr.output = proximity_result_from_wire(f.at(0));
    fr.time_ns = wire::to_number(f.at(1));
    fr.had_state = f.at(2).get<bool>();
    fr.times_ns = wire::to_numbers(f.at(3));
    run.frames.push_back(std::move(fr));
  }
}

// Every played frame's verdict against its exact reference.
void verify_frames(MotionRun& run, const ProximityAlgorithmInfo& info, const Polytope& a,
                   const Polytope& b, const MotionCaseRecord& rec,
                   const MotionRunOptions& options) {
  for (std::size_t k = 0; k < run.frames.size(); ++k) {
    MotionFrameResult& fr = run.frames[k];
    const ProximityCaseRecord& frame = rec.frames[k];
    if (!options.verify) {
      fr.verification = {Verdict::unsupported, "not verified (--no-verify)", {}};
    } else if (!frame.reference) {
      fr.verification = {Verdict::error,
                         frame.problems.empty() ? "no exact reference"
                                                : "no exact reference: " + frame.problems[0],
                         {}};
    } else {
      fr.verification = verify_query_output(info, fr.output, a, b, frame, options.run);
    }
  }
}

// One selection on one case: its played and verified frames, or why the sequence could not run.
MotionRun selection_run(const MotionSelection& selection, std::size_t si,
                        const ProximityAlgorithm& instance, std::size_t ci,
                        const std::optional<Polytope>& a, const std::optional<Polytope>& b,
                        const std::string& shape_error, const MotionCaseRecord& rec,
                        const MotionRunOptions& options) {
  MotionRun run;
  run.label = selection.label();
  run.selection = si;
  run.case_index = ci;
  if (!a || !b) {
    run.error = shape_error;
    return run;
  }
  if (const auto why = unsupported_input(selection.algorithm->capabilities, *a, *b)) {
    run.error = *why;
    return run;
  }
  const bool in_child = isolated_selection(selection, options);
  try {
    if (in_child)
      play_frames_isolated(run, instance, selection.warm, *a, *b, rec.spec, options);
    else
      play_frames(run, instance, selection.warm, *a, *b, rec.spec, options);
    verify_frames(run, *selection.algorithm, *a, *b, rec, options);
  } catch (const std::exception& e) {
    // Isolated: the child's failure already says "threw: ...", "crashed", "timed out".
    run.error = (in_child ? "" : "threw: ") + std::string(e.what());
    run.frames.clear();
  }
  return run;
}

}  // namespace

MotionResults run_motion(const std::vector<MotionCase>& cases,
                         const std::vector<MotionSelection>& selections,
                         const MotionRunOptions& options, ReferenceCache& cache,
                         const Progress& progress) {
  MotionResults out;
  out.selections = selections;
  std::vector<std::unique_ptr<ProximityAlgorithm>> instances;
  for (const MotionSelection& s : selections) instances.push_back(s.algorithm->make());

  run_each_case(cases, out.cases, out.runs, progress, [&](std::size_t ci, const MotionCase& spec) {
    std::optional<Polytope> a, b;
    std::string shape_error;
    try {
      a = build_case_shape(spec.a);
      b = build_case_shape(spec.b);
    } catch (const std::exception& e) {
      shape_error = std::string("invalid geometry: ") + e.what();
    }
    out.cases.push_back(case_record(spec, a, b, shape_error, options, cache));
    for (std::size_t si = 0; si < selections.size(); ++si)
      out.runs.push_back(selection_run(selections[si], si, *instances[si], ci, a, b, shape_error,
                                       out.cases.back(), options));
  });
  return out;
}

ProximityRunResults motion_as_run_results(const MotionResults& motion) {
  ProximityRunResults run;
  std::vector<std::size_t> first_frame;  // index of each motion case's frame 0 in run.cases
  for (const MotionCaseRecord& c : motion.cases) {
    first_frame.push_back(run.cases.size());
    for (const ProximityCaseRecord& f : c.frames) run.cases.push_back(f);
  }
  for (const MotionSelection& s : motion.selections)
    if (std::find(run.algorithms.begin(), run.algorithms.end(), s.algorithm) ==
        run.algorithms.end())
      run.algorithms.push_back(s.algorithm);
  for (const MotionRun& r : motion.runs) {
    const MotionCaseRecord& c = motion.cases[r.case_index];
    for (std::size_t k = 0; k < c.frames.size(); ++k) {
      if (!r.error.empty()) {
        run.results.push_back(error_result(r.label, first_frame[r.case_index] + k, r.error));
        continue;
      }
      ProximityResultRecord rr;
      rr.algorithm = r.label;
      rr.case_index = first_frame[r.case_index] + k;
      const MotionFrameResult& f = r.frames[k];
      rr.output = f.output;
      rr.verification = f.verification;
      rr.timing.median_ns = rr.timing.min_ns = rr.timing.max_ns = f.time_ns;
      rr.timing.prepare_ns = r.prepare_ns;
      rr.timing.repetitions = static_cast<int>(f.times_ns.size());
      rr.timing.times_ns = f.times_ns;
      run.results.push_back(std::move(rr));
    }
  }
  return run;
}

}  // namespace touchstone
