// Internals of the exact contact-region reference (exact_regions.hpp), shared by its translation
// units: exact_regions_intersect.cpp (𝓘 and the separated distance), exact_regions_cones.cpp
// (local tangent cones of a solid at an entity: the relation, 𝓡 by eq. (3)–(4), normal cones) and
// exact_regions.cpp (ties them together). Tests may include it.
#pragma once

#include <CGAL/Gmpq.h>

#include <vector>

#include "algorithms/geometry/polytope.hpp"
#include "algorithms/proximity/proximity.hpp"
#include "reference/exact_internal.hpp"

namespace touchstone::exact_detail {

using Q = CGAL::Gmpq;  // rational constructions (intersection points)

struct QPoint {
  Q x, y, z;
};

// A B-rep under its pose, exactly: world points (Gmpzf, exact for R·v + t) and each face's exact
// outward normal (cross products of exact points; not normalized). Throws std::runtime_error when
// a face is not exactly planar (naming the shape and face).
struct ExactSolid {
  const Polytope* shape = nullptr;
  std::vector<XPoint> points;
  std::vector<XPoint> face_normals;
};
ExactSolid make_exact_solid(const Polytope& shape, const Pose& pose, const char* name);

// One connected component of x ∩ y for open entities x of A and y of B: Π exactly.
struct RawRegion {
  Feature a, b;
  std::vector<QPoint> points;  // 1: a point, 2: a segment, >= 3: a polygon in boundary order
};

// ---- exact_regions_intersect.cpp ----
struct IntersectionSet {
  std::vector<RawRegion> regions;  // every intersecting open entity pair (𝓘), every component
  std::size_t pairs_tested = 0;
};
IntersectionSet intersecting_entities(const ExactSolid& a, const ExactSolid& b);
struct Separation {
  NT num, den;  // squared distance num / den (> 0)
  Feature a, b; // a closest entity pair
};
// For a pair whose boundaries do not meet and neither contains the other.
Separation exact_separation(const ExactSolid& a, const ExactSolid& b);

// ---- exact_regions_cones.cpp ----
// True iff point p (exact world coordinates) lies strictly inside the solid.
bool strictly_inside(const ExactSolid& solid, const QPoint& p);

}  // namespace touchstone::exact_detail
