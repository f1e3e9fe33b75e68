#include "harness/regions/runner.hpp"

#include <algorithm>
#include <memory>

#include "harness/common/case_shapes.hpp"
#include "harness/regions/measure.hpp"
#include "harness/regions/reference.hpp"

namespace touchstone {

Verification combine_steps(const std::vector<Verification>& steps) {
  if (steps.size() == 1) return steps.front();
  Verification out;
  bool unsupported = false;
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const std::string at = "step " + std::to_string(k + 1) + ": ";
    const Verification& s = steps[k];
    unsupported = unsupported || s.verdict == Verdict::unsupported;
    if (s.checks.empty() && s.verdict != Verdict::pass)  // the algorithm's own status
      out.checks.push_back({"status", s.verdict, 0.0, 0.0, at + s.reason});
    for (CheckResult c : s.checks) {
      c.detail = at + c.detail;
      out.checks.push_back(std::move(c));
    }
  }
  decide_verdict(out);
  if (out.verdict == Verdict::pass && unsupported) {
    out.verdict = Verdict::unsupported;
    for (const CheckResult& c : out.checks)
      if (c.name == "status" && c.verdict == Verdict::unsupported) {
        out.reason = c.detail;
        break;
      }
  }
  return out;
}

namespace {

RegionResultRecord error_result(const std::string& algorithm, std::size_t index,
                                const std::string& why) {
  RegionResultRecord r;
  r.algorithm = algorithm;
  r.case_index = index;
  return without_answer(std::move(r), QueryStatus::failed, Verdict::error, why);
}

RegionResultRecord unsupported_result(const std::string& algorithm, std::size_t index,
                                      const std::string& why) {
  return without_answer(error_result(algorithm, index, why), QueryStatus::unsupported,
                        Verdict::unsupported, why);
}

// Each step's exact reference: cached, else computed under the deadline and stored; a failure
// becomes a problem of the case.
void acquire_references(RegionCaseRecord& rec, const Polytope& a, const Polytope& b,
                        const RegionRunOptions& options, ReferenceCache& cache, bool with_patch) {
  for (std::size_t k = 0; k < rec.spec.steps.size(); ++k) {
    const RegionStep& step = rec.spec.steps[k];
    RegionStepRecord s;
    s.size = case_pair_extent(a, step.pose_a, b, step.pose_b).first;
    s.tau = options.tolerances.region_relative * s.size;
    ExactRegionOptions ask;
    ask.shallow_limit = s.tau;
    ask.closure_limit = s.tau;  // the band: the ε-closure (verifier.hpp)
    ask.compute_patch = with_patch;
    AcquiredRegions got = acquire_region_reference(a, step.pose_a, b, step.pose_b, ask, cache,
                                                   options.reference_timeout_seconds);
    s.key = std::move(got.key);
    s.reference = std::move(got.reference);
    s.reference_from_cache = got.from_cache;
    s.reference_ms = got.ms;
    if (!got.failure.empty())
      rec.problems.push_back("step " + std::to_string(k + 1) +
                             ": exact reference failed: " + got.failure);
    rec.steps.push_back(std::move(s));
  }
}

// A case whose own expectations disagree with the exact reference is broken.
void compare_expected(RegionCaseRecord& rec) {
  for (std::size_t k = 0; k < rec.steps.size(); ++k) {
    const auto& ref = rec.steps[k].reference;
    if (!ref) continue;
    const std::string at = "case is broken at step " + std::to_string(k + 1) + ": expected ";
    if (rec.spec.expected_relation && *rec.spec.expected_relation != ref->relation)
      rec.problems.push_back(
          at + "relation " + std::string(to_string(*rec.spec.expected_relation)) +
          " but the exact reference says " + std::string(to_string(ref->relation)));
    if (rec.spec.expected_sufficient_regions) {
      int sufficient = 0;
      for (const ExactRegion& r : ref->regions) sufficient += r.sufficient;
      if (sufficient != *rec.spec.expected_sufficient_regions)
        rec.problems.push_back(at + std::to_string(*rec.spec.expected_sufficient_regions) +
                               " sufficient regions but the exact reference has " +
                               std::to_string(sufficient));
    }
  }
}

// Contact patches (patch_checks.hpp): the algorithm's geometric epsilon as a length.
double patch_epsilon(const RegionAlgorithmInfo& info, double size) {
  const auto eps = info.parameters.find("geometric_epsilon");
  if (eps == info.parameters.end()) return 0.0;
  const auto rel = info.parameters.find("epsilon_relative");
  return eps->second * (rel != info.parameters.end() && rel->second != 0.0 ? size : 1.0);
}

// The verified answer of one measured algorithm: each step against its reference, with the
// algorithm's previous answer for temporal coherence.
void verify_steps(RegionResultRecord& r, const RegionAlgorithmInfo& info, const Polytope& a,
                  const Polytope& b, const RegionCaseRecord& rec, const RegionRunOptions& options) {
  std::vector<Verification> steps;
  for (std::size_t k = 0; k < r.output.steps.size(); ++k) {
    const RegionResult& out = r.output.steps[k];
    if (out.status != QueryStatus::ok && r.output.status == QueryStatus::ok) {
      r.output.status = out.status;
      r.output.reason = "step " + std::to_string(k + 1) + ": " + out.reason;
    }
    RegionVerificationInput in{&*rec.steps[k].reference, rec.steps[k].size, &a, &b, {},
                               &rec.spec.steps[k]};
    if (k > 0) in.previous = r.output.steps[k - 1].regions;
    if (const auto eps = info.parameters.find("epsilon"); eps != info.parameters.end())
      in.epsilon_relative = eps->second;  // documented relative to the same diagonal as τ
    in.patch_epsilon = patch_epsilon(info, rec.steps[k].size);
    const RegionVerification v = verify_regions(out, info.capabilities, in, options.tolerances);
    steps.push_back(v.verification);
    r.step_verdicts.push_back(v.verification.verdict);
    r.counts.add(v.counts);
  }
  r.verification = combine_steps(steps);
}

RegionResultRecord algorithm_result(const RegionAlgorithmInfo& info,
                                    const RegionAlgorithm& algorithm, std::size_t ci,
                                    const Polytope& a, const Polytope& b,
                                    const RegionCaseRecord& rec, const RegionRunOptions& options) {
  if ((!a.is_convex() || !b.is_convex()) && !info.capabilities.nonconvex)
    return unsupported_result(info.name, ci, "non-convex input not supported");
  for (const RegionStepRecord& s : rec.steps)
    if (!s.reference)
      return error_result(info.name, ci, "no exact reference: " + rec.problems.front());
  const bool in_child = isolates(options.isolation, info.family);
  std::string captured;  // the algorithm's stderr, into its result
  try {
    const RegionMeasurement m =
        in_child ? measure_region_steps_isolated(info, algorithm, a, b, rec.spec.steps,
                                                 options.repetitions,
                                                 options.algorithm_timeout_seconds, &captured)
                 : [&] {
                     StderrCapture capture;
                     RegionMeasurement inner = measure_region_steps(
                         info, algorithm, a, b, rec.spec.steps, options.repetitions);
                     captured = capture.finish();
                     return inner;
                   }();
    RegionResultRecord r;
    r.algorithm = info.name;
    r.case_index = ci;
    r.output.steps = m.steps;
    r.timing = m.timing;
    verify_steps(r, info, a, b, rec, options);
    r.captured_stderr = captured;
    return r;
  } catch (const std::exception& e) {
    // Isolated: the child's message already says "threw: ...", "crashed", "timed out".
    RegionResultRecord r =
        error_result(info.name, ci, (in_child ? "" : "threw: ") + std::string(e.what()));
    r.captured_stderr = captured;
    return r;
  } catch (...) {
    return error_result(info.name, ci, "threw a non-standard exception");
  }
}

}  // namespace

