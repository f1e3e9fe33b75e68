// Exact reference for contact patches (seed 001, "Contact points"): the intersection polytope
// A ∩ B of two convex solids, computed exactly from the very doubles the algorithms see (world
// vertex = R·v + t exactly, face planes from exact cross products), by exact vertex enumeration:
// every triple of planes of A and B whose meeting point lies in every half-space (a floating-point
// filter discards the triples certainly outside, see exact_patch.cpp), deduplicated. From it:
//  - the exact volume; the patch is empty when it is zero (separated, touching, or a flat overlap);
//  - its faces, each on ∂A, on ∂B, or on both (a plane of A and one of B that coincide, same
//    outward side: the face is on both surfaces, `side` = both);
//  - per face, the exact squared area and centroid (rationals), rounded to double; its area is
//    the square root of the rounded square (relative error ≤ 2⁻⁵¹);
//  - the surface's area-weighted centroid and half its area, summed in doubles from those;
//  - the seed's normal with face areas (triangulation-independent): Σ ± a_f² n̂_f, + for faces on
//    ∂A and − for faces on ∂B, negated so it points from B into A like the region contract. Faces
//    on both surfaces, or within a band of a parallel plane of the other body, can be labelled
//    either way by a floating-point method: the verifier enumerates their signs (patch_checks).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "algorithms/geometry/polytope.hpp"

namespace touchstone {

struct ExactPatchFace {
  enum class Side { a, b, both };
  Side side = Side::a;
  int face_a = -1, face_b = -1;  // the face of A and/or of B it lies on
  std::string area_sq_exact;     // exact squared area, as GMP prints a fraction
  double area = 0.0;
  Vec3 normal = Vec3::Zero();    // outward unit normal of A ∩ B on this face
  Vec3 centroid = Vec3::Zero();  // exact centroid, rounded
  std::string centroid_exact;    // "x y z", fractions
  double perimeter = 0.0;
  // Largest distance of this face's vertices from the nearest plane of the other body facing the
  // same side (infinity when none does): below the verifier's band the label is ambiguous.
  double twin_gap = 0.0;
};

struct ExactPatch {
  bool empty = true;         // A ∩ B has no volume
  std::string volume_exact;  // fraction
  double volume = 0.0;
  double area = 0.0;           // half the surface area of A ∩ B
  Vec3 point = Vec3::Zero();   // area-weighted centroid of the surface
  Vec3 normal = Vec3::Zero();  // seed rule with face areas, unit, from B into A (0: vanishes)
  std::vector<ExactPatchFace> faces;
  std::vector<Vec3> vertices;  // of A ∩ B, rounded
  std::vector<std::string> vertices_exact;
  std::size_t triples_exact = 0;  // plane triples that passed the filter
  // Filled by exact_regions() for a pair with volume (reference/exact_proximity.hpp): the exact
  // penetration depth (rounded) and a direction realizing it, from B into A (A moved by depth
  // along it touches B), for the point-only peers' checks (capabilities.penetration_points).
  std::optional<double> depth;
  std::optional<Vec3> depth_normal;
};

// Both shapes convex solids with exactly planar faces under their poses; throws
// std::runtime_error otherwise.
ExactPatch exact_patch(const Polytope& a, const Pose& pose_a, const Polytope& b,
                       const Pose& pose_b);

// The seed's rule with face areas, from B into A, with face i counted with signs[i] (+1: as a
// face of A, −1: as a face of B, 0: left out); zero when the sum vanishes.
Vec3 patch_normal(const ExactPatch& patch, const std::vector<int>& signs);

}  // namespace touchstone
