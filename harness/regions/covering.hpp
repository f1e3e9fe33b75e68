// The covering claim (RegionSubset::covering; contact-set trackers, seed 003 §3): the answer is
// some pairs of 𝓘, one point or more on each, that cover 𝓡. The region verifier
// (verifier.hpp) calls it instead of its entity checks when an algorithm claims it:
//  - `subset`: the algorithm declares capabilities.covering_set;
//  - `extra region`: every returned pair is a pair of 𝓘 (of the touching configuration inside the
//    band); a pair outside it whose closed entities lie within τ (`gap`) is an ε-pair, `ambiguous`,
//    as for the other claims; else `fail`;
//  - `points`: each returned point lies within the points tolerance of its pair's exact Π (any
//    component); a contact is a point, so the dimension of the pair's region is not asked for;
//  - `normal outside cone`: each normal (unit within tol_normal) lies in its pair's exact cone; one
//    normal per contact, so the cone's pieces need not all be hit;
//  - `coverage`: every region of 𝓡 has a returned point within the points tolerance of it (on any
//    pair: a V-F contact at a corner covers the face-face region it bounds); a miss is
//    `input.miss` (fail, or ambiguous inside the band when 𝓡 there is not decided).
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "algorithms/regions/regions.hpp"
#include "harness/regions/findings.hpp"
#include "harness/regions/verifier.hpp"
#include "reference/exact_regions.hpp"

namespace touchstone {

struct CoveringInput {
  const std::vector<ExactRegion>* regions = nullptr;  // 𝓘, or 𝓘 of the touching configuration
  double points_tolerance = 0.0;                      // τ, plus |t| inside the band
  double tau = 0.0;
  double normal_tolerance = 1e-9;
  bool band = false;  // judged against the ε-closure: a pair outside it is an ε-pair
  Verdict miss = Verdict::fail;
  // The distance between a pair's closed entities (nullopt: not known).
  std::function<std::optional<double>(const Feature&, const Feature&)> gap;
};

void covering_checks(const RegionResult& result, const RegionCapabilities& caps,
                     const CoveringInput& input, Findings& f, RegionCounts& counts);

}  // namespace touchstone