RegionRunResults run_regions(const std::vector<RegionCase>& cases,
                             const std::vector<const RegionAlgorithmInfo*>& algorithms,
                             const RegionRunOptions& options, ReferenceCache& cache,
                             const Progress& progress) {
  const bool with_patch = std::any_of(algorithms.begin(), algorithms.end(), [](const auto* info) {
    return info->capabilities.contact_patch || info->capabilities.penetration_points;
  });
  return run_kind_with_instances<RegionRunResults>(
      cases, algorithms, progress,
      [&](RegionRunResults& run, const auto& instances, std::size_t ci, const RegionCase& spec) {
        RegionCaseRecord rec;
        rec.spec = spec;
        const auto shapes = build_case_shapes(rec.spec.a, rec.spec.b, rec.problems);
        if (shapes) {
          rec.faces_a = static_cast<int>(shapes->first.faces().size());
          rec.faces_b = static_cast<int>(shapes->second.faces().size());
          acquire_references(rec, shapes->first, shapes->second, options, cache, with_patch);
        }
        compare_expected(rec);
        run.cases.push_back(std::move(rec));
        const RegionCaseRecord& stored = run.cases.back();
        for (std::size_t ai = 0; ai < algorithms.size(); ++ai)
          run.results.push_back(
              shapes ? algorithm_result(*algorithms[ai], *instances[ai], ci, shapes->first,
                                        shapes->second, stored, options)
                     : error_result(algorithms[ai]->name, ci, stored.problems.front()));
      });
}

}  // namespace touchstone
