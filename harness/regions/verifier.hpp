// The contact-region verifier (DESIGN §5; seed 000 §3): one algorithm's answer at one step against
// the exact reference (reference/exact_regions.hpp), as named checks and a verdict.
//
// The contract. τ = tol_region × size, size = the diagonal of the bounding box of both shapes in
// world coordinates (tol_region 1e-9 unless --tol-region). Normals are judged with tol_normal
// (1e-9 unless --tol-normal): a normal must have unit length (within tol_normal), and n (unit)
// lies in a cone piece when n·g ≥ −tol_normal for every g in into_a and n·g ≤ tol_normal for every
// g in into_b.
//  - Exact relation separated at distance > τ: pass iff no regions (and the relation, if declared,
//    is separated).
//  - The band: separated at distance ≤ τ, or penetrating with `shallow` (the reference is asked
//    with shallow_limit = τ). An answer that says separated (or penetrating, on the shallow side)
//    and returns no regions passes. One that claims contact (returns regions or says touching) is
//    judged against the ε-closure (exact_regions.hpp, EpsilonClosure: the reference asked with
//    closure_limit = τ gives an exact translation t, |t| ≤ τ, with A and B + t touching, and 𝓘,
//    𝓡 and the normal cones of that touching configuration). What it must satisfy holds whichever
//    way the algorithm's rounding fell, each a named check (seed 000 §2, touching within ε = τ):
//     `relation`: touching is right (no point deeper than τ: B + t does not penetrate; some point
//       within τ: B + t touches); penetrating is wrong on the separated side, separated on the
//       penetrating side.
//     `ε distance`: every point of every returned Π lies within τ of both its closed entities
//       (doubles with a stated rounding margin; inside the margin `ambiguous`).
//     `extra region`: a pair outside 𝓘(B + t) passes as an ε-pair, but its normals have no exact
//       cone (`normal outside cone` `ambiguous`).
//     `dimension`, `points`, normals: a pair of 𝓘(B + t) as on a touching pair, against the
//       touching configuration's region, Π within τ + |t| (B's side of a region moves by t). A 0D
//       or 1D Π off by more is `ambiguous`: its ends are edge crossings, which the translation
//       moves by |t| / sin of the edges' angle.
//     `missing region`: every region of the claimed subset of 𝓘(B + t) (or 𝓡(B + t)), with the
//       declared-limit excuses below, is returned; a miss fails when |t| ≤ ε/2 for the
//       algorithm's declared ε (input.epsilon_relative × size) and is `ambiguous` otherwise (its
//       rounding may have put the pair beyond its ε). One translation need not close every gap
//       (a block ε from a floor and ε from a wall along another direction): `ε-closure coverage`
//       lists the face pairs within τ (doubles, band.hpp) that do not touch in B + t; when there
//       are any, 𝓡(B + t) is not the ε-closure's 𝓡, so a miss of a `sufficient` claim is
//       `ambiguous`, and peers' normals off the configuration's cones are `ambiguous`.
//     Point-only peers: a point away from every region of 𝓘(B + t) passes when within τ of both
//       boundaries (an ε-contact point; its normals `ambiguous`) and fails otherwise.
//    The check `ε-closure` records |t| and how many regions judged the answer. Without an
//    ε-closure (not computed, not touching, or |t| > τ) contact claims stay `ambiguous`.
//  - Penetrating and not shallow: the relation, if declared, must be penetrating; regions are not
//    checked, except by algorithms declaring penetration_points (patch_checks.hpp).
//  - Touching, algorithms naming entities: every returned region must be a pair of 𝓘 (else
//    `extra region`; `ambiguous` when the pair's closed entities lie within τ of each other, the
//    separated band applied to one entity pair) with the exact dimension (`dimension`) and Π within
//    τ of the exact Π
//    (`points`: vertex Hausdorff both ways against the filled point sets; among several
//    components of one pair, the nearest). Every region of the claimed subset (𝓘, or for
//    `sufficient` the regions flagged sufficient) must be returned (`missing region`), except one
//    whose entity kinds the algorithm declares it cannot name (capabilities.nameable_pairs):
//    `missed (declared limit)`, counted apart (declared_limits.hpp), and one whose whole Π lies
//    within the algorithm's declared ε (input.epsilon_relative × size) of a lower pair of its own
//    closed entities that it returned or cannot name (the ε rule, declared_limits.hpp); claiming a
//    subset not declared fails (`subset`). Normals, if declared: each in some piece of the cone
//    (`normal outside cone`), at most 3 − dim of them (`normal count`), at least
//    min(pieces, 3 − dim) distinct pieces hit (`normal pieces`).
//  - The covering claim (contact-set trackers, RegionSubset::covering): covering.hpp, instead of
//    the entity checks above.
//  - Temporal coherence, if declared, with the algorithm's previous answer 𝒞: a region whose pair
//    (x, y) is in 𝒞 must carry 𝒞's normals (condition (6)); else a region adjacent as in condition
//    (7) (adj(x, x') and y = y', x = x' and adj(y, y'), or both; x' and y' with convex
//    neighbourhoods) must carry that region's normals (`normal not persisted`). Persisted normals
//    are checked for persistence instead of cone membership.
//  - Back-face culling, if declared: a region of the claimed subset that the case's velocities
//    cull (seed 000 eq. (13), harness/regions/culling_excuse.hpp) need not be returned.
//  - Point-only peers (capabilities.entities false): each returned point within τ (τ + |t| in the
//    band, against the touching configuration) of some exact region's point set (`point off
//    contact`), each normal in the cone of such a region (`normal outside cone`); coverage of 𝓡 (an
//    𝓡 region is covered when a returned point lies within τ of it) is counted and reported, never
//    failed.
// Every failing check names itself and the regions it concerns ("missing region: face 3 / face 7
// (2D)"); multi-step cases take the worst step (the runner prefixes details with the step).
#pragma once

