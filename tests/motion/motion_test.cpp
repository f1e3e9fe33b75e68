// Motion cases and the robustness experiment: the case format round-trips and names bad fields;
// the warm-start state really travels from frame to frame; the generated shapes have the counts
// of TR97-05's experiment; the robustness bisection lands where the closest features change
// (checked with exact feature-pair distances on both sides), and its exact search ends on the
// doubles a bisection would; a failing trial replays from its written case file.
#include <gtest/gtest.h>

#include "algorithms/proximity/registry.hpp"
#include "cases/exact_change_search.hpp"
#include "cases/format/case_loader.hpp"
#include "cases/motion_families.hpp"
#include "harness/motion/report.hpp"
#include "harness/motion/robustness.hpp"
#include "harness/proximity/report.hpp"
#include "reference/exact_proximity.hpp"
#include "tests/support/gjk_variants.hpp"
#include "tests/support/schema_check.hpp"

namespace touchstone {
namespace {

using nlohmann::json;
using test_support::builtin_gjk;
using test_support::gjk_variant;

void expect_same_pose(const Pose& x, const Pose& y) {
  EXPECT_EQ(x.rotation, y.rotation);
  EXPECT_EQ(x.translation, y.translation);
}

TEST(MotionCase, WriterAndLoaderRoundTripBitForBit) {
  const MotionCase m = find_motion_family("motion-icosahedron")->generate(7, 3, {12.5, 6});
  const json doc = write_motion_case_document({&m});
  const LoadedCases loaded = parse_case_document(doc.dump(), "round-trip.json");
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors[0].to_string();
  ASSERT_TRUE(loaded.proximity.empty());
  ASSERT_EQ(loaded.motion.size(), 1u);
  const MotionCase& back = loaded.motion[0];
  EXPECT_EQ(back.id, m.id);
  EXPECT_EQ(back.family, m.family);
  EXPECT_EQ(back.a.vertices, m.a.vertices);
  EXPECT_EQ(back.b.vertices, m.b.vertices);
  ASSERT_EQ(back.frames.size(), 6u);
  for (std::size_t k = 0; k < 6; ++k) {
    expect_same_pose(back.frames[k].pose_a, m.frames[k].pose_a);
    expect_same_pose(back.frames[k].pose_b, m.frames[k].pose_b);
  }
  // A frame case carries the frame's poses, and the frame index in its id.
  EXPECT_EQ(back.frame_case(4).id, m.id + "/f4");
}

TEST(MotionCase, FramesKeepUnmentionedPosesAndMixWithProximityCases) {
  const std::string tetra = R"({"vertices": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]]})";
  const std::string doc = R"({"format": "touchstone-case/1", "cases": [
      {"id": "p", "shapes": {"A": )" +
                          tetra + R"(, "B": )" + tetra + R"(},
       "poses": {"B": {"translation": [3,0,0]}}},
      {"id": "m", "kind": "motion", "shapes": {"A": )" +
                          tetra + R"(, "B": )" + tetra + R"(},
       "pair": ["A", "B"], "poses": {"B": {"translation": [3,0,0]}},
       "frames": [{"A": {"translation": [0,1,0]}},
                  {"B": {"translation": [4,0,0], "rotation": [0,1,0,0]}}]}]})";
  const LoadedCases loaded = parse_case_document(doc, "mixed.json");
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors[0].to_string();
  ASSERT_EQ(loaded.proximity.size(), 1u);
  ASSERT_EQ(loaded.motion.size(), 1u);
  const MotionCase& m = loaded.motion[0];
  ASSERT_EQ(m.frames.size(), 2u);
  EXPECT_EQ(m.frames[0].pose_a.translation, Vec3(0, 1, 0));
  EXPECT_EQ(m.frames[0].pose_b.translation, Vec3(3, 0, 0));  // from `poses`
  EXPECT_EQ(m.frames[1].pose_a.translation, Vec3(0, 1, 0));  // kept from frame 0
  EXPECT_EQ(m.frames[1].pose_b.translation, Vec3(4, 0, 0));
  EXPECT_EQ(m.frames[1].pose_b.rotation, Vec3(1, -1, -1).asDiagonal().toDenseMatrix());
}

