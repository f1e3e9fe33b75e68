// The contact-region verifier on hand-built exact references and answers (verdicts reasoned by
// hand, not produced by the code under test): a correct answer passes; wrong ones (missing, extra,
// dimension, flipped normal, not persisted, non-unit normal, undeclared subset) are each caught by
// their check; the band without an ε-closure; ε-pairs; point-only peers' points and coverage.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "cases/region_shapes.hpp"
#include "harness/regions/normals.hpp"
#include "harness/regions/point_sets.hpp"
#include "harness/regions/verifier.hpp"
#include "reference/exact_regions.hpp"
#include "tests/support/region_scene.hpp"

namespace touchstone {
namespace {

using namespace test_support::region_scene;

TEST(RegionVerifier, CorrectAnswersPass) {
  Scene s;
  for (RegionSubset subset : {RegionSubset::intersection, RegionSubset::sufficient}) {
    const RegionVerification v = verify(correct_answer(s.exact, subset), entity_caps(), s.input());
    EXPECT_EQ(v.verification.verdict, Verdict::pass) << v.verification.reason;
    const int claimed = subset == RegionSubset::intersection ? 9 : 1;
    EXPECT_EQ(v.counts.returned, claimed);
    EXPECT_EQ(v.counts.claimed, claimed);
    EXPECT_EQ(v.counts.matched, claimed);
    EXPECT_EQ(v.counts.missed, 0);
    EXPECT_EQ(v.counts.extra, 0);
  }
  // 𝓡 is sufficient, not minimal: the whole 𝓘 under a `sufficient` claim passes too.
  RegionResult more = correct_answer(s.exact, RegionSubset::intersection);
  more.subset = RegionSubset::sufficient;
  EXPECT_EQ(verify(more, entity_caps(), s.input()).verification.verdict, Verdict::pass);
  // Π within τ = 2e-9 passes; the region's polygon may start at any vertex.
  RegionResult shifted = correct_answer(s.exact, RegionSubset::sufficient);
  std::rotate(shifted.regions[0].points.begin(), shifted.regions[0].points.begin() + 1,
              shifted.regions[0].points.end());
  shifted.regions[0].points[0].z() += 1e-9;
  EXPECT_EQ(verify(shifted, entity_caps(), s.input()).verification.verdict, Verdict::pass);
}

TEST(RegionVerifier, MissingRegionIsCaught) {
  Scene s;
  RegionResult r = correct_answer(s.exact, RegionSubset::intersection);
  r.regions.erase(r.regions.begin() + 1);  // the first bottom edge of B
  const int e = s.b.faces()[0].edges[0];
  const RegionVerification v = verify(r, entity_caps(), s.input());
  expect_caught(v.verification, Verdict::fail, "missing region",
                "face 1 / edge " + std::to_string(e) + " (1D)");
  EXPECT_EQ(v.counts.missed, 1);
  EXPECT_EQ(v.counts.matched, 8);
  // Claiming 𝓡 while returning only edges: the square is missing.
  RegionResult edges_only = correct_answer(s.exact, RegionSubset::intersection);
  edges_only.regions.erase(edges_only.regions.begin());
  edges_only.subset = RegionSubset::sufficient;
  expect_caught(verify(edges_only, entity_caps(), s.input()).verification, Verdict::fail,
                "missing region", "face 1 / face 0 (2D)");
}

TEST(RegionVerifier, ExtraRegionIsCaught) {
  Scene s;
  RegionResult r = correct_answer(s.exact, RegionSubset::sufficient);
  // A's front face does not meet B's bottom face.
  r.regions.push_back({face(2), face(0), {Vec3(0.3, 0, 1), Vec3(0.6, 0, 1)}, {kDown}, {}});
  const RegionVerification v = verify(r, entity_caps(), s.input());
  expect_caught(v.verification, Verdict::fail, "extra region", "face 2 / face 0 (1D)");
  EXPECT_EQ(v.counts.extra, 1);
  // A region without entities from an algorithm that declares them is extra too.
  RegionResult anonymous = correct_answer(s.exact, RegionSubset::sufficient);
  anonymous.regions[0].a.reset();
  expect_caught(verify(anonymous, entity_caps(), s.input()).verification, Verdict::fail,
                "extra region", "names no entities");
}

TEST(RegionVerifier, WrongDimensionAndWrongPointsAreCaught) {
  Scene s;
  RegionResult r = correct_answer(s.exact, RegionSubset::sufficient);
  r.regions[0].points.resize(2);  // one side of the square: 1D
  r.regions[0].normals = {kDown};
  const RegionVerification v = verify(r, entity_caps(), s.input());
  expect_caught(v.verification, Verdict::fail, "dimension", "face 1 / face 0 (1D), exact 2D");
  EXPECT_EQ(v.counts.matched, 0);
  EXPECT_EQ(v.counts.missed, 0);  // named, but wrong
  // Right dimension, Π off by 1e-6 (τ = 2e-9).
  RegionResult off = correct_answer(s.exact, RegionSubset::sufficient);
  off.regions[0].points[2].x() += 1e-6;
  const RegionVerification w = verify(off, entity_caps(), s.input());
  expect_caught(w.verification, Verdict::fail, "points", "face 1 / face 0 (2D) off by 1e-06");
  EXPECT_NEAR(check(w.verification, "points")->error, 1e-6, 1e-12);
  EXPECT_DOUBLE_EQ(check(w.verification, "points")->tolerance, 2e-9);
}

TEST(RegionVerifier, FlippedAndBadNormalsAreCaught) {
  Scene s;
  RegionResult flipped = correct_answer(s.exact, RegionSubset::sufficient);
  flipped.regions[0].normals = {-kDown};
  expect_caught(verify(flipped, entity_caps(), s.input()).verification, Verdict::fail,
                "normal outside cone", "face 1 / face 0 (2D)");
  RegionResult none = correct_answer(s.exact, RegionSubset::sufficient);
  none.regions[0].normals.clear();
  expect_caught(verify(none, entity_caps(), s.input()).verification, Verdict::fail, "normal pieces",
                "0 of 1 cone pieces hit");
  RegionResult two = correct_answer(s.exact, RegionSubset::sufficient);
  two.regions[0].normals = {kDown, kDown};  // a 2D region has at most 3 − 2 = 1
  expect_caught(verify(two, entity_caps(), s.input()).verification, Verdict::fail, "normal count",
                "2 normals, at most 1");
  RegionResult longer = correct_answer(s.exact, RegionSubset::sufficient);
  longer.regions[0].normals = {2 * kDown};
  expect_caught(verify(longer, entity_caps(), s.input()).verification, Verdict::fail,
                "normal length", "|n| = 2");
  longer.regions[0].normals = {(1 + 1e-7) * kDown};  // off by 1e-7, tol_normal 1e-9
  expect_caught(verify(longer, entity_caps(), s.input()).verification, Verdict::fail,
                "normal length");
  // Not declared: not judged.
  RegionCapabilities no_normals = entity_caps();
  no_normals.normals = false;
  const RegionVerification v = verify(flipped, no_normals, s.input());
  EXPECT_EQ(v.verification.verdict, Verdict::pass);
  EXPECT_EQ(check(v.verification, "normals")->verdict, Verdict::unsupported);
}

TEST(RegionVerifier, UndeclaredSubsetAndRelationAreCaught) {
  Scene s;
  RegionCapabilities only_r = entity_caps();
  only_r.intersection_set = false;
  expect_caught(
      verify(correct_answer(s.exact, RegionSubset::intersection), only_r, s.input()).verification,
      Verdict::fail, "subset", "claims the intersection subset, not declared");
  RegionResult wrong = correct_answer(s.exact, RegionSubset::sufficient);
  wrong.relation = Relation::penetrating;
  expect_caught(verify(wrong, entity_caps(), s.input()).verification, Verdict::fail, "relation",
                "said penetrating, exact pair touching");
}

// Multi-piece cone: the 1D region A face 1 / B edge e0, with a cone of two pieces, holding
// (0, 0, −1) and (0, −1, 0) (hand-made: what matters is what the verifier does with it).
struct PersistenceScene : Scene {
  int e0 = b.faces()[0].edges[0];
  PersistenceScene() {
    exact.regions = {{face(1),
                      edge(e0),
                      1,
                      {},
                      {},
                      true,
                      NormalCone{{axis_piece(kDown), axis_piece(Vec3(0, -1, 0))}}}};
    const Edge& ed = b.edges()[e0];
    exact.regions[0].points = {b.vertices()[ed.tail], b.vertices()[ed.head]};
  }
  RegionResult answer(std::vector<Vec3> normals) const {
    RegionResult r;
    r.relation = Relation::touching;
    r.regions.push_back({face(1), edge(e0), exact.regions[0].points, std::move(normals), {}});
    return r;
  }
};

TEST(RegionVerifier, NormalPiecesOfAMultiPieceCone) {
  PersistenceScene s;
  expect_caught(verify(s.answer({kDown}), entity_caps(), s.input()).verification, Verdict::fail,
                "normal pieces", "1 of 2 cone pieces hit");
  EXPECT_EQ(
      verify(s.answer({kDown, Vec3(0, -1, 0)}), entity_caps(), s.input()).verification.verdict,
      Verdict::pass);
}

TEST(RegionVerifier, NormalsMustPersist) {
  PersistenceScene s;
  RegionCapabilities caps = entity_caps();
  caps.temporal_coherence = true;
  // The previous step: the 2D region A face 1 / B face 0 with normal (0, 0, −1). Now B's edge e0
  // (an edge of face 0) touches A's face 1: condition (7), x = x' and adj(e0, face 0), both
  // previous entities faces (convex neighbourhoods): the normal must persist, though (0, 0, −1)
  // alone would not hit both cone pieces.
  const std::vector<ContactRegion> previous = {
      {face(1),
       face(0),
       {Vec3(0.25, 0.25, 1), Vec3(0.75, 0.25, 1), Vec3(0.5, 0.5, 1)},
       {kDown},
       {}}};
  EXPECT_EQ(verify(s.answer({kDown}), caps, s.input(previous)).verification.verdict, Verdict::pass);
  // A new normal, in the cone, but not the persisted one.
  expect_caught(verify(s.answer({Vec3(0, -1, 0)}), caps, s.input(previous)).verification,
                Verdict::fail, "normal not persisted",
                "condition (7) keeps the normals of face 1 / face 0 (2D)");
  // Condition (6): the same pair must keep its normal, even a flipped one is judged by
  // persistence.
  const std::vector<ContactRegion> same = {
      {face(1), edge(s.e0), s.exact.regions[0].points, {Vec3(0, -1, 0)}, {}}};
  EXPECT_EQ(verify(s.answer({Vec3(0, -1, 0)}), caps, s.input(same)).verification.verdict,
            Verdict::pass);
  expect_caught(verify(s.answer({kDown}), caps, s.input(same)).verification, Verdict::fail,
                "normal not persisted", "condition (6)");
  // Without temporal coherence declared, the previous set is ignored: cone checks apply.
  expect_caught(verify(s.answer({kDown}), entity_caps(), s.input(previous)).verification,
                Verdict::fail, "normal pieces");
  // A previous pair that is neither the same nor adjacent (A face 0 / B face 1): new normals
  // (condition (8)).
  const std::vector<ContactRegion> far = {{face(0), face(1), {Vec3(0, 0, 0)}, {kDown}, {}}};
  EXPECT_EQ(persistence_sources(s.answer({kDown}).regions[0], far, s.a, s.b).condition, 8);
}

TEST(RegionVerifier, AdjacencyFollowsTheBRep) {
  Scene s;
  const Edge& e = s.b.edges()[s.b.faces()[0].edges[0]];
  const int id = s.b.faces()[0].edges[0];
  EXPECT_TRUE(adjacent(s.b, vertex(e.tail), edge(id)));
  EXPECT_TRUE(adjacent(s.b, edge(id), vertex(e.head)));
  EXPECT_TRUE(adjacent(s.b, edge(id), face(0)));
  EXPECT_TRUE(adjacent(s.b, vertex(0), face(0)));
  EXPECT_FALSE(adjacent(s.b, vertex(7), face(0)));  // (1, 1, 1) is not on the bottom
  EXPECT_FALSE(adjacent(s.b, face(0), face(2)));    // two faces of an edge are not adjacent
  EXPECT_FALSE(adjacent(s.b, edge(id), edge(id)));
  EXPECT_TRUE(convex_neighbourhood(s.b, vertex(0)));
  EXPECT_TRUE(convex_neighbourhood(s.b, edge(id)));
}

TEST(RegionVerifier, SeparatedPairs) {
  Scene s;
  ExactRegions far;
  far.relation = Relation::separated;
  far.distance = 1e-3;  // > τ = 2e-9
  RegionResult empty;
  empty.relation = Relation::separated;
  // On the touching pair, `separated` is wrong (and every region of the subset is missing).
  expect_caught(verify(empty, entity_caps(), s.input()).verification, Verdict::fail, "relation",
                "said separated, exact pair touching");
  RegionVerificationInput in = s.input();
  in.exact = &far;
  EXPECT_EQ(verify(empty, entity_caps(), in).verification.verdict, Verdict::pass);
  const RegionResult regions = correct_answer(s.exact, RegionSubset::sufficient);
  expect_caught(verify(regions, entity_caps(), in).verification, Verdict::fail, "relation",
                "said touching, exact pair separated at distance 0.001");
  RegionCapabilities no_relation = entity_caps();
  no_relation.relation = false;
  expect_caught(verify(regions, no_relation, in).verification, Verdict::fail, "regions",
                "returned 1 regions");
  EXPECT_EQ(verify(RegionResult{}, no_relation, in).verification.verdict, Verdict::pass);
}

TEST(RegionVerifier, AmbiguousBandAroundTouching) {
  Scene s;
  const RegionResult regions = correct_answer(s.exact, RegionSubset::sufficient);
  RegionResult separated;
  separated.relation = Relation::separated;
  RegionResult penetrating;
  penetrating.relation = Relation::penetrating;
  // Separated by 1e-9 ≤ τ = 2e-9: regions or `touching` are ambiguous (these references carry no
  // ε-closure; region_runner_test has the decided band), `separated` passes, `penetrating` fails.
  ExactRegions near;
  near.relation = Relation::separated;
  near.distance = 1e-9;
  RegionVerificationInput in = s.input();
  in.exact = &near;
  expect_caught(verify(regions, entity_caps(), in).verification, Verdict::ambiguous, "relation",
                "within τ = 2e-09");
  EXPECT_EQ(verify(separated, entity_caps(), in).verification.verdict, Verdict::pass);
  EXPECT_EQ(verify(penetrating, entity_caps(), in).verification.verdict, Verdict::fail);
  // Penetrating but removable within τ (shallow): touching answers are ambiguous, penetrating
  // passes, separated fails.
  ExactRegions shallow;
  shallow.relation = Relation::penetrating;
  shallow.shallow = true;
  in.exact = &shallow;
  expect_caught(verify(regions, entity_caps(), in).verification, Verdict::ambiguous, "relation",
                "penetrating within τ");
  EXPECT_EQ(verify(penetrating, entity_caps(), in).verification.verdict, Verdict::pass);
  EXPECT_EQ(verify(separated, entity_caps(), in).verification.verdict, Verdict::fail);
  RegionCapabilities no_relation = entity_caps();
  no_relation.relation = false;
  expect_caught(verify(regions, no_relation, in).verification, Verdict::ambiguous, "regions");
  // Deep penetration: touching is simply wrong; regions are not checked.
  ExactRegions deep = shallow;
  deep.shallow = false;
  in.exact = &deep;
  expect_caught(verify(regions, entity_caps(), in).verification, Verdict::fail, "relation",
                "said touching, exact pair penetrating");
  RegionResult deep_with_regions = regions;
  deep_with_regions.relation = Relation::penetrating;
  EXPECT_EQ(verify(deep_with_regions, entity_caps(), in).verification.verdict, Verdict::pass);
}

// Touching in one place, 2^-40 apart in another. A = [0, 1]³; B an L: column [1, 2] × [0, 1] ×
// [0, 2] on A's face x = 1, overhang [0, 1]² × [1 + 2^-40, 2] 2^-40 over A's top face: (A top,
// overhang bottom) is not in 𝓘; size 3, τ = 3e-9. With Π = A's top square it is an ε-pair and
// passes; its only normal is (0, 0, −1), so (0, 0, 1) fails; Π = A's bottom square fails `ε
// distance`. The overhang 2^-20 > τ above, or A's bottom face (1 + 2^-40 away), fails.
TEST(RegionVerifier, ExtraRegionWithinTheBandIsAnEpsilonPair) {
  for (const double gap : {std::ldexp(1.0, -40), std::ldexp(1.0, -20)}) {
    const Polytope a = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
    const cases::Brep l = cases::cell_solid({0, 1, 2}, {0, 1}, {0, 1 + gap, 2},
                                            [](int i, int, int k) { return i == 1 || k == 1; });
    const Polytope b = Polytope::from_faces(l.vertices, l.faces);
    int overhang = -1;
    for (std::size_t f = 0; f < b.faces().size(); ++f)
      if (b.faces()[f].plane.normal == kDown && b.vertices()[b.faces()[f].vertices[0]].z() > 0)
        overhang = static_cast<int>(f);
    ASSERT_GE(overhang, 0);
    const ExactRegions exact = exact_regions(a, Pose::identity(), b, Pose::identity());
    ASSERT_EQ(exact.relation, Relation::touching);
    for (const ExactRegion& e : exact.regions)
      EXPECT_FALSE(e.a == face(1) && e.b == face(overhang));
    const RegionStep step{Pose::identity(), Pose::identity(), std::nullopt, std::nullopt};
    const RegionVerificationInput in{&exact, 3.0, &a, &b, {}, &step};  // τ = 3e-9
    RegionCapabilities caps = entity_caps();
    caps.normals = false;
    RegionResult answer = correct_answer(exact, RegionSubset::sufficient);
    ASSERT_FALSE(answer.regions.empty());
    EXPECT_EQ(verify(answer, caps, in).verification.verdict, Verdict::pass);
    std::vector<Vec3> top;
    for (int v : a.faces()[1].vertices) top.push_back(a.vertices()[v]);
    answer.regions.push_back({face(1), face(overhang), top, {}, std::nullopt});
    if (gap < 3e-9) {
      EXPECT_EQ(verify(answer, caps, in).verification.verdict, Verdict::pass);
      caps.normals = true;  // (−1, 0, 0): B's column face, valid on A's face x = 1
      for (ContactRegion& c : answer.regions) c.normals = {Vec3(-1, 0, 0)};
      answer.regions.back().normals = {kDown};
      EXPECT_EQ(verify(answer, caps, in).verification.verdict, Verdict::pass);
      answer.regions.back().normals = {-kDown};
      expect_caught(verify(answer, caps, in).verification, Verdict::fail, "normal outside cone",
                    "face 1 / face");
      caps.normals = false;
      answer.regions.back().points = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 0)};
      expect_caught(verify(answer, caps, in).verification, Verdict::fail, "ε distance");
    } else {
      expect_caught(verify(answer, caps, in).verification, Verdict::fail, "extra region");
    }
    answer.regions.back().a = face(0);  // A's bottom: 1 + gap below the overhang
    expect_caught(verify(answer, caps, in).verification, Verdict::fail, "extra region");
  }
}

