// The contact-region contract (DESIGN §3.2; seed 000, Bouma & Vaněček, §3 "Modeling Contact").
//
// A contact-region query answers *where* two solids (convex or not: closed, 2-manifold,
// consistently oriented B-reps of any genus) touch: the set of regions (x, y, Π), x an entity of A
// and y an entity of B (vertex, edge or face, each an OPEN point set: a face without its edges, an
// edge without its end vertices) with x ∩ y ≠ ∅, and Π the points bounding one connected component
// of x ∩ y (1 point: 0D, 2 points: 1D segment, ≥ 3: a 2D polygon in boundary order), plus each
// region's contact normals (at most 3 − dim, seed 000 §3 "Contact Normals", conditions (6)–(8)).
//
// An algorithm claims one of two subsets (seed 000 §3):
//  - the whole intersection set 𝓘 (Lemma 1): every intersecting entity pair, every component;
//  - the sufficient subset 𝓡 ⊆ 𝓘 of eq. (3)–(4): all 2D regions, and the lower-dimensional
//    regions whose neighbourhood is not already constrained by adjacent higher-dimensional ones.
// Returning a region of 𝓘 beyond the claimed subset is allowed (𝓡 is sufficient, not minimal);
// returning a pair that does not intersect, or missing one of the claimed subset, is a failure.
// A contact-set tracker (seed 003 §3, algorithms/contact_sets) claims a third, weaker subset:
//  - covering: some pairs of 𝓘, each with points on its region, such that every region of 𝓡 has
//    a returned point on it (a point-per-contact set that a solver can use; docs/regions.md).
//
// Normals point from B into A (the direction along which A may move away from B), like the force
// contract's contact normals (DESIGN §3.3). For a 2D region it is the outward normal of B's face.
//
// Peers that return contact points rather than entity pairs (FCL, Bullet) leave `a` and `b`
// empty: each region is then one point (or a patch) with its normals, and declares
// `entities = false`; the verifier checks where the points lie and counts coverage of 𝓡.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/proximity/proximity.hpp"

namespace touchstone {

enum class RegionSubset { intersection, sufficient, covering };  // 𝓘, 𝓡, pairs of 𝓘 covering 𝓡
std::string_view to_string(RegionSubset s);  // "intersection" / "sufficient" / "covering"

struct ContactRegion {
  std::optional<Feature> a, b;  // entities (open point sets); empty for point-only peers
  std::vector<Vec3> points;     // Π in world coordinates
  std::vector<Vec3> normals;    // unit, from B into A; at most 3 − dimension()
  std::optional<double> depth;  // point-only peers: the penetration depth they report, if any
  // Contact patches (RegionCapabilities::contact_patch, seed 001 "Deriving contact points and
  // normals"): one point, one normal, the patch's area (half the surface area of A ∩ B) and its
  // gap (negative: penetration); `a` and `b` then name the surface pair, the faces of A and B
  // nearest the point.
  std::optional<double> area = std::nullopt;
  std::optional<double> gap = std::nullopt;
  int dimension() const { return points.size() >= 3 ? 2 : static_cast<int>(points.size()) - 1; }
};

// Rigid velocity of one body in world coordinates: a point p of the body moves with
// linear + angular × (p − pose.translation).
struct BodyVelocity {
  Vec3 linear = Vec3::Zero();
  Vec3 angular = Vec3::Zero();
};

struct RegionQuery {
  const PreparedShape* a = nullptr;  // prepared by the same algorithm's prepare()
  const PreparedShape* b = nullptr;
  Pose pose_a, pose_b;
  // 𝒞_{t−Δt}: the previous step's temporary-contact regions with the normals they carried
  // (temporal coherence, conditions (6)–(7)). Empty on a first step.
  std::span<const ContactRegion> previous{};
  // For back-face culling (seed 000 §4.1); absent when the caller has no velocities.
  std::optional<BodyVelocity> velocity_a, velocity_b;
  // The poses (A, B) of the case's earlier steps, first step first; empty on a first step. The
  // motion from one step to the next is translation linear, rotation by slerp, over unit time
  // (interpolate_pose, algorithms/contact_sets/contact_set.hpp; docs/regions.md). For algorithms
  // that replay a motion (a contact-set tracker): the query itself stays stateless.
  std::span<const std::pair<Pose, Pose>> earlier_steps{};
};

struct RegionResult {
  QueryStatus status = QueryStatus::ok;
  std::string reason;                     // why failed or unsupported
  Relation relation = Relation::unknown;  // unknown when the algorithm does not decide it
  RegionSubset subset = RegionSubset::sufficient;
  std::vector<ContactRegion> regions;
  std::optional<double> distance;  // separated pairs, where the algorithm computes it
  int iterations = 0;              // entity pairs (or tree nodes) examined, for reports
};

// Whether every number the answer carries (points, normals, depths, distance) is finite.
bool all_finite(const RegionResult& result);

// One bit per (kind of A's entity, kind of B's entity), for RegionCapabilities::nameable_pairs.
constexpr unsigned entity_pair_bit(FeatureKind a, FeatureKind b) {
  return 1u << (3 * static_cast<unsigned>(a) + static_cast<unsigned>(b));
}

// What a region algorithm promises; the verifier checks only what is declared.
struct RegionCapabilities {
  bool entities = true;             // names the entity pair of each region (else point-only)
  bool intersection_set = false;    // can return the whole 𝓘
  bool sufficient_set = false;      // returns 𝓡 (eq. (3)–(4))
  bool covering_set = false;        // returns pairs of 𝓘 whose points cover 𝓡 (contact sets)
  bool normals = false;             // contact normals per region
  bool temporal_coherence = false;  // uses `previous` for normals (conditions (6)–(7))
  bool back_face_culling = false;   // uses the velocities (§4.1)
  bool relation = false;            // decides separated / touching / penetrating
  bool nonconvex = false;           // accepts non-convex B-reps (else answers unsupported)
  // One contact patch per pair from the volume A ∩ B (seed 001): a single region with one point,
  // one normal, `area`, `gap` and the surface pair. The verifier then checks the patch against the
  // exact intersection polytope (harness/regions/patch_checks.hpp) instead of the entity pairs.
  bool contact_patch = false;
  // Point-only contacts on penetrating convex pairs (peers' convex-convex manifolds): each point
  // must lie in A ∩ B within τ and each normal must separate the pair by the exact penetration
  // depth (harness/regions/patch_checks.hpp); without it such pairs are "not checked".
  bool penetration_points = false;
  // The entity-kind pairs the algorithm can name (entity_pair_bit), all nine unless declared: a
  // region of the claimed subset whose kinds are not here is a declared limit when missing.
  unsigned nameable_pairs = 0x1ffu;
  bool can_name(FeatureKind a, FeatureKind b) const {
    return (nameable_pairs & entity_pair_bit(a, b)) != 0;
  }
};

// A failed answer with its reason, claiming `subset` (what the algorithm would have returned).
RegionResult failed_regions(std::string reason, RegionSubset subset);

class RegionAlgorithm {
 public:
  virtual ~RegionAlgorithm() = default;
  // Per-shape preprocessing (trees, hierarchies), timed apart from queries. The polytope must
  // outlive the prepared shape.
  virtual std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const = 0;
  // Must not throw on degenerate geometry (report failed with a reason) and must terminate.
  virtual RegionResult query(const RegionQuery& query) const = 0;
};

}  // namespace touchstone
