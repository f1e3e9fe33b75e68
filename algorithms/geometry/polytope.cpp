// Polytope B-rep assembly and validation (see polytope.hpp for the contract). Both entry points
// end in assemble(), which derives edges, adjacency and planes from oriented polygons and refuses
// anything that is not a closed, consistently oriented 2-manifold with planar faces.
#include "algorithms/geometry/polytope.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace touchstone {
namespace {

std::string face_name(std::size_t f) { return "faces[" + std::to_string(f) + "]"; }

void require_finite(std::span<const Vec3> points) {
  for (std::size_t i = 0; i < points.size(); ++i)
    if (!points[i].allFinite())
      throw GeometryError("vertices[" + std::to_string(i) + "] has a NaN or infinite coordinate");
}

using DirectedEdges = std::map<std::pair<int, int>, int>;  // (tail, head) -> face

// Directed edges of the face loops: each must appear once, and its reverse once (closed,
// consistently oriented); every vertex must be used. uses[v] counts the faces around v.
DirectedEdges directed_edges(const std::vector<std::vector<int>>& faces, int nv,
                             std::vector<int>& uses) {
  DirectedEdges directed;
  uses.assign(nv, 0);
  for (std::size_t f = 0; f < faces.size(); ++f) {
    const auto& loop = faces[f];
    if (loop.size() < 3)
      throw GeometryError(face_name(f) + " has " + std::to_string(loop.size()) +
                          " vertices (need at least 3)");
    for (std::size_t i = 0; i < loop.size(); ++i) {
      const int v = loop[i];
      if (v < 0 || v >= nv)
        throw GeometryError(face_name(f) + " refers to vertex " + std::to_string(v) +
                            ", which does not exist");
      if (std::count(loop.begin(), loop.end(), v) > 1)
        throw GeometryError(face_name(f) + " visits vertex " + std::to_string(v) + " twice");
      ++uses[v];
      const int w = loop[(i + 1) % loop.size()];
      if (w < 0 || w >= nv) continue;  // reported when the loop reaches it
      auto [it, fresh] = directed.emplace(std::pair{v, w}, static_cast<int>(f));
      if (!fresh)
        throw GeometryError("edge " + std::to_string(v) + "->" + std::to_string(w) +
                            " is used by " + face_name(it->second) + " and " + face_name(f) +
                            " in the same direction (non-manifold or inconsistently oriented)");
    }
  }
  for (int v = 0; v < nv; ++v)
    if (uses[v] == 0)
      throw GeometryError("vertices[" + std::to_string(v) + "] is not used by any face");
  for (const auto& [key, f] : directed)
    if (!directed.count({key.second, key.first}))
      throw GeometryError("mesh is not closed: edge " + std::to_string(key.first) + "->" +
                          std::to_string(key.second) + " of " + face_name(f) +
                          " has no neighbouring face");
  return directed;
}

// Vertex manifoldness: the faces around a vertex must form one fan. Around v, the face after f
// is the one holding the directed edge (v, previous vertex of v in f).
void require_single_fans(const std::vector<Face>& faces, const std::vector<Edge>& edges,
                         const std::vector<std::vector<int>>& vertex_edges,
                         const DirectedEdges& directed, const std::vector<int>& uses) {
  for (int v = 0; v < static_cast<int>(vertex_edges.size()); ++v) {
    const int start_face = edges[vertex_edges[v].front()].left_face;
    int f = start_face;
    int steps = 0;
    do {
      const auto& loop = faces[f].vertices;
      const auto pos = std::find(loop.begin(), loop.end(), v) - loop.begin();
      const int prev = loop[(pos + loop.size() - 1) % loop.size()];
      f = directed.at({v, prev});
      ++steps;
    } while (f != start_face && steps <= uses[v]);
    if (steps != uses[v])
      throw GeometryError("vertices[" + std::to_string(v) +
                          "] is non-manifold: its faces form more than one fan");
  }
}

// The plane of face f from Newell's normal (robust for polygons with collinear vertices); every
// vertex of the loop must lie within `tolerance` of it.
Plane face_plane(const std::vector<Vec3>& vertices, const std::vector<int>& loop, std::size_t f,
                 const PolytopeOptions& options, double diameter) {
  Plane plane;
  Vec3 normal = Vec3::Zero(), centre = Vec3::Zero();
  // Newell's normal, taken relative to the first vertex so shapes far from the origin do not
  // lose the normal to cancellation.
  const Vec3& origin = vertices[loop[0]];
  for (std::size_t i = 0; i < loop.size(); ++i) {
    const Vec3 a = vertices[loop[i]] - origin;
    const Vec3 b = vertices[loop[(i + 1) % loop.size()]] - origin;
    normal += a.cross(b);
    centre += a;
  }
  centre = centre / static_cast<double>(loop.size()) + origin;
  const double area2 = normal.norm();
  if (!(area2 > 0.0) || !std::isfinite(area2))
    throw GeometryError(face_name(f) + " has zero area (degenerate or collinear vertices)");
  plane.normal = normal / area2;
  plane.offset = plane.normal.dot(centre);
  // Measured from a vertex of the face, not through the offset, which carries rounding of the
  // order of eps x |coordinates| for shapes far from the origin.
  for (int v : loop) {
    const double off = std::abs(plane.normal.dot(vertices[v] - origin));
    if (off > options.planarity_tolerance * diameter) {
      std::ostringstream msg;
      msg << face_name(f) << " is not planar: vertex " << v << " is " << off
          << " off its plane (tolerance " << options.planarity_tolerance << " x diameter "
          << diameter << ")";
      throw GeometryError(msg.str());
    }
  }
  return plane;
}

// Outward orientation: the enclosed signed volume must be positive.
void require_outward(const std::vector<Face>& faces, const std::vector<Vec3>& vertices,
                     const Vec3& reference) {
  double volume6 = 0.0;
  for (const Face& face : faces)
    for (std::size_t i = 1; i + 1 < face.vertices.size(); ++i)
      volume6 += (vertices[face.vertices[0]] - reference)
                     .dot((vertices[face.vertices[i]] - reference)
                              .cross(vertices[face.vertices[i + 1]] - reference));
  if (!(volume6 > 0.0))
    throw GeometryError(
        volume6 < 0.0
            ? "faces are oriented inward (they must be counter-clockwise seen from outside)"
            : "the mesh encloses no volume");
}

}  // namespace