// The ε rule (declared_limits.hpp), by hand: A = [0, 1]³, B = [g, ½] × [¼, ¾] × [1, 1.5]. B's
// vertex 0 = (g, ¼, 1) lies on A's open top face 1, g from A's top-left edge (A's vertices 4 =
// (0,0,1) and 6 = (0,1,1)); the exact region is (face 1, vertex 0). An ε-contact answer names
// (that edge, vertex 0) instead. size 2, so τ = 2e-9 and a declared epsilon 1e-9 gives ε = 2e-9:
// g = 2^-40 ≈ 9.1e-13 is within ε (a declared-limit miss), g = 2^-20 ≈ 9.5e-7 is not (a missing
// region), and without a declared epsilon the miss always fails.
TEST(RegionVerifier, MissWithinTheDeclaredEpsilonIsADeclaredLimit) {
  for (const double g : {std::ldexp(1.0, -40), std::ldexp(1.0, -20)}) {
    const Polytope a = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
    const Polytope b = box(Vec3(g, 0.25, 1), Vec3(0.5, 0.75, 1.5));
    int left_top = -1;
    for (std::size_t e = 0; e < a.edges().size(); ++e)
      if (std::min(a.edges()[e].tail, a.edges()[e].head) == 4 &&
          std::max(a.edges()[e].tail, a.edges()[e].head) == 6)
        left_top = static_cast<int>(e);
    ASSERT_GE(left_top, 0);
    const Vec3 p(g, 0.25, 1);
    ASSERT_EQ(b.vertices()[0], p);
    ExactRegions exact;
    exact.relation = Relation::touching;
    exact.regions.push_back({face(1), vertex(0), 0, {p}, {}, true, {}});
    const RegionStep step{Pose::identity(), Pose::identity(), std::nullopt, std::nullopt};
    RegionVerificationInput in{&exact, 2.0, &a, &b, {}, &step};
    RegionCapabilities caps = entity_caps();
    caps.normals = false;
    RegionResult snapped;
    snapped.relation = Relation::touching;
    snapped.subset = RegionSubset::intersection;
    snapped.regions.push_back({edge(left_top), vertex(0), {Vec3(0, 0.25, 1)}, {}, std::nullopt});
    // No ε declared: a missing region, whatever g.
    const RegionVerification unlimited = verify(snapped, caps, in);
    const CheckResult* before = check(unlimited.verification, "missing region");
    ASSERT_NE(before, nullptr);
    EXPECT_EQ(before->verdict, Verdict::fail);
    EXPECT_EQ(before->detail, "face 1 / vertex 0 (0D)");
    in.epsilon_relative = 1e-9;
    const RegionVerification v = verify(snapped, caps, in);
    RegionResult nothing = snapped;
    nothing.regions.clear();
    if (g < 2e-9) {
      EXPECT_EQ(check(v.verification, "missing region")->verdict, Verdict::pass);
      const CheckResult* limit = check(v.verification, "missed (declared limit)");
      ASSERT_NE(limit, nullptr);
      EXPECT_EQ(limit->verdict, Verdict::unsupported);
      EXPECT_NE(limit->detail.find("edge " + std::to_string(left_top) + " / vertex 0"),
                std::string::npos)
          << limit->detail;
      EXPECT_EQ(v.counts.declared_limit, 1);
      EXPECT_EQ(v.counts.missed, 0);
      // The lower pair neither returned nor declared unnameable: still missing.
      expect_caught(verify(nothing, caps, in).verification, Verdict::fail, "missing region");
      caps.nameable_pairs &= ~entity_pair_bit(FeatureKind::edge, FeatureKind::vertex);
      EXPECT_EQ(check(verify(nothing, caps, in).verification, "missing region")->verdict,
                Verdict::pass);
    } else {
      EXPECT_EQ(check(v.verification, "missing region")->verdict, Verdict::fail);
      EXPECT_EQ(v.counts.declared_limit, 0);
    }
  }
}

