// regions-bsp: classifying the other solid's boundary against a BSP tree (Thibault & Naylor 1987
// §4, Naylor, Amanatides & Thibault 1990 §3: a polygon is pushed down the tree, split by each
// plane it straddles, and classified in/out at the leaves; the parts lying in a node's plane are
// kept as the boundary, "on").
//
// The other solid's vertices (points), edges (segments) and faces (their ear-clipped triangles)
// are expressed in the tree's frame and pushed down. At a node with plane P, tolerance
// tol = ε + the node's slack:
//  - a piece with every vertex within tol of P is on P: each stored fragment whose bounding box
//    (grown by tol) meets the piece's names a candidate pair (the fragment's face, the piece's
//    entity); points and segments then go on into both children (the same point set may lie in
//    the plane of a fragment further down: an edge along the line where two planes meet);
//  - a piece with vertices more than tol on both sides is cut at h = 0 and both parts go on; the
//    cut point of a segment names a crossing candidate with each fragment whose grown box holds
//    it;
//  - otherwise the piece goes to the side its vertices lie on.
// A piece reaching an "in" leaf penetrates when one of its vertices or its centroid lies more than
// ε inside every plane of its root–leaf path (the cell is inside the solid, so that depth bounds
// the distance to the solid's boundary from below), or else when no stored fragment lies within ε
// of it (tree.hpp boundary_within: the cell's planes may pass close to a point far inside). A
// point, segment end, cut point or segment lying on P within tol of a fragment proves that the
// boundaries meet (touching evidence).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/proximity/proximity.hpp"
#include "algorithms/regions/bsp/tree.hpp"

namespace touchstone::bsp {

struct Piece {
  Feature entity;            // of the solid being classified
  std::vector<Vec3> points;  // 1: vertex, 2: edge (tail, head), 3: a face triangle; tree frame
};

struct Candidate {
  int face = -1;   // the tree's face
  Feature entity;  // the classified solid's entity
  bool operator<(const Candidate& o) const;
  bool operator==(const Candidate& o) const = default;
};

struct Classification {
  std::vector<Candidate> on;        // sorted, unique
  std::vector<Candidate> crossing;  // edges cut where a fragment's box holds the cut point
  bool penetrating = false;
  bool touching = false;
  std::size_t visits = 0;  // piece–node visits
  std::optional<std::string> failure;
};

// Every piece against `tree`; fails (with a reason) beyond `max_visits` piece–node visits.
Classification classify(const Tree& tree, const std::vector<Piece>& pieces, double eps,
                        double max_visits);

}  // namespace touchstone::bsp
