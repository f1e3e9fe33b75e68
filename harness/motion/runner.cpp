#include "harness/motion/runner.hpp"

#include <valgrind/callgrind.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <tuple>

#include "harness/common/timing.hpp"

namespace touchstone {

MotionResults run_motion(const std::vector<MotionCase>& cases,
                         const std::vector<MotionSelection>& selections,
                         const MotionRunOptions& options, ReferenceCache& cache,
                         const Progress& progress) {
  MotionResults out;
  out.selections = selections;
  std::vector<std::unique_ptr<ProximityAlgorithm>> instances;
  for (const MotionSelection& s : selections) instances.push_back(s.algorithm->make());

  for (std::size_t ci = 0; ci < cases.size(); ++ci) {
    if (progress) progress(ci, cases.size());
    MotionCaseRecord record;
    record.spec = cases[ci];
    record.vertices = static_cast<int>(record.spec.a.vertices.size());
    std::optional<Polytope> a, b;
    std::string shape_error;
    try {
      a = build_case_shape(record.spec.a);
      b = build_case_shape(record.spec.b);
      record.vertices = static_cast<int>(a->vertices().size());
    } catch (const std::exception& e) {
      shape_error = std::string("invalid geometry: ") + e.what();
    }
    for (std::size_t k = 0; k < record.spec.frames.size(); ++k) {
      CaseRecord frame;
      frame.spec = record.spec.frame_case(k);
      frame.hash = case_input_hash(frame.spec);
      if (!a || !b) {
        frame.problems.push_back(shape_error);
      } else {
        std::tie(frame.scale, frame.magnitude) =
            case_pair_extent(*a, frame.spec.pose_a, *b, frame.spec.pose_b);
        if (!a->is_convex() || !b->is_convex()) {
          frame.problems.push_back("no exact reference for non-convex shapes yet");
        } else if (options.verify) {
          frame.reference = cache.find(frame.hash);
          frame.reference_from_cache = frame.reference.has_value();
          if (!frame.reference) {
            const auto start = Clock::now();
            try {
              frame.reference =
                  exact_reference_isolated(*a, frame.spec.pose_a, *b, frame.spec.pose_b,
                                           options.run.reference_timeout_seconds);
              cache.store(frame.hash, *frame.reference);
            } catch (const std::exception& e) {
              frame.problems.push_back(std::string("exact reference failed: ") + e.what());
            }
            frame.reference_ms =
                std::chrono::duration<double, std::milli>(Clock::now() - start).count();
          }
        }
      }
      record.frames.push_back(std::move(frame));
    }
    out.cases.push_back(std::move(record));
    const MotionCaseRecord& rec = out.cases.back();

    for (std::size_t si = 0; si < selections.size(); ++si) {
      const ProximityAlgorithmInfo& info = *selections[si].algorithm;
      MotionRun run;
      run.label = selections[si].label();
      run.selection = si;
      run.case_index = ci;
      if (!a || !b) {
        run.error = shape_error;
        out.runs.push_back(std::move(run));
        continue;
      }
      if ((!a->is_convex() || !b->is_convex()) && !info.capabilities.nonconvex) {
        run.error = "non-convex input not supported";
        out.runs.push_back(std::move(run));
        continue;
      }
      try {
        auto start = Clock::now();
        auto prepared_a = instances[si]->prepare(*a);
        auto prepared_b = instances[si]->prepare(*b);
        run.prepare_ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
        run.frames.resize(rec.spec.frames.size());
        for (int rep = 0; rep < std::max(1, options.repetitions); ++rep) {
          std::unique_ptr<WarmStart> state;  // a fresh sequence: the first frame is cold
          for (std::size_t k = 0; k < rec.spec.frames.size(); ++k) {
            const MotionFrame& f = rec.spec.frames[k];
            const bool had_state = state != nullptr;
            const bool counting = options.count_instructions && rep == 0;
            std::unique_ptr<WarmStart>* warm = selections[si].warm ? &state : nullptr;
            start = Clock::now();
            if (counting) CALLGRIND_TOGGLE_COLLECT;
            ProximityResult r =
                instances[si]->query(*prepared_a, f.pose_a, *prepared_b, f.pose_b, warm);
            if (counting) CALLGRIND_TOGGLE_COLLECT;
            const double ns =
                std::chrono::duration<double, std::nano>(Clock::now() - start).count();
            MotionFrameResult& fr = run.frames[k];
            if (rep == 0) {
              fr.output = std::move(r);
              fr.had_state = had_state;
              fr.time_ns = ns;
            } else {
              fr.time_ns = std::min(fr.time_ns, ns);
            }
          }
          if (options.count_instructions && rep == 0) {
            const std::string label = kCallgrindLabel + run.label + "|" + rec.spec.id + "|" +
                                      std::to_string(rec.spec.frames.size());
            CALLGRIND_DUMP_STATS_AT(label.c_str());
          }
        }
        for (std::size_t k = 0; k < run.frames.size(); ++k) {
          MotionFrameResult& fr = run.frames[k];
          const CaseRecord& frame = rec.frames[k];
          if (!options.verify) {
            fr.verification = {Verdict::unsupported, "not verified (--no-verify)", {}};
          } else if (!frame.reference) {
            fr.verification = {Verdict::error,
                               frame.problems.empty() ? "no exact reference"
                                                      : "no exact reference: " + frame.problems[0],
                               {}};
          } else {
            fr.verification = verify_query_output(info, fr.output, *a, *b, frame, options.run);
          }
        }
      } catch (const std::exception& e) {
        run.error = std::string("threw: ") + e.what();
        run.frames.clear();
      }
      out.runs.push_back(std::move(run));
    }
  }
  if (progress) progress(cases.size(), cases.size());
  return out;
}

RunResults motion_as_run_results(const MotionResults& motion) {
  RunResults run;
  std::vector<std::size_t> first_frame;  // index of each motion case's frame 0 in run.cases
  for (const MotionCaseRecord& c : motion.cases) {
    first_frame.push_back(run.cases.size());
    for (const CaseRecord& f : c.frames) run.cases.push_back(f);
  }
  for (const MotionSelection& s : motion.selections)
    if (std::find(run.algorithms.begin(), run.algorithms.end(), s.algorithm) ==
        run.algorithms.end())
      run.algorithms.push_back(s.algorithm);
  for (const MotionRun& r : motion.runs) {
    const MotionCaseRecord& c = motion.cases[r.case_index];
    for (std::size_t k = 0; k < c.frames.size(); ++k) {
      ResultRecord rr;
      rr.algorithm = r.label;
      rr.case_index = first_frame[r.case_index] + k;
      if (!r.error.empty()) {
        rr.output.status = QueryStatus::failed;
        rr.output.reason = r.error;
        rr.verification = {Verdict::error, r.error, {}};
      } else {
        const MotionFrameResult& f = r.frames[k];
        rr.output = f.output;
        rr.verification = f.verification;
        rr.timing.median_ns = rr.timing.min_ns = rr.timing.max_ns = f.time_ns;
        rr.timing.prepare_ns = r.prepare_ns;
        rr.timing.repetitions = 1;
      }
      run.results.push_back(std::move(rr));
    }
  }
  return run;
}

}  // namespace touchstone
