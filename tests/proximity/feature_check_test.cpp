// The exact `features` check (DESIGN §5, seed 003 §2 Theorem 1): the exact distance between the
// two returned features must equal the exact global distance. Hand cases with exact values worked
// out by hand, and deliberately wrong feature algorithms (registered only here) that the check
// catches through the runner.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "cases/format/case_loader.hpp"
#include "harness/proximity/runner.hpp"
#include "reference/exact_features.hpp"
#include "tests/support/gjk_variants.hpp"
#include "tests/support/proximity_runs.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

using test_support::at;
using test_support::box;
using test_support::unit_cube;

// Feature ids found by geometry (local coordinates), so the tests do not depend on hull order.
Feature vertex(const Polytope& p, const Vec3& v) {
  for (std::size_t i = 0; i < p.vertices().size(); ++i)
    if (p.vertices()[i] == v) return {FeatureKind::vertex, static_cast<int>(i)};
  ADD_FAILURE() << "no vertex at " << v.transpose();
  return {};
}
Feature edge(const Polytope& p, const Vec3& u, const Vec3& v) {
  const int a = vertex(p, u).id, b = vertex(p, v).id;
  for (std::size_t i = 0; i < p.edges().size(); ++i) {
    const Edge& e = p.edges()[i];
    if ((e.tail == a && e.head == b) || (e.tail == b && e.head == a))
      return {FeatureKind::edge, static_cast<int>(i)};
  }
  ADD_FAILURE() << "no edge " << u.transpose() << " - " << v.transpose();
  return {};
}
Feature face(const Polytope& p, const Vec3& normal) {
  for (std::size_t i = 0; i < p.faces().size(); ++i)
    if ((p.faces()[i].plane.normal - normal).norm() < 1e-12)
      return {FeatureKind::face, static_cast<int>(i)};
  ADD_FAILURE() << "no face with normal " << normal.transpose();
  return {};
}

TEST(ExactFeatureDistance, HandValues) {
  const Polytope a = unit_cube(), b = unit_cube();
  const Pose pa = at(0, 0, 0), pb = at(3, 0.5, 0);  // B = [3,4] x [0.5,1.5] x [0,1]
  // Facing faces x = 1 and x = 3: 2 apart.
  auto d = exact_feature_distance(a, pa, face(a, Vec3(1, 0, 0)), b, pb, face(b, Vec3(-1, 0, 0)));
  EXPECT_EQ(d.distance_sq_exact, "4");
  EXPECT_EQ(d.distance, 2.0);
  // Vertex (1,1,1) of A and B's edge x = 3, y = 0.5 (local x = 0, y = 0): (2, 0.5, 0) -> 17/4.
  d = exact_feature_distance(a, pa, vertex(a, Vec3(1, 1, 1)), b, pb,
                             edge(b, Vec3(0, 0, 0), Vec3(0, 0, 1)));
  EXPECT_EQ(d.distance_sq_exact, "17/4");
  // Vertex (0,0,0) of A and B's vertex at world (4, 1.5, 1): 16 + 9/4 + 1 = 77/4.
  d = exact_feature_distance(a, pa, vertex(a, Vec3(0, 0, 0)), b, pb, vertex(b, Vec3(1, 1, 1)));
  EXPECT_EQ(d.distance_sq_exact, "77/4");
  // Crossing edges meet: A's edge x = 1, z = 1 (along y) and B's edge along z, placed at
  // (1, 0.75, 0.5) + (0, 0, [0, 1]) so it passes through (1, 0.75, 1).
  d = exact_feature_distance(a, pa, edge(a, Vec3(1, 0, 1), Vec3(1, 1, 1)), b, at(1, 0.75, 0.5),
                             edge(b, Vec3(0, 0, 0), Vec3(0, 0, 1)));
  EXPECT_EQ(d.distance_sq_exact, "0");
  EXPECT_EQ(compare_exact_squared("17/4", "4"), 1);
  EXPECT_EQ(compare_exact_squared("0", "1/1267650600228229401496703205376"), -1);
  EXPECT_EQ(compare_exact_squared("8/2", "4"), 0);
  EXPECT_THROW(compare_exact_squared("x", "4"), std::invalid_argument);
  EXPECT_THROW(
      exact_feature_distance(a, pa, {FeatureKind::face, 6}, b, pb, {FeatureKind::vertex, 0}),
      std::invalid_argument);
  EXPECT_THROW(
      exact_feature_distance(a, pa, {FeatureKind::vertex, 0}, b, pb, {FeatureKind::edge, -1}),
      std::invalid_argument);
}

