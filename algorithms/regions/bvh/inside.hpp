// regions-bvh: whether a point lies more than ε inside a solid, on the solid's hierarchy (see
// bvh.hpp): its distance to the surface by branch and bound with one side a point (seed 004
// §2.4), then its side at the closest point: the face's plane inside a face, the angle-weighted
// pseudonormal [BA05] at an edge or a vertex, the winding number when that sign is within
// rounding of zero.
#pragma once

#include <cmath>
#include <limits>

#include "algorithms/hierarchy/traversal.hpp"
#include "algorithms/proximity/proximity.hpp"
#include "algorithms/regions/common/world.hpp"

namespace touchstone::bvh_regions {

// The closest point of a closed face to p and the open entity it lies in (within `tol` of an edge
// or a vertex counts as on it).
struct Closest {
  double distance = std::numeric_limits<double>::infinity();
  Feature entity{FeatureKind::face, -1};
  Vec3 point = Vec3::Zero();
};
Closest closest_on_face(const region_common::WorldShape& w, const Pose& pose, int face,
                        const Vec3& p, double tol);

// Whether p lies behind the surface of w at its closest point `c` (inside the solid).
bool behind(const region_common::WorldShape& w, const Pose& pose, const Closest& c, const Vec3& p);

enum class Inside { no, yes, budget_spent };

template <hierarchy::BoundingVolume V>
struct InsideTest {
  const hierarchy::WorldTree<V>& tree;
  const region_common::WorldShape& world;
  double eps;

  Inside deep_inside(const Vec3& p, const hierarchy::Budget& budget,
                     hierarchy::Counters& counters) const {
    region_common::Box reach = world.box;
    reach.grow(eps);
    if (!region_common::Box{p, p}.overlaps(reach)) return Inside::no;
    Closest best;
    bool complete = true;
    hierarchy::nearest_face(tree, p, eps, budget, counters, complete, [&](int f) {
      const Closest c = closest_on_face(world, tree.pose, f, p, eps);
      if (c.distance < best.distance) best = c;
      return c.distance;
    });
    if (!complete) return Inside::budget_spent;
    if (!(best.distance > eps)) return Inside::no;
    return behind(world, tree.pose, best, p) ? Inside::yes : Inside::no;
  }
};

}  // namespace touchstone::bvh_regions
