// Polytope boundary representation shared by every algorithm: vertices, edges, faces, face
// planes and full adjacency, with stable ids so results can name features (V-Clip and Lin-Canny
// need Voronoi planes of each feature, seed 003 §2.1; the Brep-index needs entities, seed 000 §5).
//
// Two ways in:
//  - from_points: the convex hull of a point set, computed with exact predicates. Coplanar hull
//    triangles are merged into one polygon face, duplicate points collapse, points in the interior
//    of hull edges or faces are dropped. Flat (all coplanar) and lower-dimensional point sets are
//    rejected: every shape here is a solid.
//  - from_faces: an explicit B-rep (outward counter-clockwise polygons), validated: closed,
//    2-manifold, consistently and outwardly oriented, each face planar within
//    planarity_tolerance × bounding-box diagonal. Convexity is detected; reflex edges are marked.
// Bad input throws GeometryError with a message naming the offending field (vertex or face index).
#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/geometry/pose.hpp"

namespace touchstone {

struct GeometryError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// normal · x = offset; normal has unit length and points out of the solid.
struct Plane {
  Vec3 normal = Vec3::Zero();
  double offset = 0.0;
  double signed_distance(const Vec3& p) const { return normal.dot(p) - offset; }
};

struct Edge {
  int tail = -1, head = -1;  // vertex ids
  // left_face sees the edge run tail→head in its counter-clockwise order; right_face sees
  // head→tail.
  int left_face = -1, right_face = -1;
  bool reflex = false;  // dihedral angle > 180° (only in non-convex B-reps)
};

struct Face {
  std::vector<int> vertices;  // counter-clockwise seen from outside
  std::vector<int> edges;     // edges[i] joins vertices[i] and vertices[(i+1) % n]
  Plane plane;
};

struct PolytopeOptions {
  double planarity_tolerance = 1e-9;  // relative to the bounding-box diagonal
};

class Polytope {
 public:
  static Polytope from_points(std::span<const Vec3> points);
  static Polytope from_faces(std::span<const Vec3> vertices,
                             std::span<const std::vector<int>> faces,
                             const PolytopeOptions& options = {});

  const std::vector<Vec3>& vertices() const { return vertices_; }
  const std::vector<Edge>& edges() const { return edges_; }
  const std::vector<Face>& faces() const { return faces_; }
  // Edges incident to each vertex, in no particular order.
  const std::vector<std::vector<int>>& vertex_edges() const { return vertex_edges_; }
  // Vertex ids adjacent to v (the other end of each incident edge).
  std::vector<int> vertex_neighbors(int v) const;
  // For each vertex, the index of the input point it came from (from_points drops points).
  const std::vector<int>& source_index() const { return source_index_; }

  bool is_convex() const { return convex_; }
  Vec3 bbox_min() const { return bbox_min_; }
  Vec3 bbox_max() const { return bbox_max_; }
  double diameter() const { return (bbox_max_ - bbox_min_).norm(); }  // bounding-box diagonal
  Vec3 centroid() const;  // mean of the vertices (an interior point of a convex polytope)

  int other_vertex(int edge, int v) const {
    return edges_[edge].tail == v ? edges_[edge].head : edges_[edge].tail;
  }

 private:
  // Builds edges, adjacency and planes from oriented polygons; validates manifoldness.
  static Polytope assemble(std::vector<Vec3> vertices, std::vector<std::vector<int>> faces,
                           std::vector<int> source_index, const PolytopeOptions& options);

  std::vector<Vec3> vertices_;
  std::vector<Edge> edges_;
  std::vector<Face> faces_;
  std::vector<std::vector<int>> vertex_edges_;
  std::vector<int> source_index_;
  bool convex_ = true;
  Vec3 bbox_min_ = Vec3::Zero(), bbox_max_ = Vec3::Zero();
};

// Exact convex hull of points as counter-clockwise polygons over indices into `points`
// (coplanar triangles merged, points inside hull faces or edges dropped). Throws GeometryError
// when the points are fewer than 4 or all coplanar. Implemented with CGAL (convex_hull.cpp).
std::vector<std::vector<int>> convex_hull_faces(std::span<const Vec3> points);

}  // namespace touchstone