// Runs the check alone on a hand configuration.
struct Checked {
  Verdict verdict;
  CheckResult check;
};
Checked check(const Polytope& a, const Pose& pa, const Polytope& b, const Pose& pb,
              std::optional<Feature> fa, std::optional<Feature> fb, bool pass_input = true) {
  const ExactProximity exact = exact_proximity(a.vertices(), pa, b.vertices(), pb);
  ProximityResult r;
  r.relation = exact.relation;
  r.distance = exact.relation == Relation::separated ? exact.distance : 0.0;
  r.feature_a = fa;
  r.feature_b = fb;
  Capabilities caps;
  caps.distance = caps.features = true;
  const auto features = feature_distance_input(a, pa, b, pb, r, exact);
  const double scale = 4.0;
  const Verification v = verify_proximity(r, caps, {&exact, scale, scale, {}, {}}, Tolerances{},
                                          pass_input && features ? &*features : nullptr);
  for (const CheckResult& c : v.checks)
    if (c.name == "features") return {v.verdict, c};
  ADD_FAILURE() << "no features check";
  return {Verdict::error, {}};
}

TEST(FeatureCheck, SeparatedClosestPairsPassOthersFail) {
  const Polytope a = unit_cube(), b = unit_cube();
  const Pose pa = at(0, 0, 0), pb = at(3, 0, 0);  // 2 apart along x
  EXPECT_EQ(check(a, pa, b, pb, face(a, Vec3(1, 0, 0)), face(b, Vec3(-1, 0, 0))).verdict,
            Verdict::pass);
  // Ties are closest pairs too: a corner of the facing faces.
  EXPECT_EQ(check(a, pa, b, pb, vertex(a, Vec3(1, 1, 1)), vertex(b, Vec3(0, 1, 1))).verdict,
            Verdict::pass);
  EXPECT_EQ(
      check(a, pa, b, pb, edge(a, Vec3(1, 0, 1), Vec3(1, 1, 1)), face(b, Vec3(-1, 0, 0))).verdict,
      Verdict::pass);
  // The far vertex of A is 3 from B's face: error 1.
  const Checked far = check(a, pa, b, pb, vertex(a, Vec3(0, 0, 0)), face(b, Vec3(-1, 0, 0)));
  EXPECT_EQ(far.verdict, Verdict::fail);
  EXPECT_EQ(far.check.verdict, Verdict::fail);
  EXPECT_EQ(far.check.error, 1.0);
  // A pair only 2^-40 farther than the closest one: a tie below the band (where the closest
  // features change), ambiguous rather than pass or fail.
  const double e40 = std::ldexp(1.0, -40);
  const Polytope wedge = Polytope::from_points(std::vector<Vec3>{
      {0, 0.25, 0.25}, {e40, 0.75, 0.75}, {1, 0.5, 0.5}, {1, 0.25, 0.75}, {1, 0.75, 0.25}});
  const Checked tie =
      check(a, pa, wedge, pb, face(a, Vec3(1, 0, 0)), vertex(wedge, Vec3(e40, 0.75, 0.75)));
  EXPECT_EQ(tie.check.verdict, Verdict::ambiguous);
  EXPECT_EQ(tie.check.error, e40);
  // Diagonal corners: sqrt(6) against 2.
  const Checked diag = check(a, pa, b, pb, vertex(a, Vec3(1, 0, 0)), vertex(b, Vec3(0, 1, 1)));
  EXPECT_EQ(diag.check.verdict, Verdict::fail);
  EXPECT_NEAR(diag.check.error, std::sqrt(6.0) - 2.0, 1e-15);
}

