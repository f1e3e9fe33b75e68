// `touchstone regions-paper`: seed 000 §3-§4 (Bouma & Vaněček) reproduced, ours beside the
// paper's, in one command:
//  (a) Brep-index size of convex solids (tetrahedron, cube, icosahedron, the 642-vertex icosphere)
//      against v + e + f (§4.2: "a tetrahedron ... has a tree with 14 internal nodes");
//  (b) the 128-face sphere's MSP tree depth, support-plane cuts only against balanced initial cuts,
//      beside the paper's maximum / average depth 128 / 54 and 19 / 8 (for two 128-face spheres:
//      the UV sphere of 16 strips × 8 bands and the octahedron subdivided twice);
//  (c) back-face culling's speedup (§4.1: "an average factor of two"): the same queries over the
//      coherent-motion family (gap 0, ω 0-25° per step, convex and non-convex pairs, sliding and
//      approaching) timed with
//      regions-brepindex and regions-brepindex-noculling;
//  (d) Fig. 8: the normal of the collinear edge-on-edge region of the block on the two-finger
//      support, with temporal coherence (the previous step's answer passed) and without, beside
//      the paper's statement (it keeps the bottom face's normal; without, it opposes the velocity),
//      for every registered algorithm that declares normals.
// Plain tables, or one JSON document with --json.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>

namespace touchstone {

struct RegionPaperOptions {
  int repetitions = 15;    // timed queries per step in (c)
  std::uint64_t seed = 1;  // of the coherent-motion cases
  bool culling = true;     // (c) can be left out (it is the slow part)
};

struct RegionPaperCli {
  RegionPaperOptions options;
  bool json = false;
};

// The four tables as JSON: {"tree_sizes": [...], "sphere_depths": [...], "culling": {...},
// "figure8": [...]}. Throws std::runtime_error when a case cannot be built.
nlohmann::json regions_paper_tables(const RegionPaperOptions& options);
void print_regions_paper(const nlohmann::json& tables, std::ostream& out);

CLI::App* add_regions_paper_command(CLI::App& app, RegionPaperCli& cli);
int run_regions_paper_command(const RegionPaperCli& cli);

}  // namespace touchstone
