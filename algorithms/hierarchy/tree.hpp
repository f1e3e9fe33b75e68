// A binary tree of bounding volumes over a B-rep's faces, built top-down as seed 004 §2.2 says:
// each node's face set is split by the plane through the mean of the faces' reference points
// (the mean of each face's vertices) orthogonal to the principal axis of inertia of those points
// that minimizes the summed volume of the two children; a face goes to the side its reference
// point lies on. Recursion ends at one face (a leaf). Built once per shape in the shape's own
// coordinates; world_volumes() puts it under a pose (rigid volumes are moved, the others refitted
// from the world vertices bottom-up).
#pragma once

#include <span>
#include <vector>

#include "algorithms/geometry/polytope.hpp"
#include "algorithms/hierarchy/volumes.hpp"

namespace touchstone::hierarchy {

struct Node {
  int left = -1, right = -1;  // children (both or neither); always after their parent
  int face = -1;              // a leaf's face id
  bool leaf() const { return left < 0; }
};

template <BoundingVolume V>
struct Tree {
  std::vector<Node> nodes;  // nodes[0] is the root
  std::vector<V> volumes;   // in the shape's coordinates
};

// Throws GeometryError when the shape has no face.
template <BoundingVolume V>
Tree<V> build(const Polytope& shape);

// The tree's volumes refitted under the pose from `world` (the shape's vertices under it), each
// grown by `pad` (absolute). Only for volumes that are not rigid; rigid ones are moved one by one
// (WorldTree::volume, traversal.hpp).
template <BoundingVolume V>
requires(!V::kRigid) std::vector<V> world_volumes(const Tree<V>& tree, const Polytope& shape,
                                                  std::span<const Vec3> world, double pad);

}  // namespace touchstone::hierarchy
