// Checks of contact patches (RegionCapabilities::contact_patch; seed 001 "Deriving contact points
// and normals") against the exact intersection polytope (reference/exact_patch.hpp). Called by
// verify_regions() in place of the entity and point checks when the capability is declared.
//
// L = τ + ε: the region tolerance plus the algorithm's declared geometric epsilon (a length).
// The right answer (the seed's): a patch iff some point lies deeper than ε inside both (depth: the
// smallest distance to a face plane of A or of B). The algorithm's view of the shapes is within τ
// of the exact one, so the answer is decided when the deepest point's depth D is provably above
// L or below ε − τ, and `ambiguous` between (the ε band). Bounds: D ≥ the smallest slack of the
// vertex mean or of the surface centroid of A ∩ B; D ≤ half the width of A ∩ B along every face
// normal of A and of B (a ball of radius D fits inside), 0 without volume.
//  - A ∩ B without volume (separated, touching or a flat overlap): no patch passes. A patch fails
//    on a pair separated by more than L, and whenever ε − τ > 0 (no point is deeper than ε; where
//    Solfec still proceeds, pairs within ε of contact, it answers no patch); with ε ≤ τ it is
//    `ambiguous` when its point lies within L of both solids, else it fails.
//  - A ∩ B with volume: a missing patch fails when D > L, passes when D < ε − τ, else is
//    `ambiguous`; a patch where D < ε − τ fails (`patch`). Otherwise a returned patch must be
//    exactly one (`patch count`), with
//      point:  |p − p_exact| ≤ L;
//      area:   |area − area_exact| ≤ L × (the surface's total edge length);
//      normal: |n − n_exact| ≤ tol_normal + 3 L Σ a_f P_f / |Σ ± a_f² n_f| (first-order effect of
//              moving every face's edges by L), minimized over the labels of faces that lie on
//              both surfaces or within L of a parallel plane of the other body (either label is
//              right there, up to 2^10 combinations), with each face weighed alone (the exact
//              rule) or with the faces of one side whose planes agree within L merged into one
//              (a hull's rounded coplanar triangles reach a floating-point method as one face);
//      gap:    −S_n − L ≤ gap ≤ L, S_n = max_B n·b − min_A n·a (the translation along n after
//              which n separates the pair); its difference from −(width of A ∩ B along the exact
//              normal), line 12's value, is reported, not judged;
//      surface pair: the named faces of A and B are within L as near p as the nearest ones;
//      relation: penetrating.
//
// Point-only contacts on a penetrating pair (RegionCapabilities::penetration_points; peers'
// convex-convex manifolds), when A ∩ B has volume and the pair is not within τ of touching:
//      contact:       at least one point (a penetrating pair without contact is a miss);
//      point in A ∩ B: every point lies in A and in B within τ (its largest plane distance);
//      depth normal:  every normal n (from B into A) separates the pair after a translation
//                     S_n = max_B n·b − min_A n·a no longer than the exact penetration depth D
//                     (reference/exact_proximity.hpp) by more than τ + tol_normal × size: any
//                     direction realizing D passes (D need not have a unique direction); its angle
//                     to the reference's direction is reported;
//      the depth each point carries is reported beside D, not judged (Bullet's per-point depths
//      differ by design).
#pragma once

#include "harness/common/verdict.hpp"
#include "harness/regions/verifier.hpp"

namespace touchstone {

// Appends the patch checks of one step's answer to `out` (not deciding the verdict).
void patch_checks(const RegionResult& result, const RegionVerificationInput& input,
                  const RegionTolerances& tol, double tau, Verification& out);

// Whether penetration_point_checks() judges this pair: penetrating, not shallow, exact patch with
// depth present.
bool judges_penetration_points(const RegionVerificationInput& input);
void penetration_point_checks(const RegionResult& result, const RegionVerificationInput& input,
                              const RegionTolerances& tol, double tau, Verification& out);

}  // namespace touchstone
