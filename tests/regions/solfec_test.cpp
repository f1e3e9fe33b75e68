// solfec-cvi (seed 001), the exact contact patch (reference/exact_patch.hpp) and the patch checks
// (harness/regions/patch_checks.hpp). Expected values are worked out by hand in the comments,
// never taken from the code under test. (A file of its own: the region algorithm, reference and
// verifier test files are near the 600-line limit.)
#include "algorithms/regions/solfec/solfec.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>

#include "algorithms/regions/solfec/broadphase.hpp"
#include "algorithms/regions/solfec/cvi.hpp"
#include "algorithms/regions/solfec/sparsify.hpp"
#include "harness/regions/verifier.hpp"
#include "reference/exact_regions.hpp"
#include "tests/support/region_expect.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

using test_support::at;
using test_support::box;

RegionResult run(const Polytope& a, const Pose& pa, const Polytope& b, const Pose& pb,
                 const solfec::Options& o = {}) {
  return test_support::query_pair(*solfec::make(o), a, pa, b, pb);
}

// A = [0,1]³, B = [0.25,1.25] × [0.5,1.5] × [0.75,1.75]: A ∩ B = [0.25,1] × [0.5,1] × [0.75,1],
// sides 0.75 × 0.5 × 0.25, volume 3/32. Faces x = 1, y = 1, z = 1 lie on ∂A, x = 0.25, y = 0.5,
// z = 0.75 on ∂B; areas 0.125 (x), 0.1875 (y), 0.375 (z); half the surface 0.6875. Opposite
// faces have equal areas and mirror centroids, so the surface centroid is the box centre
// (0.625, 0.75, 0.875). Seed normal: A's faces add a²·(+x, +y, +z), B's subtract a²·(−x, −y, −z):
// 2·(0.015625, 0.03515625, 0.140625), from A into B; the contract's normal is its negation.
const Polytope kA = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
const Polytope kB = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
const Pose kPoseB = at(0.25, 0.5, 0.75);
const Vec3 kPoint(0.625, 0.75, 0.875);
const Vec3 kNormal = -Vec3(0.015625, 0.03515625, 0.140625).normalized();

TEST(SolfecCvi, BoxCornerOverlapByHand) {
  const RegionResult r = run(kA, Pose::identity(), kB, kPoseB);
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  ASSERT_EQ(r.regions.size(), 1u);
  const ContactRegion& c = r.regions[0];
  EXPECT_EQ(r.relation, Relation::penetrating);
  ASSERT_EQ(c.points.size(), 1u);
  EXPECT_LT((c.points[0] - kPoint).norm(), 1e-12);
  ASSERT_EQ(c.normals.size(), 1u);
  EXPECT_LT((c.normals[0] - kNormal).norm(), 1e-12);
  ASSERT_TRUE(c.area && c.gap);
  EXPECT_NEAR(*c.area, 0.6875, 1e-12);
  // The surface pair: A's face z = 1 (0.125 from p) and B's face z = 0.75 (0.125 from p).
  ASSERT_TRUE(c.a && c.b);
  EXPECT_EQ(kA.faces()[static_cast<std::size_t>(c.a->id)].plane.normal, Vec3(0, 0, 1));
  EXPECT_EQ(kB.faces()[static_cast<std::size_t>(c.b->id)].plane.normal, Vec3(0, 0, -1));
  // Gap: negative, no deeper than the extent of A ∪ B along n.
  EXPECT_LT(*c.gap, 0.0);
  EXPECT_GT(*c.gap, -2.0);
}

// Face to face: B = A moved up by 0.9, overlap slab [0,1]² × [0.9, 1] of depth 0.1. The side
// planes coincide, so each side may carry either label; the top (∂A, area 1) and bottom (∂B,
// area 1) dominate: the sides (area 0.1, weight 0.01 against 1) tilt the normal from −z by at most
// 0.02 / 2 per axis. Surface centroid (0.5, 0.5, 0.95), half area 1 + 0.2 = 1.2.
// Gap: the width along z is 0.1, and the re-check (A down by 0.1, B up by 0.1: 0.1 apart) gives
// 0.1 − 0.2 = −0.1.
TEST(SolfecCvi, SlabOverlapGivesDepthAsGap) {
  const RegionResult r = run(kA, Pose::identity(), kB, at(0, 0, 0.9));
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  ASSERT_EQ(r.regions.size(), 1u);
  const ContactRegion& c = r.regions[0];
  EXPECT_LT((c.points[0] - Vec3(0.5, 0.5, 0.95)).norm(), 1e-12);
  EXPECT_LT((c.normals[0] - Vec3(0, 0, -1)).norm(), 0.015);
  EXPECT_NEAR(*c.area, 1.2, 1e-12);
  EXPECT_NEAR(*c.gap, -0.1, 1e-3);
}

