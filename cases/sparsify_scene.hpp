// The sparsification scenes of seed 001 ("Contact sparsification", Fig. 8: 736 contacts to 168):
// a block meshed into convex cells resting on another meshed block, sunk a little into it, the two
// meshes not conforming at the interface (the upper one shifted by a small offset in x and y).
// Every coordinate is dyadic (cells of side 1, offset 2⁻⁷, sink 2⁻¹⁰), so each cell is exact in
// the doubles and the scene is what it says.
//  - sparsify-hex: 13 × 13 × 2 unit hexahedra on 14 × 14 × 2: each bottom cell of the upper block
//    overlaps four cells below, one by (1 − δ)² and three by slivers δ(1 − δ), δ(1 − δ), δ²
//    (δ = 2⁻⁷): 676 candidate pairs, all penetrating;
//  - sparsify-tet: the same blocks (4 × 4 × 2 on 5 × 5 × 2) with every cube split into the six
//    tetrahedra of its Kuhn triangulation (all about the diagonal (0,0,0)–(1,1,1), so the mesh is
//    conforming): tetrahedra meet the interface by a face, an edge or a vertex.
// The candidate pairs are the (upper cell, lower cell) pairs whose closed bounding boxes overlap
// (a broad phase, computed here by brute force from the exact boxes). Two cells of one block are
// topologically adjacent (seed 001's reading: finite elements sharing a face) when they share at
// least three vertices.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "algorithms/geometry/pose.hpp"
#include "algorithms/regions/solfec/sparsify.hpp"

namespace touchstone {

struct SparsifyScene {
  std::string name, description;
  std::string cell;  // "hex" or "tet"
  int n = 0;         // the upper block is n × n × 2 cubes, the lower (n + 1) × (n + 1) × 2
  double offset = 0, sink = 0;
  std::vector<std::vector<Vec3>> upper, lower;            // each cell's world vertices (convex)
  std::vector<std::pair<int, int>> pairs;                 // candidate (upper, lower) cell pairs
  Vec3 upper_lo = Vec3::Zero(), upper_hi = Vec3::Zero();  // the upper block's extent
};

// "sparsify-hex", "sparsify-tet"; built once. Throws std::invalid_argument for another name.
const SparsifyScene& sparsify_scene(const std::string& name);
const std::vector<std::string>& sparsify_scene_names();

// Whether two cells share a face (at least three common vertices, compared exactly).
bool cells_share_face(const std::vector<Vec3>& x, const std::vector<Vec3>& y);

// One solfec-cvi contact per candidate pair that has a patch (default options, as Solfec's
// dom.c), in candidate order, with the sparsification of dom.c's defaults.
struct SceneContacts {
  struct Contact {
    int upper = -1, lower = -1;
    Vec3 point = Vec3::Zero(), normal = Vec3::UnitZ();  // normal from the lower cell into the upper
    double area = 0, gap = 0;
  };
  std::vector<Contact> raw;
  std::vector<bool> kept;  // solfec::sparsify over raw
  int failed = 0;          // candidate pairs solfec-cvi answered other than ok
};
SceneContacts scene_contacts(const SparsifyScene& scene);

}  // namespace touchstone
