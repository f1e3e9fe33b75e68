// Peers: third-party collision libraries as registered proximity algorithms (family "peer"), run
// on the same cases through the same verifier as ours. Each adapter converts our B-rep once in
// prepare(); query() calls only the library. Each is compiled only when its library is found
// (peers.cmake), and registered under the matching TOUCHSTONE_HAVE_* definition.
#pragma once

#include <map>
#include <string>

#include "algorithms/proximity/registry.hpp"

namespace touchstone::peers {

// FCL 0.7, fcl::detail::GJKSolver_libccd<double>::shapeSignedDistance on fcl::Convexd.
ProximityAlgorithmInfo fcl_libccd_info();
// FCL 0.7, fcl::detail::GJKSolver_indep<double>::shapeDistance, then shapeIntersect on contact.
ProximityAlgorithmInfo fcl_indep_info();
// The same two at the verifier's accuracy (peer_support.hpp kMatchedRelative).
ProximityAlgorithmInfo fcl_libccd_tight_info();
ProximityAlgorithmInfo fcl_indep_tight_info();
// libccd 2.1: ccdGJKPenetration (GJK + EPA) with our support function.
ProximityAlgorithmInfo ccd_gjk_info();
// libccd 2.1: ccdMPRPenetration (Minkowski portal refinement) with our support function.
ProximityAlgorithmInfo ccd_mpr_info();
// The same two at the verifier's accuracy (peer_support.hpp kMatchedRelative).
ProximityAlgorithmInfo ccd_gjk_tight_info();
ProximityAlgorithmInfo ccd_mpr_tight_info();
// Bullet 3.24 (double): btGjkPairDetector + btVoronoiSimplexSolver +
// btGjkEpaPenetrationDepthSolver.
ProximityAlgorithmInfo bullet_gjk_pair_info();
// Bullet 3.24 (double): btGjkEpaSolver2::Distance, then ::Penetration on contact.
ProximityAlgorithmInfo bullet_gjkepa2_info();
// ODE 0.16 (double): dCollide on two convex geoms.
ProximityAlgorithmInfo ode_dcollide_info();

// Versions of the peer libraries compiled in (name -> version, as found at configure time),
// written into each report's context; empty when every peer is switched off.
std::map<std::string, std::string> library_versions();

}  // namespace touchstone::peers
