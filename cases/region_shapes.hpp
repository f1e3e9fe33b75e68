// Exact non-convex solids for the contact-region families (region_families.hpp): B-reps with
// small integer coordinates (scaled by a power of two later), every face exactly planar, closed,
// 2-manifold and outward oriented. Builders: unions of grid cells (rectilinear solids: L-blocks,
// steps, corners, frames, pockets), extrusions of simple polygons (gear racks, finger supports) and
// lofts of a polygon star-shaped about the origin through scaled levels (bolts, countersunk holes).
#pragma once

#include <array>
#include <functional>
#include <vector>

#include "algorithms/geometry/pose.hpp"

namespace touchstone::cases {

struct Brep {
  std::vector<Vec3> vertices;
  std::vector<std::vector<int>> faces;  // outward counter-clockwise polygons
};

using Polygon2 = std::vector<std::array<double, 2>>;  // simple, counter-clockwise

// The union of the grid cells [xs[i], xs[i+1]] × [ys[j], ys[j+1]] × [zs[k], zs[k+1]] for which
// filled(i, j, k); coplanar cell faces merged (mesh_import.hpp's rule: a face with a hole stays
// split) and vertices that only lie inside a straight edge removed. The cells must form a
// 2-manifold solid (no two cells meeting only along an edge or at a corner).
Brep cell_solid(const std::vector<double>& xs, const std::vector<double>& ys,
                const std::vector<double>& zs, const std::function<bool(int, int, int)>& filled);

// The axis-aligned box [lo, hi].
Brep box(const Vec3& lo, const Vec3& hi);

// The prism over a simple polygon in the (x, z) plane (x first), for y in [y0, y1].
Brep extrude_xz(const Polygon2& polygon, double y0, double y1);
// The prism over a simple polygon in the (x, y) plane, for z in [z0, z1].
Brep extrude_xy(const Polygon2& polygon, double z0, double z1);

// A level of a loft: the polygon scaled by `scale` at height z.
struct Level {
  double z = 0, scale = 1;
};
// The solid swept by a polygon star-shaped about the origin through levels (z non-decreasing; two
// levels at one z give a horizontal ledge). Every side face is planar: corresponding edges of
// scaled copies are parallel.
Brep loft(const Polygon2& polygon, const std::vector<Level>& levels);
// A plate with a hole: the loft of `outer` minus the loft of `inner` (same vertex count, same
// first and last z, inner strictly inside outer at every level). Genus 1; each cap is split into
// quadrilaterals between corresponding outer and inner edges.
Brep holed(const Polygon2& outer, const std::vector<Level>& outer_levels, const Polygon2& inner,
           const std::vector<Level>& inner_levels);

// The tetrahedron on four points (not coplanar), outward.
Brep tetrahedron(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d);

// v · scale + offset for every vertex (scale > 0).
Brep transformed(Brep b, double scale, const Vec3& offset = Vec3::Zero());

// Six times the enclosed volume (exact for small integer coordinates).
double volume6(const Brep& b);

}  // namespace touchstone::cases
