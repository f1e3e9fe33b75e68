// regions-bvh: contact regions on a bounding-volume hierarchy (issue 29 item 5). The candidate
// entity pairs come from the simultaneous descent of seed 004 §2.3 over the two solids'
// hierarchies (algorithms/hierarchy/, built once per shape as §2.2 says), collecting every pair of
// faces whose volumes, grown by the region tolerance, overlap instead of stopping at the first;
// the regions are then settled as the Brep-index settles its candidates (seed 000 §4.3 steps 2–5,
// region_common::collect_pair and sufficient_with_normals, shared with regions-brepindex): the
// components of each entity pair of the two faces' closures (𝓘), 𝓡 by eq. (3)–(4), normals by
// conditions (6)–(8) with coherence, and back-face culling of the simpler solid when velocities
// are given.
//
// Candidates: two entities within ε lie in the closures of two faces within ε, and two faces
// within ε have volumes that overlap once each is grown by ε (plus the hierarchies' rounding pad),
// so every pair test_pair can report is tested. Only the faces of candidate pairs and their
// neighbours are put in world coordinates (region_common::world_faces).
//
// A polygon (two faces, a loop and its reverse) has no inside.
//
// Relation: penetrating when a pair shows it (an edge through an open face, coplanar faces with
// the same outward side overlapping) or a vertex of either solid lies more than ε inside the
// other; touching when regions exist (with culling: when the culled entities meet the other
// solid); separated otherwise. Only the vertices of candidate faces and one vertex per connected
// component of each solid are tested: a vertex u more than ε inside with a neighbour w that is
// not lies on an edge whose faces come within ε of the other surface (w is outside, so the edge
// crosses it, or w is within ε of it), so u is a vertex of a candidate face; a component none of
// whose vertices is tested is wholly inside or wholly outside, which its one vertex tells. A
// vertex p is more than ε inside when its distance to the other surface exceeds ε (branch and
// bound with one side a point, seed 004 §2.4) and it lies behind that surface at the closest
// point q: the face's plane when q is inside a face, else the angle-weighted pseudonormal of the
// edge or vertex at q (Bærentzen and Aanæs, [BA05]: its sign tells inside from outside at a
// closest point of a closed mesh); a sign within rounding of zero falls back to the winding
// number.
//
// Tolerances as regions-brepindex: ε = epsilon × the diagonal of the pair's world bounding box.
// Budgets: Options::max_nodes node pairs over the descent and the point searches of one query;
// spent, or a shape without faces (a segment or a point), gives status failed with the reason.
// Nothing throws.
#pragma once

#include "algorithms/hierarchy/hierarchy.hpp"
#include "algorithms/regions/registry.hpp"

namespace touchstone::bvh_regions {

struct Options {
  hierarchy::VolumeType volume = hierarchy::VolumeType::obb;
  bool back_face_culling = true;  // used only when the query carries velocities
  double epsilon = 1e-13;         // relative to the pair's world bounding-box diagonal
  double max_nodes = 5e7;         // node pairs visited per query (fails with a reason)
};

std::unique_ptr<RegionAlgorithm> make(const Options& options = {});
RegionAlgorithmInfo info(const Options& options = {});  // "regions-bvh"

}  // namespace touchstone::bvh_regions
