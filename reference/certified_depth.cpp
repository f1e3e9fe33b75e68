// Certified penetration depth (see certified_internal.hpp). No CGAL package: Gmpzf only.
//
// A floating-point EPA grows a polytope P of differences a_k − b_k around the origin, from the
// tetrahedron the penetration certificate proved. Exactly, then:
//  lower bound: P's faces form a closed oriented triangle surface (every directed edge once, its
//    reverse once) and each face has the origin strictly on its inner side (c_f = n_f·w > 0, n_f
//    the exact cross product). Radial projection is then an orientation-preserving map of a closed
//    oriented surface onto the sphere, so every direction is covered deg times; deg = 1 is checked
//    by counting the faces whose cone holds one ray (through a face centroid). Then the cones of
//    the faces cover every direction, the union of the cones' triangles contains the ball of
//    radius r = min_f c_f / |n_f|, and that union lies in conv({0} ∪ P) ⊆ A − B (0 is in A − B).
//    So depth ≥ r.
//  upper bound: the nearest face f* of P supports A − B — every vertex a has n·a ≤ n·a* and every
//    vertex b has n·b ≥ n·b*, with a* − b* a vertex of f* — so h_{A−B}(n) = c_f* and depth ≤ r.
// Hence depth² = c_f*² / |n_f*|² exactly. When only the support test fails (the floating-point EPA
// stopped within 1e-13 of the boundary on a face a vertex still passes), the worst violators,
// found by the exact plane tests, join P — an EPA step with the support chosen exactly — and the
// checks run again, up to four times. Any other check that fails: nullopt, the caller falls back.
#include <algorithm>
#include <map>
#include <set>

#include "reference/certified_filter.hpp"
#include "reference/certified_internal.hpp"

