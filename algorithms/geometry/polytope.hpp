// Polytope boundary representation shared by every algorithm: vertices, edges, faces, face
// planes and full adjacency, with stable ids so results can name features (V-Clip and Lin-Canny
// need Voronoi planes of each feature, seed 003 §2.1; the Brep-index needs entities, seed 000 §5).
//
// Two ways in:
//  - from_points: the convex hull of a point set, computed with exact predicates. Coplanar hull
//    triangles are merged into one polygon face, duplicate points collapse, points in the interior
//    of hull edges or faces are dropped. The hull's dimension (0–3) is decided exactly (the rank
//    of the differences of the distinct points, exact predicates, no tolerance) and a
//    lower-dimensional hull is a shape too (see dimension()): a point (one vertex, no edge, no
//    face), a segment (its two end points and one edge, no face) or a convex polygon (its corners,
//    its boundary edges and two faces, the same loop seen from either side, so the edges still
//    have a left and a right face and every vertex one fan).
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
  // Affine dimension of the shape: 3 for a solid, 2 for a polygon, 1 for a segment, 0 for a point.
  // Only from_points makes shapes below 3; algorithms that need a solid declare it (the
  // `lower_dimensional` capability, algorithms/proximity/proximity.hpp).
  int dimension() const { return dimension_; }
  bool is_solid() const { return dimension_ == 3; }
  Vec3 bbox_min() const { return bbox_min_; }
  Vec3 bbox_max() const { return bbox_max_; }
  double diameter() const { return (bbox_max_ - bbox_min_).norm(); }  // bounding-box diagonal
  Vec3 centroid() const;  // mean of the vertices (an interior point of a convex polytope)

  int other_vertex(int edge, int v) const {
    return edges_[edge].tail == v ? edges_[edge].head : edges_[edge].tail;
  }

 private:
  // Builds edges, adjacency and planes from oriented polygons; validates manifoldness.
  // dimension 2: the two faces are one polygon's loop and its reverse (no volume, no reflex edge).
  static Polytope assemble(std::vector<Vec3> vertices, std::vector<std::vector<int>> faces,
                           std::vector<int> source_index, const PolytopeOptions& options,
                           int dimension = 3);
  // A point (one index) or a segment (two): vertices, the segment's edge, no face.
  static Polytope point_or_segment(std::span<const Vec3> points, std::vector<int> kept);

  std::vector<Vec3> vertices_;
  std::vector<Edge> edges_;
  std::vector<Face> faces_;
  std::vector<std::vector<int>> vertex_edges_;
  std::vector<int> source_index_;
  bool convex_ = true;
  int dimension_ = 3;
  Vec3 bbox_min_ = Vec3::Zero(), bbox_max_ = Vec3::Zero();
};

// Exact convex hull of points as counter-clockwise polygons over indices into `points`
// (coplanar triangles merged, points inside hull faces or edges dropped). Throws GeometryError
// when the points are fewer than 4 or all coplanar. Implemented with CGAL (convex_hull.cpp).
std::vector<std::vector<int>> convex_hull_faces(std::span<const Vec3> points);

// Exact affine dimension of a non-empty point set (0 when all points coincide, 1 collinear,
// 2 coplanar, 3 otherwise): exact orientation predicates on the doubles, no tolerance.
int affine_dimension(std::span<const Vec3> points);

// The extreme points of a set of coplanar points spanning a plane (affine_dimension 2), as one
// loop of indices into `points`, counter-clockwise in a coordinate projection that keeps the
// plane non-degenerate, starting at its smallest index. Duplicates collapse onto their first
// occurrence; points on the polygon's edges are dropped. Exact predicates only.
std::vector<int> convex_polygon_loop(std::span<const Vec3> points);

// "point", "segment", "polygon" or "solid" for dimension 0..3.
const char* dimension_name(int dimension);

}  // namespace touchstone
