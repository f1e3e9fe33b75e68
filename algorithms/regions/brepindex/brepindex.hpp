// regions-brepindex: contact regions by the Brep-index (seed 000 §4; Vaněček, "Brep-index: a
// multidimensional space partitioning tree", CAD 1991). Each solid gets an MSP tree: a ternary
// tree whose internal nodes carry a cut plane and three children (above, on, below the plane; the
// "on" child partitions a region one dimension lower) and whose leaves are entities of the B-rep
// (vertex, open edge, open face) or empty space (inside or outside the solid). A query classifies
// the unculled entities of one solid against the other's tree (Intersect, SplitRegions,
// MergeRegions, eq. (14)), giving 𝓘; 𝓡 follows by eq. (3)–(4) and normals by conditions (6)–(8).
// Back-face culling (§4.1, eq. (9)–(13)) drops the entities moving away when velocities are given.
//
// The tree (prepare(), in the solid's local coordinates; tree.hpp). One split routine serves every
// dimension: a cut inside a plane region is the plane through a line of it perpendicular to the
// region, a cut inside a line region the plane through a point perpendicular to the line. Each
// region's pieces of entities (faces, edges, vertices; split faces and edges; chords of faces
// across a cut) are split above / on / below; a region whose pieces are all of its own dimension
// is a leaf (the entity whose piece fills it; no piece: empty space). Cut choice:
//  - 3D, CutPolicy::support_planes: the support plane of a face piece in the region, the one that
//    splits the fewest pieces among up to 8 candidates spread over the list (first on a tie).
//    A convex solid gets exactly v + e + f internal nodes (§4.2): each face plane cuts once, each
//    edge line once inside the first face plane that holds it, each vertex once on its first line.
//  - 3D, CutPolicy::balanced (the default): while a cell holds more than 8 face pieces (and fewer
//    than 32 such cuts lie above it), an axis-aligned plane halfway between the two middle distinct
//    vertex coordinates along the cell's longest axis, kept only when pieces lie strictly on both
//    sides; then support planes as above.
//  - inside a plane: the line of a segment piece (fewest splits among 8), else a line through a
//    point piece; inside a line: a point piece.
// An empty 3D cell below a face's support plane is inside, above it outside; lower-dimensional
// empty leaves are not labelled (point location never enters an "on" child).
//
// The query (classify.cpp), seed 000 §4.3 FindContacts: the solid with fewer entities (B on a
// tie) is culled and its entities mapped into the other's frame (M_ij); each goes down the tree
// (Intersect): at a cut it goes to each side it comes within ε of, clipped to that side, and its
// part within ε of the plane goes to "on" (SplitRegions); subtrees whose entity pieces lie
// farther than ε (their bounding boxes) are skipped. Each entity leaf reached names a candidate
// pair (x, y). MergeRegions is done per pair: the components of x ∩ y are computed from the two
// entities' own geometry (region_common::test_pair, the all-pairs baseline's ε rules) rather than
// by gluing the split pieces back, so each connected component is one region with Π in world
// coordinates (polygons in boundary order). Empty leaves contribute nothing (MergeRegions (a)).
// Relation: penetrating when a pair shows it (an edge through an open face, both ends beyond ε;
// coplanar faces with the same outward normal overlapping) or a vertex of either solid is more
// than ε inside the other by point location in the other's tree (this finds nesting); touching
// when regions exist — or, with culling, when the culled entities meet the other solid (they are
// classified only then, to tell touching from separated, and their regions stay culled);
// separated otherwise. 𝓡 by region_common::sufficient_flags; subset = sufficient.
//
// Robustness: a declared relative ε, not exact predicates. ε = epsilon × the diagonal of the
// pair's world bounding box (1e-13 by default: far above the rounding of posed coordinates, far
// below the gaps the families separate by). Filtered exact predicates on the rounded world doubles
// were not used: the reference decides on R·v + t evaluated exactly, so exact signs on the rounded
// coordinates would still disagree with it at exact contact under a rotation. Tree building
// decides coplanarity with kBuildTolerance (tree.hpp) × the solid's diagonal. A face overlay that
// does not close at ε is retried at 10 … 10⁴ ε before the query fails. Contacts across gaps below
// ε (the families' 1e-15 gaps) are reported as touching.
//
// Caps: the tree's nodes (200 × entities + 10⁴; prepare records the failure, the query reports
// it) and Options::max_nodes tree nodes visited per query; either gives status failed with the
// reason. Nothing throws.
#pragma once

#include "algorithms/regions/registry.hpp"

namespace touchstone::brepindex {

enum class CutPolicy {
  support_planes,  // every cut is the support plane of a face (seed 000 §4.2, first tree)
  balanced,        // initial cuts that are not support planes split the solid about in half
};

struct Options {
  CutPolicy cuts = CutPolicy::balanced;
  bool back_face_culling = true;  // used only when the query carries velocities
  double epsilon = 1e-13;         // relative to the pair's world bounding-box diagonal
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