TEST(SolfecCvi, SeparatedTouchingAndThinGiveNoPatch) {
  const RegionResult far = run(kA, Pose::identity(), kB, at(0, 0, 1.5));
  ASSERT_EQ(far.status, QueryStatus::ok);
  EXPECT_TRUE(far.regions.empty());
  EXPECT_EQ(far.relation, Relation::separated);
  for (double z : {1.0, 1.0 - 1e-9, 1.0 + 1e-9}) {  // within ε = 1e-6 of touching
    const RegionResult r = run(kA, Pose::identity(), kB, at(0, 0, z));
    ASSERT_EQ(r.status, QueryStatus::ok) << z << ": " << r.reason;
    EXPECT_TRUE(r.regions.empty()) << z;
  }
  // With ε = 1e-12 the 1e-9 overlap is a patch again, of half area ≈ 1.
  const RegionResult fine = run(kA, Pose::identity(), kB, at(0, 0, 1.0 - 1e-9), {1e-12});
  ASSERT_EQ(fine.status, QueryStatus::ok) << fine.reason;
  ASSERT_EQ(fine.regions.size(), 1u);
  EXPECT_NEAR(*fine.regions[0].area, 1.0, 1e-6);
}

TEST(SolfecCvi, BadInputIsUnsupportedOrFailedNeverACrash) {
  const Polytope flat = Polytope::from_points(
      std::vector<Vec3>{{0.2, 0.2, 0.5}, {0.8, 0.2, 0.5}, {0.8, 0.8, 0.5}, {0.2, 0.8, 0.5}});
  EXPECT_EQ(run(kA, Pose::identity(), flat, Pose::identity()).status, QueryStatus::unsupported);
  const Polytope needle = box(Vec3(0.5, 0.5, -1), Vec3(0.5 + 1e-12, 0.5 + 1e-12, 2));
  const RegionResult n = run(kA, Pose::identity(), needle, Pose::identity());
  EXPECT_NE(n.status, QueryStatus::unsupported);  // a solid: it answers (a thin patch is none)
  EXPECT_TRUE(n.status == QueryStatus::failed || n.regions.size() <= 1) << n.reason;
  // Identical cubes: every plane coincides; any answer is one patch centred on (0.5, 0.5, 0.5)
  // with half area 3, or a failure with its reason.
  const RegionResult same = run(kA, Pose::identity(), kA, Pose::identity());
  if (same.status == QueryStatus::ok) {
    ASSERT_EQ(same.regions.size(), 1u);
    EXPECT_LT((same.regions[0].points[0] - Vec3(0.5, 0.5, 0.5)).norm(), 1e-9);
    EXPECT_NEAR(*same.regions[0].area, 3.0, 1e-9);
  } else {
    EXPECT_FALSE(same.reason.empty());
  }
  // Tiny scale with the absolute ε: thinner than ε, no patch; with the relative ε: the patch,
  // scaled (A ∩ B = [0.9,1] × [0,1]² × 1e-50: centroid (0.95, 0.5, 0.5) · 1e-50, half area
  // 1.2e-300).
  const Polytope tiny_a = box(Vec3(0, 0, 0), Vec3(1e-50, 1e-50, 1e-50));
  const Polytope tiny_b = box(Vec3(0.9e-50, 0, 0), Vec3(1.9e-50, 1e-50, 1e-50));
  const RegionResult abs = run(tiny_a, Pose::identity(), tiny_b, Pose::identity());
  ASSERT_EQ(abs.status, QueryStatus::ok) << abs.reason;
  EXPECT_TRUE(abs.regions.empty());
  const RegionResult rel =
      run(tiny_a, Pose::identity(), tiny_b, Pose::identity(), {1e-6, true, false});
  ASSERT_EQ(rel.status, QueryStatus::ok) << rel.reason;
  ASSERT_EQ(rel.regions.size(), 1u);
  EXPECT_LT((rel.regions[0].points[0] / 1e-50 - Vec3(0.95, 0.5, 0.5)).norm(), 1e-9);
  EXPECT_NEAR(*rel.regions[0].area / 1e-100, 1.2, 1e-9);
  // Huge scale, absolute ε (far below the size): the same patch scaled up.
  const Polytope huge_a = box(Vec3(0, 0, 0), Vec3(1e50, 1e50, 1e50));
  const Polytope huge_b = box(Vec3(0.9e50, 0, 0), Vec3(1.9e50, 1e50, 1e50));
  const RegionResult big = run(huge_a, Pose::identity(), huge_b, Pose::identity());
  ASSERT_EQ(big.status, QueryStatus::ok) << big.reason;
  ASSERT_EQ(big.regions.size(), 1u);
  EXPECT_LT((big.regions[0].points[0] / 1e50 - Vec3(0.95, 0.5, 0.5)).norm(), 1e-9);
}