TEST(RegionVerifier, PeerPointsNormalsAndCoverage) {
  Scene s;
  // Inside the square, on its corner, on its side: all on the contact.
  const RegionVerification good =
      verify(points({Vec3(0.5, 0.5, 1), Vec3(0.25, 0.25, 1), Vec3(0.6, 0.75, 1)}, kDown),
             peer_caps(), s.input());
  EXPECT_EQ(good.verification.verdict, Verdict::pass) << good.verification.reason;
  EXPECT_TRUE(good.counts.coverage);
  EXPECT_EQ(good.counts.claimed, 1);  // |𝓡|
  EXPECT_EQ(good.counts.matched, 1);
  // Outside the square on A's top face (A's face is not B's): off the contact.
  const RegionVerification off = verify(points({Vec3(0.1, 0.5, 1)}, kDown), peer_caps(), s.input());
  expect_caught(off.verification, Verdict::fail, "point off contact", "is 0.15 from every region");
  EXPECT_EQ(off.counts.extra, 1);
  EXPECT_EQ(off.counts.matched, 0);
  expect_caught(verify(points({Vec3(0.5, 0.5, 1)}, -kDown), peer_caps(), s.input()).verification,
                Verdict::fail, "normal outside cone");
  // No contact points: coverage 0 of 1, reported but not failed.
  const RegionVerification none = verify(RegionResult{}, peer_caps(), s.input());
  EXPECT_EQ(none.verification.verdict, Verdict::pass);
  EXPECT_EQ(none.counts.missed, 1);
  EXPECT_NE(check(none.verification, "coverage")->detail.find("0 of 1"), std::string::npos);
}

