// Contact-force scenes (DESIGN §6.3, issue 5), generated in code with their hand-derived answers:
// the scenes of Baraff 1989 (seed 002) and Mirtich (seed 003 §4), degenerate LCPs, and stacks
// and piles of a given size for scaling.
#pragma once

#include <string>
#include <vector>

#include "cases/format/force_case.hpp"

namespace touchstone {

// Every named scene (inclined plane, block on floor, table, ball stacks, billiards, brick stack,
// degenerate problems). Each carries `expected` values derived by hand in force_scenes.cpp.
std::vector<ForceCase> force_scenes();

// "stack": boxes stacked on a floor, four corner contacts per interface (extra edge contacts on
// the bottom interface make the count exact); static, so every acceleration is 0.
// "pile": a triangular pile of equal spheres between two walls (rows, row neighbours and
// diagonal supports); the contact count is the nearest reachable to `contacts`.
ForceCase generated_force_scene(const std::string& kind, int contacts);

// The scaling sizes of the benchmark and reports: 10, 30, 100, 300, 1000, 2000.
const std::vector<int>& force_scaling_sizes();

// Scenes by name or glob ("block-*", "stack/n100", "stack/*" for every size, "scenes" for all
// named scenes, "sparsify-*" for seed 001's sparsification scenes: the upper block of
// cases/sparsify_scene.hpp free on the lower one, one contact per solfec-cvi patch, all of them
// ("sparsify-hex/full") or those sparsify() keeps ("sparsify-hex/kept")). Empty when nothing
// matches.
std::vector<ForceCase> match_force_scenes(const std::string& pattern);

}  // namespace touchstone
