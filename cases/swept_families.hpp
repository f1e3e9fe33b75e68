// Degenerate swept-query families (DESIGN §3.2b; issue 30): elementary vertex-face and edge-edge
// queries built exactly from dyadic coordinates, each with its answer by construction (collides,
// and the time of impact), then turned by each of the 24 exact 90° rotations of the cube (signed
// permutations of the axes with determinant +1), which keep every coordinate exact.
//
//   parallel-edges     edges parallel through the step: collinear overlap, touching end to end,
//                      parallel at a distance, collinear with a gap
//   graze-boundary     a vertex through a face's edge or corner, or 2^-30 outside / inside it;
//                      an edge through another's endpoint
//   contact-t0         contact exactly at t = 0, then moving apart
//   contact-t1         contact exactly at t = 1, and a miss by 2^-40
//   resting            distance 0 throughout (vertex on a face, crossing edges, moving along)
//   coplanar-sliding   coplanar throughout, sliding into contact (or past it)
//   thin-plate         a vertex or an edge through a unit triangle or edge at speed 2000 per step
#pragma once

#include <string>
#include <vector>

#include "cases/format/ccd_csv.hpp"

namespace touchstone {

const std::vector<std::string>& swept_family_names();

// Every query of the named families ("*" or empty: all), base queries × 24 rotations.
std::vector<SweptCase> swept_family_cases(const std::vector<std::string>& families);

}  // namespace touchstone
