// regions-brepindex: contact regions by the Brep-index (seed 000 §4; Vaněček, "Brep-index: a
// multidimensional space partitioning tree", CAD 1991). Each solid gets an MSP tree: a ternary
// tree whose internal nodes carry a cut plane and three children (above, on, below the plane; the
// "on" child partitions a region one dimension lower) and whose leaves are entities of the B-rep
// (vertex, open edge, open face) or empty space (inside or outside the solid). A query classifies
// the unculled entities of one solid against the other's tree (Intersect, SplitRegions,
// MergeRegions, eq. (14)), giving 𝓘; 𝓡 follows by eq. (3)–(4) and normals by conditions (6)–(8).
// Back-face culling (§4.1, eq. (9)–(13)) drops the entities moving away when velocities are given.
#pragma once

#include "algorithms/regions/registry.hpp"

namespace touchstone::brepindex {

enum class CutPolicy {
  support_planes,  // every cut is the support plane of a face (seed 000 §4.2, first tree)
  balanced,        // initial cuts that are not support planes split the solid about in half
};

struct Options {
  CutPolicy cuts = CutPolicy::support_planes;
  bool back_face_culling = true;  // used only when the query carries velocities
  double epsilon = 1e-13;         // relative to the pair's world bounding-box diagonal, if used
  double max_nodes = 5e7;         // cap on tree nodes visited per query (fails with a reason)
};

// The shape of one solid's MSP tree, for the reproduction of seed 000 §4.2.
struct TreeStats {
  long internal_nodes = 0;  // a convex solid: v + e + f with support-plane cuts
  long leaves = 0;
  int max_depth = 0;         // longest root-to-leaf path, in internal nodes
  double average_depth = 0;  // mean root-to-leaf depth over the leaves that are entities
  int max_depth_3d = 0;      // the same, counting only the 3D (above/below) descent
  double average_depth_3d = 0;
};
TreeStats tree_stats(const Polytope& shape, CutPolicy cuts);

std::unique_ptr<RegionAlgorithm> make(const Options& options = {});
RegionAlgorithmInfo info();                  // "regions-brepindex" (culling on)
RegionAlgorithmInfo info_without_culling();  // "regions-brepindex-noculling"

}  // namespace touchstone::brepindex