// Points are judged at τ = 1e-9 · size whatever the size: the square's corner moved 3τ off fails
// on `points` (a peer's point 3τ above the square on `point off contact`), moved τ / 2 passes.
TEST(RegionVerifier, PointsAreJudgedAtTauAtEveryScale) {
  for (double scale : {1e-3, 1.0, 1e4}) {
    const Scene s(scale);
    const double tau = 2e-9 * scale;
    for (const double by : {3 * tau, tau / 2}) {
      RegionResult r = correct_answer(s.exact, RegionSubset::sufficient);
      r.regions[0].points[1].x() += by;
      const Verification v = verify(r, entity_caps(), s.input()).verification;
      const Verification p =
          verify(points({Vec3(0.5, 0.5, 1 + by / scale) * scale}, kDown), peer_caps(), s.input())
              .verification;
      if (by > tau) {
        expect_caught(v, Verdict::fail, "points");
        expect_caught(p, Verdict::fail, "point off contact");
      } else {
        EXPECT_EQ(v.verdict, Verdict::pass) << scale << ": " << v.reason;
        EXPECT_EQ(p.verdict, Verdict::pass) << scale << ": " << p.reason;
      }
    }
  }
}

TEST(RegionVerifier, StatusAndNonFiniteAnswers) {
  Scene s;
  RegionResult unsupported;
  unsupported.status = QueryStatus::unsupported;
  EXPECT_EQ(verify(unsupported, entity_caps(), s.input()).verification.verdict,
            Verdict::unsupported);
  RegionResult failed;
  failed.status = QueryStatus::failed;
  failed.reason = "cap";
  EXPECT_EQ(verify(failed, entity_caps(), s.input()).verification.verdict, Verdict::fail);
  RegionResult nan = correct_answer(s.exact, RegionSubset::sufficient);
  nan.regions[0].points[0].x() = std::nan("");
  expect_caught(verify(nan, entity_caps(), s.input()).verification, Verdict::fail, "finite");
}

