#include "harness/proximity/runner.hpp"

#include "harness/common/child_process.hpp"


#include <algorithm>
#include <cmath>
#include <memory>
#include <tuple>

namespace touchstone {
namespace {


Polytope build_shape(const ShapeSpec& s) {
  try {
    return s.faces ? Polytope::from_faces(s.vertices, *s.faces) : Polytope::from_points(s.vertices);
  } catch (const GeometryError& e) {
    throw GeometryError("shapes." + s.name + ": " + e.what());
  }
}

// Diagonal of the pair's world bounding box, and the largest absolute world coordinate.
std::pair<double, double> pair_extent(const Polytope& a, const Pose& pa, const Polytope& b,
                                      const Pose& pb) {
  Vec3 lo = pa.apply(a.vertices()[0]), hi = lo;
  for (const Vec3& v : a.vertices()) {
    lo = lo.cwiseMin(pa.apply(v));
    hi = hi.cwiseMax(pa.apply(v));
  }
  for (const Vec3& v : b.vertices()) {
    lo = lo.cwiseMin(pb.apply(v));
    hi = hi.cwiseMax(pb.apply(v));
  }
  return {(hi - lo).norm(), std::max(lo.cwiseAbs().maxCoeff(), hi.cwiseAbs().maxCoeff())};
}

bool finite_output(const ProximityResult& r) {
  auto ok = [](const std::optional<double>& x) { return !x || std::isfinite(*x); };
  auto okv = [](const std::optional<Vec3>& x) { return !x || x->allFinite(); };
  return ok(r.distance) && ok(r.penetration_depth) && okv(r.witness_a) && okv(r.witness_b) &&
         okv(r.penetration_direction);
}

bool isolated_algorithm(const ProximityAlgorithmInfo& info, const RunOptions& options) {
  return options.isolation == RunOptions::Isolation::all ||
         (options.isolation == RunOptions::Isolation::peers && info.family == "peer");
}

ResultRecord error_result(const std::string& algorithm, std::size_t index, const std::string& why) {
  ResultRecord r;
  r.algorithm = algorithm;
  r.case_index = index;
  r.output.status = QueryStatus::failed;
  r.output.reason = why;
  r.verification.verdict = Verdict::error;
  r.verification.reason = why;
  return r;
}

}  // namespace

ExactProximity exact_reference_isolated(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                        const Pose& pose_b, double timeout_seconds) {
  if (timeout_seconds <= 0) return exact_proximity(a.vertices(), pose_a, b.vertices(), pose_b);
  const std::string text = answer_in_child(
      [&] { return exact_to_json(exact_proximity(a.vertices(), pose_a, b.vertices(), pose_b)).dump(); },
      timeout_seconds, "exact reference");
  return exact_from_json(nlohmann::json::parse(text));
}

Polytope build_case_shape(const ShapeSpec& s) { return build_shape(s); }

std::pair<double, double> case_pair_extent(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                           const Pose& pose_b) {
  return pair_extent(a, pose_a, b, pose_b);
}

Verification verify_query_output(const ProximityAlgorithmInfo& info, ProximityResult& output,
                                 const Polytope& a, const Polytope& b, const CaseRecord& rec,
                                 const RunOptions& options) {
  if (!finite_output(output)) {
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
    features = feature_distance_input(a, rec.spec.pose_a, b, rec.spec.pose_b, output,
                                      *rec.reference);
  return verify_proximity(output, info.capabilities, in, options.tolerances,
                          features ? &*features : nullptr);
}

RunResults run_proximity(const std::vector<ProximityCase>& cases,
                         const std::vector<const ProximityAlgorithmInfo*>& algorithms,
                         const RunOptions& options, ReferenceCache& cache,
                         const Progress& progress) {
  RunResults run;
  run.algorithms = algorithms;
  std::vector<std::unique_ptr<ProximityAlgorithm>> instances;
  for (const auto* info : algorithms) instances.push_back(info->make());

  for (std::size_t ci = 0; ci < cases.size(); ++ci) {
    if (progress) progress(ci, cases.size());
    CaseRecord record;
    record.spec = cases[ci];
    record.hash = case_input_hash(record.spec);
    std::optional<Polytope> a, b;
    try {
      a = build_shape(record.spec.a);
      b = build_shape(record.spec.b);
      std::tie(record.scale, record.magnitude) =
          pair_extent(*a, record.spec.pose_a, *b, record.spec.pose_b);
    } catch (const std::exception& e) {
      record.problems.push_back(std::string("invalid geometry: ") + e.what());
    }

    if (a && b && (!a->is_convex() || !b->is_convex())) {
      record.problems.push_back("no exact reference for non-convex shapes yet");
    } else if (a && b) {
      record.reference = cache.find(record.hash);
      record.reference_from_cache = record.reference.has_value();
      if (!record.reference) {
        const auto start = Clock::now();
        try {
          record.reference = exact_reference_isolated(
              *a, record.spec.pose_a, *b, record.spec.pose_b, options.reference_timeout_seconds);
          cache.store(record.hash, *record.reference);
        } catch (const std::exception& e) {
          record.problems.push_back(std::string("exact reference failed: ") + e.what());
        }
        record.reference_ms = ns_since(start) * 1e-6;
      }
    }
    if (record.reference && record.spec.expected_relation &&
        *record.spec.expected_relation != record.reference->relation)
      record.problems.push_back("case is broken: expected relation " +
                                std::string(to_string(*record.spec.expected_relation)) +
                                " but the exact reference says " +
                                std::string(to_string(record.reference->relation)));
    if (record.reference && record.spec.expected_distance &&
        std::abs(*record.spec.expected_distance - record.reference->distance) >
            options.tolerances.distance_relative * std::max(record.scale, 1e-300))
      record.problems.push_back(
          "case is broken: expected distance disagrees with the exact reference");

    run.cases.push_back(record);
    const CaseRecord& rec = run.cases.back();

    // The isolated algorithms of this case answer together, in a forked child.
    std::vector<std::optional<IsolatedMeasurement>> isolated(algorithms.size());
    if (a && b && rec.reference) {
      std::vector<std::size_t> batch;
      std::vector<const ProximityAlgorithm*> batch_instances;
      for (std::size_t ai = 0; ai < algorithms.size(); ++ai)
        if (isolated_algorithm(*algorithms[ai], options) &&
            ((a->is_convex() && b->is_convex()) || algorithms[ai]->capabilities.nonconvex)) {
          batch.push_back(ai);
          batch_instances.push_back(instances[ai].get());
        }
      if (!batch.empty()) {
        try {
          auto measured =
              measure_isolated(batch_instances, *a, rec.spec.pose_a, *b, rec.spec.pose_b,
                               options.repetitions, options.algorithm_timeout_seconds);
          for (std::size_t k = 0; k < batch.size(); ++k)
            isolated[batch[k]] = std::move(measured[k]);
        } catch (const std::exception& e) {  // pipe or fork failed
          for (std::size_t k : batch) {
            isolated[k].emplace();
            isolated[k]->error = std::string("isolation failed: ") + e.what();
          }
        }
      }
    }

    for (std::size_t ai = 0; ai < algorithms.size(); ++ai) {
      const ProximityAlgorithmInfo& info = *algorithms[ai];
      if (!a || !b) {
        run.results.push_back(error_result(info.name, ci, rec.problems.front()));
        continue;
      }
      if ((!a->is_convex() || !b->is_convex()) && !info.capabilities.nonconvex) {
        ResultRecord r = error_result(info.name, ci, "non-convex input not supported");
        r.output.status = QueryStatus::unsupported;
        r.verification.verdict = Verdict::unsupported;
        run.results.push_back(std::move(r));
        continue;
      }
      if (!rec.reference) {
        run.results.push_back(
            error_result(info.name, ci, "no exact reference: " + rec.problems.front()));
        continue;
      }
      try {
        ResultRecord r;
        r.algorithm = info.name;
        r.case_index = ci;
        if (isolated[ai] && !isolated[ai]->error.empty()) {
          run.results.push_back(error_result(info.name, ci, isolated[ai]->error));
          continue;
        }
        const Measurement m = isolated[ai] ? std::move(isolated[ai]->measurement)
                                           : measure_query(*instances[ai], *a, rec.spec.pose_a, *b,
                                                           rec.spec.pose_b, options.repetitions);
        r.output = m.output;
        r.timing = m.timing;
        r.verification = verify_query_output(info, r.output, *a, *b, rec, options);
        run.results.push_back(std::move(r));
      } catch (const std::exception& e) {
        run.results.push_back(error_result(info.name, ci, std::string("threw: ") + e.what()));
      } catch (...) {
        run.results.push_back(error_result(info.name, ci, "threw a non-standard exception"));
      }
    }
  }
  if (progress) progress(cases.size(), cases.size());
  return run;
}

}  // namespace touchstone
