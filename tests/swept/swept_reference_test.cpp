// The exact swept reference (rational roots, signs at algebraic roots, degenerate contact) against
// the CCD benchmark's ground truth on every query of the shared sample and against the families'
// answers by construction; the algorithms' promises (no false negatives for `conservative`); the
// verdict rules and the table.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "cases/format/ccd_csv.hpp"
#include "cases/swept_families.hpp"
#include "harness/swept/runner.hpp"
#include "reference/exact_polynomial_internal.hpp"
#include "reference/exact_swept.hpp"

namespace touchstone {
namespace {

using namespace exact_poly;

// ../shared/data (TOUCHSTONE_SHARED_DIR at run time overrides the build's path, for worktrees).
const std::string kSample =
    std::string(std::getenv("TOUCHSTONE_SHARED_DIR") ? std::getenv("TOUCHSTONE_SHARED_DIR")
                                                     : TOUCHSTONE_SHARED_DIR) +
    "/data/ccd-sample-queries";

TEST(SweptPolynomial, IrrationalRootIsIsolatedAndSignsAreExact) {
  // t² − 1/2 on [0, 1]: the root √2/2.
  const Poly p{Q(-1, 2), Q(0), Q(1)};
  auto roots = roots_in(p, Q(0), Q(1));
  ASSERT_EQ(roots.size(), 1u);
  Root r = roots[0];
  EXPECT_FALSE(r.exact);
  refine_relative(r, Q(1, 1000000000000));
  EXPECT_LE(r.lo.get_d(), std::sqrt(0.5));
  EXPECT_GE(r.hi.get_d(), std::sqrt(0.5) - 1e-16);
  EXPECT_LE(Q((r.hi - r.lo) / r.lo).get_d(), 1e-12);
  // 2t² − 1 vanishes there; t − 7/10 is positive; 2t − √2·… : (t − 1)(2t² − 1) vanishes too.
  EXPECT_EQ(sign_at_root(Poly{Q(-1), Q(0), Q(2)}, roots[0]), 0);
  EXPECT_EQ(sign_at_root(Poly{Q(-7, 10), Q(1)}, roots[0]), 1);
  EXPECT_EQ(sign_at_root(Poly{Q(-71, 100), Q(1)}, roots[0]), -1);
  EXPECT_EQ(sign_at_root(mul(Poly{Q(-1), Q(1)}, Poly{Q(-1), Q(0), Q(2)}), roots[0]), 0);
  // A double root and a rational root: (t − 1/3)² (t − 1).
  const Poly q = mul(mul(Poly{Q(-1, 3), Q(1)}, Poly{Q(-1, 3), Q(1)}), Poly{Q(-1), Q(1)});
  const auto qr = roots_in(q, Q(0), Q(1));
  ASSERT_EQ(qr.size(), 2u);
  EXPECT_TRUE(qr[1].exact);
  EXPECT_EQ(qr[1].lo, Q(1));
  Root third = qr[0];
  refine_relative(third, Q(1, 1000000000000));
  EXPECT_TRUE(third.lo <= Q(1, 3) && Q(1, 3) <= third.hi);
}

TEST(SweptReference, AgreesWithTheBenchmarkGroundTruthOnEverySampleQuery) {
  if (!std::filesystem::exists(kSample)) GTEST_SKIP() << kSample << " absent";
  const auto load = load_ccd_csv(kSample);
  ASSERT_TRUE(load.errors.empty());
  ASSERT_EQ(load.cases.size(), 324u);
  int positives = 0;
  for (const auto& c : load.cases) {
    const auto r = exact_swept(c.exact);
    ASSERT_TRUE(c.truth.has_value());
    EXPECT_EQ(r.collides, *c.truth) << c.id;
    positives += r.collides;
    if (r.collides) {
      const Q lo(r.toi_lo), hi(r.toi_hi);
      EXPECT_TRUE(Q(0) <= lo && lo <= hi && hi <= Q(1)) << c.id;
      EXPECT_TRUE(hi - lo <= Q(1, 1000000000000) * lo) << c.id;
      EXPECT_LE(r.toi_lo_double, r.toi_hi_double);
    }
  }
  EXPECT_EQ(positives, 1280 / 8);
}

TEST(SweptReference, FamiliesAnswerAsConstructed) {
  for (const auto& c : swept_family_cases({"*"})) {
    const auto r = exact_swept(c.exact);
    EXPECT_EQ(r.collides, *c.truth) << c.id;
    if (c.expected_toi) {
      EXPECT_LE(r.toi_lo_double, *c.expected_toi) << c.id;
      EXPECT_GE(r.toi_hi_double, *c.expected_toi) << c.id;
    }
    if (c.family == "resting" || c.family == "coplanar-sliding") {
      EXPECT_TRUE(r.coplanar_throughout) << c.id;
    }
  }
}

TEST(SweptReference, DegenerateTrianglesAndPointsAndBadRationals) {
  SweptQuery q;
  // A triangle collapsed to a segment from (0,0,0) to (2,0,0); the vertex falls onto (1,0,0).
  q.type = SweptType::vertex_face;
  const Eigen::Vector3d v0(1, 0, 1), v1(1, 0, -1), a(0, 0, 0), b(2, 0, 0), c(1, 0, 0);
  q.points = {v0, a, b, c, v1, a, b, c};
  auto r = exact_swept(exact_swept_query(q));
  EXPECT_TRUE(r.collides);
  EXPECT_TRUE(r.coplanar_throughout);
  EXPECT_EQ(r.toi_lo, "1/2");
  EXPECT_EQ(r.toi_hi, "1/2");
  // The same vertex falling beside the segment, at y = 2^-40.
  q.points[0].y() = q.points[4].y() = 0x1p-40;
  EXPECT_FALSE(exact_swept(exact_swept_query(q)).collides);
  // Two edges collapsed to points, meeting at t = 1/4.
  q.type = SweptType::edge_edge;
  const Eigen::Vector3d p0(-1, 0, 0), p1(3, 0, 0), o(0, 0, 0);
  q.points = {p0, p0, o, o, p1, p1, o, o};
  r = exact_swept(exact_swept_query(q));
  EXPECT_TRUE(r.collides);
  EXPECT_EQ(r.toi_lo, "1/4");
  ExactSweptQuery bad = exact_swept_query(q);
  bad.coordinates[5][1] = "1/0";
  EXPECT_THROW(exact_swept(bad), std::invalid_argument);
  bad.coordinates[5][1] = "x";
  EXPECT_THROW(exact_swept(bad), std::invalid_argument);
}

// A static triangle a = 0, b = (1, 0, 1), c = (0, 1, 1) in the plane z = x + y, which no coordinate
// projection flattens. A vertex falling along −z meets the plane only at t = 1/2 (z − x − y of the
// vertex is 1 − 2t from either start below). Through (0.25, 0.25, 0.5), inside the triangle: a hit
// at exactly 1/2. Through (−0.5, 0.5, 0): beside edge ca (x = 0) although on the inner side of ab
// and bc: no hit.
TEST(SweptReference, VertexBesideATiltedTriangleMissesIt) {
  SweptQuery q;
  q.type = SweptType::vertex_face;
  const Eigen::Vector3d a(0, 0, 0), b(1, 0, 1), c(0, 1, 1), up(0, 0, 1);
  const Eigen::Vector3d inside(0.25, 0.25, 0.5), beside(-0.5, 0.5, 0);
  q.points = {inside + up, a, b, c, inside - up, a, b, c};
  const auto hit = exact_swept(exact_swept_query(q));
  EXPECT_TRUE(hit.collides);
  EXPECT_EQ(hit.toi_lo, "1/2");
  EXPECT_EQ(hit.toi_hi, "1/2");
  q.points[0] = beside + up;
  q.points[4] = beside - up;
  EXPECT_FALSE(exact_swept(exact_swept_query(q)).collides);
}

// The triangle moves, the vertex stays: T = {a = 0, b = (2, 0, 1), c = (0, 2, 1)} in the plane
// z = (x + y) / 2 (normal (1, 1, −2), flattened by no coordinate projection) translates from
// T − e_z to T + e_z, so a point on T's plane lies on the moving plane only at t = 1/2. The vertex
// (0.5, 0.5, 0.5) is inside T: a hit at exactly 1/2. (−0.25, 0.5, 0.125) is on T's plane beside
// its side ca (x = 0), on the inner side of ab (y = 0) and bc (x + y = 2): no hit.
TEST(SweptReference, MovingTiltedTriangleMissesAVertexBesideItsThirdSide) {
  SweptQuery q;
  q.type = SweptType::vertex_face;
  const Eigen::Vector3d a(0, 0, 0), b(2, 0, 1), c(0, 2, 1), up(0, 0, 1);
  for (const Eigen::Vector3d& v :
       {Eigen::Vector3d(0.5, 0.5, 0.5), Eigen::Vector3d(-0.25, 0.5, 0.125)}) {
    q.points = {v, a - up, b - up, c - up, v, a + up, b + up, c + up};
    const auto r = exact_swept(exact_swept_query(q));
    const bool inside = v.x() > 0;
    EXPECT_EQ(r.collides, inside) << v.transpose();
    if (inside) {
      EXPECT_EQ(r.toi_lo, "1/2");
      EXPECT_EQ(r.toi_hi, "1/2");
    }
  }
}

SweptRun run_of(const std::vector<SweptCase>& cases) {
  std::vector<const SweptAlgorithmInfo*> all;
  for (const auto& a : SweptAlgorithmRegistry::builtin().all()) all.push_back(&a);
  SweptOptions options;
  options.repetitions = 1;
  return run_swept(cases, all, options, {});
}

TEST(SweptAlgorithms, ConservativeOnesHaveNoFalseNegativeAndNoLateToi) {
  std::vector<SweptCase> cases = swept_family_cases({"*"});
  if (std::filesystem::exists(kSample)) {
    auto load = load_ccd_csv(kSample);
    cases.insert(cases.end(), load.cases.begin(), load.cases.end());
  }
  const SweptRun run = run_of(cases);
  ASSERT_EQ(run.cases.size(), cases.size());
  for (const auto& c : run.cases) EXPECT_TRUE(c.problems.empty()) << c.spec.id;
  int conservative = 0;
  for (const auto& r : run.results) {
    if (!r.algorithm->conservative) continue;
    ++conservative;
    const auto& exact = run.cases[r.case_index].reference.exact;
    const auto& id = run.cases[r.case_index].spec.id;
    EXPECT_FALSE(r.verification.false_negative) << r.algorithm->name << " " << id;
    if (r.answer.collides && exact.collides) {
      EXPECT_LE(r.answer.toi, exact.toi_hi_double) << r.algorithm->name << " " << id;
    }
    EXPECT_NE(r.verification.verdict, Verdict::error)
        << r.algorithm->name << " " << r.verification.reason;
  }
  EXPECT_GT(conservative, 0);
  // interval-swept answers every family query within the TOI tolerance, with no false positive
  // (exact zeros stay zero in its arithmetic: collinear and coplanar motion is decided).
  for (const auto& r : run.results)
    if (r.algorithm->name == "interval-swept" &&
        run.cases[r.case_index].spec.source.rfind("swept", 0) == 0) {
      const auto& id = run.cases[r.case_index].spec.id;
      EXPECT_EQ(r.verification.verdict, Verdict::pass) << id << ": " << r.verification.reason;
      EXPECT_FALSE(r.verification.false_positive) << id;
    }
}

TEST(SweptAlgorithms, SilviaAsWritten) {
  // A vertex through the front of a face (normal +z by f0, f1, f2) is found at t_c; the same
  // vertex coming from behind is not: the paper's test is one-sided.
  SweptQuery q;
  q.type = SweptType::vertex_face;
  const Eigen::Vector3d a(0, 0, 0), b(2, 0, 0), c(0, 2, 0);
  q.points = {Eigen::Vector3d(0.5, 0.5, 1), a, b, c, Eigen::Vector3d(0.5, 0.5, -3), a, b, c};
  auto ans = silvia_swept(q);
  EXPECT_TRUE(ans.collides);
  EXPECT_EQ(ans.toi, 0.25);
  std::swap(q.points[0], q.points[4]);
  EXPECT_FALSE(silvia_swept(q).collides);
  EXPECT_TRUE(exact_swept(exact_swept_query(q)).collides);
  // Crossing edges: edge a along y at x = 1 falls through edge b on the x axis.
  q.type = SweptType::edge_edge;
  q.points = {Eigen::Vector3d(1, -1, 1),  Eigen::Vector3d(1, 1, 1),  a, b,
              Eigen::Vector3d(1, -1, -1), Eigen::Vector3d(1, 1, -1), a, b};
  ans = silvia_swept(q);
  EXPECT_TRUE(ans.collides);
  EXPECT_NEAR(ans.toi, 0.5, 1e-15);
}

TEST(SweptVerdicts, RulesAndTable) {
  ExactSweptResult hit;
  hit.collides = true;
  hit.toi_lo_double = 0.5;
  hit.toi_hi_double = 0.5 + 1e-13;
  SweptAlgorithmInfo conservative{"c", "", "", true, {}, {}};
  SweptAlgorithmInfo plain{"p", "", "", false, {}, {}};
  SweptOptions options;
  auto judge = [&](const SweptAlgorithmInfo& a, const ExactSweptResult& exact, bool collides,
                   double toi) {
    return judge_swept(a, exact, options, {collides, toi, false, ""});
  };
  auto v = judge(conservative, hit, false, 1);
  EXPECT_EQ(v.verdict, Verdict::fail);
  EXPECT_TRUE(v.false_negative);
  v = judge(conservative, hit, true, 0.5 + 1e-9);  // later than exact: conservative fails
  EXPECT_EQ(v.verdict, Verdict::fail);
  v = judge(plain, hit, true, 0.5 + 1e-9);
  EXPECT_EQ(v.verdict, Verdict::pass);
  EXPECT_NEAR(v.toi_error, 1e-9 - 1e-13, 1e-15);
  v = judge(conservative, hit, true, 0.4);  // early by 0.1
  EXPECT_EQ(v.verdict, Verdict::fail);
  ExactSweptResult miss;
  v = judge(conservative, miss, true, 0.3);
  EXPECT_EQ(v.verdict, Verdict::pass);
  EXPECT_TRUE(v.false_positive);
  v = judge(plain, miss, true, 0.3);
  EXPECT_EQ(v.verdict, Verdict::fail);

  const SweptRun run = run_of(swept_family_cases({"thin-plate"}));
  const auto table = swept_table(run);
  ASSERT_FALSE(table.empty());
  EXPECT_EQ(table[0].algorithm, "exact-reference");
  EXPECT_EQ(table[0].group, "thin-plate");
  EXPECT_EQ(table[0].queries, 4 * 24);
  const auto report = SweptReport(run, options).document({"cmd", 0});
  EXPECT_EQ(report["cases"].size(), 4u * 24u);
  EXPECT_EQ(report["algorithms"].size(), run.algorithms.size());
  EXPECT_TRUE(report["cases"][0]["results"][0].contains("collides"));
  // The context every kind's report carries: where and when it was measured.
  for (const char* key : {"date", "git_sha", "host_name", "cpu", "num_cpus", "compiler"})
    EXPECT_TRUE(report["context"].contains(key)) << key;
  EXPECT_EQ(report["context"]["command_line"], "cmd");
}

// One rotation of each whole-solid base (every third in swept_solids_long_test.cpp).
std::vector<SweptCase> solid_cases_r(const std::string& rotation) {
  std::vector<SweptCase> out;
  for (auto& c : swept_family_cases(
           {"solids-thin-plate", "solids-slide-onto", "solids-graze", "solids-resting"}))
    if (c.id.size() > rotation.size() &&
        c.id.compare(c.id.size() - rotation.size(), rotation.size(), rotation) == 0)
      out.push_back(std::move(c));
  return out;
}

TEST(SweptSolids, ReferenceFindsTheConstructedContactAndItsFeatures) {
  const auto cases = solid_cases_r("/r0");
  ASSERT_EQ(cases.size(), 12u);
  for (const auto& c : cases) {
    const auto r = exact_swept_solids(c.solids->exact);
    EXPECT_EQ(r.earliest.collides, *c.truth) << c.id;
    EXPECT_EQ(r.pairs, 2 * 8 * 12 + 18 * 18) << c.id;
    if (!c.expected_toi) continue;
    EXPECT_EQ(Q(r.earliest.toi_lo), Q(*c.expected_toi)) << c.id;  // dyadic: exact
    EXPECT_EQ(Q(r.earliest.toi_hi), Q(*c.expected_toi)) << c.id;
  }
  // The plate falling on the cube at 2048 a step: b's (the cube's) top vertices meet a's bottom
  // face; the cube falling through the plate: a's bottom vertices meet b's top face.
  auto meeting_at = [](const SweptCase& c, const std::string& prefix) {
    int n = 0;
    const auto r = exact_swept_solids(c.solids->exact);
    for (const auto& p : r.meeting)
      n += p.toi_lo <= r.earliest.toi_hi_double && p.features.rfind(prefix, 0) == 0;
    return n;
  };
  for (const auto& c : cases) {
    if (c.id == "solids-thin-plate/plate-onto-cube/r0") {
      EXPECT_GE(meeting_at(c, "b.v"), 4);
    }
    if (c.id == "solids-thin-plate/cube-through/r0") {
      EXPECT_GE(meeting_at(c, "a.v"), 4);
    }
  }
  // Bad input names the body and field.
  auto bad = cases[0].solids->exact;
  bad.b.end[1] = "1/0";
  EXPECT_THROW(
      {
        try {
          exact_swept_solids(bad);
        } catch (const std::invalid_argument& e) {
          EXPECT_NE(std::string(e.what()).find("b.end[1]"), std::string::npos) << e.what();
          throw;
        }
      },
      std::invalid_argument);
}

TEST(SweptSolids, BoxCullingKeepsEveryPairTheExactTestNeeds) {
  // swept_solids with the exact elementary test as its oracle must give the reference's answer:
  // a pair its boxes drop that meets would show as a miss or a later toi.
  auto exact_oracle = [](const SweptQuery& q) {
    const auto r = exact_swept(exact_swept_query(q));
    return SweptAnswer{r.collides, r.toi_lo_double, false, ""};
  };
  for (const std::string rot : {"/r0", "/r13"})
    for (const auto& c : solid_cases_r(rot)) {
      const auto got = swept_solids(c.solids->query, exact_oracle);
      EXPECT_EQ(got.collides, *c.truth) << c.id;
      if (c.expected_toi) {
        EXPECT_EQ(got.toi, *c.expected_toi) << c.id;
      }
      EXPECT_LT(got.pairs_tested, 2 * 8 * 12 + 18 * 18) << c.id;  // the boxes cull something
      if (got.collides) {
        EXPECT_FALSE(got.features.empty()) << c.id;
      }
    }
}

// A triangle turning about z by 2 atan(h): its vertex (1, −1, 0), at radius √2 and −45°, crosses
// the plane x = 5/4 of a wide triangle when √2 cos(φ − 45°) = 5/4, φ = 2 atan(t h): outside the
// box of the vertex's positions at both ends (x = 1 there), inside its arc.
SweptSolidsQuery turning_onto_wall(double h) {
  SweptSolidsQuery q;
  q.a.vertices = {{1, -1, 0}, {0.5, -0.5, 0}, {0.5, -1, 0}};
  q.a.triangles = {{0, 1, 2}};
  q.a.rotation = {0, 0, h};
  q.b.vertices = {{1.25, -3, -3}, {1.25, 3, -3}, {1.25, 0, 3}};
  q.b.triangles = {{0, 1, 2}};
  return q;
}

TEST(SweptRotation, ReferenceAndConservativeFollowTheArc) {
  // The time from the closed form, in doubles (not from the code under test).
  const double phi = M_PI / 4 - std::acos(1.25 / std::sqrt(2.0)), toi = std::tan(phi / 2);
  const auto hit = turning_onto_wall(1.0);
  const auto r = exact_swept_solids(exact_swept_solids_query(hit));
  ASSERT_TRUE(r.earliest.collides);
  EXPECT_NEAR(r.earliest.toi_lo_double, toi, 1e-12);
  EXPECT_LE(Q((Q(r.earliest.toi_hi) - Q(r.earliest.toi_lo)) / Q(r.earliest.toi_lo)).get_d(), 1e-12);
  EXPECT_NEAR(swept_rotate(hit.a.rotation, toi, hit.a.vertices[0]).x(), 1.25, 1e-12);
  // 2 atan(1/8) = 14.3° < 45° − acos(1.25/√2) = 17.1°: the arc stops short of the wall.
  EXPECT_FALSE(
      exact_swept_solids(exact_swept_solids_query(turning_onto_wall(0.125))).earliest.collides);
  // The conservative entrant, culled by the arc's boxes: the contact, never late.
  const IntervalParameters p{};
  auto interval = [&](const SweptQuery& q) { return interval_swept(q, p); };
  const auto got = swept_solids(hit, interval);
  ASSERT_TRUE(got.collides);
  EXPECT_LE(got.toi, r.earliest.toi_hi_double);
  EXPECT_GE(got.toi, r.earliest.toi_lo_double - 1e-6);
  EXPECT_EQ(got.features, "a.v0/b.f0");
  EXPECT_FALSE(swept_solids(turning_onto_wall(0.125), interval).collides);
  // The culling with the exact elementary test as its oracle gives the reference's answer.
  const auto exact = swept_solids(hit, [](const SweptQuery& q) {
    const auto e = exact_swept_rigid(q);
    return SweptAnswer{e.collides, e.toi_lo_double, false, ""};
  });
  ASSERT_TRUE(exact.collides);
  EXPECT_EQ(exact.toi, r.earliest.toi_lo_double);
  // FCL's motions cannot follow the model: declared, not guessed.
  if (const auto* fcl = SweptAlgorithmRegistry::builtin().find("fcl-ccd-ca")) {
    const auto f = fcl->solids(hit);
    EXPECT_TRUE(f.failed);
    EXPECT_NE(f.reason.find("not supported"), std::string::npos) << f.reason;
  }
}

TEST(SweptSolids, AlgorithmsRunThemAndConservativeOnesMissNothing) {
  const auto cases = solid_cases_r("/r19");
  const SweptRun run = run_of(cases);
  for (const auto& c : run.cases) EXPECT_TRUE(c.problems.empty()) << c.spec.id;
  int conservative = 0;
  for (const auto& r : run.results) {
    const auto& id = run.cases[r.case_index].spec.id;
    if (r.algorithm->name == "interval-swept") {
      ++conservative;
      EXPECT_FALSE(r.verification.false_negative) << id;
      EXPECT_NE(r.verification.verdict, Verdict::fail) << id << ": " << r.verification.reason;
    }
    if (r.algorithm->name == "silvia-swept" || r.algorithm->name == "sampling-k") {
      EXPECT_FALSE(r.answer.failed) << id;
    }
  }
  EXPECT_EQ(conservative, static_cast<int>(cases.size()));
  const auto table = swept_table(run);
  EXPECT_TRUE(std::any_of(table.begin(), table.end(), [](const SweptTableRow& row) {
    return row.group == "solids (all)" && row.algorithm == "interval-swept" &&
           row.false_negatives == 0 && row.queries == 12;
  }));
  const auto report = SweptReport(run, SweptOptions{}).document({"cmd", 0});
  EXPECT_TRUE(report["cases"][0].contains("a"));
  EXPECT_TRUE(report["cases"][0]["reference"].contains("features"));
}

TEST(SweptSolids, DeadlineFailsTheQueryAndTheRunGoesOn) {
  auto cases = solid_cases_r("/r0");
  cases.resize(3);
  cases.push_back(swept_family_cases({"thin-plate"})[0]);  // elementary too
  const auto* interval = SweptAlgorithmRegistry::builtin().find("interval-swept");
  ASSERT_NE(interval, nullptr);
  SweptOptions options;
  options.repetitions = 2;
  options.deadline_ms = 1e-6;  // 1 ns: every call is over it
  const SweptRun run = run_swept(cases, {interval}, options, {});
  ASSERT_EQ(run.results.size(), cases.size());
  for (const auto& r : run.results) {
    EXPECT_TRUE(r.answer.failed);
    EXPECT_EQ(r.verification.verdict, Verdict::error);
    EXPECT_NE(r.answer.reason.find("over the per-query deadline of 1e-06 ms"), std::string::npos)
        << r.answer.reason;
  }
  // swept_solids itself stops between pairs once expired.
  const auto gave_up = swept_solids(
      cases[0].solids->query, [](const SweptQuery&) { return SweptAnswer{}; }, [] { return true; });
  EXPECT_TRUE(gave_up.failed);
  EXPECT_EQ(gave_up.pairs_tested, 0);
  options.deadline_ms = 0;  // none
  for (const auto& r : run_swept(cases, {interval}, options, {}).results)
    EXPECT_FALSE(r.answer.failed) << r.answer.reason;
}

TEST(SweptSolids, FeatureCheckFlagsFeaturesThatDoNotMeetThen) {
  SweptReference ref;
  ref.exact.collides = true;
  ref.exact.toi_lo_double = ref.exact.toi_hi_double = 0.5;
  ref.meeting = {{"a.v0/b.f1", 0.5, 0.5}, {"a.e0-1/b.e2-3", 0.75, 0.75}};
  const SweptAlgorithmInfo plain{"p", "", "", false, {}, {}};
  SweptAnswer a{true, 0.5, false, "", "a.v0/b.f1", 1};
  EXPECT_FALSE(judge_swept_solids(plain, ref, {}, a).features_off);
  a.features = "a.e0-1/b.e2-3";  // meets, but only at 0.75
  auto v = judge_swept_solids(plain, ref, {}, a);
  EXPECT_TRUE(v.features_off);
  EXPECT_EQ(v.verdict, Verdict::pass);  // the verdict rests on collides and toi
  a.features = "a.v5/b.f5";
  EXPECT_NE(judge_swept_solids(plain, ref, {}, a).reason.find("never meet"), std::string::npos);
}

// FCL's continuous collision through the adapter on a case with a known time of contact: a unit
// cube translating from x = -3 to x = 3 meets a unit cube at the origin at t = 1/3 (its leading
// face from x = -2 reaches x = 0); beside it by 1/2 in y, never. fcl-ccd-naive's answer is
// predictable from FCL's code alone (collide() at t = i/9, the first in contact: 1/3 touching, or
// 4/9), so it proves the poses reach FCL (start and end, either body moving). fcl-ccd-ca and
// fcl-ccd-poly are run through the same adapter and must answer; what they answer is FCL's and
// is measured by the table, not asserted here.
TEST(SweptSolids, FclAdapterMatchesAKnownTimeOfContact) {
  const auto& registry = SweptAlgorithmRegistry::builtin();
  if (!registry.find("fcl-ccd-naive")) GTEST_SKIP() << "built without FCL";
  auto cube = [](Eigen::Vector3d s, Eigen::Vector3d e) {
    auto c = swept_family_cases({"solids-graze"})[0].solids->query.a;  // a unit cube
    c.start = s;
    c.end = e;
    return c;
  };
  const SweptSolidsQuery hit{cube({-3, 0, 0}, {3, 0, 0}), cube({0, 0, 0}, {0, 0, 0})};
  const SweptSolidsQuery miss{cube({-3, 1.5, 0}, {3, 1.5, 0}), cube({0, 0, 0}, {0, 0, 0})};
  // b moving instead of a, the other way: the same relative motion.
  const SweptSolidsQuery other{cube({0, 0, 0}, {0, 0, 0}), cube({3, 0, 0}, {-3, 0, 0})};
  // a starting in contact: t = 0.
  const SweptSolidsQuery start{cube({-1, 0, 0}, {5, 0, 0}), cube({0, 0, 0}, {0, 0, 0})};
  const auto* naive = registry.find("fcl-ccd-naive");
  ASSERT_TRUE(naive->solids);
  EXPECT_FALSE(naive->query);  // whole solids only
  for (const auto* q : {&hit, &other}) {
    const auto a = naive->solids(*q);
    ASSERT_FALSE(a.failed) << a.reason;
    EXPECT_TRUE(a.collides);
    EXPECT_TRUE(a.toi == 3.0 / 9 || a.toi == 4.0 / 9) << a.toi;
  }
  EXPECT_FALSE(naive->solids(miss).collides);
  EXPECT_EQ(naive->solids(start).toi, 0.0);
  for (const char* name : {"fcl-ccd-ca", "fcl-ccd-poly"}) {
    const auto* algorithm = registry.find(name);
    ASSERT_NE(algorithm, nullptr) << name;
    for (const auto* q : {&hit, &other, &miss, &start}) {
      const auto a = algorithm->solids(*q);
      EXPECT_FALSE(a.failed) << name << ": " << a.reason;
      EXPECT_TRUE(a.toi >= 0 && a.toi <= 1) << name << ": " << a.toi;
    }
  }
}

// Each rule once more, on an exact toi of exactly 1/2 with the default tolerance 1e-6: the
// expected verdicts follow from runner.hpp's rules by hand.
TEST(SweptVerdicts, ToleranceLatenessAndNonFiniteToi) {
  ExactSweptResult hit;
  hit.collides = true;
  hit.toi_lo_double = hit.toi_hi_double = 0.5;
  const SweptAlgorithmInfo conservative{"c", "", "", true, {}, {}};
  const SweptAlgorithmInfo plain{"p", "", "", false, {}, {}};
  const SweptOptions options;
  ASSERT_EQ(options.toi_tolerance, 1e-6);
  auto verdict = [&](const SweptAlgorithmInfo& a, const ExactSweptResult& e, bool hits, double t) {
    return judge_swept(a, e, options, {hits, t, false, ""}).verdict;
  };
  for (const SweptAlgorithmInfo* a : {&plain, &conservative}) {
    EXPECT_EQ(verdict(*a, hit, true, 0.5 - 1e-7), Verdict::pass);  // early, within 1e-6
    EXPECT_EQ(verdict(*a, hit, true, 0.5 - 1e-4), Verdict::fail);  // early by 100 tolerances
    EXPECT_EQ(verdict(*a, hit, true, 0.5 + 1e-4), Verdict::fail);  // late by 100 tolerances
    EXPECT_EQ(verdict(*a, hit, false, 0.0), Verdict::fail);        // missed the contact
    for (const double bad : {std::nan(""), HUGE_VAL, -HUGE_VAL}) {
      const SweptVerification v = judge_swept(*a, hit, options, {true, bad, false, ""});
      EXPECT_EQ(v.verdict, Verdict::fail) << bad;
      EXPECT_EQ(v.toi_error, HUGE_VAL) << bad;
    }
  }
  // Late within the tolerance: only a conservative algorithm (never late) fails.
  EXPECT_EQ(verdict(plain, hit, true, 0.5 + 1e-7), Verdict::pass);
  EXPECT_EQ(verdict(conservative, hit, true, 0.5 + 1e-7), Verdict::fail);
  // A contact where there is none: allowed to a conservative algorithm only.
  const ExactSweptResult miss;
  EXPECT_EQ(verdict(conservative, miss, true, 0.25), Verdict::pass);
  EXPECT_EQ(verdict(plain, miss, true, 0.25), Verdict::fail);
  EXPECT_EQ(verdict(plain, miss, false, 0.0), Verdict::pass);
}

// Through the runner: answers built from the exact reference, late by 1e-4 (100 tolerances) or
// with a NaN toi, fail on every colliding query of a family and are counted as TOI failures.
TEST(SweptVerdicts, RunCountsLateAndNonFiniteToisAsFailures) {
  auto answering = [](std::string name, double shift) {
    SweptAlgorithmInfo a{std::move(name), "", "", false, {}, {}};
    a.query = [shift](const SweptQuery& q) {
      const ExactSweptResult e = exact_swept(exact_swept_query(q));
      return SweptAnswer{e.collides, e.collides ? e.toi_lo_double + shift : 1.0, false, ""};
    };
    return a;
  };
  const SweptAlgorithmInfo right = answering("right", 0), late = answering("late", 1e-4),
                           nan = answering("nan", std::nan(""));
  SweptOptions options;
  options.repetitions = 1;
  const SweptRun run =
      run_swept(swept_family_cases({"thin-plate"}), {&right, &late, &nan}, options, {});
  int colliding = 0;
  for (const auto& c : run.cases) colliding += c.reference.exact.collides;
  ASSERT_GT(colliding, 0);
  int rows = 0;
  for (const SweptTableRow& row : swept_table(run)) {
    if (row.group != "thin-plate" || row.algorithm == "exact-reference") continue;
    ++rows;
    EXPECT_EQ(row.toi_failures, row.algorithm == "right" ? 0 : colliding) << row.algorithm;
    EXPECT_EQ(row.false_negatives + row.false_positives, 0) << row.algorithm;
  }
  EXPECT_EQ(rows, 3);
}

}  // namespace
}  // namespace touchstone
