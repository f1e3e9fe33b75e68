// The top-down build of seed 004 §2.2 and the world-coordinate volumes (tree.hpp).
#include "algorithms/hierarchy/tree.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <limits>

namespace touchstone::hierarchy {

namespace {

void face_points(const Polytope& shape, std::span<const Vec3> vertices, std::span<const int> faces,
                 std::vector<Vec3>& out) {
  out.clear();
  for (int f : faces)
    for (int v : shape.faces()[static_cast<std::size_t>(f)].vertices)
      out.push_back(vertices[static_cast<std::size_t>(v)]);
}

}  // namespace

template <BoundingVolume V>
Tree<V> build(const Polytope& shape) {
  const auto& faces = shape.faces();
  if (faces.empty()) throw GeometryError("hierarchy: the shape has no face");
  std::vector<Vec3> ref(faces.size(), Vec3::Zero());
  for (std::size_t f = 0; f < faces.size(); ++f) {
    for (int v : faces[f].vertices) ref[f] += shape.vertices()[static_cast<std::size_t>(v)];
    ref[f] /= static_cast<double>(faces[f].vertices.size());
  }
  std::vector<int> order(faces.size());
  for (std::size_t f = 0; f < faces.size(); ++f) order[f] = static_cast<int>(f);

  Tree<V> tree;
  struct Work {
    int node, first, count;
  };
  std::vector<Work> stack{{0, 0, static_cast<int>(faces.size())}};
  tree.nodes.emplace_back();
  tree.volumes.emplace_back();
  std::vector<Vec3> points, side_points;
  std::vector<int> candidate;
  while (!stack.empty()) {
    const Work w = stack.back();
    stack.pop_back();
    const std::span<int> range(order.data() + w.first, static_cast<std::size_t>(w.count));
    face_points(shape, shape.vertices(), range, points);
    tree.volumes[static_cast<std::size_t>(w.node)] = V::fit(points);
    if (w.count == 1) {
      tree.nodes[static_cast<std::size_t>(w.node)].face = range[0];
      continue;
    }
    Vec3 mean = Vec3::Zero();
    for (int f : range) mean += ref[static_cast<std::size_t>(f)];
    mean /= static_cast<double>(w.count);
    Mat3 inertia = Mat3::Zero();
    for (int f : range) {
      const Vec3 d = ref[static_cast<std::size_t>(f)] - mean;
      inertia += d * d.transpose();
    }
    const Eigen::SelfAdjointEigenSolver<Mat3> eigen(inertia);
    // Of the three principal axes (largest spread first), the one whose split gives the
    // smallest summed volume of the children; a split with an empty side is no split.
    double best = std::numeric_limits<double>::infinity();
    int best_left = -1;
    std::vector<int> best_order;
    for (int k = 2; k >= 0; --k) {
      const Vec3 axis = eigen.eigenvectors().col(k);
      if (!axis.allFinite()) continue;
      candidate.assign(range.begin(), range.end());
      const auto mid = std::stable_partition(candidate.begin(), candidate.end(), [&](int f) {
        return (ref[static_cast<std::size_t>(f)] - mean).dot(axis) < 0.0;
      });
      const int left = static_cast<int>(mid - candidate.begin());
      if (left == 0 || left == w.count) continue;
      double sum = 0.0;
      face_points(shape, shape.vertices(),
                  std::span(candidate).first(static_cast<std::size_t>(left)), side_points);
      sum += V::fit(side_points).measure();
      face_points(shape, shape.vertices(),
                  std::span(candidate).subspan(static_cast<std::size_t>(left)), side_points);
      sum += V::fit(side_points).measure();
      if (sum < best || best_left < 0) {
        best = sum;
        best_left = left;
        best_order = candidate;
      }
    }
    if (best_left < 0) {
      // Every reference point on the plane for every axis (coincident reference points): halve.
      best_left = w.count / 2;
    } else {
      std::copy(best_order.begin(), best_order.end(), range.begin());
    }
    const int left = static_cast<int>(tree.nodes.size());
    tree.nodes.resize(tree.nodes.size() + 2);
    tree.volumes.resize(tree.volumes.size() + 2);
    tree.nodes[static_cast<std::size_t>(w.node)].left = left;
    tree.nodes[static_cast<std::size_t>(w.node)].right = left + 1;
    stack.push_back({left + 1, w.first + best_left, w.count - best_left});
    stack.push_back({left, w.first, best_left});
  }
  return tree;
}

template <BoundingVolume V>
requires(!V::kRigid) std::vector<V> world_volumes(const Tree<V>& tree, const Polytope& shape,
                                                  std::span<const Vec3> world, double pad) {
  std::vector<V> out(tree.volumes.size());
  std::vector<Vec3> points;
  // Children come after their parents: refit from the last node back to the root.
  for (std::size_t i = out.size(); i-- > 0;) {
    const Node& n = tree.nodes[i];
    if (n.leaf()) {
      face_points(shape, world, std::span<const int>(&n.face, 1), points);
      out[i] = V::fit(points);
    } else {
      out[i] =
          V::merge(out[static_cast<std::size_t>(n.left)], out[static_cast<std::size_t>(n.right)]);
    }
  }
  for (V& v : out) v = v.padded(pad);
  return out;
}

template Tree<Sphere> build<Sphere>(const Polytope&);
template Tree<Obb> build<Obb>(const Polytope&);
#define TOUCHSTONE_HIERARCHY_REFITTED(V)                                                           \
  template Tree<V> build<V>(const Polytope&);                                                      \
  template std::vector<V> world_volumes<V>(const Tree<V>&, const Polytope&, std::span<const Vec3>, \
                                           double);
TOUCHSTONE_HIERARCHY_REFITTED(Aabb)
TOUCHSTONE_HIERARCHY_REFITTED(Kdop<6>)
TOUCHSTONE_HIERARCHY_REFITTED(Kdop<14>)
TOUCHSTONE_HIERARCHY_REFITTED(Kdop<18>)
TOUCHSTONE_HIERARCHY_REFITTED(Kdop<26>)
#undef TOUCHSTONE_HIERARCHY_REFITTED

}  // namespace touchstone::hierarchy
