// solfec-cvi: one contact patch per convex pair from the volume A ∩ B (seed 001, Solfec-1.0
// "Contact points"): steps 1–3 of "Calculating volumetric intersection" (our GJK for the distance
// and a common point), steps 4–10 in cvi.hpp, then "Deriving contact points and normals" lines
// 1–16 (solfec.cpp).
//
// Parameters (reported): geometric_epsilon (1e-6, Solfec's GEOMETRIC_EPSILON), absolute unless
// epsilon_relative = 1, then times the diagonal of the pair's world bounding box.
// A face whose vertices lie within 1e-9 × the shape's diameter of an earlier face's plane is taken
// as that plane (the pieces of a rounded face of a convex hull); the surface pair names the first.
// Output: no region when the pair is separated by more than ε or A ∩ B has no point deeper than ε
// inside both (Solfec returns no contact); else one region: point, normal (from B into A, the
// region contract's direction: Solfec's n negated), area, gap and the surface pair (a, b: the
// faces of A and B nearest the point). Every way the method gives up is `failed` with its reason.
#pragma once

#include "algorithms/regions/registry.hpp"

namespace touchstone::solfec {

struct Options {
  double geometric_epsilon = 1e-6;
  bool epsilon_relative = false;  // ε = geometric_epsilon × size
  // Line 4 of the derivation weights each triangle by its own area² (Solfec); with false (the
  // default) the triangles of one face are summed first, so each face weighs its area² whatever
  // its triangulation (the exact reference's rule, docs/solfec.md).
  bool triangle_weights = false;
};

std::unique_ptr<RegionAlgorithm> make(const Options& options = {});

// Where a query's time goes (nanoseconds, summed over queries): GJK (steps 1–3 and the gap
// re-check of lines 13–15), refine_point (step 4), qhull (steps 5–7), the polar set and its
// triangulation (steps 8–9), the derivation (lines 1–12). For benchmarks: `times` must outlive
// the algorithm, and the clock reads cost a little.
struct StageTimes {
  double gjk = 0.0, refine = 0.0, qhull = 0.0, polar = 0.0, derive = 0.0;
};
std::unique_ptr<RegionAlgorithm> make_timed(const Options& options, StageTimes* times);
RegionAlgorithmInfo info();

}  // namespace touchstone::solfec
