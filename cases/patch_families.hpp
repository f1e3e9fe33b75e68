// Contact-patch families (seed 001, "Contact points"): pairs of convex elements given by their
// vertices alone (convex hulls), the inputs a finite-element contact code meets, for solfec-cvi
// and every convex region algorithm. Conventions of region_families.hpp: id
// "<family>/s<seed>/i<index>", origin records family, seed, index and the case's parameters.
//  - hex-stack: two sheared hexahedra face to face, B on top of A, overlapping by a depth from
//    {0.3, 0.1, 1e-2, 1e-3, 1e-6, 1e-9, 1e-14, 0, −1e-14, −1e-9, −1e-3} (negative: separated), B
//    aligned with A's sides (coincident side planes) or shifted half a width;
//  - hex-overlap: a unit hexahedron and a box of random sides under a random rotation (doubles,
//    not exact), its centre at a random point near A's surface: generic overlaps; odd indices
//    far from the origin (10⁶);
//  - hex-mesh-interface: two elements of meshes of size 0.1 (not dyadic: the coordinates are
//    rounded decimals, as meshed bodies are), across an interface z = 0.2, B directly above A or
//    one or two cells to the side, B lifted by {0, 1e-14, −1e-14} (touching within rounding);
//  - hull-pairs: convex hulls of 8–20 random points on ellipsoids, B displaced along a random
//    direction from deep overlap to just separated;
//  - patch-degenerate: bad input: a needle, a flat hull, identical shapes, a shape sharing a face
//    exactly, and huge (1e50) and tiny (1e-50) scales;
//  - sparsify-hex, sparsify-tet: every candidate element pair of a sparsification scene
//    (cases/sparsify_scene.hpp), A the upper block's cell, B the lower's; named_only (a whole
//    scene, run when named).
#pragma once

#include <vector>

#include "cases/region_families.hpp"

namespace touchstone {

std::vector<RegionFamily> patch_families();

}  // namespace touchstone