Polytope Polytope::from_points(std::span<const Vec3> points) {
  if (points.empty()) throw GeometryError("no points: a shape needs at least one vertex");
  require_finite(points);
  const int dimension = affine_dimension(points);
  if (dimension <= 1) {
    // A point, or a segment between the two extreme points: on a line the lexicographic order of
    // the coordinates is the order along the line (exact comparisons of doubles).
    auto less = [&](int i, int j) {
      return std::lexicographical_compare(points[i].data(), points[i].data() + 3, points[j].data(),
                                          points[j].data() + 3);
    };
    int lo = 0, hi = 0;
    for (int i = 1; i < static_cast<int>(points.size()); ++i) {
      if (less(i, lo)) lo = i;
      if (less(hi, i)) hi = i;
    }
    return point_or_segment(points, dimension == 0
                                        ? std::vector<int>{0}
                                        : std::vector<int>{std::min(lo, hi), std::max(lo, hi)});
  }
  std::vector<std::vector<int>> hull;
  if (dimension == 2) {
    // One loop seen from both sides: a closed surface of zero volume (see polytope.hpp).
    std::vector<int> loop = convex_polygon_loop(points);
    hull = {loop, std::vector<int>(loop.rbegin(), loop.rend())};
  } else {
    hull = convex_hull_faces(points);
  }

  // Keep the used input points in input order, so vertex ids are stable and traceable.
  std::vector<int> new_id(points.size(), -1);
  for (const auto& face : hull)
    for (int v : face) new_id[v] = 0;
  std::vector<Vec3> vertices;
  std::vector<int> source;
  for (std::size_t i = 0; i < points.size(); ++i)
    if (new_id[i] == 0) {
      new_id[i] = static_cast<int>(vertices.size());
      vertices.push_back(points[i]);
      source.push_back(static_cast<int>(i));
    }
  for (auto& face : hull)
    for (int& v : face) v = new_id[v];
  return assemble(std::move(vertices), std::move(hull), std::move(source), {}, dimension);
}

Polytope Polytope::point_or_segment(std::span<const Vec3> points, std::vector<int> kept) {
  Polytope p;
  p.dimension_ = static_cast<int>(kept.size()) - 1;
  for (int i : kept) p.vertices_.push_back(points[i]);
  p.source_index_ = std::move(kept);
  p.vertex_edges_.assign(p.vertices_.size(), {});
  if (p.dimension_ == 1) {
    Edge e;
    e.tail = 0;
    e.head = 1;
    p.edges_.push_back(e);  // no face on either side
    p.vertex_edges_[0].push_back(0);
    p.vertex_edges_[1].push_back(0);
  }
  p.bbox_min_ = p.vertices_.front().cwiseMin(p.vertices_.back());
  p.bbox_max_ = p.vertices_.front().cwiseMax(p.vertices_.back());
  return p;
}

