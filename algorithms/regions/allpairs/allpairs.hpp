// regions-allpairs: the naive contact-region baseline (seed 000 §3) that the BSP trees and the
// Brep-index must beat. Every entity pair of A × B (vertex, open edge, open face of each) is tested
// in floating point, in world coordinates computed from the poses, and the whole intersection set
// 𝓘 is returned (subset = intersection) with Π for each region, the relation and contact normals.
//
// ε-contact (seed 000 §2.2). The parameter `epsilon` is relative: the absolute tolerance is
//   ε = epsilon × the diagonal of the world bounding box of A ∪ B
//   (region_common::absolute_epsilon()).
// Two entities count as intersecting when they come within ε of each other, and a point counts as
// on an open entity only when it is farther than ε from that entity's boundary (else the contact
// belongs to the lower-dimensional boundary entity):
//  - vertex–vertex: |p − q| ≤ ε; Π = {midpoint};
//  - vertex in an open edge / face: within ε of it, its foot farther than ε from the edge's end
//    vertices / the face's boundary;
//  - edge–edge: collinear (every end vertex within ε of the other line) with an overlap longer
//    than ε → 1D; else closest points within ε, each farther than ε from its edge's ends → 0D;
//  - edge–face: both end vertices within ε of the face's plane → the segment clipped against the
//    (possibly non-convex) polygon, one 1D region per component lying farther than ε from the
//    boundary; else a transversal crossing farther than ε from the ends and the boundary → 0D;
//  - face–face: every vertex of each within ε of the other's plane → the overlap of the two open
//    polygons (an overlay of both boundaries, any number of components, non-convex faces), one 2D
//    region each (components thinner than ε are left to the edge pairs).
// Relation: penetrating when an edge passes through an open face with both ends more than ε from
// its plane, when coplanar faces with the same outward normal overlap, or when a vertex lies more
// than ε inside the other solid (winding number; this also finds a nested solid); touching when
// regions exist; separated otherwise.
//
// Normals (from B into A, seed 000 §3 "Contact Normals"): a face on either side gives that face's
// normal (B's for face–face); a reflex edge gives the normals of its two faces; a non-convex
// vertex gives up to three maximally transversal normals of its faces; convex–convex entities give
// one normal inside the cone of planes separating the two local tangent cones. Temporal coherence:
// a region whose entity pair is in query.previous keeps those normals (condition (6)); one whose
// entities are adjacent to a previous region's as in condition (7), where both previous entities
// have convex neighbourhoods, keeps that region's normals. At most 3 − dim normals per region.
//
// Work cap: the entity pairs of A × B plus the vertex-in-solid tests; above `max_pairs` the query
// fails with a reason. RegionResult::iterations counts the pairs whose ε-grown boxes overlapped
// (the pairs tested in detail).
#pragma once

#include "algorithms/regions/registry.hpp"

namespace touchstone::allpairs {

struct Options {
  double epsilon = 1e-9;   // relative to the diagonal of the world bounding box of A ∪ B
  double max_pairs = 5e7;  // cap on entity pairs (plus vertex-in-solid tests)
};

std::unique_ptr<RegionAlgorithm> make(const Options& options = {});
RegionAlgorithmInfo info();

}  // namespace touchstone::allpairs
