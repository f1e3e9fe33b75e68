// Expanding polytope algorithm (EPA) for the penetration depth of two convex polytopes, following
// van den Bergen, "Proximity Queries and Penetration Depth Computation on 3D Game Objects"
// (GDC 2001) and §5 of his GJK book chapter: grow a convex polytope P ⊂ M = A − B from support
// points of M until the face of P nearest the origin lies on the boundary of M.
//
// Why it gives the depth: P ⊂ M, so the distance d from the origin to P's nearest face plane is a
// lower bound on the depth; the support point w of M along that face's normal n bounds it from
// above (n · w). We stop when n · w − d is below a tolerance relative to the pair's size.
//
// Robustness measures (each one guards a failure seen in simple EPA codes):
//  - Start: GJK may end with 1–4 points or a flat tetrahedron (origin on a face or edge of M,
//    identical shapes). The start polytope is blown up to a full-dimensional tetrahedron by adding
//    support points along directions orthogonal to the current affine hull.
//  - The origin need not be strictly inside the start tetrahedron. Faces are ranked by *signed*
//    distance, so a face with the origin on its outer side is expanded first; the polytope is
//    just an incremental hull of support points, which stays valid wherever the origin lies.
//  - Visibility uses a small positive tolerance, so a support point coplanar with a face (common
//    on boxes) does not remove it; the visible set is grown by flooding from the expanded face so
//    it is connected, and the horizon is checked to be one simple cycle before it is used.
//  - Faces with a zero normal (support point collinear with a horizon edge) are kept for the
//    topology but never ranked.
//  - A support point that is already a vertex ends the expansion (no progress is possible): the
//    face is accepted if its bound gap is within 1e-9 × size, otherwise EPA reports failed
//    ("stalled"). An iteration cap ends it with a failure.
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/proximity/gjk/gjk_internal.hpp"

namespace touchstone::gjk::detail {
namespace {

struct Face {
  std::array<int, 3> v{};    // counter-clockwise seen from outside
  std::array<int, 3> adj{};  // adj[i]: face across edge v[i] → v[(i+1)%3]
  Vec3 n = Vec3::Zero();
  double d = std::numeric_limits<double>::infinity();
  bool alive = true;
  bool valid = false;  // has a usable normal
  int stamp = -1;      // the expansion that last marked it visible
};

// The polytope's points, faces and a min-heap of (signed distance, face) for the nearest live
// face (lazy deletion: dead faces are dropped when they reach the top). Ties go to the lower face
// index, as a linear scan would. The buffers live in a thread-local workspace, so a query
// allocates only when a polytope outgrows every earlier one on its thread.
// (distance, face) ordered by distance, then face index: the heap's order, std::greater on the pair
// without the three-way comparison.
struct FartherFirst {
  bool operator()(const std::pair<double, int>& x, const std::pair<double, int>& y) const {
    return x.first > y.first || (x.first == y.first && x.second > y.second);
  }
};

class Polytope3 {
 public:
  Polytope3(std::vector<SupportPoint>& points, std::vector<Face>& faces,
            std::vector<std::pair<double, int>>& heap)
      : points_(points), faces_(faces), heap_(heap) {
    faces_.clear();
    heap_.clear();
  }

  const SupportPoint& point(int i) const { return points_[static_cast<size_t>(i)]; }
  int add_point(const SupportPoint& p) {
    points_.push_back(p);
    return static_cast<int>(points_.size()) - 1;
  }
  bool has_point(const SupportPoint& p) const {
    return std::any_of(points_.begin(), points_.end(),
                       [&](const SupportPoint& q) { return q.same_vertices(p); });
  }
  std::vector<Face>& faces() { return faces_; }

  // Inlined into its two callers, the face built once in place: a face cost 200 instructions,
  // a fifth of them the call and the default-initialised Face overwritten field by field.
  [[gnu::always_inline]] inline int make_face(int a, int b, int c) {
    const Vec3& pa = point(a).w;
    const Vec3& pb = point(b).w;
    const Vec3& pc = point(c).w;
    const Vec3 cross = (pb - pa).cross(pc - pa);
    const double len = cross.norm();
    Vec3 n = Vec3::Zero();
    double d = std::numeric_limits<double>::infinity();
    bool valid = false;
    if (len > 0.0 && std::isfinite(len)) {
      n = cross / len;
      // The mean of the three offsets averages out the rounding of the normal.
      d = (n.dot(pa) + n.dot(pb) + n.dot(pc)) / 3.0;
      valid = std::isfinite(d);
    }
    faces_.push_back(Face{.v = {a, b, c}, .adj = {-1, -1, -1}, .n = n, .d = d, .valid = valid});
    const int id = static_cast<int>(faces_.size()) - 1;
    if (valid) {
      heap_.emplace_back(d, id);
      std::push_heap(heap_.begin(), heap_.end(), FartherFirst());
    }
    return id;
  }

