// The elementary face–face tests at the leaves of the hierarchies (seed 004 §2.3 for collision,
// §2.4 for distance), on the very doubles of the world vertices:
//  - exact_face_contact: whether two closed faces meet, decided exactly (CGAL's filtered exact
//    predicates on the doubles, no tolerance), and whether they cross: an edge of one passes
//    strictly through the open other face from one side to the other, or the faces are coplanar
//    with the same outward side and overlap in area; either makes the solids' interiors overlap;
//  - face_distance: the distance of two faces and a closest pair, in floating point (vertex–face
//    and edge–edge distances, and 0 where an edge passes through the other face).
// Faces are triangulated once per shape (ear clipping in the face's plane) so non-convex faces
// are covered exactly by their triangles.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "algorithms/geometry/polytope.hpp"

namespace touchstone::hierarchy {

using Triangle = std::array<int, 3>;  // vertex ids

// Per face, triangles over its own vertices covering it.
std::vector<std::vector<Triangle>> triangulate_faces(const Polytope& shape);

// One face of a shape under a pose: the shape, its world vertices and its triangulation.
struct WorldFaces {
  const Polytope* shape = nullptr;
  std::span<const Vec3> world;
  const std::vector<std::vector<Triangle>>* triangles = nullptr;
};

enum class FaceContact { disjoint, contact, crossing };
FaceContact exact_face_contact(const WorldFaces& a, int face_a, const WorldFaces& b, int face_b);

// Whether the world point p lies on the closed face, exactly.
bool exact_on_face(const WorldFaces& s, int face, const Vec3& p);

struct FaceDistance {
  double distance_sq = 0.0;
  Vec3 on_a = Vec3::Zero(), on_b = Vec3::Zero();
};
FaceDistance face_distance(const WorldFaces& a, int face_a, const WorldFaces& b, int face_b);

// The winding number of the closed surface around p (about 1 inside, 0 outside), in floating
// point; p must not lie on the surface.
double winding_number(const WorldFaces& s, const Vec3& p);

}  // namespace touchstone::hierarchy