TEST(RegionPointSets, DistancesByHand) {
  const std::vector<Vec3> square = {Vec3(0, 0, 0), Vec3(2, 0, 0), Vec3(2, 2, 0), Vec3(0, 2, 0)};
  EXPECT_DOUBLE_EQ(distance_to_point_set(Vec3(1, 1, 3), square), 3.0);  // above the inside
  EXPECT_DOUBLE_EQ(distance_to_point_set(Vec3(5, 1, 4), square), 5.0);  // 3-4-5 to the side x = 2
  // An L-shaped (non-convex) polygon: the notch is outside.
  const std::vector<Vec3> l = {Vec3(0, 0, 0), Vec3(2, 0, 0), Vec3(2, 1, 0),
                               Vec3(1, 1, 0), Vec3(1, 2, 0), Vec3(0, 2, 0)};
  EXPECT_DOUBLE_EQ(distance_to_point_set(Vec3(0.5, 1.5, 0), l), 0.0);
  EXPECT_DOUBLE_EQ(distance_to_point_set(Vec3(1.75, 1.5, 0), l), 0.5);
  const std::vector<Vec3> seg = {Vec3(0, 0, 0), Vec3(1, 0, 0)};
  EXPECT_DOUBLE_EQ(distance_to_point_set(Vec3(2, 0, 0), seg), 1.0);
  // Both ways: the segment lies on the square, but the square's corner (2, 2) is √5 from it.
  EXPECT_DOUBLE_EQ(vertex_hausdorff(seg, square), std::sqrt(5.0));
  const std::vector<Vec3> shifted = {square[2], square[3], square[0], square[1]};
  EXPECT_DOUBLE_EQ(vertex_hausdorff(square, shifted), 0.0);
  // Between filled sets: parallel squares 3 apart; a segment piercing the square (0); a segment
  // beside it (3-4-5); a point above an edge of an L's notch.
  std::vector<Vec3> lifted;
  for (const Vec3& p : square) lifted.push_back(p + Vec3(0.5, 0.5, 3));
  EXPECT_DOUBLE_EQ(point_set_distance(square, lifted), 3.0);
  const std::vector<Vec3> pierce = {Vec3(1, 1, -1), Vec3(1, 1, 1)};
  EXPECT_DOUBLE_EQ(point_set_distance(pierce, square), 0.0);
  const std::vector<Vec3> beside = {Vec3(5, 0, 4), Vec3(5, 2, 4)};
  EXPECT_DOUBLE_EQ(point_set_distance(square, beside), 5.0);
  EXPECT_DOUBLE_EQ(point_set_distance(std::vector<Vec3>{Vec3(1.5, 1.5, 0)}, l), 0.5);
}

