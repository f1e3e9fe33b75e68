// regions-bsp: the Naylor BSP tree of one solid, in the solid's own frame.
//
// Naylor, Amanatides & Thibault 1990 ("Merging BSP trees yields polyhedral set operations") and
// Thibault & Naylor 1987 ("Set operations on polyhedra using binary space partitioning trees"):
// every internal node carries a partitioning plane, here always the support plane of a face (the
// plane's normal is that face's outward normal, so "front" is outside); its two children are the
// open half-spaces in front of and behind it; a leaf is a convex cell, wholly in or wholly out of
// the solid (the cell in front of the last plane is out, the one behind it is in). The faces
// coplanar with a node's plane that reach the node's cell are stored at the node as convex
// fragments (the faces are ear-clipped into triangles first, then cut by the planes of the
// node's ancestors), each with the face it came from and whether its outward normal agrees with
// the plane's: the "on" sub-region of Naylor's tree.
//
// Plane selection (the heuristic of Thibault & Naylor 1987, our weights): at each node up to
// `candidates` face planes are sampled evenly from the fragments that reached it, each is scored
// by `split_weight` × (fragments it would cut) + |fragments in front − fragments behind|, and the
// lowest score wins (first sampled on ties). A fragment is coplanar with a candidate when every
// vertex lies within `coplanar` × the solid's bounding-box diagonal of the plane; the largest such
// offset is kept per node (`slack`) and widens the query's "on" test there.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/geometry/polytope.hpp"

namespace touchstone::bsp {

struct BuildOptions {
  int candidates = 8;          // planes sampled per node
  double split_weight = 4.0;   // weight of a cut fragment against one of imbalance
  double coplanar = 1e-12;     // relative to the solid's bounding-box diagonal
  double max_fragments = 4e6;  // cap on fragments created while building
};

struct Fragment {
  int face = -1;              // the solid's face
  bool same = true;           // the face's outward normal agrees with the node's plane
  std::vector<Vec3> polygon;  // convex, in the solid's frame
  Vec3 lo = Vec3::Zero(), hi = Vec3::Zero();  // bounding box
};

// A child is a node index (≥ 0) or a leaf: kOut (cell outside the solid) or kIn (inside).
inline constexpr int kOut = -1;
inline constexpr int kIn = -2;

struct Node {
  Plane plane;         // outward normal of the face chosen; front = outside
  double slack = 0.0;  // largest distance of a stored fragment's vertex from the plane
  std::vector<Fragment> on;
  int front = kOut, back = kIn;
};

struct TreeStats {
  int nodes = 0, fragments = 0, max_depth = 0;  // depth in internal nodes on a root–leaf path
  double average_leaf_depth = 0.0;
  int leaves = 0;
};

struct Tree {
  std::vector<Node> nodes;
  int root = kOut;  // kOut for a solid without faces (never for a valid polytope)
  TreeStats stats;
  std::optional<std::string> failure;  // why the tree could not be built (cap exceeded)
};

Tree build_tree(const Polytope& shape, const BuildOptions& options = {});

enum class PointClass { out, on, in };

// Naylor's point classification with the boundary kept: a point within `eps` (plus the node's
// slack) of a node's plane is `on` when it lies within that distance of a stored fragment, else
// classified in both children (`in` or `out` when they agree, `on` when they do not).
PointClass classify_point(const Tree& tree, const Vec3& p, double eps);

// Whether some stored fragment lies within r (plus the node's slack) of p: the ball around p is
// pushed down the tree, into both children where it meets a node's plane. `visits` counts nodes.
bool boundary_within(const Tree& tree, const Vec3& p, double r, std::size_t& visits);

}  // namespace touchstone::bsp