TEST(SolfecCvi, RefinePointReachesTheSlabMiddle) {
  // Planes of the slab 0 ≤ z ≤ 0.1 and a wide box: the largest smallest slack is 0.05, at z = 0.05.
  const std::vector<Plane> planes = {{{0, 0, 1}, 0.1},  {{0, 0, -1}, 0.0}, {{1, 0, 0}, 1.0},
                                     {{-1, 0, 0}, 1.0}, {{0, 1, 0}, 1.0},  {{0, -1, 0}, 1.0}};
  Vec3 x(0.3, -0.2, 0.0);  // on the bottom plane, as GJK's common point would be
  const double depth = solfec::refine_point(planes, x, 2.0);
  EXPECT_NEAR(depth, 0.05, 1e-12);
  EXPECT_NEAR(x.z(), 0.05, 1e-12);
}

// ---- the exact reference ----

TEST(ExactPatch, BoxCornerOverlapByHand) {
  const ExactPatch p = exact_patch(kA, Pose::identity(), kB, kPoseB);
  EXPECT_FALSE(p.empty);
  EXPECT_EQ(p.volume_exact, "3/32");
  ASSERT_EQ(p.faces.size(), 6u);
  int on_a = 0;
  for (const ExactPatchFace& f : p.faces) {
    on_a += f.side == ExactPatchFace::Side::a;
    EXPECT_NE(f.side, ExactPatchFace::Side::both);
  }
  EXPECT_EQ(on_a, 3);
  EXPECT_EQ(p.area, 0.6875);
  EXPECT_LT((p.point - kPoint).norm(), 1e-15);
  EXPECT_LT((p.normal - kNormal).norm(), 1e-15);
  EXPECT_EQ(p.vertices.size(), 8u);
}

TEST(ExactPatch, SharedSidesAreOnBothSurfaces) {
  // The slab of SlabOverlapGivesDepthAsGap: its four sides lie on planes of both A and B.
  const ExactPatch p = exact_patch(kA, Pose::identity(), kB, at(0, 0, 0.875));
  ASSERT_EQ(p.faces.size(), 6u);
  int both = 0;
  for (const ExactPatchFace& f : p.faces) both += f.side == ExactPatchFace::Side::both;
  EXPECT_EQ(both, 4);
  EXPECT_EQ(p.volume_exact, "1/8");
  EXPECT_EQ(p.normal, Vec3(0, 0, -1));  // the sides left out, top +z on A, bottom −z on B
  // Touching and separated: no volume.
  EXPECT_TRUE(exact_patch(kA, Pose::identity(), kB, at(0, 0, 1)).empty);
  EXPECT_TRUE(exact_patch(kA, Pose::identity(), kB, at(0, 0, 2)).empty);
}

// B = A moved down by 1e-9: A ∩ B = [0, 1]² × [0, 1 − 1e-9], eight vertices. A's top corners lie
// only 1e-9 outside B, too close for the floating-point filter: the exact test must reject them.
TEST(ExactPatch, CornersJustOutsideTheOtherBodyAreNotVertices) {
  const ExactPatch p = exact_patch(kA, Pose::identity(), kB, at(0, 0, -1e-9));
  ASSERT_FALSE(p.empty);
  EXPECT_EQ(p.vertices.size(), 8u);
  for (const Vec3& v : p.vertices) EXPECT_LE(v.z(), 1 - 1e-9) << v.transpose();
  EXPECT_NEAR(p.volume, 1 - 1e-9, 1e-15);
}

// ---- the patch checks: a right answer passes, each perturbation is caught ----

Verdict verdict_of(const RegionResult& r, const ExactRegions& e, const RegionStep& step,
                   double epsilon = 1e-6) {
  RegionVerificationInput in{&e, 3.0, &kA, &kB, {}, &step};
  in.patch_epsilon = epsilon;
  return verify_regions(r, solfec::info().capabilities, in, {}).verification.verdict;
}

TEST(PatchChecks, RightAnswerPassesPerturbedOnesFail) {
  const RegionStep step{Pose::identity(), kPoseB, std::nullopt, std::nullopt};
  ExactRegionOptions ask;
  ask.compute_patch = true;
  const ExactRegions e = exact_regions(kA, Pose::identity(), kB, kPoseB, ask);
  ASSERT_TRUE(e.patch.has_value());
  const RegionResult right = run(kA, Pose::identity(), kB, kPoseB);
  ASSERT_EQ(right.regions.size(), 1u);
  EXPECT_EQ(verdict_of(right, e, step), Verdict::pass);
  auto perturbed = [&](auto change) {
    RegionResult r = right;
    change(r.regions[0]);
    return verdict_of(r, e, step);
  };
  EXPECT_EQ(perturbed([](ContactRegion& c) { c.points[0].x() += 1e-4; }), Verdict::fail);
  EXPECT_EQ(perturbed([](ContactRegion& c) { c.normals[0] = -c.normals[0]; }), Verdict::fail);
  EXPECT_EQ(perturbed([](ContactRegion& c) { *c.area *= 1.001; }), Verdict::fail);
  EXPECT_EQ(perturbed([](ContactRegion& c) { c.gap = 0.1; }), Verdict::fail);
  EXPECT_EQ(perturbed([](ContactRegion& c) { c.gap = -5.0; }), Verdict::fail);
  EXPECT_EQ(perturbed([](ContactRegion& c) { c.a->id = (c.a->id + 1) % 6; }), Verdict::fail);
  RegionResult none = right;
  none.regions.clear();
  EXPECT_EQ(verdict_of(none, e, step), Verdict::fail);  // thickness 3/32 / 0.6875 ≫ ε
  RegionResult two = right;
  two.regions.push_back(right.regions[0]);
  EXPECT_EQ(verdict_of(two, e, step), Verdict::fail);
}

