#include "harness/proximity/runner.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <tuple>

namespace touchstone {
Verification verify_query_output(const ProximityAlgorithmInfo& info, ProximityResult& output,
                                 const Polytope& a, const Polytope& b,
                                 const ProximityCaseRecord& rec,
                                 const ProximityRunOptions& options) {
  if (!all_finite(output)) {
    // Keep only finite numbers so the report never carries NaN.
    output.distance.reset();
    output.penetration_depth.reset();
    output.witness_a.reset();
    output.witness_b.reset();
    output.penetration_direction.reset();
    return {Verdict::fail, "output contains NaN or infinity", {}};
  }
  VerificationInput in{&*rec.reference, rec.scale, rec.magnitude, std::nullopt, std::nullopt};
  if (options.check_witnesses && info.capabilities.witness_points &&
      rec.reference->relation == Relation::separated && output.witness_a && output.witness_b) {
    in.witness_a_distance_sq =
        exact_point_hull_distance_sq(a.vertices(), rec.spec.pose_a, *output.witness_a);
    in.witness_b_distance_sq =
        exact_point_hull_distance_sq(b.vertices(), rec.spec.pose_b, *output.witness_b);
  }
  std::optional<FeatureDistanceInput> features;
  if (info.capabilities.features)
    features =
        feature_distance_input(a, rec.spec.pose_a, b, rec.spec.pose_b, output, *rec.reference);
  return verify_proximity(output, info.capabilities, in, options.tolerances,
                          features ? &*features : nullptr);
}

ProximityResultRecord error_result(const std::string& algorithm, std::size_t index,
                                   const std::string& why) {
  ProximityResultRecord r;
  r.algorithm = algorithm;
  r.case_index = index;
  return without_answer(std::move(r), QueryStatus::failed, Verdict::error, why);
}

ProximityResultRecord unsupported_result(const std::string& algorithm, std::size_t index,
                                         const std::string& why) {
  return without_answer(error_result(algorithm, index, why), QueryStatus::unsupported,
                        Verdict::unsupported, why);
}

void acquire_reference(ProximityCaseRecord& record, const Polytope& a, const Polytope& b,
                       ReferenceCache& cache, const ProximityRunOptions& options) {
  record.reference = find_reference(cache, record.hash, kExactProximityCodec);
  record.reference_from_cache = record.reference.has_value();
  if (record.reference) return;
  const ComputedReference<ExactProximity> computed =
      compute_reference<ExactProximity>(cache, record.hash, kExactProximityCodec, [&] {
        return reference_in_child<ExactProximity>(
            [&] { return options.exact_reference(a, record.spec.pose_a, b, record.spec.pose_b); },
            kExactProximityCodec, options.reference_timeout_seconds, "exact reference");
      });
  record.reference = computed.value;
  if (!computed.failure.empty())
    record.problems.push_back("exact reference failed: " + computed.failure);
  record.reference_ms = computed.ms;
}

namespace {

// A case whose own expected answer disagrees with the exact reference is broken: a problem of
// the case.
void compare_expected(ProximityCaseRecord& record, const Tolerances& tolerances) {
  if (!record.reference) return;
  if (record.spec.expected_relation && *record.spec.expected_relation != record.reference->relation)
    record.problems.push_back("case is broken: expected relation " +
                              std::string(to_string(*record.spec.expected_relation)) +
                              " but the exact reference says " +
                              std::string(to_string(record.reference->relation)));
  if (record.spec.expected_distance &&
      std::abs(*record.spec.expected_distance - record.reference->distance) >
          tolerances.distance_relative * std::max(record.scale, 1e-300))
    record.problems.push_back(
        "case is broken: expected distance disagrees with the exact reference");
}

// The isolated algorithms of a case answer together, in a forked child: their measurements (or
// why there is none), indexed like `algorithms`; nullopt for the algorithms that run in-process.
std::vector<std::optional<IsolatedMeasurement>> measure_isolated_algorithms(
    const std::vector<const ProximityAlgorithmInfo*>& algorithms,
    const std::vector<std::unique_ptr<ProximityAlgorithm>>& instances, const Polytope& a,
    const Polytope& b, const ProximityCaseRecord& rec, const ProximityRunOptions& options) {
  std::vector<std::optional<IsolatedMeasurement>> isolated(algorithms.size());
  std::vector<std::size_t> batch;
  std::vector<const ProximityAlgorithm*> batch_instances;
  for (std::size_t ai = 0; ai < algorithms.size(); ++ai)
    if (isolates(options.isolation, algorithms[ai]->family) &&
        !unsupported_input(algorithms[ai]->capabilities, a, b)) {
      batch.push_back(ai);
      batch_instances.push_back(instances[ai].get());
    }
  if (batch.empty()) return isolated;
  try {
    auto measured = measure_isolated(batch_instances, a, rec.spec.pose_a, b, rec.spec.pose_b,
                                     options.repetitions, options.algorithm_timeout_seconds);
    for (std::size_t k = 0; k < batch.size(); ++k) isolated[batch[k]] = std::move(measured[k]);
  } catch (const std::exception& e) {  // pipe or fork failed
    for (std::size_t k : batch) {
      isolated[k].emplace();
      isolated[k]->error = std::string("isolation failed: ") + e.what();
    }
  }
  return isolated;
}

// One algorithm on one case whose shapes were built: its measured, verified answer (from the
// isolated batch when it ran there), or an unsupported or error record.
ProximityResultRecord algorithm_result(const ProximityAlgorithmInfo& info,
                                       const ProximityAlgorithm& instance, std::size_t ci,
                                       const Polytope& a, const Polytope& b,
                                       const ProximityCaseRecord& rec,
                                       std::optional<IsolatedMeasurement>& isolated,
                                       const ProximityRunOptions& options) {
  if (const auto why = unsupported_input(info.capabilities, a, b))
    return unsupported_result(info.name, ci, *why);
  if (!rec.reference)
    return error_result(info.name, ci, "no exact reference: " + rec.problems.front());
  try {
    ProximityResultRecord r;
    r.algorithm = info.name;
    r.case_index = ci;
    if (isolated && !isolated->error.empty()) {
      ProximityResultRecord e = error_result(info.name, ci, isolated->error);
      e.captured_stderr = isolated->captured_stderr;
      return e;
    }
    std::string captured;
    const Measurement m = isolated ? std::move(isolated->measurement) : [&] {
      StderrCapture capture;  // --isolate none: the algorithm's stderr into its result as well
      Measurement inner =
          measure_query(instance, a, rec.spec.pose_a, b, rec.spec.pose_b, options.repetitions);
      captured = capture.finish();
      return inner;
    }();
    r.output = m.output;
    r.timing = m.timing;
    r.verification = verify_query_output(info, r.output, a, b, rec, options);
    r.captured_stderr = isolated ? isolated->captured_stderr : captured;
    return r;
  } catch (const std::exception& e) {
    return error_result(info.name, ci, std::string("threw: ") + e.what());
  } catch (...) {
    return error_result(info.name, ci, "threw a non-standard exception");
  }
}

}  // namespace

ProximityRunResults run_proximity(const std::vector<ProximityCase>& cases,
                                  const std::vector<const ProximityAlgorithmInfo*>& algorithms,
                                  const ProximityRunOptions& options, ReferenceCache& cache,
                                  const Progress& progress) {
  return run_kind_with_instances<ProximityRunResults>(
      cases, algorithms, progress,
      [&](ProximityRunResults& run, const auto& instances, std::size_t ci,
          const ProximityCase& spec) {
        ProximityCaseRecord record;
        record.spec = spec;
        record.hash = case_input_hash(record.spec);
        const auto shapes = build_case_shapes(record.spec.a, record.spec.b, record.problems);
        if (shapes) {
          const auto& [a, b] = *shapes;
          std::tie(record.scale, record.magnitude) =
              case_pair_extent(a, record.spec.pose_a, b, record.spec.pose_b);
          acquire_reference(record, a, b, cache, options);
        }
        compare_expected(record, options.tolerances);
        run.cases.push_back(record);
        const ProximityCaseRecord& rec = run.cases.back();

        if (!shapes) {
          for (const auto* info : algorithms)
            run.results.push_back(error_result(info->name, ci, rec.problems.front()));
        } else {
          const auto& [a, b] = *shapes;
          std::vector<std::optional<IsolatedMeasurement>> isolated(algorithms.size());
          if (rec.reference)
            isolated = measure_isolated_algorithms(algorithms, instances, a, b, rec, options);
          for (std::size_t ai = 0; ai < algorithms.size(); ++ai)
            run.results.push_back(algorithm_result(*algorithms[ai], *instances[ai], ci, a, b, rec,
                                                   isolated[ai], options));
        }
      });
}

}  // namespace touchstone
