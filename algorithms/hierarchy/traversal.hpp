// The two traversals of seed 004 over a pair of hierarchies in world coordinates:
//  - collide: simultaneous descent (§2.3, static case): a pair of nodes whose volumes do not
//    overlap is rejected; a pair of leaves gets the exact face–face test; otherwise every pair of
//    children is asked. It stops at the first meeting pair, at the first crossing pair, or visits
//    every pair that cannot be rejected.
//  - distance: branch and bound (§2.4). A node pair's volume distance is a lower bound of its
//    faces' distance; the smallest face distance found so far is the upper bound, and a pair whose
//    lower bound is not below it is cut off. Greedy: depth first, children by smallest volume
//    distance. Best-first: a priority queue keyed by the volume distance, whose smallest key is a
//    lower bound of the distance all along. Both stop on a node or time budget and return
//    [lower, upper] with the witness pair of the upper bound.
//  - nearest_face: the same branch and bound between a hierarchy and a point.
// Every traversal counts nodes visited (pairs taken off the stack or queue), volume tests and leaf
// tests, and obeys a budget, so none can run away.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <limits>
#include <queue>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "algorithms/hierarchy/faces.hpp"
#include "algorithms/hierarchy/tree.hpp"

namespace touchstone::hierarchy {

struct Counters {
  std::int64_t nodes_visited = 0, volume_tests = 0, leaf_tests = 0;
};

struct Budget {
  std::int64_t max_nodes = std::numeric_limits<std::int64_t>::max();
  double max_seconds = std::numeric_limits<double>::infinity();
};

// A hierarchy put under a pose: its tree, the pose, its faces, and the world volumes of the
// types that are refitted (world_volumes). Rigid volumes are moved only when a traversal asks for
// them, so a query touches the part of the tree its descent reaches.
template <BoundingVolume V>
struct WorldTree {
  const Tree<V>* tree = nullptr;
  Pose pose;
  double pad = 0.0;
  std::vector<V> refitted;  // empty for rigid volumes
  WorldFaces faces;

  V volume(int i) const {
    if constexpr (V::kRigid)
      return tree->volumes[static_cast<std::size_t>(i)].transformed(pose).padded(pad);
    else
      return refitted[static_cast<std::size_t>(i)];
  }
};

enum class CollideStop { first_meeting, first_crossing, all };

struct FacePair {
  int a = -1, b = -1;
  FaceContact contact = FaceContact::disjoint;
};

struct CollideResult {
  std::vector<FacePair> pairs;  // meeting face pairs found (in visiting order)
  bool complete = true;         // false: the budget ended the descent
  Counters counters;
};

enum class Strategy { greedy, best_first };

struct DistanceResult {
  double lower = 0.0, upper = std::numeric_limits<double>::infinity();
  Vec3 witness_a = Vec3::Zero(), witness_b = Vec3::Zero();  // realize `upper`
  int face_a = -1, face_b = -1;
  bool complete = false;  // lower == upper (up to `margin`): the search ended
  Counters counters;
};

namespace detail {

class Clock {
 public:
  explicit Clock(const Budget& b) : budget_(b), start_(std::chrono::steady_clock::now()) {}
  // Whether the budget is spent after `nodes` nodes (the clock is read every 256 nodes).
  bool spent(std::int64_t nodes) const {
    if (nodes >= budget_.max_nodes) return true;
    if ((nodes & 255) != 0 || budget_.max_seconds == std::numeric_limits<double>::infinity())
      return false;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() >
           budget_.max_seconds;
  }