// Without volume no point is inside both, let alone ε deep: with ε = 1e-6 > τ = 3e-9 (size 3) a
// patch is wrong wherever its point lies; only with ε ≤ τ (rounding could show a volume) is a
// patch on the touching face `ambiguous`. Separated by 5e-7 < ε (GJK's distance below ε: Solfec
// proceeds to the intersection and answers no patch): the same.
TEST(PatchChecks, NoVolumeWantsNoPatchAndTheBandIsAmbiguous) {
  const RegionStep touching{Pose::identity(), at(0, 0, 1), std::nullopt, std::nullopt};
  ExactRegionOptions ask;
  ask.compute_patch = true;
  const ExactRegions e = exact_regions(kA, Pose::identity(), kB, at(0, 0, 1), ask);
  RegionResult none;
  EXPECT_EQ(verdict_of(none, e, touching), Verdict::pass);
  // A patch on the touching face: its point on both surfaces.
  RegionResult patch = run(kA, Pose::identity(), kB, at(0, 0, 0.9));
  patch.regions[0].points[0] = Vec3(0.5, 0.5, 1.0);
  EXPECT_EQ(verdict_of(patch, e, touching), Verdict::fail);
  EXPECT_EQ(verdict_of(patch, e, touching, 1e-9), Verdict::ambiguous);
  patch.regions[0].points[0] = Vec3(0.5, 0.5, 0.5);  // inside A, 0.5 below B
  EXPECT_EQ(verdict_of(patch, e, touching, 1e-9), Verdict::fail);
  const Pose near = at(0, 0, 1 + 5e-7);
  const RegionStep near_step{Pose::identity(), near, std::nullopt, std::nullopt};
  const ExactRegions en = exact_regions(kA, Pose::identity(), kB, near, ask);
  EXPECT_EQ(verdict_of(run(kA, Pose::identity(), kB, near), en, near_step), Verdict::pass);
  patch.regions[0].points[0] = Vec3(0.5, 0.5, 1.0);
  EXPECT_EQ(verdict_of(patch, en, near_step), Verdict::fail);
  // Separated by 0.5 ≫ L: any patch fails.
  const RegionStep far{Pose::identity(), at(0, 0, 1.5), std::nullopt, std::nullopt};
  const ExactRegions ef = exact_regions(kA, Pose::identity(), kB, at(0, 0, 1.5), ask);
  EXPECT_EQ(verdict_of(patch, ef, far), Verdict::fail);
}

// The exact reference of A and B under pose pb, with its contact patch.
ExactRegions patch_reference(const Pose& pb) {
  ExactRegionOptions ask;
  ask.compute_patch = true;
  return exact_regions(kA, Pose::identity(), kB, pb, ask);
}

// B touching A along the edge x = y = 1 (no volume), with ε = 1e-9 < τ (so no patch is ever
// shallow enough to be wrong outright): a patch whose point is 0.1 outside B fails on "patch",
// one with its point on the shared edge is within L of both and ambiguous.
TEST(PatchChecks, NoVolumeEdgeContactJudgesThePatchPoint) {
  const Pose edge = at(1, 1, 0);
  const RegionStep step{Pose::identity(), edge, std::nullopt, std::nullopt};
  const ExactRegions e = patch_reference(edge);
  RegionResult patch = run(kA, Pose::identity(), kB, at(0, 0, 0.9));
  ASSERT_EQ(patch.regions.size(), 1u);
  patch.regions[0].points[0] = Vec3(0.9, 0.9, 0.5);
  EXPECT_EQ(verdict_of(patch, e, step, 1e-9), Verdict::fail);
  patch.regions[0].points[0] = Vec3(1, 1, 0.5);
  EXPECT_EQ(verdict_of(patch, e, step, 1e-9), Verdict::ambiguous);
}

