// Exact contact-region reference (DESIGN §4; seed 000 §3): the non-regularized intersection of two
// B-reps (convex or not) computed with exact arithmetic from the very doubles the algorithms see
// (world vertex = R·v + t evaluated exactly, as for proximity).
//
// What it gives, for one pair under its poses:
//  - the relation, decided exactly: separated, touching (boundaries meet, interiors disjoint) or
//    penetrating (interiors overlap, including one solid nested inside the other);
//  - 𝓘: every pair (x of A, y of B) of open entities that intersect, one ExactRegion per connected
//    component of x ∩ y, with Π (rounded to nearest double, and exact as fractions);
//  - 𝓡 ⊆ 𝓘 by eq. (3)–(4): ExactRegion::sufficient;
//  - for each region, the valid contact normals as a union of convex pieces (see NormalCone);
//  - separated pairs: the exact squared distance and a closest entity pair;
//  - penetrating pairs: whether the overlap is shallow (a translation of B by at most
//    `shallow_limit` along a candidate direction makes the pair non-penetrating), for the
//    verifier's ambiguous band;
//  - pairs inside the band (separated by at most `closure_limit`, or shown shallow): the ε-closure,
//    𝓘, 𝓡 and normal cones of a touching configuration B + t next to the input (EpsilonClosure).
// Faces must be exactly planar in the input doubles (families and imported meshes are); a face that
// is not makes the reference throw, naming the face.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/geometry/polytope.hpp"
#include "algorithms/proximity/proximity.hpp"
#include "reference/exact_patch.hpp"

namespace touchstone {

// The valid contact normals of a region: unit vectors n (from B into A) lying in at least one
// convex piece. A piece holds n when n·g ≥ 0 for every g in `into_a` (unit directions spanning the
// tangent cone of A's piece at the region) and n·g ≤ 0 for every g in `into_b`. Convex–convex
// entities give one piece (for a 2D region it is a single direction: B's face normal); a reflex
// edge or a non-convex vertex splits its side into several pieces (seed 000 Fig. 7(a)(b): the two
// faces of a reflex edge each give one). An answer must put every normal in some piece and hit at
// least min(pieces, 3 − dim) distinct pieces.
struct NormalConePiece {
  std::vector<Vec3> into_a, into_b;
};
struct NormalCone {
  std::vector<NormalConePiece> pieces;
};

struct ExactRegion {
  Feature a, b;                           // open entities of A and B
  int dimension = 0;                      // 0, 1 or 2 (from Π, seed 000 §3)
  std::vector<Vec3> points;               // Π, rounded to nearest; polygons in boundary order
  std::vector<std::string> points_exact;  // "x y z", each a fraction as GMP prints it
  bool sufficient = false;                // in 𝓡 (eq. (3)–(4))
  NormalCone cone;                        // filled for touching pairs
};

// The ε-closure of a pair inside the band (seed 000 §2: touching within ε): B translated exactly by
// t makes the pair touch, and the regions are 𝓘 of that touching configuration, with 𝓡 by
// eq. (3)–(4) and the normal cones all taken there. Separated pairs: t = p_a − p_b for an exact
// closest point pair, so |t| is the distance and every point of B moves by it (no point of B + t
// enters A's interior: it would have crossed ∂A nearer than the distance). Shallow pairs: t = the
// double translation that made the pair non-penetrating, then the closest-point translation back.
// The configuration is computed exactly (scaled by the common denominator of t, which changes
// neither 𝓘's combinatorics nor any cone); `relation` is its exact relation (touching unless the
// construction failed, then no regions). Π is given in the input's world frame on A's side (A does
// not move).
struct EpsilonClosure {
  Vec3 translation = Vec3::Zero();        // t, rounded to nearest
  std::string translation_exact;          // "x y z", fractions
  double length = 0.0;                    // |t|, rounded to nearest
  Relation relation = Relation::unknown;  // of A and B + t
  std::vector<ExactRegion> regions;       // 𝓘 of A and B + t, sufficient and cones filled
};

struct ExactRegionOptions {
  double shallow_limit = 0.0;    // absolute length; <= 0: do not test shallowness
  double closure_limit = 0.0;    // absolute length; <= 0: no ε-closure (EpsilonClosure)
  bool compute_distance = true;  // separated pairs: exact distance and closest entity pair
  bool compute_patch = false;    // convex solids: the contact patch of A ∩ B (exact_patch.hpp)
};

struct ExactRegions {
  Relation relation = Relation::unknown;         // never unknown on return
  std::vector<ExactRegion> regions;              // 𝓘 (empty when separated)
  std::optional<std::string> distance_sq_exact;  // separated: squared distance as a fraction
  std::optional<double> distance;                // its square root, rounded to nearest
  std::optional<Feature> closest_a, closest_b;   // separated: a closest entity pair
  std::optional<bool> shallow;   // penetrating, when asked: overlap removable within the limit
  std::size_t pairs_tested = 0;  // entity pairs examined after bounding-box culling
  std::optional<ExactPatch> patch = std::nullopt;  // when asked and both shapes are convex solids
  std::optional<EpsilonClosure> closure;           // when asked and inside the band
  std::string method;                              // how it was obtained, for the report
};

// The valid contact normals of each entity pair (x of A, y of B), from the two local cones alone:
// the pair's NormalCone in whichever position it touches (a translation leaves local cones
// unchanged). For pairs inside the ε band that the touching configuration does not bring together.
// Throws std::runtime_error as exact_regions does, or for an entity that does not exist.
std::vector<NormalCone> exact_pair_cones(const Polytope& a, const Pose& pose_a, const Polytope& b,
                                         const Pose& pose_b,
                                         const std::vector<std::pair<Feature, Feature>>& pairs);

// Throws std::runtime_error on non-finite input or a face that is not exactly planar.
ExactRegions exact_regions(const Polytope& a, const Pose& pose_a, const Polytope& b,
                           const Pose& pose_b, const ExactRegionOptions& options = {});

}  // namespace touchstone
