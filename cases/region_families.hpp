// Contact-region families (DESIGN §6.1; seed 000 §3-§4): deterministic generators
// (family, seed, index) -> one contact-regions case, built exactly from small integer coordinates
// scaled by a power of two (cases/region_shapes.hpp), so every face is exactly planar in the
// doubles. Conventions of the proximity families (cases/README.md): id "<family>/s<seed>/i<index>",
// gap gap_sweep()[index % 11] × size, variant index / 11, tags gap:<g>, origin records family,
// seed, index, gap, size and variant. The gap is a translation of body A in its pose (exact: the
// contact coordinate is 0 + gap), and the whole scene may be turned by one of the 12 exact
// rotations.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cases/format/region_case.hpp"

namespace touchstone {

struct RegionFamily {
  std::string name;  // e.g. "peg-in-hole"
  std::string description;
  int default_count = 0;  // cases in the default suite
  // A whole scene of many element pairs (seed 001's sparsification scenes): run when named by
  // --families, left out of the default suite.
  bool named_only = false;
  std::function<RegionCase(std::uint64_t seed, int index)> generate;
};

const std::vector<RegionFamily>& region_families();
const RegionFamily* find_region_family(const std::string& name);
// Families whose name matches a glob ('*', '?'), e.g. "face-face-*".
std::vector<const RegionFamily*> match_region_families(const std::string& pattern);

// The default suite: default_count cases of every family but the named_only ones, in list order.
std::vector<RegionCase> default_region_suite(std::uint64_t seed);

// Seed 000 Fig. 8 as drawn, in the frame of the two-finger-support family (unit 1, no rotation):
// B the base with knife-edge fingers at x = ±4 (apex height 2), A the block [−4, 10] × [−2, 2] ×
// [2, 4] sliding along +x (velocity (1, 0, 0) per step). Step 0 (t − Δt): A at x − 1, both ridges
// under its bottom face (two 1D edge-on-face regions). Step 1 (t): A's left bottom edge on the left
// ridge (a collinear 1D edge-on-edge region), the right ridge still under the bottom face. The
// hand-made file cases/examples/figure-8.json holds the same case.
RegionCase figure8_case();

// A proximity case as a one-step contact-regions case (same id, family, tags, shapes, poses,
// expected relation and origin).
RegionCase region_case_from_proximity(const ProximityCase& c);

}  // namespace touchstone