// Rotated boxes given by vertices far from the origin (10⁶): their faces reach the hull as nearly
// coplanar triangle pairs, and the slacks round at 1e-10. No expected value by hand here: each
// answer must pass the patch checks against the exact reference (before the coplanar merge and
// the rounding floor of refine_point, 12 of 20 such pairs failed: normals off by up to 0.68,
// "CVI has gone insane", a 0.002-deep overlap answered with no patch).
TEST(SolfecCvi, FarFromTheOriginAgreesWithTheExactPatch) {
  const Vec3 far(1e6, -3e5, 2e6);
  const Polytope a = box(far, far + Vec3(1, 1, 1));
  ExactRegionOptions ask;
  ask.compute_patch = true;
  int patches = 0;
  for (int k = 0; k < 8; ++k) {
    const double w = 0.9, x = 0.3 * (k % 3) - 0.2, y = -0.2 + 0.1 * k, z = 0.25;
    const double n = std::sqrt(w * w + x * x + y * y + z * z);
    const Mat3 r = Pose::from_quaternion({w / n, x / n, y / n, z / n}, Vec3::Zero()).rotation;
    const Vec3 half(0.3 + 0.02 * k, 0.2, 0.4 - 0.03 * k);
    const Vec3 centre = far + Vec3(0.9 - 0.1 * k, 0.6, 0.8 + 0.05 * k);
    std::vector<Vec3> pts;
    for (const Vec3& c : test_support::box_corners(-half, half)) pts.push_back(r * c + centre);
    const Polytope b = Polytope::from_points(pts);
    const RegionResult answer = run(a, Pose::identity(), b, Pose::identity());
    ASSERT_EQ(answer.status, QueryStatus::ok) << k << ": " << answer.reason;
    patches += static_cast<int>(answer.regions.size());
    const ExactRegions e = exact_regions(a, Pose::identity(), b, Pose::identity(), ask);
    const RegionStep step{Pose::identity(), Pose::identity(), std::nullopt, std::nullopt};
    RegionVerificationInput in{
        &e, (a.bbox_max().cwiseMax(b.bbox_max()) - a.bbox_min().cwiseMin(b.bbox_min())).norm(),
        &a, &b,
        {}, &step};
    in.patch_epsilon = 1e-6;
    const RegionVerification v = verify_regions(answer, solfec::info().capabilities, in, {});
    EXPECT_NE(v.verification.verdict, Verdict::fail) << k << ": " << v.verification.reason;
  }
  EXPECT_GE(patches, 6);
}

// Point-only contacts on a penetrating pair (capabilities.penetration_points, for the peers'
// convex-convex manifolds). A = [0,1]³, B = A + (0.9, 0, 0.9): A ∩ B = [0.9,1] × [0,1] × [0.9,1];
// the depth is 0.1, realized along x and along z alike (a tie: both normals from B into A,
// (−1,0,0) and (0,0,−1), separate after 0.1). Along (0,0,1) it takes 1.9; tilted by 1e-3 from
// (0,0,−1) about y it takes 0.1 + ~1e-3.
TEST(PenetrationPoints, PointsInsideAndDepthNormalsPassOthersFail) {
  const Pose pose_b = at(0.9, 0, 0.9);
  const RegionStep step{Pose::identity(), pose_b, std::nullopt, std::nullopt};
  ExactRegionOptions ask;
  ask.compute_patch = true;
  ask.shallow_limit = 3e-9;
  const ExactRegions e = exact_regions(kA, Pose::identity(), kB, pose_b, ask);
  ASSERT_TRUE(e.patch && e.patch->depth);
  EXPECT_NEAR(*e.patch->depth, 0.1, 1e-15);
  const RegionCapabilities caps{.entities = false, .normals = true, .penetration_points = true};
  auto verdict = [&](const Vec3& p, const Vec3& n) {
    RegionResult r;
    r.regions.push_back({std::nullopt, std::nullopt, {p}, {n.normalized()}, 0.1});
    const RegionVerificationInput in{&e, 3.0, &kA, &kB, {}, &step};
    return verify_regions(r, caps, in, {}).verification.verdict;
  };
  const Vec3 inside(0.95, 0.5, 0.95);
  EXPECT_EQ(verdict(inside, Vec3(0, 0, -1)), Verdict::pass);
  EXPECT_EQ(verdict(inside, Vec3(-1, 0, 0)), Verdict::pass);
  EXPECT_EQ(verdict(Vec3(1, 1, 1), Vec3(0, 0, -1)), Verdict::pass);          // a corner of A ∩ B
  EXPECT_EQ(verdict(Vec3(0.95, 0.5, 0.85), Vec3(0, 0, -1)), Verdict::fail);  // 0.05 below B
  EXPECT_EQ(verdict(Vec3(0.95, 0.5, 1 + 1e-6), Vec3(0, 0, -1)), Verdict::fail);
  EXPECT_EQ(verdict(inside, Vec3(0, 0, 1)), Verdict::fail);
  EXPECT_EQ(verdict(inside, Vec3(1e-3, 0, -1)), Verdict::fail);
  EXPECT_EQ(verify_regions({}, caps, {&e, 3.0, &kA, &kB, {}, &step}, {}).verification.verdict,
            Verdict::fail);  // no contact on a pair 0.1 deep
}