 private:
  Budget budget_;
  std::chrono::steady_clock::time_point start_;
};

// What a pair descends into on one side: a leaf stays itself, an inner node gives its children.
struct Children {
  std::array<int, 2> ids;
  int count;
};
inline Children children_of(const Node& n, int id) {
  return n.leaf() ? Children{{id, id}, 1} : Children{{n.left, n.right}, 2};
}

struct Pair {
  double key;
  int a, b;
  bool operator>(const Pair& o) const { return key > o.key; }
};

// A lower bound of the distance from p to anything the volume encloses (the rigid types and the
// box directly; a k-DOP through the volume of p alone).
template <BoundingVolume V>
double point_lower_bound(const V& v, const Vec3& p) {
  if constexpr (std::is_same_v<V, Sphere>) {
    return std::max(0.0, (p - v.center).norm() - v.radius);
  } else if constexpr (std::is_same_v<V, Obb>) {
    const Vec3 q = v.axes.transpose() * (p - v.center);
    return (q.cwiseAbs() - v.half).cwiseMax(0.0).norm();
  } else if constexpr (std::is_same_v<V, Aabb>) {
    return (v.lo - p).cwiseMax(p - v.hi).cwiseMax(0.0).norm();
  } else {
    const Vec3 one[1] = {p};
    return lower_bound(v, V::fit(one));
  }
}

}  // namespace detail

// The simultaneous descent: every pair of leaves whose volumes overlap goes to `leaf(face_a,
// face_b)`, which returns true to stop. Returns false when the budget ended the descent.
template <BoundingVolume V, class Leaf>
bool descend(const WorldTree<V>& a, const WorldTree<V>& b, const Budget& budget, Counters& counters,
             Leaf&& leaf) {
  const detail::Clock clock(budget);
  std::vector<std::pair<int, int>> stack;
  stack.emplace_back(0, 0);
  const auto& na = a.tree->nodes;
  const auto& nb = b.tree->nodes;
  while (!stack.empty()) {
    if (clock.spent(counters.nodes_visited)) return false;
    const auto [i, j] = stack.back();
    stack.pop_back();
    ++counters.nodes_visited;
    ++counters.volume_tests;
    if (!overlap(a.volume(i), b.volume(j))) continue;
    const Node &x = na[static_cast<std::size_t>(i)], &y = nb[static_cast<std::size_t>(j)];
    if (x.leaf() && y.leaf()) {
      ++counters.leaf_tests;
      if (leaf(x.face, y.face)) break;
      continue;
    }
    const detail::Children cx = detail::children_of(x, i), cy = detail::children_of(y, j);
    for (int p = 0; p < cx.count; ++p)
      for (int q = 0; q < cy.count; ++q) stack.emplace_back(cx.ids[p], cy.ids[q]);
  }
  return true;
}

template <BoundingVolume V>
CollideResult collide(const WorldTree<V>& a, const WorldTree<V>& b, CollideStop stop,
                      const Budget& budget) {
  CollideResult out;
  out.complete = descend(a, b, budget, out.counters, [&](int fa, int fb) {
    const FaceContact c = exact_face_contact(a.faces, fa, b.faces, fb);
    if (c == FaceContact::disjoint) return false;
    out.pairs.push_back({fa, fb, c});
    return stop == CollideStop::first_meeting ||
           (stop == CollideStop::first_crossing && c == FaceContact::crossing);
  });
  return out;
}

// Branch and bound with one side a point (seed 004 §2.4, depth first by smallest volume
// distance): `leaf(face)` measures the point's distance to a face and returns it; a subtree whose
// volume is not closer than the best so far is cut off; the search ends early once a face is
// within `enough`. Returns the smallest distance found (infinity when the budget ended the search
// before any leaf).
template <BoundingVolume V, class Leaf>
double nearest_face(const WorldTree<V>& t, const Vec3& point, double enough, const Budget& budget,
                    Counters& counters, bool& complete, Leaf&& leaf) {
  const detail::Clock clock(budget);
  const auto& nodes = t.tree->nodes;
  double best = std::numeric_limits<double>::infinity();
  std::vector<detail::Pair> stack;
  stack.push_back({detail::point_lower_bound(t.volume(0), point), 0, 0});
  complete = true;
  while (!stack.empty()) {
    if (clock.spent(counters.nodes_visited)) {
      complete = false;
      break;
    }
    const detail::Pair p = stack.back();
    stack.pop_back();
    ++counters.nodes_visited;
    if (p.key >= best) continue;
    const Node& n = nodes[static_cast<std::size_t>(p.a)];
    if (n.leaf()) {
      ++counters.leaf_tests;
      best = std::min(best, leaf(n.face));
      if (best <= enough) break;
      continue;
    }
    counters.volume_tests += 2;
    const double l = detail::point_lower_bound(t.volume(n.left), point),
                 r = detail::point_lower_bound(t.volume(n.right), point);
    // The nearer child is searched first: pushed last.
    if (l <= r) {
      stack.push_back({r, n.right, 0});
      stack.push_back({l, n.left, 0});
    } else {
      stack.push_back({l, n.left, 0});
      stack.push_back({r, n.right, 0});
    }
  }
  return best;
}

// `margin` (absolute, >= 0) is taken off the returned lower bound so that rounding in the leaf
// distances cannot lift it above the exact distance.
template <BoundingVolume V>
DistanceResult distance(const WorldTree<V>& a, const WorldTree<V>& b, Strategy strategy,
                        const Budget& budget, double margin) {
  DistanceResult out;
  const detail::Clock clock(budget);
  const auto& na = a.tree->nodes;
  const auto& nb = b.tree->nodes;
  const auto key_of = [&](int i, int j) {
    ++out.counters.volume_tests;
    return lower_bound(a.volume(i), b.volume(j));
  };
  const auto leaf = [&](const Node& x, const Node& y) {
    ++out.counters.leaf_tests;
    const FaceDistance d = face_distance(a.faces, x.face, b.faces, y.face);
    const double dist = std::sqrt(d.distance_sq);
    if (dist < out.upper) {
      out.upper = dist;
      out.witness_a = d.on_a;
      out.witness_b = d.on_b;
      out.face_a = x.face;
      out.face_b = y.face;
    }
  };
  // Children of a pair: both nodes' children, or the inner node's beside the leaf.
  const auto children = [&](int i, int j, std::vector<detail::Pair>& out_pairs) {
    const Node &x = na[static_cast<std::size_t>(i)], &y = nb[static_cast<std::size_t>(j)];
    out_pairs.clear();
    const detail::Children cx = detail::children_of(x, i), cy = detail::children_of(y, j);
    for (int p = 0; p < cx.count; ++p)
      for (int q = 0; q < cy.count; ++q) {
        const double k = key_of(cx.ids[p], cy.ids[q]);
        if (k < out.upper) out_pairs.push_back({k, cx.ids[p], cy.ids[q]});
      }
  };
  std::vector<detail::Pair> kids;
  // Visits a pair: a leaf pair's faces are measured (false), an inner pair's children whose bound
  // is below the upper bound are put in `kids` (true).
  const auto expand = [&](const detail::Pair& p) {
    ++out.counters.nodes_visited;
    const Node &x = na[static_cast<std::size_t>(p.a)], &y = nb[static_cast<std::size_t>(p.b)];
    if (x.leaf() && y.leaf()) {
      leaf(x, y);
      return false;
    }
    children(p.a, p.b, kids);
    return true;
  };
  double open_lower = std::numeric_limits<double>::infinity();  // smallest key left unexpanded
  if (strategy == Strategy::best_first) {
    std::priority_queue<detail::Pair, std::vector<detail::Pair>, std::greater<>> queue;
    queue.push({key_of(0, 0), 0, 0});
    while (!queue.empty()) {
      const detail::Pair p = queue.top();
      if (p.key >= out.upper) break;  // every pair left is cut off
      if (clock.spent(out.counters.nodes_visited)) {
        open_lower = p.key;
        break;
      }
      queue.pop();
      if (!expand(p)) continue;
      for (const detail::Pair& k : kids) queue.push(k);
    }
  } else {
    std::vector<detail::Pair> stack;
    stack.push_back({key_of(0, 0), 0, 0});
    while (!stack.empty()) {
      if (clock.spent(out.counters.nodes_visited)) {
        for (const detail::Pair& p : stack) open_lower = std::min(open_lower, p.key);
        break;
      }
      const detail::Pair p = stack.back();
      stack.pop_back();
      if (p.key >= out.upper || !expand(p)) continue;
      // Smallest volume distance first: pushed last.
      std::sort(kids.begin(), kids.end(),
                [](const detail::Pair& l, const detail::Pair& r) { return l.key > r.key; });
      stack.insert(stack.end(), kids.begin(), kids.end());
    }
  }
  out.complete = open_lower >= out.upper;
  out.lower = std::max(0.0, std::min(open_lower, out.upper) - margin);
  return out;
}

}  // namespace touchstone::hierarchy
