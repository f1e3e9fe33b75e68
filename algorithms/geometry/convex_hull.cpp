// Exact convex hull of a point set as merged polygon faces (the `from_points` route of
// polytope.hpp), and for lower-dimensional sets their exact dimension and, for a flat set, its
// convex polygon (CGAL's convex_hull_2 in a coordinate projection that keeps the plane). CGAL's
// convex_hull_3 with exact predicates decides the combinatorics, and coplanar neighbouring
// triangles are merged with the exact orientation predicate, so a face that is planar in the
// doubles becomes one polygon however it was tessellated, and points lying on hull edges or inside
// hull faces are dropped. Only predicates are used: no constructed coordinate ever enters the
// B-rep, whose vertices are input points verbatim.
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Surface_mesh.h>
#include <CGAL/convex_hull_2.h>
#include <CGAL/convex_hull_3.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <string>

#include "algorithms/geometry/polytope.hpp"

namespace touchstone {
namespace {

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
using Point = Kernel::Point_3;
using Mesh = CGAL::Surface_mesh<Point>;
using Point2 = Kernel::Point_2;

Point to_point(const Vec3& v) { return Point(v.x(), v.y(), v.z()); }

// Indices of up to four affinely independent points of `points` (the first point, the first
// point different from it, the first not collinear with those, the first not coplanar with
// those): the basis size minus one is the affine dimension. Exact predicates.
std::vector<std::size_t> affine_basis(std::span<const Vec3> points) {
  std::vector<std::size_t> basis{0};
  const Point p0 = to_point(points[0]);
  std::optional<Point> p1, p2;
  for (std::size_t i = 1; i < points.size(); ++i) {
    const Point p = to_point(points[i]);
    const bool independent = !p1   ? p != p0
                             : !p2 ? !CGAL::collinear(p0, *p1, p)
                                   : !CGAL::coplanar(p0, *p1, *p2, p);
    if (!independent) continue;
    basis.push_back(i);
    if (!p1)
      p1 = p;
    else if (!p2)
      p2 = p;
    else
      break;
  }
  return basis;
}

int find_root(std::vector<int>& parent, int i) {
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

}  // namespace

int affine_dimension(std::span<const Vec3> points) {
  if (points.empty()) throw GeometryError("no points");
  return static_cast<int>(affine_basis(points).size()) - 1;
}

const char* dimension_name(int dimension) {
  static constexpr const char* names[] = {"point", "segment", "polygon", "solid"};
  return dimension >= 0 && dimension <= 3 ? names[dimension] : "shape";
}

std::vector<int> convex_polygon_loop(std::span<const Vec3> points) {
  const std::vector<std::size_t> basis = affine_basis(points);
  if (basis.size() != 3) throw GeometryError("the points do not span a plane");
  // Dropping coordinate k maps the plane one-to-one onto a coordinate plane exactly when the
  // projected basis triangle is not degenerate (exact 2D orientation); the projection is affine,
  // so it keeps convexity, extreme points and (up to a global flip) the cyclic order.
  auto project = [](const Vec3& v, int k) {
    return k == 0 ? Point2(v.y(), v.z()) : k == 1 ? Point2(v.z(), v.x()) : Point2(v.x(), v.y());
  };
  int drop = 0;
  while (drop < 3 &&
         CGAL::collinear(project(points[basis[0]], drop), project(points[basis[1]], drop),
                         project(points[basis[2]], drop)))
    ++drop;
  if (drop == 3) throw GeometryError("no coordinate projection keeps the plane (internal error)");
  std::map<Point2, int> index_of;
  std::vector<Point2> projected;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Point2 p = project(points[i], drop);
    if (index_of.emplace(p, static_cast<int>(i)).second) projected.push_back(p);
  }
  std::vector<Point2> extreme;
  CGAL::convex_hull_2(projected.begin(), projected.end(), std::back_inserter(extreme));
  std::vector<int> loop;
  for (const Point2& p : extreme) loop.push_back(index_of.at(p));
  std::rotate(loop.begin(), std::min_element(loop.begin(), loop.end()), loop.end());
  return loop;
}

std::vector<std::vector<int>> convex_hull_faces(std::span<const Vec3> points) {
  // Exact duplicates collapse onto their first occurrence.
  std::map<Point, int> index_of;
  std::vector<Point> unique_points;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Point p(points[i].x(), points[i].y(), points[i].z());
    if (index_of.emplace(p, static_cast<int>(i)).second) unique_points.push_back(p);
  }
  if (unique_points.size() < 4)
    throw GeometryError("too few distinct points for a solid: " +
                        std::to_string(unique_points.size()) + " (need 4 not coplanar)");

