// Contact regions, shared by the region algorithms (first written for regions-allpairs): the
// entity-pair tests of A × B (see regions/allpairs/allpairs.hpp for the ε rules).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/proximity/proximity.hpp"
#include "algorithms/regions/common/world.hpp"

namespace touchstone::region_common {

struct FoundRegion {
  Feature a, b;
  std::vector<Vec3> points;  // Π
};

struct Scan {
  std::vector<FoundRegion> regions;
  bool penetrating = false;
  std::size_t tested = 0;              // pairs whose ε-grown boxes overlapped
  std::optional<std::string> failure;  // a face–face overlap that could not be closed
};

// Every entity pair of A × B, and whether an edge passes through a face or coplanar faces with
// the same outward normal overlap (penetration).
Scan scan_pairs(const WorldShape& a, const WorldShape& b, double eps);

// One entity pair (x of A, y of B), as scan_pairs tests it: the components of x ∩ y (Π in world
// coordinates) and whether the pair shows penetration (an edge through a face, or coplanar faces
// with the same outward normal overlapping). For algorithms that find candidate pairs otherwise.
struct PairTest {
  std::vector<std::vector<Vec3>> regions;
  bool penetrating = false;
  std::optional<std::string> failure;
};
PairTest test_pair(const WorldShape& a, const Feature& x, const WorldShape& b, const Feature& y,
                   double eps);

// The single-pair rules test_pair applies, for algorithms that settle candidates themselves
// (regions-bsp). A vertex within ε of the face's plane whose foot is more than ε inside the open
// face: the midpoint of p and its foot.
std::optional<Vec3> vertex_face(const Vec3& p, const WorldFace& f, double eps);

// An edge (p0, p1) against an open face: both ends within ε of the plane (`coplanar`) gives the
// edge's components in the open face; else a crossing of the open face farther than ε from the
// ends and the face's boundary is a point, `through` when both ends are more than ε off the plane.
struct EdgeFace {
  std::vector<std::vector<Vec3>> regions;
  bool coplanar = false;
  bool through = false;
};
EdgeFace edge_face(const Vec3& p0, const Vec3& p1, const WorldFace& f, double eps);

// Two faces (their world planes and vertices) with every vertex within ε of the other's plane:
// the overlap of the open polygons; `same_side` when the outward normals agree (the interiors
// overlap where the faces do).
struct FaceFace {
  std::vector<std::vector<Vec3>> regions;
  bool same_side = false;
  std::optional<std::string> failure;
};
FaceFace face_face(const WorldFace& fa, const std::vector<Vec3>& pa, const WorldFace& fb,
                   const std::vector<Vec3>& pb, double eps);

// Whether a vertex of `inner` lies more than ε inside `outer` (penetration or nesting).
bool vertex_deep_inside(const WorldShape& inner, const WorldShape& outer, double eps);

}  // namespace touchstone::region_common
