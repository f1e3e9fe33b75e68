// The proof that the verifier can fail: deliberately wrong algorithms, registered only here, are
// caught on every check they declare; undeclared capabilities show as unsupported, and answers
// inside the band around touching are ambiguous, never pass or fail.
#include <gtest/gtest.h>

#include <cmath>

#include "cases/format/case_loader.hpp"
#include "harness/proximity/runner.hpp"
#include "tests/support/gjk_variants.hpp"
#include "tests/support/proximity_runs.hpp"

namespace touchstone {
namespace {

enum class Lie { relation, touching, distance, witness_a, witness_b, depth, nan, fails, throws };

// Wraps GJK and corrupts one part of its answer.
class WrongAlgorithm : public test_support::OverGjk {
 public:
  explicit WrongAlgorithm(Lie lie) : lie_(lie) {}
  ProximityResult query(const ProximityQuery& in) const override {
    ProximityResult r = gjk_->query(in);
    switch (lie_) {
      case Lie::relation:
        r.relation =
            r.relation == Relation::separated ? Relation::penetrating : Relation::separated;
        break;
      case Lie::touching:  // a penetration called contact: wrong unless it is within the band
        if (r.relation == Relation::penetrating) r.relation = Relation::touching;
        break;
      case Lie::distance:
        if (r.distance) *r.distance += 0.01;
        break;
      case Lie::witness_a:
        if (r.witness_a && r.witness_b) {  // slide along the gap: still |a-b| = d, off the shape
          const Vec3 shift(0.3, 0.3, 0.3);
          *r.witness_a += shift;
          *r.witness_b += shift;
        }
        break;
      case Lie::witness_b:
        if (r.witness_a && r.witness_b)
          *r.witness_b += 0.5 * (*r.witness_a - *r.witness_b);  // into the gap
        break;
      case Lie::depth:
        if (r.penetration_depth) *r.penetration_depth *= 1.5;
        break;
      case Lie::nan:
        r.distance = std::numeric_limits<double>::quiet_NaN();
        break;
      case Lie::fails:
        r.status = QueryStatus::failed;
        r.reason = "cycling";
        break;
      case Lie::throws:
        throw std::runtime_error("boom");
    }
    return r;
  }