TEST(MotionCase, BadFieldsAreNamed) {
  const json tetra = {{"vertices", {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}};
  auto document = [&](json c) {
    c["kind"] = "motion";
    if (!c.contains("shapes")) c["shapes"] = {{"A", tetra}, {"B", tetra}};
    return json{{"format", "touchstone-case/1"}, {"cases", {c}}}.dump();
  };
  struct Bad {
    json c;
    std::string field;
  };
  const std::vector<Bad> bad = {
      {{{"id", "no-frames"}}, "frames"},
      {{{"id", "empty"}, {"frames", json::array()}}, "frames"},
      {{{"id", "not-object"}, {"frames", {1}}}, "frames[0]"},
      {{{"id", "unknown-shape"}, {"frames", {{{"C", json::object()}}}}}, "frames[0].C"},
      {{{"id", "bad-quaternion"},
        {"frames", {json::object(), {{"B", {{"rotation", {1, 1, 0, 0}}}}}}}},
       "frames[1].B.rotation"},
      {{{"id", "bad-number"}, {"frames", {{{"A", {{"translation", {0, "x", 0}}}}}}}},
       "frames[0].A.translation[1]"},
      {{{"id", "unknown-pose-field"}, {"frames", {{{"A", {{"scale", 2}}}}}}}, "frames[0].A.scale"},
      {{{"id", "bad-shape"},
        {"shapes", {{"A", {{"vertices", json::array()}}}, {"B", tetra}}},
        {"frames", {json::object()}}},
       "shapes.A.vertices"},
      {{{"id", "expected"}, {"expected", {{"distance", 1}}}, {"frames", {json::object()}}},
       "expected"},
  };
  for (const Bad& b : bad) {
    const LoadedCases loaded = parse_case_document(document(b.c), "bad.json");
    ASSERT_EQ(loaded.errors.size(), 1u) << b.c.dump();
    EXPECT_TRUE(loaded.motion.empty());
    EXPECT_EQ(loaded.errors[0].file, "bad.json");
    EXPECT_EQ(loaded.errors[0].case_id, b.c["id"].get<std::string>());
    EXPECT_EQ(loaded.errors[0].field, b.field) << loaded.errors[0].to_string();
  }
  // Duplicate ids across kinds are caught too.
  const json dup = {{"format", "touchstone-case/1"},
                    {"cases",
                     {{{"id", "x"}, {"shapes", {{"A", tetra}, {"B", tetra}}}},
                      {{"id", "x"},
                       {"kind", "motion"},
                       {"shapes", {{"A", tetra}, {"B", tetra}}},
                       {"frames", {json::object()}}}}}};
  const LoadedCases loaded = parse_case_document(dup.dump(), "dup.json");
  ASSERT_EQ(loaded.errors.size(), 1u);
  EXPECT_EQ(loaded.errors[0].field, "id");
}

// Delegates to GJK for the answer and reports, as its iteration count, how many frames its
// warm-start state has seen: it proves the very same state object came back every frame.
struct CountingState : WarmStart {
  int frames = 0;
};
class StateRecorder : public test_support::OverGjk {
 public:
  ProximityResult query(const ProximityQuery& in) const override {
    std::unique_ptr<WarmStart>* warm = in.warm_start;
    ProximityQuery cold = in;
    cold.warm_start = nullptr;
    ProximityResult r = gjk_->query(cold);
    r.iterations = -1;
    if (warm) {
      if (!*warm) *warm = std::make_unique<CountingState>();
      auto* state = dynamic_cast<CountingState*>(warm->get());
      r.iterations = state ? state->frames++ : -2;
    }
    return r;
  }
};

ProximityAlgorithmInfo recorder_info() {
  ProximityAlgorithmInfo info =
      gjk_variant("state-recorder", [] { return std::make_unique<StateRecorder>(); });
  info.capabilities.warm_start = true;
  return info;
}

TEST(MotionRunner, WarmStartStateTravelsFromFrameToFrame) {
  const ProximityAlgorithmInfo info = recorder_info();
  const MotionCase m = find_motion_family("motion-cube")->generate(1, 0, {10, 5});
  MotionRunOptions options;
  options.repetitions = 2;
  options.run.reference_timeout_seconds = 0;
  ReferenceCache cache;
  const MotionResults r = run_motion({m}, {{&info, true}, {&info, false}}, options, cache);
  ASSERT_EQ(r.runs.size(), 2u);
  for (const MotionRun& run : r.runs) {
    ASSERT_TRUE(run.error.empty()) << run.error;
    ASSERT_EQ(run.frames.size(), 5u);
    const bool warm = run.label == "state-recorder/warm";
    for (int k = 0; k < 5; ++k) {
      const MotionFrameResult& f = run.frames[k];
      EXPECT_EQ(f.had_state, warm && k > 0) << run.label << " frame " << k;
      EXPECT_EQ(f.output.iterations, warm ? k : -1) << run.label << " frame " << k;
      // Every frame is verified against its own exact reference.
      EXPECT_EQ(f.verification.verdict, Verdict::pass) << f.verification.reason;
      EXPECT_GT(f.time_ns, 0);
    }
  }
  ASSERT_EQ(r.cases[0].frames.size(), 5u);
  EXPECT_EQ(r.cases[0].frames[3].spec.pose_b.translation, m.frames[3].pose_b.translation);
}

TEST(MotionRunner, ReportWithMotionSectionValidatesAndBadShapesDoNotStopTheRun) {
  MotionCase bad = find_motion_family("motion-cube")->generate(1, 1, {5, 2});
  bad.id = "empty";
  bad.b.vertices.clear();  // no vertex: no shape (a flat one is a polygon now, and runs)
  const std::vector<MotionCase> cases = {
      find_motion_family("motion-icosahedron")->generate(1, 0, {20, 3}), bad,
      load_cases(std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/examples/motion-cubes.json")
          .motion.at(0)};
  MotionRunOptions options;
  options.repetitions = 1;
  ReferenceCache cache;
  const MotionResults r =
      run_motion(cases, {{&builtin_gjk(), true}, {&builtin_gjk(), false}}, options, cache);
  ASSERT_EQ(r.runs.size(), 6u);
  EXPECT_NE(r.runs[2].error.find("invalid geometry"), std::string::npos) << r.runs[2].error;
  // The example's last frame turns B by a rounded quarter turn onto A's face: exact contact
  // within the band, so `ambiguous` is a right answer there.
  for (std::size_t i : {0, 1, 4, 5})
    for (const MotionFrameResult& f : r.runs[i].frames)
      EXPECT_TRUE(f.verification.verdict == Verdict::pass ||
                  f.verification.verdict == Verdict::ambiguous)
          << f.verification.reason;
  const std::map<std::string, double> instructions = {{"gjk/warm|" + cases[0].id, 1234.0}};
  ProximityRunResults run = motion_as_run_results(r);
  EXPECT_EQ(run.cases.size(), 3u + 2u + 7u);
  EXPECT_EQ(run.results.size(), 2 * run.cases.size());
  json report = make_report(run, options.run, {"touchstone motion --test", 1});
  report["motion"] = motion_json(r, instructions);
  const std::string text = report.dump(1);
  EXPECT_EQ(text.find("NaN"), std::string::npos);
  const std::string table = motion_table(r, instructions);
  EXPECT_NE(table.find("gjk/warm"), std::string::npos);
  EXPECT_NE(table.find("1234"), std::string::npos);
  EXPECT_TRUE(test_support::matches_report_schema(report, "motion-report"));
}

TEST(MotionFamilies, ShapesHaveTheExperimentsCounts) {
  struct Expected {
    std::vector<Vec3> vertices;
    std::size_t v, f;
  };
  const std::vector<Expected> shapes = {{cube_vertices(), 8, 6},
                                        {icosahedron_vertices(), 12, 20},
                                        {disk_vertices(), 120, 62},
                                        {icosphere_vertices(), 642, 1280}};
  for (const Expected& e : shapes) {
    const Polytope p = Polytope::from_points(e.vertices);
    EXPECT_EQ(p.vertices().size(), e.v);
    EXPECT_EQ(p.faces().size(), e.f);
  }
  // The disk's caps are the two 60-gons; its aspect ratio is 10:1.
  const Polytope disk = Polytope::from_points(disk_vertices());
  int sixty = 0;
  for (const Face& f : disk.faces()) sixty += f.vertices.size() == 60;
  EXPECT_EQ(sixty, 2);
  const Vec3 extent = disk.bbox_max() - disk.bbox_min();
  EXPECT_NEAR(extent.x() / extent.z(), 10.0, 1e-12);
  for (const MotionFamily& f : motion_families())
    EXPECT_EQ(Polytope::from_points(f.generate(1, 0, {5, 1}).a.vertices).vertices().size(),
              static_cast<std::size_t>(f.vertices));
}

TEST(MotionFamilies, DeterministicSeparatedAndOmegaIsTheStep) {
  const MotionFamily* f = find_motion_family("motion-disk");
  const MotionCase x = f->generate(3, 2, {25, 4}), y = f->generate(3, 2, {25, 4});
  for (std::size_t k = 0; k < 4; ++k) expect_same_pose(x.frames[k].pose_b, y.frames[k].pose_b);
  const MotionCase still = f->generate(3, 2, {0, 3});
  expect_same_pose(still.frames[0].pose_b, still.frames[2].pose_b);
  // Consecutive frames turn B by ω: the relative rotation has angle 25°.
  const Mat3 step = x.frames[1].pose_b.rotation * x.frames[0].pose_b.rotation.transpose();
  EXPECT_NEAR(std::acos((step.trace() - 1) / 2) * 180 / 3.14159265358979323846, 25.0, 1e-9);
  for (std::size_t k = 0; k < 4; ++k) {
    const ExactProximity e =
        exact_proximity(x.a.vertices, x.frames[k].pose_a, x.b.vertices, x.frames[k].pose_b);
    EXPECT_EQ(e.relation, Relation::separated);
  }
  EXPECT_DOUBLE_EQ(portable_sin(3.14159265358979323846 / 6), 0.5);
  EXPECT_NEAR(portable_cos(2.0), std::cos(2.0), 1e-15);
}

// Exact squared distance between two features (their vertex sets) under the poses.
std::string feature_distance_sq(const Polytope& a, const Pose& pa, const Feature& fa,
                                const Polytope& b, const Pose& pb, const Feature& fb) {
  return exact_proximity(feature_points(a, fa), pa, feature_points(b, fb), pb, {false})
      .distance_sq_exact;
}

TEST(Robustness, BisectionLandsWhereTheClosestFeaturesChange) {
  const Polytope cube = Polytope::from_points(cube_vertices());
  int face = 0, edge = 0;
  for (int index = 0; index < 16; ++index) {
    const RobustnessTrial t = make_robustness_trial(1, index);
    (t.configuration == "face" ? face : edge) += 1;
    ASSERT_LT(t.s_lo, t.s_hi);
    EXPECT_FALSE(t.features_lo == t.features_hi);
    const Pose lo = t.pose_at(t.s_lo), hi = t.pose_at(t.s_hi);
    const Pose a = Pose::identity();
    const std::string global_lo =
        exact_proximity(cube.vertices(), a, cube.vertices(), lo, {false}).distance_sq_exact;
    const std::string global_hi =
        exact_proximity(cube.vertices(), a, cube.vertices(), hi, {false}).distance_sq_exact;
    EXPECT_NE(global_lo, "0");
    const FeaturePair &f_lo = t.features_lo, &f_hi = t.features_hi;
    const bool lo_closest_at_lo =
        feature_distance_sq(cube, a, f_lo.a, cube, lo, f_lo.b) == global_lo;
    const bool hi_closest_at_hi =
        feature_distance_sq(cube, a, f_hi.a, cube, hi, f_hi.b) == global_hi;
    const bool hi_closest_at_lo =
        feature_distance_sq(cube, a, f_hi.a, cube, lo, f_hi.b) == global_lo;
    const bool lo_closest_at_hi =
        feature_distance_sq(cube, a, f_lo.a, cube, hi, f_lo.b) == global_hi;
    // Each side's pair is exactly a closest pair there, and the set of closest pairs changed.
    EXPECT_TRUE(lo_closest_at_lo) << "trial " << index << " " << f_lo.to_string();
    EXPECT_TRUE(hi_closest_at_hi) << "trial " << index << " " << f_hi.to_string();
    EXPECT_TRUE(!hi_closest_at_lo || !lo_closest_at_hi)
        << "trial " << index << ": " << f_lo.to_string() << " -> " << f_hi.to_string();
    // The bracket is two adjacent doubles, f_lo strictly closer at the first and not at the second.
    EXPECT_EQ(std::nextafter(t.s_lo, 2.0), t.s_hi) << "trial " << index;
    EXPECT_LT(compare_feature_pair_distances(cube, a, cube, lo, f_lo.a, f_lo.b, f_hi.a, f_hi.b), 0);
    EXPECT_GE(compare_feature_pair_distances(cube, a, cube, hi, f_lo.a, f_lo.b, f_hi.a, f_hi.b), 0);
    // The trial's last frame is the pose at one end of the bracket.
    expect_same_pose(t.motion.frames[1].pose_b, t.at_hi ? hi : lo);
  }
  EXPECT_EQ(face, 8);
  EXPECT_EQ(edge, 8);
}

// The exact change search on gaps of the three shapes the trials show (a plateau reached like
// (r − s)² or like (r − s), a crossing), here plain double functions whose computed sign plays the
// exact sign: it ends on the very adjacent doubles a bisection of the sign finds, with far fewer
// evaluations. The bisection is the test's own (lo while the sign is negative).
TEST(Robustness, ExactChangeSearchEndsWhereBisectionDoes) {
  using Gap = std::function<double(double)>;
  struct Shape {
    const char* name;
    Gap gap;
  };
  for (const double r : {0.1234567890123, 0.5, 0.62500000216310381, 0.9999}) {
    const std::vector<Shape> shapes = {
        {"plateau, squared", [r](double s) { return s < r ? -3e-7 * (r - s) * (r - s) : 0.0; }},
        {"plateau, linear", [r](double s) { return s < r ? -2e-19 * (r - s) : 0.0; }},
        {"crossing", [r](double s) { return 5e-3 * (s - r) + 1e-3 * (s - r) * (s - r); }},
    };
    for (const Shape& shape : shapes) {
      int evaluations = 0;
      const GapAt at = [&](double s) {
        ++evaluations;
        const double v = shape.gap(s);
        return GapSample{s, {(v > 0) - (v < 0), v}};
      };
      double lo = r - 0.01, hi = std::min(1.0, r + 0.05);
      const GapSample first = at(lo), last = at(hi);
      ASSERT_TRUE(first.lo_closer() && !last.lo_closer()) << shape.name;
      evaluations = 0;
      const auto [found_lo, found_hi] = narrow_to_adjacent_doubles(first, last, {first, last}, at);
      int bisections = 0;
      for (double mid = lo + (hi - lo) / 2; mid > lo && mid < hi; mid = lo + (hi - lo) / 2) {
        (shape.gap(mid) < 0 ? lo : hi) = mid;
        ++bisections;
      }
      EXPECT_EQ(found_lo, lo) << shape.name << " r " << r;
      EXPECT_EQ(found_hi, hi) << shape.name << " r " << r;
      EXPECT_LT(evaluations, bisections / 2) << shape.name << " r " << r;
    }
  }
}

// Delegates to GJK but inflates the distance by 1e-6 of it: a distance problem on every trial.
class Inflater : public test_support::OverGjk {
 public:
  ProximityResult query(const ProximityQuery& in) const override {
    ProximityResult r = gjk_->query(in);
    if (r.distance) *r.distance *= 1 + 1e-6;
    return r;
  }
};

TEST(Robustness, CountsProblemsAndAFailingTrialReplaysFromItsFile) {
  ProximityAlgorithmInfo inflater =
      gjk_variant("inflater", [] { return std::make_unique<Inflater>(); });
  inflater.capabilities.witness_points = false;
  RobustnessOptions options;
  options.trials = 200;
  options.max_exported = 3;
  const RobustnessResults r = run_robustness({&builtin_gjk(), &inflater}, options);
  EXPECT_EQ(r.reference_errors, 0);
  ASSERT_EQ(r.counts.size(), 2u);
  EXPECT_EQ(r.counts[0].trials, 200);
  EXPECT_EQ(r.counts[1].trials, 200);
  // The distance error is 1e-6 × d against a tolerance of 1e-9 × L: a problem whenever d is
  // above ~1e-2 (gaps are drawn from 1e-9 to 1e-1).
  EXPECT_GT(r.counts[1].distance, 0);
  EXPECT_EQ(r.counts[1].problems, r.counts[1].distance);
  EXPECT_EQ(r.counts[1].cycling + r.counts[1].false_zero + r.counts[1].wrong_features, 0);
  ASSERT_EQ(r.failing.size(), 3u);
  EXPECT_NE(robustness_table(r).find("inflater"), std::string::npos);
  EXPECT_EQ(robustness_json(r, options)["algorithms"][1]["problems"], r.counts[1].problems);

  std::vector<const MotionCase*> failing;
  for (const auto& t : r.failing) failing.push_back(&t.motion);
  const LoadedCases loaded =
      parse_case_document(write_motion_case_document(failing).dump(), "failures.json");
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors[0].to_string();
  ASSERT_EQ(loaded.motion.size(), 3u);
  MotionRunOptions replay;
  replay.repetitions = 1;
  replay.run.reference_timeout_seconds = 0;
  ReferenceCache cache;
  const MotionResults m = run_motion(loaded.motion, {{&inflater, true}}, replay, cache);
  for (std::size_t i = 0; i < 3; ++i) {
    expect_same_pose(loaded.motion[i].frames[1].pose_b, r.failing[i].motion.frames[1].pose_b);
    ASSERT_EQ(m.runs[i].frames.size(), 2u);
    const Verification& v = m.runs[i].frames[1].verification;
    EXPECT_EQ(v.verdict, Verdict::fail);
    EXPECT_NE(v.reason.find("distance"), std::string::npos) << v.reason;
  }
}

}  // namespace
}  // namespace touchstone