namespace touchstone::exact_detail {
namespace {

using namespace certified;

struct Face {
  std::array<int, 3> v;
  Vec3 n;  // unit outward normal (float)
  double d;
  bool alive = true;
};

struct FloatPolytope {
  std::vector<SimplexVertex> vertices;
  std::vector<Face> faces;
};

bool make_face(const std::vector<SimplexVertex>& vs, int i, int j, int k, Face& f) {
  const Vec3 n = (vs[j].w - vs[i].w).cross(vs[k].w - vs[i].w);
  const double len = n.norm();
  if (!(len > 0) || !std::isfinite(len)) return false;
  f = Face{{i, j, k}, n / len, n.dot(vs[i].w) / len, true};
  return true;
}

// Adds the support point s to the polytope: the faces it sees (and `visible`, known to be seen)
// give way to faces from their boundary to s. False when a new face degenerates.
bool expand(FloatPolytope& p, const SimplexVertex& s, const Face* visible) {
  const int si = static_cast<int>(p.vertices.size());
  p.vertices.push_back(s);
  std::set<std::pair<int, int>> edges;  // directed edges of the faces s sees
  for (Face& f : p.faces) {
    if (!f.alive || (&f != visible && !(f.n.dot(s.w - p.vertices[f.v[0]].w) > 0))) continue;
    f.alive = false;
    for (int e = 0; e < 3; ++e) edges.insert({f.v[e], f.v[(e + 1) % 3]});
  }
  for (const auto& [i, j] : edges) {
    if (edges.count({j, i})) continue;  // inside the visible region
    Face f;
    if (!make_face(p.vertices, i, j, si, f)) return false;
    p.faces.push_back(f);
  }
  return true;
}

// EPA over the rounded world points; nullopt when the float polytope degenerates.
std::optional<FloatPolytope> float_epa(const Shape& sa, const Shape& sb,
                                       const std::vector<SimplexVertex>& tetrahedron) {
  FloatPolytope p;
  p.vertices = tetrahedron;
  const Vec3 centroid =
      (tetrahedron[0].w + tetrahedron[1].w + tetrahedron[2].w + tetrahedron[3].w) / 4;
  const int tris[4][3] = {{0, 1, 2}, {0, 3, 1}, {0, 2, 3}, {1, 3, 2}};
  for (const auto& t : tris) {
    Face f;
    if (!make_face(p.vertices, t[0], t[1], t[2], f)) return std::nullopt;
    if (f.n.dot(p.vertices[t[0]].w - centroid) < 0 && !make_face(p.vertices, t[0], t[2], t[1], f))
      return std::nullopt;
    p.faces.push_back(f);
  }
  double scale = 0;
  for (const Vec3& x : sa.world) scale = std::max(scale, x.cwiseAbs().maxCoeff());
  for (const Vec3& x : sb.world) scale = std::max(scale, x.cwiseAbs().maxCoeff());
  const int cap = 64 + 2 * static_cast<int>(sa.world.size() + sb.world.size());
  for (int iter = 0; iter < cap && p.faces.size() < 4000; ++iter) {
    const Face* best = nullptr;
    for (const Face& f : p.faces)
      if (f.alive && (!best || f.d < best->d)) best = &f;
    if (!best) return std::nullopt;
    const Vec3 n = best->n;
    const double d = best->d;
    const SimplexVertex s = support_of_difference(sa, sb, n);
    if (n.dot(s.w) - d <= 1e-13 * scale) break;
    if (std::any_of(p.vertices.begin(), p.vertices.end(),
                    [&](const SimplexVertex& x) { return x.ia == s.ia && x.ib == s.ib; }))
      break;
    if (!expand(p, s, nullptr)) return std::nullopt;
  }
  std::erase_if(p.faces, [](const Face& f) { return !f.alive; });
  return p;
}

// Sign of det(p, q, r) = p · (q × r), filtered.
int det_sign(const Interval3& p, const Interval3& q, const Interval3& r, const XPoint& pe,
             const XPoint& qe, const XPoint& re) {
  const Interval3 c{q[1] * r[2] - q[2] * r[1], q[2] * r[0] - q[0] * r[2],
                    q[0] * r[1] - q[1] * r[0]};
  const int s = sign_of(p[0] * c[0] + p[1] * c[1] + p[2] * c[2]);
  return s != 0 ? s : dot(pe, cross(qe, re)).sign();
}

struct ExactFace {
  XPoint n;
  NT c;  // n·w on the face
  double approx_sq = 0;
};

// What the checks of one polytope found: the depth, proved; or only the nearest face's support
// test failed, and `violator` is the difference to add (the worst violators, each shape's own
// corner where its side held) with `nearest` that face; or neither (another check failed).
struct Checked {
  std::optional<DepthResult> depth;
  std::optional<SimplexVertex> violator;
  const Face* nearest = nullptr;
};

Checked check_polytope(const Shape& sa, const Shape& sb, const FloatPolytope& p) {
  if (p.faces.size() < 4) return {};

  // Closed oriented surface: every directed edge once, and its reverse.
  std::map<std::pair<int, int>, int> directed;
  for (const Face& f : p.faces)
    for (int e = 0; e < 3; ++e) ++directed[{f.v[e], f.v[(e + 1) % 3]}];
  for (const auto& [edge, count] : directed) {
    const auto reverse = directed.find({edge.second, edge.first});
    if (count != 1 || reverse == directed.end() || reverse->second != 1) return {};
  }

  // Exact vertices, their intervals, the faces' exact planes.
  std::vector<XPoint> w;
  std::vector<Interval3> wi;
  for (const SimplexVertex& v : p.vertices) {
    w.push_back(sa.exact_point(static_cast<std::size_t>(v.ia)) -
                sb.exact_point(static_cast<std::size_t>(v.ib)));
    const Interval3 &x = sa.world_i[v.ia], &y = sb.world_i[v.ib];
    wi.push_back({x[0] - y[0], x[1] - y[1], x[2] - y[2]});
  }
  std::vector<ExactFace> faces;
  for (const Face& f : p.faces) {
    const XPoint &w0 = w[f.v[0]], &w1 = w[f.v[1]], &w2 = w[f.v[2]];
    ExactFace e{cross(w1 - w0, w2 - w0), NT(0), 0.0};
    e.c = dot(e.n, w0);
    if (e.c.sign() != CGAL::POSITIVE) return {};  // origin not strictly inside
    const double c = e.c.to_double(), nn = dot(e.n, e.n).to_double();
    e.approx_sq = c * c / nn;
    faces.push_back(std::move(e));
  }

  // Degree 1: the ray through face 0's centroid lies in exactly one face's cone.
  {
    const Face& f0 = p.faces[0];
    const XPoint ray_e{w[f0.v[0]].x + w[f0.v[1]].x + w[f0.v[2]].x,
                       w[f0.v[0]].y + w[f0.v[1]].y + w[f0.v[2]].y,
                       w[f0.v[0]].z + w[f0.v[1]].z + w[f0.v[2]].z};
    Interval3 ray_i;
    for (int k = 0; k < 3; ++k) ray_i[k] = wi[f0.v[0]][k] + wi[f0.v[1]][k] + wi[f0.v[2]][k];
    int covering = 0;
    for (const Face& f : p.faces) {
      // Inside the cone: every edge's sign positive; outside: some negative; else grazing.
      bool negative = false, zero = false;
      for (int e = 0; e < 3 && !negative; ++e) {
        const int i = f.v[e], j = f.v[(e + 1) % 3];
        const int s = det_sign(ray_i, wi[i], wi[j], ray_e, w[i], w[j]);
        negative = s < 0;
        zero = zero || s == 0;
      }
      if (negative) continue;
      if (zero) return {};  // the ray grazes a face's boundary: not generic
      ++covering;
    }
    if (covering != 1) return {};
  }

  // The nearest face, exactly: c² / |n|² compared by cross-multiplication among the candidates
  // the doubles cannot separate from the smallest.
  double least = kInf;
  for (const ExactFace& e : faces) least = std::min(least, e.approx_sq);
  const ExactFace* best = nullptr;
  NT best_num, best_den;
  std::size_t best_index = 0;
  for (std::size_t i = 0; i < faces.size(); ++i) {
    const ExactFace& e = faces[i];
    if (std::isfinite(least) && least > 1e-250 && std::isfinite(e.approx_sq) &&
        e.approx_sq > least * (1 + 1e-6))
      continue;
    NT num = e.c * e.c, den = dot(e.n, e.n);
    if (!best || num * best_den < best_num * den) {
      best = &e;
      best_num = std::move(num);
      best_den = std::move(den);
      best_index = i;
    }
  }
  if (!best) return {};

  // The nearest face supports A − B: no vertex of A beyond its plane, none of B below it.
  const SimplexVertex& corner = p.vertices[p.faces[best_index].v[0]];
  const PlaneTest ta(best->n, NT(1), dot(best->n, sa.exact_point(corner.ia)));
  const PlaneTest tb(best->n, NT(1), dot(best->n, sb.exact_point(corner.ib)));
  if (!(side_mask(ta, sa) & 4) && !(side_mask(tb, sb) & 1))
    return {DepthResult{best_num, best_den, best->n}, std::nullopt, nullptr};
  const int va = worst_violator(ta, sa, +1), vb = worst_violator(tb, sb, -1);
  const int ia = va >= 0 ? va : corner.ia, ib = vb >= 0 ? vb : corner.ib;
  return {std::nullopt, SimplexVertex{sa.world[ia] - sb.world[ib], ia, ib}, &p.faces[best_index]};
}

}  // namespace

std::optional<DepthResult> certify_depth(std::span<const Vec3> vertices_a, const Pose& pose_a,
                                         std::span<const Vec3> vertices_b, const Pose& pose_b,
                                         const std::vector<std::array<int, 2>>& tetrahedron) {
  if (tetrahedron.size() != 4) return std::nullopt;
  const Shape sa = make_shape(vertices_a, pose_a, "A");
  const Shape sb = make_shape(vertices_b, pose_b, "B");
  std::vector<SimplexVertex> start;
  for (const auto& [ia, ib] : tetrahedron)
    start.push_back(
        {sa.world.at(static_cast<std::size_t>(ia)) - sb.world.at(static_cast<std::size_t>(ib)), ia,
         ib});
  std::optional<FloatPolytope> p = float_epa(sa, sb, start);
  // The exact EPA steps: the violator lies strictly beyond the nearest face's exact plane, so
  // that face is expanded whatever the doubles say about it.
  constexpr int kExactSteps = 4;
  for (int step = 0; p; ++step) {
    const Checked checked = check_polytope(sa, sb, *p);
    if (checked.depth || !checked.violator || step == kExactSteps) return checked.depth;
    const SimplexVertex& v = *checked.violator;
    if (std::any_of(p->vertices.begin(), p->vertices.end(),
                    [&](const SimplexVertex& x) { return x.ia == v.ia && x.ib == v.ib; }))
      return std::nullopt;  // no progress
    if (!expand(*p, v, checked.nearest)) return std::nullopt;
    std::erase_if(p->faces, [](const Face& f) { return !f.alive; });
  }
  return std::nullopt;
}

}  // namespace touchstone::exact_detail