 private:
  Lie lie_;
};

ProximityAlgorithmInfo wrong_info(Lie lie, std::string name) {
  ProximityAlgorithmInfo info = test_support::gjk_variant(
      std::move(name), [lie] { return std::make_unique<WrongAlgorithm>(lie); });
  info.family = "test-only";
  return info;
}

TEST(Verifier, CatchesEveryDeliberateLie) {
  ProximityRegistry registry;
  registry.add(*ProximityRegistry::builtin().find("gjk"));
  const std::vector<std::pair<Lie, std::string>> lies = {{Lie::relation, "relation"},
                                                         {Lie::distance, "distance"},
                                                         {Lie::witness_a, "witness_a"},
                                                         {Lie::witness_b, "witness_b"},
                                                         {Lie::depth, "depth"}};
  for (const auto& [lie, check] : lies) registry.add(wrong_info(lie, "wrong-" + check));
  registry.add(wrong_info(Lie::touching, "wrong-touching"));
  registry.add(wrong_info(Lie::nan, "wrong-nan"));
  registry.add(wrong_info(Lie::fails, "wrong-fails"));
  registry.add(wrong_info(Lie::throws, "wrong-throws"));
  const ProximityRunResults run = test_support::run_examples(registry);

  std::map<std::string, std::set<std::string>> failed_checks;
  std::map<std::string, std::map<Verdict, int>> verdicts;
  for (const auto& r : run.results) {
    ++verdicts[r.algorithm][r.verification.verdict];
    for (const auto& c : r.verification.checks)
      if (c.verdict == Verdict::fail) failed_checks[r.algorithm].insert(c.name);
  }
  EXPECT_EQ(verdicts["gjk"][Verdict::fail], 0);
  for (const auto& [lie, check] : lies) {
    EXPECT_TRUE(failed_checks["wrong-" + check].count(check))
        << "lie about " << check << " not caught";
    EXPECT_GT(verdicts["wrong-" + check][Verdict::fail], 0);
  }
  // Penetrations answered "touching" fail on the relation (the examples penetrate deeply).
  EXPECT_TRUE(failed_checks["wrong-touching"].count("relation"));
  // NaN never passes, an algorithm's own failure is a fail, an exception is an error.
  EXPECT_GT(verdicts["wrong-nan"][Verdict::fail], 0);
  EXPECT_EQ(verdicts["wrong-nan"][Verdict::pass], 0);
  EXPECT_EQ(verdicts["wrong-fails"][Verdict::fail], static_cast<int>(run.cases.size()));
  EXPECT_EQ(verdicts["wrong-throws"][Verdict::error], static_cast<int>(run.cases.size()));
}

ExactProximity exact(Relation relation, double distance, std::optional<double> depth = {}) {
  ExactProximity e;
  e.relation = relation;
  e.distance = distance;
  e.depth = depth;
  return e;
}

// An algorithm declaring the distance, and witness points, depth or features as asked.
Capabilities declaring(bool witness_points, bool depth = false, bool features = false) {
  Capabilities caps;
  caps.distance = true;
  caps.witness_points = witness_points;
  caps.penetration_depth = depth;
  caps.features = features;
  return caps;
}

// An answer with this relation and distance.
ProximityResult said(Relation relation, double distance) {
  ProximityResult r;
  r.relation = relation;
  r.distance = distance;
  return r;
}

TEST(Verifier, UndeclaredCapabilitiesAreUnsupportedNotPass) {
  const Capabilities caps = declaring(false);
  ProximityResult r = said(Relation::separated, 1.0);
  const auto e = exact(Relation::separated, 1.0);
  const auto v = verify_proximity(r, caps, {&e, 1.0, 1.0, {}, {}}, Tolerances{});
  EXPECT_EQ(v.verdict, Verdict::pass);
  int unsupported = 0;
  for (const auto& c : v.checks) unsupported += c.verdict == Verdict::unsupported;
  EXPECT_EQ(unsupported, 3);  // witness points, depth and features
  ProximityResult u;
  u.status = QueryStatus::unsupported;
  EXPECT_EQ(verify_proximity(u, caps, {&e, 1.0, 1.0, {}, {}}, Tolerances{}).verdict,
            Verdict::unsupported);
}

TEST(Verifier, BandAroundTouchingIsAmbiguous) {
  const Capabilities caps = declaring(false);
  ProximityResult touching = said(Relation::touching, 0.0);
  // Exact distance 1e-15: inside the band, so "touching" is ambiguous, not pass and not fail.
  const auto near = exact(Relation::separated, 1e-15);
  EXPECT_EQ(verify_proximity(touching, caps, {&near, 1.0, 1.0, {}, {}}, Tolerances{}).verdict,
            Verdict::ambiguous);
  // Exact distance 1e-3: far outside the band, so "touching" fails on relation and distance.
  const auto far = exact(Relation::separated, 1e-3);
  const auto v = verify_proximity(touching, caps, {&far, 1.0, 1.0, {}, {}}, Tolerances{});
  EXPECT_EQ(v.verdict, Verdict::fail);
  // Exactly touching but the algorithm says separated at 1e-17: ambiguous.
  ProximityResult sep = said(Relation::separated, 1e-17);
  const auto t = exact(Relation::touching, 0.0);
  EXPECT_EQ(verify_proximity(sep, caps, {&t, 1.0, 1.0, {}, {}}, Tolerances{}).verdict,
            Verdict::ambiguous);
  // Separated vs penetrating across a wide margin is a plain fail.
  ProximityResult pen = said(Relation::penetrating, 0.0);
  const auto s = exact(Relation::separated, 0.5);
  EXPECT_EQ(verify_proximity(pen, caps, {&s, 1.0, 1.0, {}, {}}, Tolerances{}).verdict,
            Verdict::fail);
}

// The relation check's own verdict (fails the test when absent).
Verdict relation_verdict(const Verification& v) {
  for (const auto& c : v.checks)
    if (c.name == "relation") return c.verdict;
  ADD_FAILURE() << "no relation check";
  return Verdict::error;
}

TEST(Verifier, DepthAnswersAcrossTouchingAreAmbiguousOnlyWhenSmall) {
  const Capabilities caps = declaring(false, true);
  const auto barely_apart = exact(Relation::separated, 1e-15);
  // Penetrating by 1e-16 where the exact pair is 1e-15 apart: both within the band of touching.
  ProximityResult slight = said(Relation::penetrating, 0.0);
  slight.penetration_depth = 1e-16;
  EXPECT_EQ(relation_verdict(
                verify_proximity(slight, caps, {&barely_apart, 1.0, 1.0, {}, {}}, Tolerances{})),
            Verdict::ambiguous);
  // Penetrating by 1e-3 there is a wrong answer, though the exact pair is near touching.
  ProximityResult deep = slight;
  deep.penetration_depth = 1e-3;
  EXPECT_EQ(relation_verdict(
                verify_proximity(deep, caps, {&barely_apart, 1.0, 1.0, {}, {}}, Tolerances{})),
            Verdict::fail);
  // Penetrating without a depth from an algorithm that declares depth: not quantified, fail.
  ProximityResult no_depth = slight;
  no_depth.penetration_depth.reset();
  const auto x = verify_proximity(no_depth, caps, {&barely_apart, 1.0, 1.0, {}, {}}, Tolerances{});
  EXPECT_EQ(x.verdict, Verdict::fail);
}

// A pair penetrating by half its size, answered "touching" or "separated" (at a distance inside
// the band, so the answer itself sits next to touching): the exact margin across touching is the
// depth, far beyond the band, so both fail. Penetrating by 1e-16 of its size, the same answers
// are within the band: ambiguous, never pass or fail. At every scale L.
TEST(Verifier, RelationAcrossTouchingIsJudgedOnThePenetrationDepth) {
  const Capabilities caps = declaring(false);
  for (double L : {1e-3, 1.0, 1e3}) {
    ProximityResult touching = said(Relation::touching, 0.0);
    ProximityResult separated = said(Relation::separated, 1e-12 * L);  // inside the band 1e-9 L
    const auto deep = exact(Relation::penetrating, 0.0, 0.5 * L);
    const auto shallow = exact(Relation::penetrating, 0.0, 1e-16 * L);
    for (const ProximityResult* r : {&touching, &separated}) {
      const auto v = verify_proximity(*r, caps, {&deep, L, L, {}, {}}, Tolerances{});
      EXPECT_EQ(relation_verdict(v), Verdict::fail) << to_string(r->relation) << " at L = " << L;
      EXPECT_EQ(v.verdict, Verdict::fail) << to_string(r->relation) << " at L = " << L;
      const auto w = verify_proximity(*r, caps, {&shallow, L, L, {}, {}}, Tolerances{});
      EXPECT_EQ(relation_verdict(w), Verdict::ambiguous)
          << to_string(r->relation) << " at L = " << L;
      EXPECT_EQ(w.verdict, Verdict::ambiguous) << to_string(r->relation) << " at L = " << L;
    }
  }
}

// A penetrating pair answered "penetrating", right on the relation: the depth is judged on its
// own. Too shallow by half fails as too deep by half does, and a declared depth left out fails.
TEST(Verifier, DepthIsCheckedOnARightRelation) {
  const Capabilities caps = declaring(false, true);
  const auto e = exact(Relation::penetrating, 0.0, 0.5);
  ProximityResult r = said(Relation::penetrating, 0.0);
  for (double depth : {0.25, 0.75}) {
    r.penetration_depth = depth;
    const auto v = verify_proximity(r, caps, {&e, 1.0, 1.0, {}, {}}, Tolerances{});
    EXPECT_EQ(v.verdict, Verdict::fail) << depth;
    EXPECT_EQ(v.reason.substr(0, 6), "depth:") << v.reason;
  }
  r.penetration_depth = 0.5;
  EXPECT_EQ(verify_proximity(r, caps, {&e, 1.0, 1.0, {}, {}}, Tolerances{}).verdict, Verdict::pass);
  r.penetration_depth.reset();
  const auto missing = verify_proximity(r, caps, {&e, 1.0, 1.0, {}, {}}, Tolerances{});
  EXPECT_EQ(missing.verdict, Verdict::fail);
  EXPECT_EQ(missing.reason.substr(0, 6), "depth:") << missing.reason;
}

// Witness points each on its shape (exact distance 0 to it) but not a closest pair: |a − b| = 1.5
// where the exact distance is 1. Only the gap between them shows it.
TEST(Verifier, WitnessPointsMustBeAsFarApartAsTheDistance) {
  const Capabilities caps = declaring(true);
  const auto e = exact(Relation::separated, 1.0);
  ProximityResult r = said(Relation::separated, 1.0);
  r.witness_a = Vec3(0, 0, 0);
  r.witness_b = Vec3(1.5, 0, 0);
  const VerificationInput on_shapes{&e, 2.0, 2.0, 0.0, 0.0};
  const auto v = verify_proximity(r, caps, on_shapes, Tolerances{});
  EXPECT_EQ(v.verdict, Verdict::fail);
  EXPECT_EQ(v.reason.substr(0, 12), "witness_gap:") << v.reason;
  r.witness_b = Vec3(1.0, 0, 0);
  EXPECT_EQ(verify_proximity(r, caps, on_shapes, Tolerances{}).verdict, Verdict::pass);
}

// Witness points are world coordinates: near M = 1e8 the doubles are 1.49e-8 apart, so a witness
// 1e-8 off its shape is as close as a double can be and passes (the tolerance adds 4 eps M =
// 8.9e-8 to 1e-9 L); 1e-6 off fails.
TEST(Verifier, WitnessesFarFromTheOriginAreAllowedTheirRounding) {
  const Capabilities caps = declaring(true);
  const auto e = exact(Relation::separated, 1.0);
  ProximityResult r = said(Relation::separated, 1.0);
  r.witness_a = Vec3(1e8, 0, 0);
  r.witness_b = Vec3(1e8 + 1, 0, 0);
  for (const double off : {1e-8, 1e-6}) {
    const VerificationInput in{&e, 2.0, 1e8 + 1, off * off, 0.0};
    const auto v = verify_proximity(r, caps, in, Tolerances{});
    EXPECT_EQ(v.verdict, off < 1e-7 ? Verdict::pass : Verdict::fail) << off << ": " << v.reason;
  }
}

// The verifier on its own (the runner also screens outputs): a NaN or infinite distance or depth
// fails its check, never passes as an error nothing exceeds.
TEST(Verifier, NonFiniteNumbersFailTheirCheck) {
  const Capabilities caps = declaring(false, true);
  const auto apart = exact(Relation::separated, 1.0);
  const auto deep = exact(Relation::penetrating, 0.0, 0.5);
  for (const double bad :
       {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
    ProximityResult r = said(Relation::separated, bad);
    const auto v = verify_proximity(r, caps, {&apart, 1.0, 1.0, {}, {}}, Tolerances{});
    EXPECT_EQ(v.verdict, Verdict::fail) << bad;
    EXPECT_EQ(v.reason.substr(0, 9), "distance:") << v.reason;
    r.relation = Relation::penetrating;
    r.distance = 0.0;
    r.penetration_depth = bad;
    const auto w = verify_proximity(r, caps, {&deep, 1.0, 1.0, {}, {}}, Tolerances{});
    EXPECT_EQ(w.verdict, Verdict::fail) << bad;
    EXPECT_EQ(w.reason.substr(0, 6), "depth:") << w.reason;
  }
}

// One check ambiguous and another failed: the answer fails. "Touching" for a pair 1e-15 apart is
// within the band (ambiguous), but a reported distance of 0.01 is wrong whatever the relation.
TEST(Verifier, AFailBesideAnAmbiguousCheckIsAFail) {
  const Capabilities caps = declaring(false);
  const auto near = exact(Relation::separated, 1e-15);
  ProximityResult r = said(Relation::touching, 0.01);
  const auto v = verify_proximity(r, caps, {&near, 1.0, 1.0, {}, {}}, Tolerances{});
  EXPECT_EQ(relation_verdict(v), Verdict::ambiguous);
  EXPECT_EQ(v.verdict, Verdict::fail);
  EXPECT_EQ(v.reason.substr(0, 9), "distance:") << v.reason;
}

TEST(Verifier, ToleranceScalesWithThePair) {
  const Capabilities caps = declaring(false);
  ProximityResult r = said(Relation::separated, 1000.0 + 1e-7);
  const auto e = exact(Relation::separated, 1000.0);
  // Error 1e-7: fails at scale 1 (tolerance 1e-9), passes at scale 1e4 (tolerance 1e-5).
  EXPECT_EQ(verify_proximity(r, caps, {&e, 1.0, 1.0, {}, {}}, Tolerances{}).verdict, Verdict::fail);
  EXPECT_EQ(verify_proximity(r, caps, {&e, 1e4, 1e4, {}, {}}, Tolerances{}).verdict, Verdict::pass);
}

// Second tests for checks one test alone used to pin (docs/mutation.md), each on another input.

// An algorithm that declares only depth has no distance check: the relation alone judges a
// "touching" answer for a pair 0.5 L apart, far outside the band, and fails it; 1e-16 L apart the
// same answer is ambiguous.
TEST(Verifier, TouchingForAFarApartPairFailsOnTheRelationAlone) {
  Capabilities caps;
  caps.penetration_depth = true;
  ProximityResult touching;
  touching.relation = Relation::touching;
  for (double L : {1e-3, 1.0, 1e3}) {
    const auto far = exact(Relation::separated, 0.5 * L);
    const auto v = verify_proximity(touching, caps, {&far, L, L, {}, {}}, Tolerances{});
    EXPECT_EQ(relation_verdict(v), Verdict::fail) << L;
    EXPECT_EQ(v.verdict, Verdict::fail) << L;
    const auto near = exact(Relation::separated, 1e-16 * L);
    EXPECT_EQ(verify_proximity(touching, caps, {&near, L, L, {}, {}}, Tolerances{}).verdict,
              Verdict::ambiguous)
        << L;
  }
}

// The exact pair penetrates by 1e-16 L (inside the band), but the answer claims a separation of
// 0.5 L: the answer is far from touching on its own side, so the relation fails; claiming 1e-12 L
// it is a neighbour of the boundary and ambiguous.
TEST(Verifier, ASeparationClaimedFarFromTouchingFailsTheRelation) {
  const Capabilities caps = declaring(false);
  for (double L : {1e-3, 1.0, 1e3}) {
    const auto shallow = exact(Relation::penetrating, 0.0, 1e-16 * L);
    ProximityResult r = said(Relation::separated, 0.5 * L);
    EXPECT_EQ(relation_verdict(verify_proximity(r, caps, {&shallow, L, L, {}, {}}, Tolerances{})),
              Verdict::fail)
        << L;
    r.distance = 1e-12 * L;
    EXPECT_EQ(relation_verdict(verify_proximity(r, caps, {&shallow, L, L, {}, {}}, Tolerances{})),
              Verdict::ambiguous)
        << L;
  }
}

// A touching pair (exact distance 0) answered "touching" with a distance of 1e-8 L: ten times the
// distance tolerance 1e-9 L, so the distance check fails; 1e-10 L passes.
TEST(Verifier, DistanceOfATouchingPairIsJudgedAgainstZero) {
  const Capabilities caps = declaring(false);
  const auto t = exact(Relation::touching, 0.0);
  for (double L : {1e-3, 1.0, 1e3}) {
    ProximityResult r = said(Relation::touching, 1e-8 * L);
    const auto v = verify_proximity(r, caps, {&t, L, L, {}, {}}, Tolerances{});
    EXPECT_EQ(v.verdict, Verdict::fail) << L;
    EXPECT_EQ(v.reason.substr(0, 9), "distance:") << v.reason;
    r.distance = 1e-10 * L;
    EXPECT_EQ(verify_proximity(r, caps, {&t, L, L, {}, {}}, Tolerances{}).verdict, Verdict::pass)
        << L;
  }
}

Verdict check_verdict(const Verification& v, const std::string& name) {
  for (const auto& c : v.checks)
    if (c.name == name) return c.verdict;
  ADD_FAILURE() << "no " << name << " check";
  return Verdict::error;
}

// A NaN witness point: its distance to the shape and its gap to the other witness are NaN, and
// both checks fail (a NaN error exceeds no tolerance, so a plain comparison would pass it).
TEST(Verifier, NaNWitnessPointsFailTheirChecks) {
  const auto e = exact(Relation::separated, 1.0);
  ProximityResult r = said(Relation::separated, 1.0);
  r.witness_a = Vec3(std::numeric_limits<double>::quiet_NaN(), 0, 0);
  r.witness_b = Vec3(1, 0, 0);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto v = verify_proximity(r, declaring(true), {&e, 2.0, 1.0, nan, 0.0}, Tolerances{});
  EXPECT_EQ(v.verdict, Verdict::fail);
  EXPECT_EQ(check_verdict(v, "witness_a"), Verdict::fail);
  EXPECT_EQ(check_verdict(v, "witness_gap"), Verdict::fail);
  EXPECT_EQ(check_verdict(v, "witness_b"), Verdict::pass);
}

// Witnesses on their shapes but closer than the distance: a gap short by 1e-8 L fails (tolerance
// 1e-9 L plus a rounding allowance of 8 eps M ≈ 1e-15 L), short by 1e-10 L passes.
TEST(Verifier, WitnessesCloserThanTheDistanceFailAtEveryScale) {
  const Capabilities caps = declaring(true);
  for (double L : {1e-3, 1.0, 1e3}) {
    const auto e = exact(Relation::separated, 0.5 * L);
    ProximityResult r = said(Relation::separated, 0.5 * L);
    r.witness_a = Vec3(0, 0, 0);
    for (const double short_by : {1e-8, 1e-10}) {
      r.witness_b = Vec3((0.5 - short_by) * L, 0, 0);
      const auto v = verify_proximity(r, caps, {&e, L, 0.5 * L, 0.0, 0.0}, Tolerances{});
      EXPECT_EQ(check_verdict(v, "witness_gap"), short_by > 1e-9 ? Verdict::fail : Verdict::pass)
          << L << " " << short_by;
    }
  }
}

// A depth too shallow by 1e-8 L fails like one too deep by as much (tolerance 1e-9 L); 1e-10 L
// off passes. Depth 0.3 L, at every scale.
TEST(Verifier, TooShallowADepthFailsAtEveryScale) {
  const Capabilities caps = declaring(false, true);
  for (double L : {1e-3, 1.0, 1e3}) {
    const auto e = exact(Relation::penetrating, 0.0, 0.3 * L);
    ProximityResult r = said(Relation::penetrating, 0.0);
    for (const double off : {-1e-8, 1e-8, -1e-10}) {
      r.penetration_depth = (0.3 + off) * L;
      const auto v = verify_proximity(r, caps, {&e, L, L, {}, {}}, Tolerances{});
      EXPECT_EQ(check_verdict(v, "depth"), std::abs(off) > 1e-9 ? Verdict::fail : Verdict::pass)
          << L << " " << off;
    }
  }
}

// A right relation on a shallow penetration (1e-16 L) but no depth from an algorithm that declares
// one: the depth check alone fails the answer.
TEST(Verifier, ADeclaredDepthLeftOutFailsEvenWhenShallow) {
  for (double L : {1e-3, 1e3}) {
    const auto e = exact(Relation::penetrating, 0.0, 1e-16 * L);
    const auto v = verify_proximity(said(Relation::penetrating, 0.0), declaring(false, true),
                                    {&e, L, L, {}, {}}, Tolerances{});
    EXPECT_EQ(relation_verdict(v), Verdict::pass) << L;
    EXPECT_EQ(check_verdict(v, "depth"), Verdict::fail) << L;
    EXPECT_EQ(v.verdict, Verdict::fail) << L;
  }
}

// Near M = 1e12 (ulp 2^-13 ≈ 1.2e-4) witness b 1e-4 off its shape is within a rounding of its
// true point: the tolerance is 1e-9 L + 4 eps M ≈ 8.9e-4, so it passes; 1e-2 off fails.
TEST(Verifier, WitnessBFarFromTheOriginIsAllowedItsRounding) {
  const Capabilities caps = declaring(true);
  const auto e = exact(Relation::separated, 1.0);
  ProximityResult r = said(Relation::separated, 1.0);
  r.witness_a = Vec3(-1e12 - 1, 0, 0);
  r.witness_b = Vec3(-1e12, 0, 0);
  for (const double off : {1e-4, 1e-2}) {
    const auto v = verify_proximity(r, caps, {&e, 2.0, 1e12 + 1, 0.0, off * off}, Tolerances{});
    EXPECT_EQ(check_verdict(v, "witness_b"), off < 1e-3 ? Verdict::pass : Verdict::fail) << off;
    EXPECT_EQ(v.verdict, off < 1e-3 ? Verdict::pass : Verdict::fail) << off << ": " << v.reason;
  }
}

// Features that are not a closest pair but tie with one to within the band are ambiguous; a
// distance off by 0.1 beside them still fails the answer.
TEST(Verifier, AFailBesideAnAmbiguousFeaturePairIsAFail) {
  const Capabilities caps = declaring(false, false, true);
  const auto e = exact(Relation::separated, 1.0);
  ProximityResult r = said(Relation::separated, 1.0);
  r.feature_a = Feature{FeatureKind::vertex, 0};
  r.feature_b = Feature{FeatureKind::face, 1};
  FeatureDistanceInput tie;
  tie.comparison = 1;
  tie.distance = 1.0 + 1e-12;
  const auto ambiguous = verify_proximity(r, caps, {&e, 1.0, 1.0, {}, {}}, Tolerances{}, &tie);
  EXPECT_EQ(ambiguous.verdict, Verdict::ambiguous) << ambiguous.reason;
  r.distance = 1.1;
  const auto v = verify_proximity(r, caps, {&e, 1.0, 1.0, {}, {}}, Tolerances{}, &tie);
  EXPECT_EQ(check_verdict(v, "features"), Verdict::ambiguous);
  EXPECT_EQ(v.verdict, Verdict::fail);
  EXPECT_EQ(v.reason.substr(0, 9), "distance:") << v.reason;
}

// ulp_at by hand: 1 lies in [2^0, 2^1), so its ulp is 2^-52; 1000 in [2^9, 2^10): 2^-43; 1024 is
// 2^10: 2^-42; 0 (and anything below the smallest normal double) counts as 2^-1022: 2^-1074.
TEST(ErrorInUlps, UlpIsTheSpacingOfDoublesAtM) {
  EXPECT_EQ(ulp_at(1.0), std::ldexp(1.0, -52));
  EXPECT_EQ(ulp_at(1000.0), std::ldexp(1.0, -43));
  EXPECT_EQ(ulp_at(1023.999), std::ldexp(1.0, -43));
  EXPECT_EQ(ulp_at(1024.0), std::ldexp(1.0, -42));
  EXPECT_EQ(ulp_at(-1000.0), std::ldexp(1.0, -43));
  EXPECT_EQ(ulp_at(0.0), std::ldexp(1.0, -1074));
}

// A distance off by exactly 3 ulps of M = 1000 (3 · 2^-43, exact in doubles near 1) is 3 ulps;
// the same error at M = 1 is 3 · 2^9 = 1536 ulps. A check that measured nothing has none.
TEST(ErrorInUlps, DistanceOffByThreeUlpsOfM) {
  const Capabilities caps = declaring(false);
  ProximityResult r = said(Relation::separated, 1.0 + 3 * std::ldexp(1.0, -43));
  const auto e = exact(Relation::separated, 1.0);
  const auto v = verify_proximity(r, caps, {&e, 1.0, 1000.0, {}, {}}, Tolerances{});
  std::optional<double> distance_ulps;
  for (const auto& c : v.checks) {
    if (c.name == "distance") distance_ulps = error_in_ulps(c, 1000.0);
    if (c.name == "relation") {
      EXPECT_EQ(error_in_ulps(c, 1000.0).value_or(-1), 0.0);
    }
    if (c.verdict == Verdict::unsupported) {
      EXPECT_FALSE(error_in_ulps(c, 1000.0)) << c.name;
    }
  }
  EXPECT_EQ(distance_ulps.value_or(-1), 3.0);
  EXPECT_EQ(
      error_in_ulps({"distance", Verdict::pass, 3 * std::ldexp(1.0, -43), 1, ""}, 1.0).value_or(-1),
      1536.0);
  EXPECT_FALSE(error_in_ulps({"distance", Verdict::fail, 0, 0, "declared but not returned"}, 1.0));
}

// Strict mode at L ≈ 1e4 (M = 5000, ulp 2^-40 ≈ 9.1e-13): an error of 1e-7 and a "touching" at
// exact distance 1e-8 pass (ambiguous) under the relative band 1e-9 · L = 1e-5, but are ~1e5 and
// ~1e4 ulps: strict mode with 16 ulps (1.5e-11) fails both.
TEST(ErrorInUlps, StrictModeFailsWhatTheRelativeBandForgives) {
  const Capabilities caps = declaring(false);
  Tolerances strict;
  strict.mode = ToleranceMode::ulps;
  strict.ulps = 16;
  ProximityResult r = said(Relation::separated, 1000.0 + 1e-7);
  const auto e = exact(Relation::separated, 1000.0);
  EXPECT_EQ(verify_proximity(r, caps, {&e, 1e4, 5000.0, {}, {}}, Tolerances{}).verdict,
            Verdict::pass);
  EXPECT_EQ(verify_proximity(r, caps, {&e, 1e4, 5000.0, {}, {}}, strict).verdict, Verdict::fail);
  ProximityResult touching = said(Relation::touching, 0.0);
  const auto near = exact(Relation::separated, 1e-8);
  EXPECT_EQ(verify_proximity(touching, caps, {&near, 1e4, 5000.0, {}, {}}, Tolerances{}).verdict,
            Verdict::ambiguous);
  EXPECT_EQ(verify_proximity(touching, caps, {&near, 1e4, 5000.0, {}, {}}, strict).verdict,
            Verdict::fail);
  // Within the strict band (8 ulps from touching) it stays ambiguous: a fair verdict.
  const auto closer = exact(Relation::separated, 8 * std::ldexp(1.0, -40));
  EXPECT_EQ(verify_proximity(touching, caps, {&closer, 1e4, 5000.0, {}, {}}, strict).verdict,
            Verdict::ambiguous);
  // Every tolerance of the case is 16 ulps of M, whatever L.
  const CaseTolerances t = case_tolerances(strict, 1e4, 5000.0);
  for (double x : {t.distance, t.witness, t.witness_gap, t.depth, t.band})
    EXPECT_EQ(x, 16 * std::ldexp(1.0, -40));
}

}  // namespace
}  // namespace touchstone