#include <nlohmann/json.hpp>
#include <span>

#include "algorithms/regions/regions.hpp"
#include "cases/format/region_case.hpp"
#include "harness/common/verdict.hpp"
#include "reference/exact_regions.hpp"

namespace touchstone {

struct RegionTolerances {
  double region_relative = 1e-9;  // τ = region_relative × size
  double normal = 1e-9;           // unit length, cone membership and persistence
  nlohmann::json to_json() const;
};

// Regions found versus exact, for reports. Algorithms naming entities: claimed = |claimed subset|,
// matched = claimed regions returned with the right dimension and Π, missed = claimed regions not
// returned, extra = returned pairs outside 𝓘, declared_limit = claimed-subset regions outside the
// algorithm's declared kinds and not returned (not in claimed; declared_limits.hpp). Point-only
// peers (coverage = true): claimed = |𝓡|, matched = 𝓡 regions covered, missed = not covered, extra
// = returned regions with a point off every exact region.
struct RegionCounts {
  int returned = 0, claimed = 0, matched = 0, missed = 0, extra = 0, declared_limit = 0;
  bool coverage = false;
  void add(const RegionCounts& other);
};

struct RegionVerificationInput {
  const ExactRegions* exact = nullptr;
  double size = 1.0;            // diagonal of the pair's world bounding box
  const Polytope* a = nullptr;  // the shapes, for entity adjacency (condition (7))
  const Polytope* b = nullptr;
  std::span<const ContactRegion> previous;  // the algorithm's answer at the previous step
  const RegionStep* step = nullptr;         // poses and velocities (the back-face culling excuse)
  // The algorithm's declared ε-contact band relative to size (its `epsilon` parameter; 0: none):
  // the ε rule of declared_limits.hpp.
  double epsilon_relative = 0.0;
  // Contact patches (capabilities.contact_patch): the algorithm's geometric epsilon as a length
  // (its `geometric_epsilon` parameter; patch_checks.hpp).
  double patch_epsilon = 0.0;
};

struct RegionVerification {
  Verification verification;
  RegionCounts counts;
};

RegionVerification verify_regions(const RegionResult& result, const RegionCapabilities& caps,
                                  const RegionVerificationInput& input,
                                  const RegionTolerances& tolerances);

// "face 3 / face 7 (2D)".
std::string describe_pair(const Feature& a, const Feature& b, int dimension);

}  // namespace touchstone
