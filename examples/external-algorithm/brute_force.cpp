// Brute-force proximity of two convex polytopes, in floating point, with no paper behind it: the
// distance is the least over every vertex–face, face–vertex and edge–edge pair of the two
// boundaries in world coordinates. Whether two polytopes whose boundaries meet (within eps)
// touch or penetrate is decided by the separating-axis test (Gottschalk, Lin, Manocha 1996) over
// the face normals and the cross products of the edge pairs that meet: when the polytopes touch,
// the plane between them is normal to one of those axes. First, a vertex strictly inside the
// other polytope means penetration; boundaries that cross (an edge through a face) are at
// distance 0; otherwise the closest pair is a vertex-face or an edge-edge pair.
//
// eps = 1e-10 × L (L: the diagonal of the pair's world bounding box) + 16 ulps of the largest
// coordinate. Cost O(V·F + E²) per query: above 256 vertices on a shape the query answers
// `unsupported` (declared in the description) instead of taking seconds.
#include "brute_force.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "algorithms/geometry/segments.hpp"

namespace brute_force {
namespace {

using touchstone::Polytope;
using touchstone::Pose;
using touchstone::PreparedShape;
using touchstone::ProximityQuery;
using touchstone::ProximityResult;
using touchstone::QueryStatus;
using touchstone::Relation;
using touchstone::Vec3;

constexpr std::size_t kMaxVertices = 256;

struct Prepared final : PreparedShape {
  explicit Prepared(const Polytope& p) : shape(&p) {}
  const Polytope* shape;
};

// One shape in world coordinates: vertices, edges as vertex pairs, faces as outward planes with
// their vertex loops.
struct World {
  std::vector<Vec3> v;
  std::vector<std::pair<int, int>> edges;
  std::vector<std::vector<int>> faces;
  std::vector<Vec3> normals;  // unit, outward
  World(const Polytope& p, const Pose& pose) {
    for (const Vec3& x : p.vertices()) v.push_back(pose.apply(x));
    for (const auto& e : p.edges()) edges.emplace_back(e.tail, e.head);
    for (const auto& f : p.faces()) {
      faces.push_back(f.vertices);
      normals.push_back((pose.rotation * f.plane.normal).normalized());
    }
  }
};

// Closest points of segments [p0, p1] and [q0, q1] (the package's
// algorithms/geometry/segments.hpp).
std::pair<Vec3, Vec3> closest_on_segments(const Vec3& p0, const Vec3& p1, const Vec3& q0,
                                          const Vec3& q1) {
  const auto [s, t] = touchstone::segment_parameters(p0, p1, q0, q1);
  return {p0 + s * (p1 - p0), q0 + t * (q1 - q0)};
}

// True when `x`, on the plane of a convex face, lies inside its loop.
bool inside_loop(const World& w, std::size_t face, const Vec3& x) {
  const std::vector<int>& loop = w.faces[face];
  for (std::size_t i = 0; i < loop.size(); ++i) {
    const Vec3& a = w.v[loop[i]];
    const Vec3& b = w.v[loop[(i + 1) % loop.size()]];
    if ((b - a).cross(x - a).dot(w.normals[face]) < 0) return false;
  }
  return true;
}

// Closest point to `x` on a convex face (its loop and outward unit normal): the projection when
// it falls inside the loop, else the closest point of its boundary.
Vec3 closest_on_face(const World& w, std::size_t face, const Vec3& x) {
  const std::vector<int>& loop = w.faces[face];
  const Vec3& n = w.normals[face];
  const Vec3 projected = x - n * n.dot(x - w.v[loop[0]]);
  if (inside_loop(w, face, projected)) return projected;
  Vec3 best = w.v[loop[0]];
  for (std::size_t i = 0; i < loop.size(); ++i) {
    const Vec3& a = w.v[loop[i]];
    const Vec3& b = w.v[loop[(i + 1) % loop.size()]];
    const Vec3 c = closest_on_segments(a, b, x, x).first;
    if ((c - x).squaredNorm() < (best - x).squaredNorm()) best = c;
  }
  return best;
}

struct Closest {
  double distance = std::numeric_limits<double>::infinity();
  Vec3 on_a = Vec3::Zero(), on_b = Vec3::Zero();
  void offer(const Vec3& a, const Vec3& b) {
    const double d = (a - b).norm();
    if (d < distance) distance = d, on_a = a, on_b = b;
  }
};

// Where the edges of `e` cross the faces of `f` (boundaries that cross are at distance 0; the
// vertex-face and edge-edge pairs alone miss an edge piercing a face).
void offer_crossings(const World& e, const World& f, Closest& best) {
  for (const auto& [i, j] : e.edges)
    for (std::size_t face = 0; face < f.faces.size(); ++face) {
      const Vec3& o = f.v[f.faces[face][0]];
      const double si = f.normals[face].dot(e.v[i] - o), sj = f.normals[face].dot(e.v[j] - o);
      if (!((si < 0 && sj > 0) || (si > 0 && sj < 0))) continue;
      const Vec3 x = e.v[i] + (e.v[j] - e.v[i]) * (si / (si - sj));
      if (inside_loop(f, face, x)) best.offer(x, x);
    }
}

// The boundaries' closest pair, and the edge pairs closer than eps (their cross products are
// separating-axis candidates).
Closest closest_pair(const World& a, const World& b, double eps,
                     std::vector<Vec3>& near_edge_axes) {
  Closest best;
  offer_crossings(a, b, best);
  offer_crossings(b, a, best);
  for (std::size_t f = 0; f < b.faces.size(); ++f)
    for (const Vec3& x : a.v) best.offer(x, closest_on_face(b, f, x));
  for (std::size_t f = 0; f < a.faces.size(); ++f)
    for (const Vec3& y : b.v) best.offer(closest_on_face(a, f, y), y);
  for (const auto& [i, j] : a.edges)
    for (const auto& [k, l] : b.edges) {
      const auto [p, q] = closest_on_segments(a.v[i], a.v[j], b.v[k], b.v[l]);
      best.offer(p, q);
      const Vec3 axis = (a.v[j] - a.v[i]).cross(b.v[l] - b.v[k]);
      if ((p - q).norm() <= eps &&
          axis.norm() > 1e-12 * (a.v[j] - a.v[i]).norm() * (b.v[l] - b.v[k]).norm())
        near_edge_axes.push_back(axis.normalized());
    }
  return best;
}

// The least overlap of the two shapes' projections over `axes` (negative: a gap).
double least_overlap(const World& a, const World& b, const std::vector<Vec3>& axes) {
  double least = std::numeric_limits<double>::infinity();
  for (const Vec3& n : axes) {
    double a_min = INFINITY, a_max = -INFINITY, b_min = INFINITY, b_max = -INFINITY;
    for (const Vec3& x : a.v) a_min = std::min(a_min, n.dot(x)), a_max = std::max(a_max, n.dot(x));
    for (const Vec3& y : b.v) b_min = std::min(b_min, n.dot(y)), b_max = std::max(b_max, n.dot(y));
    least = std::min(least, std::min(a_max - b_min, b_max - a_min));
  }
  return least;
}

// True when `x` lies inside `w` by more than eps (below every face plane).
bool strictly_inside(const World& w, const Vec3& x, double eps) {
  for (std::size_t f = 0; f < w.faces.size(); ++f)
    if (w.normals[f].dot(x - w.v[w.faces[f][0]]) > -eps) return false;
  return true;
}

class BruteForce final : public touchstone::ProximityAlgorithm {
 public:
  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    return std::make_unique<Prepared>(shape);
  }

