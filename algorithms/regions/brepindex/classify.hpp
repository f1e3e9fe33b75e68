// regions-brepindex: the query (seed 000 §4.3, algorithm FindContacts): back-face culling,
// Intersect through the other solid's MSP tree, 𝓡 and the normals.
#pragma once

#include "algorithms/regions/brepindex/tree.hpp"

namespace touchstone::brepindex {

struct Prepared : PreparedShape {
  Tree tree;
};

// Faces of `s` (pose `pose`, velocity `mine`) culled by eq. (13) against the other body's
// velocity `other` (about `other_pose`'s origin): at every vertex p of the face the relative
// velocity (eq. (12)) has a negative component along the face's outward normal. Edges and vertices
// are culled when all their faces are. Indexed by face, edge and vertex id.
struct Culled {
  std::vector<bool> faces, edges, vertices;
};
Culled back_faces(const Polytope& s, const Pose& pose, const BodyVelocity& mine,
                  const Pose& other_pose, const BodyVelocity& other);

RegionResult find_contacts(const RegionQuery& q, const Options& options);

}  // namespace touchstone::brepindex