// Contact claimed without regions, far from touching on either side: `touching` for a pair 0.25 ×
// size apart, or for a deep penetration, fails on the relation (no band applies), at every scale.
TEST(RegionVerifier, TouchingFarFromTouchingFailsWithoutRegions) {
  for (double scale : {1e-3, 1e3}) {
    Scene s(scale);
    RegionResult touching;
    touching.relation = Relation::touching;
    ExactRegions far;
    far.relation = Relation::separated;
    far.distance = 0.25 * scale;
    RegionVerificationInput in = s.input();
    in.exact = &far;
    expect_caught(verify(touching, entity_caps(), in).verification, Verdict::fail, "relation",
                  "said touching, exact pair separated");
    ExactRegions deep;
    deep.relation = Relation::penetrating;
    deep.shallow = false;
    in.exact = &deep;
    expect_caught(verify(touching, entity_caps(), in).verification, Verdict::fail, "relation",
                  "said touching, exact pair penetrating");
  }
}

// A peer's point beside the square in B's bottom plane, 5τ outside its side x = ¾ (and every other
// region), is off the contact; τ / 4 outside it is on it. At every scale.
TEST(RegionVerifier, PeerPointsBesideTheSquareAreJudgedAtTau) {
  for (double scale : {1e-3, 1e3}) {
    const Scene s(scale);
    const double tau = 2e-9 * scale;
    for (const double by : {5 * tau, tau / 4}) {
      const Vec3 p(0.75 * scale + by, 0.5 * scale, scale);
      const Verification v = verify(points({p}, kDown), peer_caps(), s.input()).verification;
      if (by > tau)
        expect_caught(v, Verdict::fail, "point off contact");
      else
        EXPECT_EQ(v.verdict, Verdict::pass) << scale << ": " << v.reason;
    }
  }
}

