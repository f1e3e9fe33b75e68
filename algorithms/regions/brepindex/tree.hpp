// regions-brepindex: the MSP tree of one solid (seed 000 §4.2, Figure 10), in the solid's local
// coordinates, and the two walks the query makes through it: Intersect (eq. (14)) and point
// location. See brepindex.hpp for the design and the tolerances.
#pragma once

#include <cmath>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "algorithms/regions/brepindex/brepindex.hpp"

namespace touchstone::brepindex {

// A piece of an entity: 1 point (0D), 2 (a segment) or ≥ 3 (a planar polygon). A piece of a face
// may be lower-dimensional (the chord of a face across a cut plane).
struct Fragment {
  Feature entity;
  std::vector<Vec3> points;
  int dimension() const { return points.size() >= 3 ? 2 : static_cast<int>(points.size()) - 1; }
};

struct Node {
  enum class Kind { cut, entity, inside, outside, empty };  // empty: a lower-dimensional gap
  Kind kind = Kind::empty;
  int dimension = 3;           // of the region the node represents
  Vec3 normal = Vec3::Zero();  // cut plane: normal · x = offset, "above" along normal
  double offset = 0.0;
  int above = -1, on = -1, below = -1;  // children (cut nodes)
  std::vector<Feature> entities;        // entity leaves: the entity (several only at slivers)
  // Bounding box of the entity pieces in the subtree (lo > hi when there are none): a walk skips
  // a subtree its fragment cannot come within eps of (seed 000 §4.3 stage 1, inside the tree).
  Vec3 lo = Vec3::Constant(INFINITY), hi = Vec3::Constant(-INFINITY);
};

struct Tree {
  std::vector<Node> nodes;  // nodes[0] is the root
  TreeStats stats;
  std::optional<std::string> failure;  // the build hit a cap
};

// Builds the tree of `shape`. Coplanarity while building is decided with the relative tolerance
// kBuildTolerance × the shape's bounding-box diagonal.
inline constexpr double kBuildTolerance = 1e-8;
Tree build_tree(const Polytope& shape, CutPolicy cuts);

// Work done by one walk, against a cap.
struct Budget {
  double visited = 0;
  double cap = 0;
  bool exhausted() const { return visited > cap; }
};

// Intersect (eq. (14)) for one fragment in the tree's local frame: the entities of the tree's
// leaves that the fragment reaches. Conservative: every leaf entity within eps of the fragment is
// reached (each cut sends the fragment to each side it comes within eps of, and its part within
// eps of the plane to the "on" child); the caller tests the pairs exactly.
void intersect(const Tree& tree, const Fragment& fragment, double eps, Budget& budget,
               std::vector<Feature>& reached);

// The same walk with its buffers supplied (reused across the entities of one query).
struct WalkScratch {
  struct Item {
    int node;
    std::size_t begin, count;  // the fragment's points in `arena`
  };
  std::vector<Vec3> arena, input, slab;
  std::size_t input_of = 0;  // the arena offset `input` was copied from (per node)
  std::vector<Item> stack;
};
void intersect(const Tree& tree, const Fragment& fragment, double eps, Budget& budget,
               std::vector<Feature>& reached, WalkScratch& scratch);

// Point location with a slab of half-width eps: true when p lies in an inside cell and every cut
// plane within eps of p has inside cells on both of its sides (p more than eps inside).
bool deep_inside(const Tree& tree, const Vec3& p, double eps, Budget& budget);

// Clipping a fragment's points to the half-space normal · x − offset ≥ −slack (a polygon by
// Sutherland–Hodgman, a segment, a point); empty when nothing is left.
std::vector<Vec3> clip_above(const std::vector<Vec3>& points, const Vec3& normal, double offset,
                             double slack);
// The same, appending the clipped points to `out`; returns how many were appended.
std::size_t clip_append(std::span<const Vec3> points, const Vec3& normal, double offset,
                        double slack, std::vector<Vec3>& out);

}  // namespace touchstone::brepindex