// Sparsification (seed 001 lines 1–5) by hand. Elements of each body on a line, sharing a face
// with their neighbours (|x − y| = 1). Contacts (A element, B element, area, point):
//  0: (0, 0) area 1 at x = 0;
//  1: (0, 1) area 0.005 — topologically adjacent to 0 (same A element, B elements share a face)
//     and 0.005 < 0.01 · 1: deleted (line 4);
//  2: (5, 5) area 0.005 at x = 5 — adjacent to no larger contact, but 1e-7 < mindist from 3:
//     deleted (line 5; it comes first, so 3 survives);
//  3: (5, 6) area 0.2 at x = 5 + 1e-7: kept;
//  4: (9, 9) area 0.001 — smaller than 0.01 · area(0) but not topologically adjacent: kept.
// With minarea 0.5 (line 2) only contact 0 is left.
TEST(SolfecSparsify, DomDefaultsByHand) {
  const std::vector<solfec::SparseContact> contacts = {{Vec3(0, 0, 0), 1.0, 0, 0},
                                                       {Vec3(1, 0, 0), 0.005, 0, 1},
                                                       {Vec3(5, 0, 0), 0.005, 5, 5},
                                                       {Vec3(5 + 1e-7, 0, 0), 0.2, 5, 6},
                                                       {Vec3(9, 0, 0), 0.001, 9, 9}};
  const auto line = [](int x, int y) { return std::abs(x - y) == 1; };
  EXPECT_EQ(solfec::sparsify(contacts, line, line),
            (std::vector<bool>{true, false, false, true, true}));
  solfec::SparsifyOptions o;
  o.minarea = 0.5;
  EXPECT_EQ(solfec::sparsify(contacts, line, line, o),
            (std::vector<bool>{true, false, false, false, false}));
}

// Broad phase (seed 001 "Overlap detection"). By hand: 0 = [0,1]³; 1 touches 0's face x = 1
// (closed boxes overlap); 2 is 1e-12 beyond 0's face y = 1; 3 is flat (z = 0.5) inside 0; 4 has
// lo > hi (empty); 5 has a NaN; 6 equals 0. Pairs: (0,1) (0,3) (0,6) (1,6) (3,6).
TEST(SolfecBroadphase, ClosedBoxesByHand) {
  using solfec::AxisBox;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<AxisBox> boxes = {
      {{0, 0, 0}, {1, 1, 1}},         {{1, 0.2, 0.2}, {2, 0.8, 0.8}},
      {{0, 1 + 1e-12, 0}, {1, 2, 1}}, {{0.2, 0.2, 0.5}, {0.8, 0.8, 0.5}},
      {{0.5, 0, 0}, {0.4, 1, 1}},     {{0, 0, nan}, {1, 1, 1}},
      {{0, 0, 0}, {1, 1, 1}}};
  const solfec::BoxPairs want = {{0, 1}, {0, 3}, {0, 6}, {1, 6}, {3, 6}};
  EXPECT_EQ(solfec::box_pairs(boxes), want);
  EXPECT_EQ(solfec::box_pairs_brute_force(boxes), want);
}

// CGAL's segment tree against every pair tested, on random boxes (sides up to twice the mean
// spacing, about 8 neighbours each) with shared coordinates drawn from a coarse grid, so that
// faces touch exactly and boxes repeat, plus flat boxes. Sizes below CGAL's cutoff (10) and
// above it.
TEST(SolfecBroadphase, SegmentTreeEqualsBruteForceOnRandomBoxes) {
  std::mt19937_64 rng(27);
  for (int n : {1, 5, 9, 10, 11, 50, 200, 1000, 3000}) {
    const double grid = std::cbrt(static_cast<double>(n));
    std::uniform_int_distribution<int> cell(0, 4 * static_cast<int>(grid) + 4);
    std::uniform_int_distribution<int> side(0, 16);
    std::vector<solfec::AxisBox> boxes(n);
    for (auto& b : boxes)
      for (int k = 0; k < 3; ++k) {
        b.lo[k] = cell(rng) * 0.25;
        b.hi[k] = b.lo[k] + side(rng) * 0.125;
      }
    const solfec::BoxPairs fast = solfec::box_pairs(boxes);
    EXPECT_EQ(fast, solfec::box_pairs_brute_force(boxes)) << n << " boxes";
    if (n >= 200) {
      EXPECT_GT(fast.size(), static_cast<std::size_t>(n)) << "too sparse to test";
    }
  }
}