// Normals: a vertex region (0D) allows 3, so 4 fail the count, and an edge region (1D) 2, so 3
// fail; a normal 1e-7 short of unit length (tol_normal 1e-9) fails on its length. All in the cone.
TEST(RegionVerifier, NormalCountAndLengthOnLowerDimensionalRegions) {
  Scene s;
  const RegionResult right = correct_answer(s.exact, RegionSubset::intersection);
  ASSERT_EQ(s.exact.regions[1].dimension, 1);
  ASSERT_EQ(s.exact.regions[5].dimension, 0);
  RegionResult many = right;
  many.regions[5].normals = {kDown, kDown, kDown, kDown};
  expect_caught(verify(many, entity_caps(), s.input()).verification, Verdict::fail, "normal count",
                "4 normals, at most 3");
  many = right;
  many.regions[1].normals = {kDown, kDown, kDown};
  expect_caught(verify(many, entity_caps(), s.input()).verification, Verdict::fail, "normal count",
                "3 normals, at most 2");
  RegionResult shorter = right;
  shorter.regions[1].normals = {(1 - 1e-7) * kDown};
  expect_caught(verify(shorter, entity_caps(), s.input()).verification, Verdict::fail,
                "normal length");
}

// An algorithm that declares neither subset fails either claim on `subset`; an infinite normal or
// a NaN gap fails on `finite`, never passes.
TEST(RegionVerifier, NoSubsetDeclaredAndNonFiniteNormalsFail) {
  Scene s;
  RegionCapabilities none = entity_caps();
  none.intersection_set = none.sufficient_set = false;
  for (RegionSubset subset : {RegionSubset::intersection, RegionSubset::sufficient})
    expect_caught(verify(correct_answer(s.exact, subset), none, s.input()).verification,
                  Verdict::fail, "subset");
  const double inf = std::numeric_limits<double>::infinity();
  expect_caught(
      verify(points({Vec3(0.5, 0.5, 1)}, Vec3(0, 0, -inf)), peer_caps(), s.input()).verification,
      Verdict::fail, "finite");
  RegionResult gap = correct_answer(s.exact, RegionSubset::sufficient);
  gap.regions[0].gap = std::nan("");
  expect_caught(verify(gap, entity_caps(), s.input()).verification, Verdict::fail, "finite");
}

