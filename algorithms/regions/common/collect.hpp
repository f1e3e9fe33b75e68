// Contact regions, shared by the region algorithms that find candidate entity pairs first
// (regions-brepindex by its MSP tree, regions-bvh by a bounding-volume hierarchy) and then settle
// them the same way: seed 000 §4.3 FindContacts, back-face culling (step 2, eq. (9)–(13)), the
// components of each candidate pair (MergeRegions, step 3), 𝓡 (eq. (3)–(4), step 4) and the
// normals with coherence (conditions (6)–(8), step 5).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/regions/common/pairs.hpp"
#include "algorithms/regions/regions.hpp"

namespace touchstone::region_common {

// Faces of `s` (pose `pose`, velocity `mine`) culled by eq. (13) against the other body's
// velocity `other` (about `other_pose`'s origin): at every vertex p of the face the relative
// velocity (eq. (12)) has a negative component along the face's outward normal. Edges and vertices
// are culled when all their faces are. Indexed by face, edge and vertex id. With `only`, just the
// listed faces and their edges and vertices are examined (the others count as not culled), and an
// edge or vertex is right only when all its faces are listed.
struct Culled {
  std::vector<bool> faces, edges, vertices;
};
Culled back_faces(const Polytope& s, const Pose& pose, const BodyVelocity& mine,
                  const Pose& other_pose, const BodyVelocity& other,
                  const std::vector<int>* only = nullptr);

// Step 2: the solid whose entities are culled and classified is the one with fewer entities (B on
// a tie); true when that is A.
bool a_is_simpler(const Polytope& a, const Polytope& b);

// A key for an entity pair (x of A, y of B), to test each pair once.
inline std::uint64_t pair_key(const Feature& x, const Feature& y) {
  const auto one = [](const Feature& f) {
    return (static_cast<std::uint64_t>(f.kind) << 30) | static_cast<std::uint64_t>(f.id);
  };
  return (one(x) << 32) | one(y);
}

// Regions found so far and whether a pair showed penetration.
struct Collected {
  std::vector<FoundRegion> regions;
  bool penetrating = false;
  std::optional<std::string> failure;
};

// Step 3 for one candidate pair (x of A, y of B): its components (test_pair) appended to `out`.
// An overlay of nearly coplanar faces that does not close at eps is retried with a coarser
// tolerance (up to 10⁴ eps) before the failure is kept.
void collect_pair(const WorldShape& a, const Feature& x, const WorldShape& b, const Feature& y,
                  double eps, Collected& out);

// What an algorithm that settles its candidates here answers: entity pairs, 𝓡 with normals and
// coherence, the relation, non-convex solids, and culling when it passes the velocities on.
constexpr RegionCapabilities collected_capabilities(bool back_face_culling) {
  return {.entities = true,
          .intersection_set = false,
          .sufficient_set = true,
          .normals = true,
          .temporal_coherence = true,
          .back_face_culling = back_face_culling,
          .relation = true,
          .nonconvex = true};
}

// Steps 4–5: the regions of `found` in 𝓡 (eq. (3)–(4)) appended to r.regions, each with the
// normals of the previous region it is coherent with, else its local normals.
void sufficient_with_normals(const RegionQuery& q, const WorldShape& a, const WorldShape& b,
                             std::vector<FoundRegion>& found, double eps, RegionResult& r);

}  // namespace touchstone::region_common
