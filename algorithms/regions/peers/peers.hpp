// Peers for contact regions: the mesh-contact routines people use today, as registered region
// algorithms (family "peer"). Both triangulate our faces and answer contact points, not entity
// pairs (capabilities.entities = false): each contact becomes a point-only region with one normal
// (from B into A) and the library's depth. Each is compiled only when its library is found
// (peers.cmake) and registered under the matching TOUCHSTONE_HAVE_*_REGIONS definition.
#pragma once

#include "algorithms/regions/registry.hpp"

namespace touchstone::region_peers {

// FCL 0.7: fcl::collide on two BVHModel<OBBRSS> triangle meshes, contacts enabled.
RegionAlgorithmInfo fcl_mesh_info();
// FCL 0.7: fcl::collide on two fcl::Convexd (GJK/EPA on libccd), contacts enabled.
RegionAlgorithmInfo fcl_convex_info();
// Bullet 3.24 (double): btGImpactMeshShape pairs through btGImpactCollisionAlgorithm on a
// btCollisionWorld (performDiscreteCollisionDetection, then the persistent manifolds).
RegionAlgorithmInfo bullet_gimpact_info();
// Bullet 3.24 (double): btConvexHullShape pairs with polyhedral features, polyhedral contact
// clipping (SAT) through btConvexConvexAlgorithm; the manifold's points of distance <= 0.
RegionAlgorithmInfo bullet_manifold_info();

}  // namespace touchstone::region_peers