  // A flat or lower-dimensional set is not a solid; convex_hull_3 would return a degenerate mesh.
  const Point& p0 = unique_points[0];
  const Point& p1 = unique_points[1];
  std::size_t third = 2;
  while (third < unique_points.size() && CGAL::collinear(p0, p1, unique_points[third])) ++third;
  if (third == unique_points.size())
    throw GeometryError("all points are collinear: degenerate shapes are not supported");
  bool solid = false;
  for (const Point& p : unique_points)
    solid = solid || !CGAL::coplanar(p0, p1, unique_points[third], p);
  if (!solid) throw GeometryError("all points are coplanar: flat shapes are not supported");

  Mesh mesh;
  CGAL::convex_hull_3(unique_points.begin(), unique_points.end(), mesh);

  // Union coplanar neighbouring triangles (exact test on the opposite vertex).
  const int face_count = static_cast<int>(mesh.number_of_faces());
  std::vector<int> parent(face_count);
  std::iota(parent.begin(), parent.end(), 0);
  for (auto e : mesh.edges()) {
    const auto h = mesh.halfedge(e);
    const auto o = mesh.opposite(h);
    const Point& p = mesh.point(mesh.source(h));
    const Point& q = mesh.point(mesh.target(h));
    const Point& r = mesh.point(mesh.target(mesh.next(h)));
    const Point& s = mesh.point(mesh.target(mesh.next(o)));
    if (CGAL::coplanar(p, q, r, s)) {
      const int a = find_root(parent, static_cast<int>(mesh.face(h).idx()));
      const int b = find_root(parent, static_cast<int>(mesh.face(o).idx()));
      parent[a] = b;
    }
  }

  // Boundary of each merged region, as a successor map over mesh vertices (CCW from outside,
  // as convex_hull_3 orients its faces outward).
  std::map<int, std::map<int, int>> successor;  // region -> (from vertex -> to vertex)
  for (auto h : mesh.halfedges()) {
    const int f = find_root(parent, static_cast<int>(mesh.face(h).idx()));
    const int g = find_root(parent, static_cast<int>(mesh.face(mesh.opposite(h)).idx()));
    if (f == g) continue;
    successor[f][static_cast<int>(mesh.source(h).idx())] = static_cast<int>(mesh.target(h).idx());
  }

  std::vector<std::vector<int>> loops;
  for (auto& [region, next] : successor) {
    std::vector<int> loop;
    const int start = next.begin()->first;
    int v = start;
    do {
      loop.push_back(v);
      v = next.at(v);
    } while (v != start && loop.size() <= next.size());
    loops.push_back(std::move(loop));
  }

  // A vertex with only two distinct neighbours lies inside a hull edge: drop it.
  std::vector<std::set<int>> neighbours(mesh.number_of_vertices());
  for (const auto& loop : loops)
    for (std::size_t i = 0; i < loop.size(); ++i) {
      const int a = loop[i], b = loop[(i + 1) % loop.size()];
      neighbours[a].insert(b);
      neighbours[b].insert(a);
    }
  std::vector<std::vector<int>> faces;
  for (const auto& loop : loops) {
    std::vector<int> face;
    for (int v : loop)
      if (neighbours[v].size() > 2) face.push_back(index_of.at(mesh.point(Mesh::Vertex_index(v))));
    faces.push_back(std::move(face));
  }
  // The hull's polygons are unique, but the order convex_hull_3 returns them in, and where each
  // loop starts, change with the heap (the same points gave different orders within one process).
  // Each loop starts at its smallest input index and the loops are sorted, so the B-rep built from
  // them (face, edge and plane numbering, and the planes' rounding) depends on the points alone.
  for (auto& face : faces)
    std::rotate(face.begin(), std::min_element(face.begin(), face.end()), face.end());
  std::sort(faces.begin(), faces.end());
  return faces;
}

}  // namespace touchstone
