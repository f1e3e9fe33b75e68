// The back-face culling excuse (seed 000 §4.1, eq. (9)–(13)): a region of the claimed subset that
// an algorithm declaring back_face_culling may leave out, computed here from the case's poses and
// velocities and the exact region alone (never from an algorithm's own culling).
//
// A face f of solid i is culled when, at every vertex p of f (its vertices span its convex hull,
// and the relative velocity is linear in p), the relative velocity ṗ_ij = ṗ_i − ṗ_j of eq. (12)
// has a negative component along f's outward normal: ṗ_ij · n_f < 0 (eq. (13)). An edge or vertex
// is culled when all its faces are. The exact region (x of A, y of B) is excused when x is culled
// on A's side (i = A, j = B) or y on B's side: an algorithm culls one of the two solids, and by
// the paper's remark below eq. (13) the contact cannot persist an instant after t either way.
// Nothing is excused without both velocities.
#pragma once

#include "harness/regions/verifier.hpp"

namespace touchstone {

bool culled_by_motion(const ExactRegion& region, const RegionVerificationInput& input);

}  // namespace touchstone
