// Convex volumetric intersection (seed 001, "Calculating volumetric intersection", steps 4–10;
// Muller & Preparata 1978): the intersection A ∩ B of two convex polyhedra given by their face
// planes, from a point common to both, by duality. Steps 1–3 (GJK) are the caller's
// (solfec.cpp), which passes the common point.
//
//  4  x = refine_point(x): push x into the interiors of both (maximize the smallest plane slack);
//  5  transform(pa), 6 transform(pb): planes n·y ≤ s with y = p − x and s = d − n·x > 0 scaled
//     to d = −1, i.e. the dual points q = n / s;
//  7  h = quickhull(q): qhull (libqhull_r, Barber, Dobkin & Huhdanpaa 1996);
//  8  v = polarize(h): every hull facet h·q = o (o > 0, the origin inside) is the vertex h / o of
//     the intersection; every hull vertex q_i is the face of A ∩ B on plane i;
//  9  t = triangulate(v + x): each face's vertices in order around its plane's normal, a fan of
//     triangles, each labelled with the plane (hence the face of A or of B) it lies on;
// 10  return t.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "algorithms/geometry/polytope.hpp"

namespace touchstone::solfec {

struct CviTriangle {
  Vec3 v[3];  // counter-clockwise seen from outside A ∩ B
  int plane;  // index into pa ++ pb: below pa.size() a face of A, else a face of B
};

struct CviInput {
  std::span<const Plane> planes;  // pa followed by pb, world coordinates, unit normals
  int planes_a = 0;               // how many of them are A's
  Vec3 x = Vec3::Zero();          // a point common to A and B (GJK's)
  Vec3 extent_min = Vec3::Zero(), extent_max = Vec3::Zero();  // boxes of A ∩ boxes of B
  double epsilon = 1e-6;                                      // geometric epsilon (absolute)
};

struct CviResult {
  enum class Status { ok, thin, failed };
  Status status = Status::failed;
  std::string reason;          // failed: why; thin: the inscribed depth found
  Vec3 x = Vec3::Zero();       // the refined point
  double depth = 0.0;          // its smallest plane slack (≤ epsilon: thin)
  std::vector<Vec3> vertices;  // of A ∩ B
  std::vector<CviTriangle> triangles;
};

// Timings of the stages for the benchmark (nanoseconds), filled when non-null.
struct CviTimes {
  double refine = 0.0, qhull = 0.0, polar = 0.0;
};

// Steps 4–10. Never throws: a qhull error, a polar set that does not enclose the origin or
// vertices outside the extents ("CVI has gone insane") give Status::failed with the reason.
CviResult convex_intersection(const CviInput& in, CviTimes* times = nullptr);

// Step 4 alone: x moved to raise min over planes of (d − n·x); returns that minimum.
double refine_point(std::span<const Plane> planes, Vec3& x, double size);

}  // namespace touchstone::solfec
