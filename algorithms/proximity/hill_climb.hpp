// Support vertex of a convex polytope by steepest ascent on its vertex graph (the hill climbing of
// Cameron's enhanced GJK, seed 003 §2.4), shared by GJK's support mapping and V-Clip's cold start.
#pragma once

#include <vector>

#include "algorithms/geometry/pose.hpp"

namespace touchstone {

// A vertex maximizing d · x, climbing from `start` (a valid id). `neighbours(v, visit)` calls
// visit(u) for each neighbour u of v. On a convex polytope a vertex with no strictly better
// neighbour maximizes d · x (the simplex-method argument), plateaus included; moving only on
// strict improvement guarantees termination.
template <typename Neighbours>
int steepest_ascent(const std::vector<Vec3>& vertices, const Vec3& d, int start,
                    const Neighbours& neighbours) {
  int v = start;
  double best_dot = d.dot(vertices[static_cast<size_t>(v)]);
  for (;;) {
    int next = v;
    neighbours(v, [&](int u) {
      const double dot = d.dot(vertices[static_cast<size_t>(u)]);
      if (dot > best_dot) {
        best_dot = dot;
        next = u;
      }
    });
    if (next == v) return v;
    v = next;
  }
}

}  // namespace touchstone