  // The live face with a usable normal nearest the origin (signed distance), or -1.
  int nearest_face() {
    while (!heap_.empty() && !faces_[static_cast<size_t>(heap_.front().second)].alive) {
      std::pop_heap(heap_.begin(), heap_.end(), FartherFirst());
      heap_.pop_back();
    }
    return heap_.empty() ? -1 : heap_.front().second;
  }

 private:
  std::vector<SupportPoint>& points_;
  std::vector<Face>& faces_;
  std::vector<std::pair<double, int>>& heap_;
};

// Distance of p from the affine hull of pts (0 to 3 points spanning a full-rank set).
double distance_from_hull(std::span<const SupportPoint> pts, const Vec3& p) {
  if (pts.empty()) return std::numeric_limits<double>::infinity();
  const Vec3 r = p - pts[0].w;
  if (pts.size() == 1) return r.norm();
  const Vec3 u = (pts[1].w - pts[0].w).normalized();
  if (pts.size() == 2) return r.cross(u).norm();
  const Vec3 n = (pts[1].w - pts[0].w).cross(pts[2].w - pts[0].w).normalized();
  return std::abs(r.dot(n));
}

// Directions along which a support point must leave the current affine hull (up to six).
struct Directions {
  std::array<Vec3, 6> d;
  int n = 0;
};
Directions blow_up_directions(std::span<const SupportPoint> pts) {
  Directions dirs;
  if (pts.size() <= 1) {
    for (int k = 0; k < 3; ++k) {
      dirs.d[static_cast<size_t>(dirs.n++)] = Vec3::Unit(k);
      dirs.d[static_cast<size_t>(dirs.n++)] = -Vec3::Unit(k);
    }
  } else if (pts.size() == 2) {
    const Vec3 u = (pts[1].w - pts[0].w).normalized();
    int k_min = 0;  // the axis least aligned with u gives a well-conditioned perpendicular
    for (int k = 1; k < 3; ++k)
      if (std::abs(u[k]) < std::abs(u[k_min])) k_min = k;
    const Vec3 n1 = u.cross(Vec3::Unit(k_min)).normalized();
    const Vec3 n2 = u.cross(n1);
    dirs.d = {n1, -n1, n2, -n2, Vec3::Zero(), Vec3::Zero()};
    dirs.n = 4;
  } else {
    const Vec3 n = (pts[1].w - pts[0].w).cross(pts[2].w - pts[0].w).normalized();
    dirs.d = {n, -n, Vec3::Zero(), Vec3::Zero(), Vec3::Zero(), Vec3::Zero()};
    dirs.n = 2;
  }
  return dirs;
}

// 1. A full-dimensional start tetrahedron in `start` (cleared first): GJK's points first (they
//    enclose or touch the origin), then support points off the current affine hull; oriented so
//    that det(p1−p0, p2−p0, p3−p0) < 0. False (with the result's reason and flat_normal set)
//    when M is flat.
bool start_tetrahedron(MinkowskiPair& pair, std::span<const SupportPoint> simplex, double dim_tol,
                       std::vector<SupportPoint>& start, EpaResult& result) {
  start.clear();
  for (const SupportPoint& p : simplex) {
    if (start.size() == 4) break;
    const bool dup = std::any_of(start.begin(), start.end(),
                                 [&](const SupportPoint& q) { return q.same_vertices(p); });
    if (!dup && distance_from_hull(start, p.w) > dim_tol) start.push_back(p);
  }
  if (start.empty()) start.push_back(pair.support(Vec3::UnitX()));
  while (start.size() < 4) {
    double best = dim_tol;
    SupportPoint chosen;
    bool found = false;
    const Directions dirs = blow_up_directions(start);
    for (int k = 0; k < dirs.n; ++k) {
      const SupportPoint p = pair.support(dirs.d[static_cast<size_t>(k)]);
      const double dist = distance_from_hull(start, p.w);
      if (dist > best) {
        best = dist;
        chosen = p;
        found = true;
      }
    }
    if (!found) {
      result.reason = "EPA: Minkowski difference is flat (no full-dimensional start)";
      result.flat_normal = dirs.d[0];  // across the start's affine hull (unit)
      return false;
    }
    start.push_back(chosen);
  }

  // Orient the tetrahedron so that every face's normal points away from the opposite vertex.
  const Vec3 e1 = start[1].w - start[0].w, e2 = start[2].w - start[0].w,
             e3 = start[3].w - start[0].w;
  if (e1.dot(e2.cross(e3)) > 0.0) std::swap(start[1], start[2]);
  return true;
}

// The four faces of the oriented start tetrahedron and their adjacency.
void make_tetrahedron_faces(Polytope3& poly) {
  // With det(p1−p0, p2−p0, p3−p0) < 0, (0,1,2) faces away from 3; the others follow by parity.
  // adj[f][i] is the face holding edge i of face f reversed (edge i runs v[i] → v[(i+1) % 3]).
  static constexpr std::array<std::array<int, 3>, 4> tet = {
      {{0, 1, 2}, {0, 3, 1}, {0, 2, 3}, {1, 3, 2}}};
  static constexpr std::array<std::array<int, 3>, 4> adj = {
      {{1, 3, 2}, {2, 3, 0}, {0, 3, 1}, {1, 2, 0}}};
  for (size_t f = 0; f < 4; ++f) {
    const int id = poly.make_face(tet[f][0], tet[f][1], tet[f][2]);
    poly.faces()[static_cast<size_t>(id)].adj = adj[f];
  }
}

// 2. One expansion: remove the faces the new point sees (a connected set grown from `best`) and
//    stitch the horizon to the new point. The buffers are kept between iterations.
class Expansion {
 public:
  void reset() {
    stamp_ = 0;  // the marks below outlive a run: clear them with it
    std::fill(tail_mark.begin(), tail_mark.end(), 0);
    std::fill(head_mark.begin(), head_mark.end(), 0);
  }
  // Adds w to poly; the reason it failed, or nothing.
  std::optional<std::string> expand(Polytope3& poly, int best, const SupportPoint& w,
                                    double vis_tol) {
    auto& faces = poly.faces();
    const int wi = poly.add_point(w);
    ++stamp_;  // faces with this stamp are visible from w
    stack.assign(1, best);
    visible_list.clear();
    faces[static_cast<size_t>(best)].stamp = stamp_;
    while (!stack.empty()) {
      const int g = stack.back();
      stack.pop_back();
      visible_list.push_back(g);
      for (int h : faces[static_cast<size_t>(g)].adj) {
        if (h < 0) continue;
        Face& fh = faces[static_cast<size_t>(h)];
        if (fh.stamp == stamp_ || !fh.alive) continue;
        if (fh.valid && fh.n.dot(w.w - poly.point(fh.v[0]).w) > vis_tol) {
          fh.stamp = stamp_;
          stack.push_back(h);
        }
      }
    }
    horizon.clear();
    for (int g : visible_list)
      for (int i = 0; i < 3; ++i) {
        const int h = faces[static_cast<size_t>(g)].adj[static_cast<size_t>(i)];
        if (h < 0) return "EPA: open polytope (internal error)";
        if (faces[static_cast<size_t>(h)].stamp != stamp_)
          horizon.push_back({faces[static_cast<size_t>(g)].v[static_cast<size_t>(i)],
                             faces[static_cast<size_t>(g)].v[static_cast<size_t>((i + 1) % 3)], h});
      }
    // The horizon must be one simple cycle: every vertex is the tail of exactly one edge and the
    // head of exactly one edge. Otherwise the visible region has holes (rounding) and stitching
    // would make a non-manifold polytope. tail_edge[v] / head_edge[v]: the horizon edge leaving /
    // entering point v (valid where marked with this expansion's stamp).
    const size_t points = static_cast<size_t>(wi) + 1;
    if (tail_mark.size() < points) {
      tail_mark.resize(points, 0);
      head_mark.resize(points, 0);
      tail_edge.resize(points, -1);
      head_edge.resize(points, -1);
    }
    for (size_t k = 0; k < horizon.size(); ++k) {
      const auto ta = static_cast<size_t>(horizon[k].a), hb = static_cast<size_t>(horizon[k].b);
      if (tail_mark[ta] == stamp_ || head_mark[hb] == stamp_)
        return "EPA: horizon is not a simple cycle";
      tail_mark[ta] = head_mark[hb] = stamp_;
      tail_edge[ta] = head_edge[hb] = static_cast<int>(k);
    }
    if (horizon.size() < 3) return "EPA: degenerate horizon";
    for (int g : visible_list) faces[static_cast<size_t>(g)].alive = false;
    const size_t first_new = faces.size();
    for (const HorizonEdge& e : horizon) {
      const int nf = poly.make_face(e.a, e.b, wi);
      Face& outer = faces[static_cast<size_t>(e.outer)];
      faces[static_cast<size_t>(nf)].adj[0] = e.outer;
      for (int j = 0; j < 3; ++j)
        if (outer.v[static_cast<size_t>(j)] == e.b &&
            outer.v[static_cast<size_t>((j + 1) % 3)] == e.a)
          outer.adj[static_cast<size_t>(j)] = nf;
    }
    // New face k = (a_k, b_k, w): edge (b_k, w) borders the new face whose tail is b_k, and edge
    // (w, a_k) borders the new face whose head is a_k (new face k is horizon edge k).
    for (size_t k = first_new; k < faces.size(); ++k) {
      Face& f = faces[k];
      const auto tail = static_cast<size_t>(f.v[1]), head = static_cast<size_t>(f.v[0]);
      if (tail_mark[tail] != stamp_ || head_mark[head] != stamp_)
        return "EPA: horizon is not closed";
      f.adj[1] = static_cast<int>(first_new) + tail_edge[tail];
      f.adj[2] = static_cast<int>(first_new) + head_edge[head];
    }
    return std::nullopt;
  }