TEST(FeatureCheck, TouchingAndPenetratingFeaturesMustMeet) {
  const Polytope a = unit_cube(), b = unit_cube();
  // Touching face to face at x = 1.
  EXPECT_EQ(check(a, at(0, 0, 0), b, at(1, 0, 0), face(a, Vec3(1, 0, 0)), face(b, Vec3(-1, 0, 0)))
                .verdict,
            Verdict::pass);
  EXPECT_EQ(check(a, at(0, 0, 0), b, at(1, 0, 0), vertex(a, Vec3(0, 0, 0)), face(b, Vec3(-1, 0, 0)))
                .verdict,
            Verdict::fail);
  // B = [0.5, 1.5]^3 penetrates A: B's edge along x through (., 0.5, 0.5) pierces A's face x = 1.
  const Pose pb = at(0.5, 0.5, 0.5);
  EXPECT_EQ(
      check(a, at(0, 0, 0), b, pb, face(a, Vec3(1, 0, 0)), edge(b, Vec3(0, 0, 0), Vec3(1, 0, 0)))
          .verdict,
      Verdict::pass);
  // A's origin corner and B's far corner (1.5, 1.5, 1.5) are 1.5·sqrt(3) apart, and neither
  // lies in the other shape: no witness of penetration.
  const Checked apart =
      check(a, at(0, 0, 0), b, pb, vertex(a, Vec3(0, 0, 0)), vertex(b, Vec3(1, 1, 1)));
  EXPECT_EQ(apart.check.verdict, Verdict::fail);
  EXPECT_NEAR(apart.check.error, 1.5 * std::sqrt(3.0), 1e-15);
  // B's corner (0.5, 0.5, 0.5) lies inside A: a vertex inside the other shape witnesses
  // penetration even though it does not meet the face named with it (V-Clip's exit when a
  // vertex is below every face plane, and the only possible answer when one shape contains the
  // other).
  const Checked inside =
      check(a, at(0, 0, 0), b, pb, face(a, Vec3(0, 0, 1)), vertex(b, Vec3(0, 0, 0)));
  EXPECT_EQ(inside.check.verdict, Verdict::pass);
  EXPECT_EQ(inside.check.detail, "vertex inside the other shape");
}

TEST(FeatureCheck, InsideTheBandAroundTouchingIsAmbiguous) {
  const Polytope a = unit_cube(), b = unit_cube();
  const double eps = std::ldexp(1.0, -50);
  // B overlaps A by 2^-50 along x: the exact answer is penetrating with depth 2^-50. B's corner
  // at x = 1 - 2^-50 does not meet A's face x = 1, but it lies in A, which witnesses
  // penetration: pass, not merely ambiguous.
  const Checked c =
      check(a, at(0, 0, 0), b, at(1 - eps, 0, 0), face(a, Vec3(1, 0, 0)), vertex(b, Vec3(0, 0, 0)));
  EXPECT_EQ(c.check.verdict, Verdict::pass);
  // Deep penetration (about 1/2) where the features named are 2^-50 apart: whether they meet is
  // decided below the band, so ambiguous too. The tetrahedron's apex is 2^-50 above A's top face
  // and its base is sunk to z = 1/2, wider than A.
  const Polytope tet = Polytope::from_points(
      std::vector<Vec3>{{0.5, 0.5, 1 + eps}, {-1, -1, 0.5}, {2, -1, 0.5}, {0.5, 2, 0.5}});
  const Checked deep = check(a, at(0, 0, 0), tet, at(0, 0, 0), face(a, Vec3(0, 0, 1)),
                             vertex(tet, Vec3(0.5, 0.5, 1 + eps)));
  EXPECT_EQ(deep.check.verdict, Verdict::ambiguous);
  EXPECT_EQ(deep.check.error, eps);
  // The apex 2^-10 above the face is outside the band: fail.
  const Polytope tall = Polytope::from_points(
      std::vector<Vec3>{{0.5, 0.5, 1 + 1.0 / 1024}, {-1, -1, 0.5}, {2, -1, 0.5}, {0.5, 2, 0.5}});
  EXPECT_EQ(check(a, at(0, 0, 0), tall, at(0, 0, 0), face(a, Vec3(0, 0, 1)),
                  vertex(tall, Vec3(0.5, 0.5, 1 + 1.0 / 1024)))
                .check.verdict,
            Verdict::fail);
}

TEST(FeatureCheck, MissingInvalidOrUncheckedFeaturesFail) {
  const Polytope a = unit_cube(), b = unit_cube();
  const Pose pa = at(0, 0, 0), pb = at(3, 0, 0);
  const Checked missing = check(a, pa, b, pb, std::nullopt, face(b, Vec3(-1, 0, 0)));
  EXPECT_EQ(missing.verdict, Verdict::fail);
  EXPECT_EQ(missing.check.detail, "declared but not returned");
  const Checked invalid =
      check(a, pa, b, pb, Feature{FeatureKind::edge, 12}, face(b, Vec3(-1, 0, 0)));
  EXPECT_EQ(invalid.verdict, Verdict::fail);
  EXPECT_NE(invalid.check.detail.find("out of range"), std::string::npos) << invalid.check.detail;
  const Checked unchecked =
      check(a, pa, b, pb, face(a, Vec3(1, 0, 0)), face(b, Vec3(-1, 0, 0)), false);
  EXPECT_EQ(unchecked.verdict, Verdict::fail);
}