// A tetrahedron inside the cube, corner c = (0.25, 0.25, 0.25), legs 0.5: A ∩ B = B (volume
// 0.125 / 6 = 1/48), every face on ∂B only. The three leg faces have area 0.125 and centroids
// c + (1/6)(1, 1, 0) (and permutations); the slanted face has area √3/8 and centroid c + (1/6)(1,
// 1, 1). Area-weighted surface centroid, per coordinate: c + (1/6)(0.25 + √3/8) / (0.375 + √3/8)
// (the plain mean of the four centroids would be c + 0.125); half area 0.1875 + √3/16. Twin gaps:
// a leg face lies 0.25 from A's parallel face, the slanted one 0.75 from x = 1 (and y, z = 1).
// Seed normal, relative areas a: −Σ a² n_B = a_leg²(1, 1, 1) − a_slant²(1, 1, 1)/√3, and since
// (√3/8)²/√3 > 0.125², the contract's normal (its negation, normalised) is (1, 1, 1)/√3.
TEST(ExactPatch, TetrahedronInsideTheCubeByHand) {
  const Vec3 c(0.25, 0.25, 0.25);
  const std::vector<Vec3> corners{c, c + Vec3(0.5, 0, 0), c + Vec3(0, 0.5, 0), c + Vec3(0, 0, 0.5)};
  const Polytope tet = Polytope::from_points(corners);
  const ExactPatch p = exact_patch(kA, Pose::identity(), tet, Pose::identity());
  ASSERT_FALSE(p.empty);
  EXPECT_EQ(p.volume_exact, "1/48");
  ASSERT_EQ(p.faces.size(), 4u);
  const double s3 = std::sqrt(3.0);
  for (const ExactPatchFace& f : p.faces) {
    EXPECT_EQ(f.side, ExactPatchFace::Side::b);
    const bool slanted = f.normal.sum() > 0;
    EXPECT_NEAR(f.area, slanted ? s3 / 8 : 0.125, 1e-15);
    EXPECT_NEAR(f.twin_gap, slanted ? 0.75 : 0.25, 1e-15);
  }
  const double k = 0.25 + (0.25 + s3 / 8) / (0.375 + s3 / 8) / 6;
  EXPECT_LT((p.point - Vec3(k, k, k)).norm(), 1e-14);
  EXPECT_NEAR(p.area, 0.1875 + s3 / 16, 1e-15);
  EXPECT_LT((p.normal - Vec3(1, 1, 1) / s3).norm(), 1e-14);
  EXPECT_EQ(p.vertices.size(), 4u);
}

// The verdict of one named check (a damaged answer may fail other region checks too, which would
// hide the patch check's own verdict): fail if any check of that name fails, else ambiguous if
// any is, else pass; `error` when no check has that name.
Verdict check_of(const RegionResult& r, const ExactRegions& e, const RegionStep& step,
                 const std::string& name) {
  RegionVerificationInput in{&e, 3.0, &kA, &kB, {}, &step};
  in.patch_epsilon = 1e-6;
  const Verification v = verify_regions(r, solfec::info().capabilities, in, {}).verification;
  bool found = false, ambiguous = false;
  for (const CheckResult& c : v.checks) {
    if (c.name != name) continue;
    if (c.verdict == Verdict::fail) return Verdict::fail;
    found = true;
    ambiguous = ambiguous || c.verdict == Verdict::ambiguous;
  }
  return !found ? Verdict::error : ambiguous ? Verdict::ambiguous : Verdict::pass;
}

// The slab of SharedSidesAreOnBothSurfaces (B up by 0.875): exact point (0.5, 0.5, 0.9375), A's
// nearest face its top (0.0625 from the point, every other face of A ≥ 0.5 away), B's its bottom;
// S_n = 0.125 along −z; L = τ + ε ≈ 1e-6. Each damage is off by ≫ 1000 L: its check must fail.
TEST(PatchChecks, SlabPerturbationsFailTheirOwnCheck) {
  const Pose pb = at(0, 0, 0.875);
  const RegionStep step{Pose::identity(), pb, std::nullopt, std::nullopt};
  ExactRegionOptions ask;
  ask.compute_patch = true;
  const ExactRegions e = exact_regions(kA, Pose::identity(), kB, pb, ask);
  const RegionResult right = run(kA, Pose::identity(), kB, pb);
  ASSERT_EQ(right.regions.size(), 1u);
  ASSERT_EQ(verdict_of(right, e, step), Verdict::pass);
  auto perturbed = [&](const std::string& check, auto change) {
    RegionResult r = right;
    change(r.regions[0]);
    return check_of(r, e, step, check);
  };
  EXPECT_EQ(perturbed("point", [](ContactRegion& c) { c.points[0].y() -= 0.05; }), Verdict::fail);
  EXPECT_EQ(perturbed("area", [](ContactRegion& c) { *c.area *= 2; }), Verdict::fail);  // 2.5
  EXPECT_EQ(perturbed("gap", [](ContactRegion& c) { c.gap = -0.3; }), Verdict::fail);   // < −S_n
  EXPECT_EQ(perturbed("surface pair", [](ContactRegion& c) { c.a->id = (c.a->id + 3) % 6; }),
            Verdict::fail);
  EXPECT_EQ(perturbed("surface pair", [](ContactRegion& c) { c.b->id = (c.b->id + 3) % 6; }),
            Verdict::fail);
  RegionResult none = right, three = right;
  none.regions.clear();  // the exact patch's centroid is 0.0625 deep in both ≫ L
  EXPECT_EQ(check_of(none, e, step, "missing patch"), Verdict::fail);
  // A slab 1e-4 thin: its middle is 5e-5 deep in both, beyond L ≈ 1e-6 but within 1000 L.
  const Pose thin = at(0, 0, 1 - 1e-4);
  const RegionStep thin_step{Pose::identity(), thin, std::nullopt, std::nullopt};
  const ExactRegions e_thin = exact_regions(kA, Pose::identity(), kB, thin, ask);
  EXPECT_EQ(check_of(none, e_thin, thin_step, "missing patch"), Verdict::fail);
  three.regions.push_back(right.regions[0]);
  three.regions.push_back(right.regions[0]);
  EXPECT_EQ(check_of(three, e, step, "patch count"), Verdict::fail);
  // B touching A along the edge x = y = 1: no volume, so no point is ε deep in both and a patch
  // fails, its point 0.1 outside B or on the shared edge (NoVolumeWantsNoPatch… has the ε ≤ τ
  // case, where the latter is `ambiguous`).
  const Pose edge = at(1, 1, 0);
  const RegionStep touching{Pose::identity(), edge, std::nullopt, std::nullopt};
  const ExactRegions et = exact_regions(kA, Pose::identity(), kB, edge, ask);
  RegionResult off = right;
  off.regions[0].points[0] = Vec3(0.9, 0.9, 0.5);
  EXPECT_EQ(check_of(off, et, touching, "patch"), Verdict::fail);
  off.regions[0].points[0] = Vec3(1, 1, 0.5);
  EXPECT_EQ(check_of(off, et, touching, "patch"), Verdict::fail);
}