// Inside the band, by hand: B = [½, 3⁄2] × [¼, ¾] × [1 + g, 1.5] overhangs A = [0, 1]³ g = 2^-40 ≈
// 9.1e-13 above it (τ = 2e-9 at size 2); the ε-closure moves B down by g. Dropping a region of
// the touching configuration fails when g is within half the declared ε (ε = 2e-12: ε/2 = 1e-12)
// and is not decided beyond it (ε = 1.6e-12: ε/2 = 8e-13 < g).
TEST(RegionVerifier, InsideTheBandAMissingRegionFailsWithinHalfTheEpsilon) {
  const double g = std::ldexp(1.0, -40);
  const Polytope a = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const Polytope b = box(Vec3(0.5, 0.25, 1 + g), Vec3(1.5, 0.75, 1.5));
  ExactRegionOptions options;
  options.closure_limit = 2e-9;
  const ExactRegions exact = exact_regions(a, Pose::identity(), b, Pose::identity(), options);
  ASSERT_TRUE(exact.relation == Relation::separated && exact.closure);
  ASSERT_TRUE(exact.closure->relation == Relation::touching && exact.closure->length == g);
  RegionResult answer;
  answer.relation = Relation::touching;
  answer.subset = RegionSubset::intersection;
  for (const ExactRegion& e : exact.closure->regions)
    answer.regions.push_back({e.a, e.b, e.points, {}, std::nullopt});
  const RegionStep step{Pose::identity(), Pose::identity(), std::nullopt, std::nullopt};
  RegionVerificationInput in{&exact, 2.0, &a, &b, {}, &step};
  in.epsilon_relative = 1e-12;
  RegionCapabilities caps = entity_caps();
  caps.normals = false;
  EXPECT_EQ(verify(answer, caps, in).verification.verdict, Verdict::pass);
  answer.regions.pop_back();
  expect_caught(verify(answer, caps, in).verification, Verdict::fail, "missing region", "ε/2");
  in.epsilon_relative = 8e-13;
  expect_caught(verify(answer, caps, in).verification, Verdict::ambiguous, "missing region",
                "beyond half the declared ε");
}

}  // namespace
}  // namespace touchstone