// Test-only algorithms: GJK's answer plus features, chosen right (by exhaustive exact search over
// all feature pairs, so the check has a correct answer to accept through the runner) or wrong.
enum class FeatureAnswer { exhaustive, far_vertex, invalid_id, missing };

std::vector<Feature> all_features(const Polytope& p) {
  std::vector<Feature> out;
  for (int i = 0; i < static_cast<int>(p.vertices().size()); ++i)
    out.push_back({FeatureKind::vertex, i});
  for (int i = 0; i < static_cast<int>(p.edges().size()); ++i)
    out.push_back({FeatureKind::edge, i});
  for (int i = 0; i < static_cast<int>(p.faces().size()); ++i)
    out.push_back({FeatureKind::face, i});
  return out;
}

class FeatureAlgorithm : public test_support::OverGjk {
 public:
  explicit FeatureAlgorithm(FeatureAnswer answer) : answer_(answer) {}
  ProximityResult query(const ProximityQuery& in) const override {
    const PreparedShape& a = *in.a;
    const Pose& pa = in.pose_a;
    const PreparedShape& b = *in.b;
    const Pose& pb = in.pose_b;
    ProximityResult r = gjk_->query(in);
    const Polytope& A = *a.polytope;
    const Polytope& B = *b.polytope;
    switch (answer_) {
      case FeatureAnswer::exhaustive: {
        std::string best;
        for (const Feature& fa : all_features(A))
          for (const Feature& fb : all_features(B)) {
            const auto d = exact_feature_distance(A, pa, fa, B, pb, fb);
            if (best.empty() || compare_exact_squared(d.distance_sq_exact, best) < 0) {
              best = d.distance_sq_exact;
              r.feature_a = fa;
              r.feature_b = fb;
            }
          }
        break;
      }
      case FeatureAnswer::far_vertex: {
        // The vertex of A farthest from B's centre, and B's nearest vertex to A's centre.
        const Vec3 cb = pb.apply(B.centroid()), ca = pa.apply(A.centroid());
        int far = 0, near = 0;
        for (int i = 0; i < static_cast<int>(A.vertices().size()); ++i)
          if ((pa.apply(A.vertices()[i]) - cb).norm() > (pa.apply(A.vertices()[far]) - cb).norm())
            far = i;
        for (int i = 0; i < static_cast<int>(B.vertices().size()); ++i)
          if ((pb.apply(B.vertices()[i]) - ca).norm() < (pb.apply(B.vertices()[near]) - ca).norm())
            near = i;
        r.feature_a = Feature{FeatureKind::vertex, far};
        r.feature_b = Feature{FeatureKind::vertex, near};
        break;
      }
      case FeatureAnswer::invalid_id:
        r.feature_a = Feature{FeatureKind::face, static_cast<int>(A.faces().size())};
        r.feature_b = Feature{FeatureKind::vertex, 0};
        break;
      case FeatureAnswer::missing:
        break;
    }
    return r;
  }

 private:
  FeatureAnswer answer_;
};

ProximityAlgorithmInfo feature_info(FeatureAnswer answer, std::string name) {
  ProximityAlgorithmInfo info = test_support::gjk_variant(
      std::move(name), [answer] { return std::make_unique<FeatureAlgorithm>(answer); });
  info.family = "test-only";
  info.capabilities.features = true;
  return info;
}

TEST(FeatureCheck, RunnerCatchesWrongFeatures) {
  ProximityRegistry registry;
  registry.add(feature_info(FeatureAnswer::exhaustive, "features-exhaustive"));
  registry.add(feature_info(FeatureAnswer::far_vertex, "wrong-features-far"));
  registry.add(feature_info(FeatureAnswer::invalid_id, "wrong-features-invalid"));
  registry.add(feature_info(FeatureAnswer::missing, "wrong-features-missing"));
  const ProximityRunResults run = test_support::run_examples(registry);

  std::map<std::string, std::map<Verdict, int>> feature_verdicts;
  for (const auto& r : run.results)
    for (const auto& c : r.verification.checks)
      if (c.name == "features") ++feature_verdicts[r.algorithm][c.verdict];
  const int n = static_cast<int>(run.cases.size());
  EXPECT_EQ(feature_verdicts["features-exhaustive"][Verdict::pass], n);
  EXPECT_EQ(feature_verdicts["wrong-features-far"][Verdict::fail], n);
  EXPECT_EQ(feature_verdicts["wrong-features-invalid"][Verdict::fail], n);
  EXPECT_EQ(feature_verdicts["wrong-features-missing"][Verdict::fail], n);
}

}  // namespace
}  // namespace touchstone