  ProximityResult query(const ProximityQuery& in) const override {
    const PreparedShape& pa = *in.a;
    const PreparedShape& pb = *in.b;
    const Polytope& sa = *static_cast<const Prepared&>(pa).shape;
    const Polytope& sb = *static_cast<const Prepared&>(pb).shape;
    ProximityResult r;
    if (sa.vertices().size() > kMaxVertices || sb.vertices().size() > kMaxVertices) {
      r.status = QueryStatus::unsupported;
      r.reason = "brute force is capped at 256 vertices per shape";
      return r;
    }
    const World a(sa, in.pose_a), b(sb, in.pose_b);
    Vec3 lo = a.v[0], hi = a.v[0];
    for (const auto* w : {&a, &b})
      for (const Vec3& x : w->v) lo = lo.cwiseMin(x), hi = hi.cwiseMax(x);
    const double magnitude = std::max(lo.cwiseAbs().maxCoeff(), hi.cwiseAbs().maxCoeff());
    const double eps =
        1e-10 * (hi - lo).norm() + 16 * std::numeric_limits<double>::epsilon() * magnitude;

    std::vector<Vec3> axes;
    r.distance = 0.0;
    r.relation = Relation::penetrating;
    for (const Vec3& x : a.v)
      if (strictly_inside(b, x, eps)) return r;
    for (const Vec3& y : b.v)
      if (strictly_inside(a, y, eps)) return r;
    const Closest c = closest_pair(a, b, eps, axes);
    r.witness_a = c.on_a;
    r.witness_b = c.on_b;
    if (c.distance > eps) {
      r.relation = Relation::separated;
      r.distance = c.distance;
      return r;
    }
    axes.insert(axes.end(), a.normals.begin(), a.normals.end());
    axes.insert(axes.end(), b.normals.begin(), b.normals.end());
    r.relation = least_overlap(a, b, axes) > eps ? Relation::penetrating : Relation::touching;
    return r;
  }
};

}  // namespace

touchstone::ProximityAlgorithmInfo info() {
  touchstone::ProximityAlgorithmInfo i;
  i.name = "brute-force";
  i.family = "exhaustive";
  i.paper = "none (examples/external-algorithm: an algorithm registered from outside)";
  i.description =
      "every vertex-face and edge-edge pair in floating point; separating axes for touching vs "
      "penetrating; unsupported above 256 vertices per shape";
  i.capabilities.distance = true;
  i.capabilities.witness_points = true;
  i.parameters = {{"eps_relative", 1e-10}, {"max_vertices", static_cast<double>(kMaxVertices)}};
  i.make = [] { return std::make_unique<BruteForce>(); };
  return i;
}

}  // namespace brute_force
