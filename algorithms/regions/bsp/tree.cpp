// regions-bsp: building the Naylor BSP tree (see tree.hpp for the rules).
#include "algorithms/regions/bsp/tree.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "algorithms/regions/bsp/pieces.hpp"

namespace touchstone::bsp {
namespace {

Fragment make_fragment(int face, std::vector<Vec3> polygon) {
  Fragment f;
  f.face = face;
  f.polygon = std::move(polygon);
  f.lo = f.hi = f.polygon.front();
  for (const Vec3& p : f.polygon) f.lo = f.lo.cwiseMin(p), f.hi = f.hi.cwiseMax(p);
  return f;
}

enum class Side { coplanar, front, back, split };

Side side_of(const Fragment& f, const Plane& plane, double tol) {
  bool front = false, back = false;
  for (const Vec3& p : f.polygon) {
    const double h = plane.signed_distance(p);
    front = front || h > tol;
    back = back || h < -tol;
  }
  if (front && back) return Side::split;
  if (front) return Side::front;
  if (back) return Side::back;
  return Side::coplanar;
}

class Builder {
 public:
  Builder(const Polytope& shape, const BuildOptions& options, Tree& tree)
      : shape_(shape), options_(options), tree_(tree), tol_(options.coplanar * shape.diameter()) {}

  // Builds the subtree of a non-empty fragment set; returns its node index (or −1 after a cap).
  int build(std::vector<Fragment> fragments, int depth) {
    if (tree_.failure) return kOut;
    const int chosen = choose(fragments);
    const Plane plane = shape_.faces()[chosen].plane;
    std::vector<Fragment> front, back;
    Node node;
    node.plane = plane;
    for (Fragment& f : fragments) {
      // The chosen face's own fragments are on its plane by definition (progress is certain).
      const Side side = f.face == chosen ? Side::coplanar : side_of(f, plane, tol_);
      if (side == Side::coplanar) {
        f.same = shape_.faces()[f.face].plane.normal.dot(plane.normal) > 0;
        for (const Vec3& p : f.polygon)
          node.slack = std::max(node.slack, std::abs(plane.signed_distance(p)));
        node.on.push_back(std::move(f));
      } else if (side == Side::front) {
        front.push_back(std::move(f));
      } else if (side == Side::back) {
        back.push_back(std::move(f));
      } else {
        auto [ahead, behind] = split_polygon(f.polygon, plane, tol_);
        if (ahead.size() >= 3) front.push_back(make_fragment(f.face, std::move(ahead)));
        if (behind.size() >= 3) back.push_back(make_fragment(f.face, std::move(behind)));
        if (++created_ > options_.max_fragments)
          tree_.failure = "BSP build exceeded max_fragments = " +
                          std::to_string(static_cast<long long>(options_.max_fragments));
      }
    }
    const int index = static_cast<int>(tree_.nodes.size());
    tree_.stats.fragments += static_cast<int>(node.on.size());
    tree_.nodes.push_back(std::move(node));
    tree_.stats.max_depth = std::max(tree_.stats.max_depth, depth + 1);
    const int f = front.empty() ? leaf(depth + 1, kOut) : build(std::move(front), depth + 1);
    const int b = back.empty() ? leaf(depth + 1, kIn) : build(std::move(back), depth + 1);
    tree_.nodes[index].front = f;
    tree_.nodes[index].back = b;
    return index;
  }

  double leaf_depth_sum = 0.0;

 private:
  int leaf(int depth, int kind) {
    ++tree_.stats.leaves;
    leaf_depth_sum += depth;
    return kind;
  }

  // Thibault–Naylor-style selection over an even sample of the fragments' face planes.
  int choose(const std::vector<Fragment>& fragments) const {
    const std::size_t n = fragments.size();
    const std::size_t k = std::min<std::size_t>(n, std::max(1, options_.candidates));
    int best = fragments.front().face;
    double best_score = INFINITY;
    std::vector<int> tried;
    for (std::size_t i = 0; i < k; ++i) {
      const int face = fragments[i * n / k].face;
      if (std::find(tried.begin(), tried.end(), face) != tried.end()) continue;
      tried.push_back(face);
      const Plane& plane = shape_.faces()[face].plane;
      int splits = 0, front = 0, back = 0;
      for (const Fragment& f : fragments) {
        if (f.face == face) continue;
        switch (side_of(f, plane, tol_)) {
          case Side::split:
            ++splits, ++front, ++back;
            break;
          case Side::front:
            ++front;
            break;
          case Side::back:
            ++back;
            break;
          case Side::coplanar:
            break;
        }
      }
      const double score = options_.split_weight * splits + std::abs(front - back);
      if (score < best_score) best_score = score, best = face;
    }
    return best;
  }

  const Polytope& shape_;
  const BuildOptions& options_;
  Tree& tree_;
  double tol_;
  double created_ = 0;
};

PointClass classify_from(const Tree& tree, int code, const Vec3& p, double eps) {
  if (code == kOut) return PointClass::out;
  if (code == kIn) return PointClass::in;
  const Node& node = tree.nodes[code];
  const double h = node.plane.signed_distance(p);
  const double tol = eps + node.slack;
  if (h > tol) return classify_from(tree, node.front, p, eps);
  if (h < -tol) return classify_from(tree, node.back, p, eps);
  for (const Fragment& f : node.on)
    if (polygon_distance(p, f.polygon) <= tol) return PointClass::on;
  const PointClass ahead = classify_from(tree, node.front, p, eps);
  const PointClass behind = classify_from(tree, node.back, p, eps);
  return ahead == behind ? ahead : PointClass::on;
}

bool ball_from(const Tree& tree, int code, const Vec3& p, double r, std::size_t& visits) {
  if (code < 0) return false;
  ++visits;
  const Node& node = tree.nodes[code];
  const double h = node.plane.signed_distance(p);
  const double reach = r + node.slack;
  if (h > reach) return ball_from(tree, node.front, p, r, visits);
  if (h < -reach) return ball_from(tree, node.back, p, r, visits);
  for (const Fragment& f : node.on)
    if (polygon_distance(p, f.polygon) <= reach) return true;
  return ball_from(tree, node.front, p, r, visits) || ball_from(tree, node.back, p, r, visits);
}

}  // namespace

bool boundary_within(const Tree& tree, const Vec3& p, double r, std::size_t& visits) {
  return ball_from(tree, tree.root, p, r, visits);
}

Tree build_tree(const Polytope& shape, const BuildOptions& options) {
  Tree tree;
  std::vector<Fragment> fragments;
  for (const FaceTriangle& t : face_triangles(shape))
    fragments.push_back(
        make_fragment(t.face, {shape.vertices()[t.corners[0]], shape.vertices()[t.corners[1]],
                               shape.vertices()[t.corners[2]]}));
  if (fragments.empty()) return tree;
  Builder builder(shape, options, tree);
  tree.root = builder.build(std::move(fragments), 0);
  tree.stats.nodes = static_cast<int>(tree.nodes.size());
  if (tree.stats.leaves > 0)
    tree.stats.average_leaf_depth = builder.leaf_depth_sum / tree.stats.leaves;
  return tree;
}

PointClass classify_point(const Tree& tree, const Vec3& p, double eps) {
  return classify_from(tree, tree.root, p, eps);
}

}  // namespace touchstone::bsp