Polytope Polytope::from_faces(std::span<const Vec3> vertices,
                              std::span<const std::vector<int>> faces,
                              const PolytopeOptions& options) {
  if (vertices.size() < 4)
    throw GeometryError("too few vertices for a solid: " + std::to_string(vertices.size()));
  if (faces.size() < 4)
    throw GeometryError("too few faces for a closed solid: " + std::to_string(faces.size()));
  require_finite(vertices);
  {
    std::map<std::array<double, 3>, std::size_t> seen;
    for (std::size_t i = 0; i < vertices.size(); ++i) {
      auto [it, fresh] =
          seen.emplace(std::array{vertices[i].x(), vertices[i].y(), vertices[i].z()}, i);
      if (!fresh)
        throw GeometryError("vertices[" + std::to_string(it->second) + "] and vertices[" +
                            std::to_string(i) + "] coincide");
    }
  }
  std::vector<int> source(vertices.size());
  for (std::size_t i = 0; i < source.size(); ++i) source[i] = static_cast<int>(i);
  return assemble(std::vector<Vec3>(vertices.begin(), vertices.end()),
                  std::vector<std::vector<int>>(faces.begin(), faces.end()), std::move(source),
                  options);
}

Polytope Polytope::assemble(std::vector<Vec3> vertices, std::vector<std::vector<int>> faces,
                            std::vector<int> source_index, const PolytopeOptions& options,
                            int dimension) {
  Polytope p;
  const int nv = static_cast<int>(vertices.size());
  p.bbox_min_ = p.bbox_max_ = vertices.front();
  for (const Vec3& v : vertices) {
    p.bbox_min_ = p.bbox_min_.cwiseMin(v);
    p.bbox_max_ = p.bbox_max_.cwiseMax(v);
  }
  const double diameter = (p.bbox_max_ - p.bbox_min_).norm();

  std::vector<int> uses;
  const DirectedEdges directed = directed_edges(faces, nv, uses);

  // Undirected edges, numbered by first appearance so ids are stable.
  std::map<std::pair<int, int>, int> edge_id;
  p.faces_.resize(faces.size());
  for (std::size_t f = 0; f < faces.size(); ++f) {
    Face& face = p.faces_[f];
    face.vertices = faces[f];
    for (std::size_t i = 0; i < face.vertices.size(); ++i) {
      const int v = face.vertices[i], w = face.vertices[(i + 1) % face.vertices.size()];
      const auto key = std::minmax(v, w);
      auto [it, fresh] =
          edge_id.emplace(std::pair{key.first, key.second}, static_cast<int>(p.edges_.size()));
      if (fresh) {
        Edge e;
        e.tail = v;
        e.head = w;
        e.left_face = static_cast<int>(f);
        e.right_face = directed.at({w, v});
        p.edges_.push_back(e);
      }
      face.edges.push_back(it->second);
    }
  }
  p.vertex_edges_.assign(nv, {});
  for (std::size_t e = 0; e < p.edges_.size(); ++e) {
    p.vertex_edges_[p.edges_[e].tail].push_back(static_cast<int>(e));
    p.vertex_edges_[p.edges_[e].head].push_back(static_cast<int>(e));
  }
  require_single_fans(p.faces_, p.edges_, p.vertex_edges_, directed, uses);

  for (std::size_t f = 0; f < p.faces_.size(); ++f)
    p.faces_[f].plane = face_plane(vertices, p.faces_[f].vertices, f, options, diameter);
  // A polygon from from_points is its loop and the reversed loop: it encloses no volume and its
  // edges are neither convex nor reflex dihedrals; from_faces always asks for a solid.
  if (dimension == 2) {
    p.dimension_ = 2;
    p.vertices_ = std::move(vertices);
    p.source_index_ = std::move(source_index);
    return p;
  }
  require_outward(p.faces_, vertices, p.bbox_min_);

  // Reflex edges: next to the edge, the right face bends above the left face's plane. The test is
  // local (the direction from the edge into the right face, n_right × (tail − head), scaled by the
  // edge's length): a non-convex right face may have far vertices above the left plane across a
  // convex edge.
  const double tolerance = options.planarity_tolerance * diameter;
  for (Edge& e : p.edges_) {
    const Vec3 into_right =
        p.faces_[e.right_face].plane.normal.cross(vertices[e.tail] - vertices[e.head]);
    e.reflex = p.faces_[e.left_face].plane.normal.dot(into_right) > tolerance;
    if (e.reflex) p.convex_ = false;
  }

  p.vertices_ = std::move(vertices);
  p.source_index_ = std::move(source_index);
  return p;
}

std::vector<int> Polytope::vertex_neighbors(int v) const {
  std::vector<int> out;
  out.reserve(vertex_edges_[v].size());
  for (int e : vertex_edges_[v]) out.push_back(other_vertex(e, v));
  return out;
}

Vec3 Polytope::centroid() const {
  Vec3 c = Vec3::Zero();
  for (const Vec3& v : vertices_) c += v;
  return c / static_cast<double>(vertices_.size());
}

}  // namespace touchstone
