// regions-bsp: contact regions from Naylor BSP trees (seed 000 §4: ProtoSolid's first collision
// support in Newton; Naylor, Amanatides & Thibault 1990; Thibault & Naylor 1987).
//
// prepare() builds each solid's BSP tree in its own frame (tree.hpp: face support planes, a
// sampled split/balance score, coplanar faces stored at the node as fragments). A query pushes
// B's boundary (vertices, edges, face triangles) through A's tree and A's boundary through B's
// tree, each moved into the tree's frame by relative_pose (classify.hpp). The tree names its own
// faces and nothing else: its nodes are face planes and its cells are in or out, so it never
// learns which of its edges or vertices a point lies on. What it can name is therefore a face of
// the tree's solid against a vertex, edge or face of the other solid lying in that face's plane:
//   (A face, B vertex), (A face, B edge), (A face, B face), (A vertex, B face), (A edge, B face);
// declared in capabilities.nameable_pairs. Edge–edge, edge–vertex and vertex–vertex regions are
// never produced and are declared limits (the "only edge information" of seed 000 §4 was not
// enough for the tumbling rings for the same reason: contacts between lower-dimensional entities
// are invisible to a face-plane tree). The subset claimed is 𝓘 restricted to those kinds.
//
// Each candidate pair the classification names (a piece lying in a node's plane whose box meets
// one of the node's fragments, or an edge cut where a fragment's box holds the cut point) is then
// settled on the whole entities in world coordinates, with the same ε rules as regions-allpairs
// (allpairs.hpp): this recomputation is our MergeRegions (seed 000 §4.3 (b)): the pieces of one
// pair found in several cells are the components of x ∩ y, so they are computed at once.
//
// Robust classification: a declared relative ε, like regions-allpairs (not exact predicates: the
// node planes are face planes rounded to doubles and B's vertices are moved into A's frame in
// floating point, so a filtered exact sign would be exact about a perturbed input, not the
// case's). ε = epsilon × the diagonal of the world bounding box of A ∪ B; a node's "on" band is
// ε plus the node's slack (tree.hpp). The verifier measures its effect against the exact
// reference.
//
// Relation: penetrating when a piece of one boundary reaches an in-cell of the other's tree more
// than ε deep (classify.hpp; a nested solid's vertices do), when an edge crosses an open face with
// both ends more than ε from its plane, or when coplanar faces with the same outward normal
// overlap; touching when a region was found or a boundary point lies within ε of the other's
// boundary (touching evidence, which also covers contacts it cannot name); separated otherwise.
// The volume of overlap is not computed (it could not be verified exactly here).
//
// Normals and temporal coherence as regions-allpairs (allpairs/normals.hpp). Work caps: fragments
// created while building (max_fragments) and piece–node visits per query (max_visits); beyond
// either the answer is `failed` with the reason.
#pragma once

#include "algorithms/regions/bsp/tree.hpp"
#include "algorithms/regions/registry.hpp"

namespace touchstone::bsp {

struct Options {
  double epsilon = 1e-9;  // relative to the diagonal of the world bounding box of A ∪ B
  double max_visits = 5e7;
  BuildOptions build;
};

// The region kinds a face-plane tree can name (see above).
inline constexpr unsigned kNameablePairs = entity_pair_bit(FeatureKind::face, FeatureKind::vertex) |
                                           entity_pair_bit(FeatureKind::face, FeatureKind::edge) |
                                           entity_pair_bit(FeatureKind::face, FeatureKind::face) |
                                           entity_pair_bit(FeatureKind::vertex, FeatureKind::face) |
                                           entity_pair_bit(FeatureKind::edge, FeatureKind::face);

// The tree prepare() built (null for a shape not prepared by regions-bsp).
const Tree* tree_of(const PreparedShape& shape);

std::unique_ptr<RegionAlgorithm> make(const Options& options = {});
RegionAlgorithmInfo info();

}  // namespace touchstone::bsp
