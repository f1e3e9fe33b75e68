// Mirtich's contact-set tracker (seed 003 §3.1-3.2, mirtich.hpp) as a region algorithm, so that it
// answers multi-step `contact-regions` cases under `touchstone regions` beside the region
// algorithms (issue 34). Each query replays the tracker over the case's earlier steps
// (RegionQuery::earlier_steps, with the motion between steps of interpolate_pose) and the current
// one, from a fresh state: the answer depends on the query alone, so repeating a step for timing
// changes nothing. Each contact becomes a region: its feature pair (the entities), its point, its
// normal; the claim is the covering subset (regions.hpp): pairs of 𝓘 whose points cover 𝓡.
#pragma once

#include "algorithms/contact_sets/mirtich/mirtich.hpp"
#include "algorithms/regions/registry.hpp"

namespace touchstone::mirtich_contacts {

RegionAlgorithmInfo region_info();

}  // namespace touchstone::mirtich_contacts