// B 0.1 into A's side (B = A moved by (0.9, 0.5, 0.5)): the right answer passes; its point moved
// by 1e-4 (100 L, L = τ + ε ≈ 1e-6) fails on "point", and an area 1e-4 of itself too large on
// "area" (tolerance L times half the patch faces' perimeters, a few L here). Both within 1000 L.
TEST(PatchChecks, SideOverlapPointAndAreaOffByAHundredL) {
  const Pose pb = at(0.9, 0.5, 0.5);
  const RegionStep step{Pose::identity(), pb, std::nullopt, std::nullopt};
  const ExactRegions e = patch_reference(pb);
  const RegionResult right = run(kA, Pose::identity(), kB, pb);
  ASSERT_EQ(right.regions.size(), 1u);
  ASSERT_EQ(verdict_of(right, e, step), Verdict::pass);
  RegionResult moved = right, larger = right;
  moved.regions[0].points[0].z() += 1e-4;
  EXPECT_EQ(check_of(moved, e, step, "point"), Verdict::fail);
  *larger.regions[0].area *= 1 + 1e-4;
  EXPECT_EQ(check_of(larger, e, step, "area"), Verdict::fail);
}

// B `overlap` into A's side x = 1: a slab whose deepest points (its middle) are overlap / 2 deep
// in both. 2e-4: 1e-4 > L ≈ 1e-6 (but within 1000 L), no patch is wrong. 2e-7: 1e-7 < ε − τ,
// no patch is the seed's answer and a patch (the slab's own, by hand) is wrong. 2e-6: 1e-6 = ε,
// inside the band: both answers `ambiguous`.
TEST(PatchChecks, ThinSideOverlapWithoutAPatch) {
  ExactRegionOptions ask;
  ask.compute_patch = true;
  for (const double overlap : {2e-4, 2e-7, 2e-6}) {
    const Pose pb = at(1 - overlap, 0, 0);
    const RegionStep step{Pose::identity(), pb, std::nullopt, std::nullopt};
    const ExactRegions e = exact_regions(kA, Pose::identity(), kB, pb, ask);
    ASSERT_TRUE(e.patch && !e.patch->empty) << overlap;
    const Verdict missing = overlap > 1e-5   ? Verdict::fail
                            : overlap < 1e-6 ? Verdict::pass
                                             : Verdict::ambiguous;
    EXPECT_EQ(check_of(RegionResult{}, e, step, "missing patch"), missing) << overlap;
    // The slab's own patch: centroid (1 − overlap / 2, 0.5, 0.5), normal −x (from B into A),
    // half the surface 1 + 2 · overlap, gap −overlap (face ids are not reached).
    RegionResult patch;
    ContactRegion c;
    c.a = Feature{FeatureKind::face, 1};
    c.b = Feature{FeatureKind::face, 0};
    c.points = {Vec3(1 - overlap / 2, 0.5, 0.5)};
    c.normals = {Vec3(-1, 0, 0)};
    c.area = 1 + 2 * overlap;
    c.gap = -overlap;
    patch.relation = Relation::penetrating;
    patch.regions.push_back(c);
    if (overlap < 1e-6) {
      EXPECT_EQ(check_of(patch, e, step, "patch"), Verdict::fail);
    }
  }
}

}  // namespace
}  // namespace touchstone
