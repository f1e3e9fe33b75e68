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
//
// Whole solids (two moving boxes as triangle meshes; "solids" names them all, "*" does not):
//   solids-thin-plate  a unit cube through a plate 2^-10 thick at 2048 per step (also both moving,
//                      and the plate onto the cube),
//                      and beside it by 2^-30
//   solids-slide-onto  a box falling and sliding onto another: face on face, onto its edge only,
//                      past the edge by 2^-30
//   solids-graze       a cube passing another with faces or edges grazing, and a miss by 2^-30
//   solids-resting     distance 0 throughout: sliding on top of another, and at rest
//   solids-rotate-tiny body a turning by 1e-8 rad over the step (docs/swept.md's rotation
//                      model): through a plate, resting, a cube's edge or a bar's tip turning
//                      onto a face 2^-30 away, and misses by 2^-26 / 2^-24
//   solids-rotate      body a turning by 90° or 53°: through a plate, resting, a bar sweeping
//                      onto a cube its linearly interpolated vertices do not reach, a miss, a
//                      cube's edge swinging through a wall it clears at both ends, a bar's tip
//                      landing
#pragma once

#include <string>
#include <vector>

#include "cases/format/ccd_csv.hpp"

namespace touchstone {

const std::vector<std::string>& swept_family_names();
const std::vector<std::string>& swept_solid_family_names();

// Every query of the named families ("*" or empty: every elementary family; "solids": every
// whole-solid family), base queries × 24 rotations.
std::vector<SweptCase> swept_family_cases(const std::vector<std::string>& families);

}  // namespace touchstone
