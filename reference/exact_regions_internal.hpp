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
#include "reference/exact_regions.hpp"

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
  NT num, den;              // squared distance num / den (> 0)
  Feature a, b;             // a closest entity pair
  QPoint point_a, point_b;  // its closest points: B moved by point_a − point_b touches A
};
// For a pair whose boundaries do not meet and neither contains the other.
Separation exact_separation(const ExactSolid& a, const ExactSolid& b);

// ---- exact_regions_cones.cpp ----
// True iff point p (exact world coordinates) lies strictly inside the solid.
bool strictly_inside(const ExactSolid& solid, const QPoint& p);

// +1 convex, 0 flat (coplanar faces), -1 reflex: the sign of (head - tail)·(n_left × n_right).
int edge_convexity(const ExactSolid& solid, int edge);

// One face's angle at a vertex: the directions of its plane swept counter-clockwise about
// `normal` (outward) from `a` (towards the next vertex) to `b` (towards the previous one);
// corner = sign of normal·(a × b) (> 0: below 180°, 0: straight, < 0: reflex corner).
struct ConeSector {
  XPoint normal, a, b;
  int corner = 1;
};
// The tangent cone of a solid along an open entity, the same at every point of it (seed 000
// eq. (2)): the directions d with p + εd in the solid's interior for all small ε > 0 (the open
// cone; its closure is the closed one). Face: a halfspace; edge: the wedge of its two faces
// (convex: intersection, reflex: union, flat: a halfspace); vertex: the cone over its face fan.
struct LocalCone {
  enum class Kind { halfspace, convex_wedge, reflex_wedge, vertex };
  Kind kind = Kind::halfspace;
  Feature entity;
  std::vector<XPoint> planes;       // outward normals of the faces at the entity (left, right)
  std::vector<ConeSector> sectors;  // vertex: one per incident face
  std::vector<int> faces;           // the faces at the entity (same order as `planes`)
  bool convex = true;               // the closed cone is convex
};
LocalCone local_cone(const ExactSolid& solid, Feature x);
// Exact membership of d in the open cone. d must lie on none of cone.planes or be checked by the
// caller; directions from cell_directions never do.
bool in_open_cone(const LocalCone& cone, const XPoint& d);
// One direction inside each open cell of the arrangement of the planes through the origin with
// these normals (zero normals ignored): an open set of directions bounded by such planes is
// non-empty iff it contains one of them.
std::vector<XPoint> cell_directions(const std::vector<XPoint>& normals);
// The open cones share a direction (the interiors of the solids overlap near the entity pair).
bool cones_overlap(const LocalCone& a, const LocalCone& b);

// ---- exact_regions_sufficient.cpp (touching pairs) ----
// ExactRegion::sufficient for each region: 𝓡 by seed 000 eq. (3)-(4).
std::vector<bool> sufficient_regions(const ExactSolid& a, const ExactSolid& b,
                                     const std::vector<RawRegion>& regions);

// ---- exact_regions_normals.cpp (touching pairs) ----
// The valid contact normals of one region (exact_regions.hpp, NormalCone).
NormalCone normal_cone(const ExactSolid& a, const ExactSolid& b, const RawRegion& region);
// v / |v| rounded to double (v nonzero).
Vec3 unit_vector(const XPoint& v);

// ---- exact_regions.cpp ----
// The relation of two solids from their intersection set (argument in exact_regions.cpp).
Relation decide_relation(const ExactSolid& a, const ExactSolid& b, const IntersectionSet& set);

}  // namespace touchstone::exact_detail