 private:
  struct HorizonEdge {
    int a, b, outer;
  };
  int stamp_ = 0;
  std::vector<int> stack, visible_list;
  std::vector<HorizonEdge> horizon;
  std::vector<int> tail_mark, head_mark, tail_edge, head_edge;
};

// The buffers of one thread's EPA runs, kept between queries (profiles of the degenerate
// families showed allocation as a tenth of EPA's time).
struct Workspace {
  std::vector<SupportPoint> points;
  std::vector<Face> faces;
  std::vector<std::pair<double, int>> heap;
  Expansion expansion;
};

}  // namespace

EpaResult expanding_polytope(MinkowskiPair& pair, std::span<const SupportPoint> simplex,
                             double size, int max_iterations) {
  EpaResult result;
  thread_local Workspace work;
  if (!start_tetrahedron(pair, simplex, kDimensionTolerance * size, work.points, result))
    return result;
  Polytope3 poly(work.points, work.faces, work.heap);
  make_tetrahedron_faces(poly);
  auto& faces = poly.faces();
  Expansion& expansion = work.expansion;
  expansion.reset();

  const double depth_tol = kDepthTolerance * size;
  const double vis_tol = kVisibilityTolerance * size;
  for (int it = 0; it < max_iterations; ++it) {
    result.iterations = it + 1;
    const int best = poly.nearest_face();
    if (best < 0) {
      result.reason = "EPA: no face with a usable normal";
      return result;
    }
    const Vec3 n = faces[static_cast<size_t>(best)].n;
    const double d = faces[static_cast<size_t>(best)].d;
    // Hill climbing starts from the face's first vertex: a support point of M along a nearby
    // direction, so the climb to the support along n is short (the last support point, the
    // default hint, can lie anywhere on the polytope).
    const SupportPoint& start = poly.point(faces[static_cast<size_t>(best)].v[0]);
    pair.hint_a = start.ia;
    pair.hint_b = start.ib;
    const SupportPoint w = pair.support(n);
    if (!w.w.allFinite()) {
      result.reason = "EPA: non-finite support point";
      return result;
    }
    const double gap = n.dot(w.w) - d;
    if (gap <= depth_tol || poly.has_point(w)) {
      // A repeated support point means P already reaches M's boundary along n up to rounding:
      // accept it only if the bound gap is still small, otherwise the polytope is inconsistent.
      if (gap > 1e-9 * size) {
        result.reason = "EPA: stalled on a repeated support point";
        return result;
      }
      result.ok = true;
      result.depth = d;
      result.normal = n;
      result.accuracy = std::max(gap, 0.0);
      return result;
    }
    if (auto why = expansion.expand(poly, best, w, vis_tol)) {
      result.reason = std::move(*why);
      return result;
    }
  }
  result.reason = "EPA: iteration cap";
  return result;
}

}  // namespace touchstone::gjk::detail
