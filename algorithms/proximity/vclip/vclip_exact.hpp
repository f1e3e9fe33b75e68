// Exact sign of a 3×3 determinant of coordinate differences, used by V-Clip where a decision
// must not depend on rounding (which side of a face plane a vertex is, whether two features
// meet, whether a plane separates the shapes). A floating-point filter decides almost every
// call; the rest are evaluated exactly with CGAL::Gmpzf (vclip_exact.cpp).
#pragma once

#include "algorithms/geometry/pose.hpp"

namespace touchstone::vclip {

// Sign (-1, 0, +1) of det[a1 − a0, b1 − b0, c1 − c0], exact for the given doubles.
int det_sign(const Vec3& a1, const Vec3& a0, const Vec3& b1, const Vec3& b0, const Vec3& c1,
             const Vec3& c0);

// Sign of det[q − p, r − p, s − p]: positive when s lies on the side of plane (p, q, r) that
// (q − p) × (r − p) points to (outside, for a counter-clockwise face seen from outside).
inline int orient(const Vec3& p, const Vec3& q, const Vec3& r, const Vec3& s) {
  return det_sign(q, p, r, p, s, p);
}

}  // namespace touchstone::vclip
