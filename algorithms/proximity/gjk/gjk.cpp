// GJK distance between two convex polytopes (Gilbert, Johnson & Keerthi, IEEE J. Robotics and
// Automation 4(2), 1988), with support by a linear scan up to 128 vertices and by hill climbing on
// the vertex graph above (Cameron's enhanced GJK, the variant measured against V-Clip in seed 003
// §2.4), and the signed-volumes distance sub-algorithm (Montanari, Petrinic & Barbieri, ACM TOG
// 36(3), 2017) in place of Johnson's.
// Penetrating pairs go to EPA (epa.cpp). Solfec uses the same GJK step to find a common point
// before its volumetric intersection (seed 001).
//
// Everything is computed in A's local frame (B mapped by relative_pose), so shapes far from the
// world origin keep their small mutual distances exact up to rounding of the relative pose.
//
// Let v be the point of the current simplex nearest the origin (|v| bounds the distance from
// above) and w the support point of A − B in direction −v (v·w/|v| bounds it from below).
// `size` = the larger bounding-box diagonal of the two shapes.
//
// Termination rules (each iteration tests them in the order 1, 3, 2, 4, 5, 6):
//  1. Iteration cap: 100 + |V(A)| + |V(B)| iterations → QueryStatus::failed, "iteration cap".
//     (In exact arithmetic GJK on polytopes ends after finitely many distinct simplices; the cap
//     only catches numerical cycling.)
//  2. Repeated vertex: w's vertex pair is already in the simplex → no new information; stop.
//     Unless rule 3 also holds, this is a stall caused by rounding in v, not convergence: with
//     nearly parallel faces (θ = 1e-12) and |v| ≈ 1e-6, v = p + λt from simplex points of size 1
//     loses the tiny component of v (≈ θ·|v|) that breaks the tie between the facet's support
//     vertices, and the same vertex comes back while |v| still exceeds the lower bound by θ/2.
//     The first such stall switches the sub-algorithm and the bound test to quad precision
//     (__float128; a − b is then exact, v is correct component-wise after rounding to double) and
//     GJK continues; a second stall stops it and returns |v|.
//  3. No progress: v·v − v·w ≤ max(kEpsRel · v·v, kEpsAbs · size · |v|). The relative term is
//     van den Bergen's criterion; the absolute term stops it when |v| is so small that rounding of
//     v·w (≈ 1e-16 · size · |v|) dominates the relative test, which otherwise never fires near
//     contact. Distance error on exit ≤ max(kEpsRel/2 · |v|, kEpsAbs · size).
//  4. The new simplex encloses the origin (4 points, all signed volumes agree) → intersecting.
//  5. |v| did not strictly decrease → rounding has taken over; keep the previous simplex. As in
//     rule 2, the first time this happens GJK switches to quad precision and continues.
//  6. |v| ≤ kTouch · size → the origin is within tolerance of A − B: contact.
// On rules 4 and 6 EPA decides: depth > kTouch · size → penetrating, else touching with
// distance 0. Otherwise the pair is separated with distance |v|.
//
// Points, segments and polygons (Polytope::dimension() < 3) need nothing else for the distance:
// GJK only asks for support points of the vertex sets. In contact, "penetrating" means the origin
// is interior to A − B in 3D (the contact survives every small translation). When the two
// dimensions sum to at most 2 (point–point, point–segment, point–polygon, segment–segment), A − B
// spans at most a plane for every pose (a pose is affine, so it keeps each shape's dimension):
// such a contact is touching, exactly, and EPA is not run. A flat A − B of larger dimension sum
// (coplanar polygons, a segment in a polygon's plane) is found flat by EPA's start; the contact is
// then reported touching only if support evaluations prove that A − B reaches at most the
// touching band past the origin along the flat set's normal or its opposite, else `failed`.
//
// kTouch (1e-13) sits between the 1e-15 and 1e-12 steps of the degenerate-family gap sweep
// (DESIGN §6.1) and well above the ≈ 1e-15 · size rounding of the support points.
//
// Witness points: A-side and B-side barycentric combinations of the final simplex (for contact,
// the common point Σλa = Σλb that GJK found, which lies in both shapes).
#include "algorithms/proximity/gjk/gjk.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <exception>
#include <limits>
#include <typeinfo>

#include "algorithms/proximity/gjk/gjk_internal.hpp"
#include "algorithms/proximity/gjk/gjk_subalgorithm.hpp"
#include "algorithms/proximity/hill_climb.hpp"
#include "algorithms/proximity/result_support.hpp"

namespace touchstone::gjk {
namespace detail {

int PreparedConvex::climb(const Vec3& d, int hint) const {
  const int n = static_cast<int>(vertices.size());
  const int start = (hint >= 0 && hint < n) ? hint : 0;
  return steepest_ascent(vertices, d, start, [this](int v, const auto& visit) {
    for (int k = adj_offset[static_cast<size_t>(v)]; k < adj_offset[static_cast<size_t>(v) + 1];
         ++k)
      visit(adj[static_cast<size_t>(k)]);
  });
}

}  // namespace detail

namespace {

using detail::MinkowskiPair;
using detail::PreparedConvex;
using detail::quad;
using detail::solve;
using detail::Sub;
using detail::SupportPoint;
using detail::V3;

using detail::kEpsAbs;
using detail::kEpsRel;
using detail::kTouch;

// GJK's simplex: the points w_i = a_i − b_i of A − B as the sub-algorithm reads them (slot n is
// add()'s scratch slot, so nothing is copied before solving), their vertex pairs, and the point
// v = Σ λ_i w_i nearest the origin.
struct Simplex {
  std::array<V3<double>, 4> w;
  std::array<int, 4> ia{}, ib{};
  std::array<double, 4> lambda{};
  int n = 0;
  Vec3 v = Vec3::Zero();
  double vv = 0.0;
  // Quad-precision copies, valid after reduce(true).
  V3<quad> vq;
  quad vvq = 0;

  bool contains(const SupportPoint& s) const {
    for (size_t i = 0; i < static_cast<size_t>(n); ++i)
      if (ia[i] == s.ia && ib[i] == s.ib) return true;
    return false;
  }
  Vec3 point_w(int i) const { return w[static_cast<size_t>(i)].to_vec3(); }
  SupportPoint point(int i) const {
    return {point_w(i), ia[static_cast<size_t>(i)], ib[static_cast<size_t>(i)]};
  }
  void append(const SupportPoint& p) {
    const auto k = static_cast<size_t>(n++);
    w[k] = V3<double>::from(p.w);
    ia[k] = p.ia;
    ib[k] = p.ib;
  }
  enum class Added { enclosing, progress, stalled };
  // Adds p and reduces (rules 4 and 5) without copying the simplex: the reduction is committed
  // when it encloses the origin or |v| strictly decreased, else the simplex stays as it was.
  Added add(const SupportPoint& p, const MinkowskiPair& m, bool precise) {
    if (precise) {
      std::array<V3<quad>, 4> q;
      for (int i = 0; i < n; ++i)
        q[static_cast<size_t>(i)] =
            exact_w(m, ia[static_cast<size_t>(i)], ib[static_cast<size_t>(i)]);
      q[static_cast<size_t>(n)] = exact_w(m, p.ia, p.ib);
      const Sub<quad> sub = solve(q.data(), n + 1);
      if (sub.n != 4 && n > 0 && !(sub.vv < vvq)) return Added::stalled;
      append(p);
      keep(sub);
      vq = sub.v;
      vvq = sub.vv;
      vv = v.squaredNorm();
    } else {
      w[static_cast<size_t>(n)] = V3<double>::from(p.w);
      const Sub<double> sub = solve(w.data(), n + 1);
      // sub.vv is v.squaredNorm(), summed in the same order ((x² + y²) + z²).
      if (sub.n != 4 && n > 0 && !(sub.vv < vv)) return Added::stalled;
      ia[static_cast<size_t>(n)] = p.ia;  // w[n] is in place already
      ib[static_cast<size_t>(n)] = p.ib;
      ++n;
      keep(sub);
      vv = sub.vv;
    }
    return n == 4 ? Added::enclosing : Added::progress;
  }
  static V3<quad> exact_w(const MinkowskiPair& m, int a, int b) {
    return V3<quad>::from(m.vertex_a(a)) - V3<quad>::from(m.vertex_b(b));  // exact a − b
  }
  // Replace the simplex by its smallest sub-simplex holding the point nearest the origin.
  void reduce(const MinkowskiPair& m, bool precise) {
    if (precise) {
      std::array<V3<quad>, 4> q;
      for (int i = 0; i < n; ++i)
        q[static_cast<size_t>(i)] =
            exact_w(m, ia[static_cast<size_t>(i)], ib[static_cast<size_t>(i)]);
      const Sub<quad> s = solve(q.data(), n);
      keep(s);
      vq = s.v;
      vvq = s.vv;
    } else {
      keep(solve(w.data(), n));
    }
    vv = v.squaredNorm();
  }
  template <typename T>
  void keep(const Sub<T>& s) {
    // All four coefficients, unused ones included: a fixed count is a few moves, where a loop to
    // s.n became a memcpy call.
    for (size_t i = 0; i < 4; ++i) lambda[i] = double(s.lambda[i]);
    const auto kept = static_cast<size_t>(s.n);
    // Kept points listed in increasing slot order (every sub-simplex but a triangle's edge (k, i))
    // move forward in place: slot idx[i] >= i is read before anything overwrites it.
    bool increasing = true;
    for (size_t i = 1; i < kept; ++i) increasing = increasing && s.idx[i] > s.idx[i - 1];
    if (increasing) {
      for (size_t i = 0; i < kept; ++i) {
        const auto k = static_cast<size_t>(s.idx[i]);
        if (k == i) continue;
        w[i] = w[k];
        ia[i] = ia[k];
        ib[i] = ib[k];
      }
    } else {
      const std::array<V3<double>, 4> w0 = w;
      const std::array<int, 4> ia0 = ia, ib0 = ib;
      for (size_t i = 0; i < kept; ++i) {
        const auto k = static_cast<size_t>(s.idx[i]);
        w[i] = w0[k];
        ia[i] = ia0[k];
        ib[i] = ib0[k];
      }
    }
    n = s.n;
    v = s.v.to_vec3();
  }
  // Upper bound minus lower bound on the squared scale: v·v − v·w (see rule 3).
  double bound_gap(const SupportPoint& p, const MinkowskiPair& m, bool precise) const {
    if (!precise) return vv - v.dot(p.w);
    return double(vvq - vq.dot(exact_w(m, p.ia, p.ib)));
  }
  // The witnesses Σ λ_i a_i and Σ λ_i b_i (A's frame).
  Vec3 point_a(const MinkowskiPair& m) const {
    Vec3 p = Vec3::Zero();
    for (int i = 0; i < n; ++i)
      p += lambda[static_cast<size_t>(i)] * m.vertex_a(ia[static_cast<size_t>(i)]);
    return p;
  }
  Vec3 point_b(const MinkowskiPair& m) const {
    Vec3 p = Vec3::Zero();
    for (int i = 0; i < n; ++i)
      p += lambda[static_cast<size_t>(i)] * m.vertex_b(ib[static_cast<size_t>(i)]);
    return p;
  }
};

// Whether all six coefficients are finite: x − x is 0 for a finite x and NaN otherwise, and a NaN
// survives the sum, so one comparison does what six isfinite() tests (a tenth of an iteration) do.
bool finite(const Vec3& x, const Vec3& y) {
  const double zero = ((x.x() - x.x()) + (x.y() - x.y())) + ((x.z() - x.z()) + (y.x() - y.x())) +
                      ((y.y() - y.y()) + (y.z() - y.z()));
  return zero == zero;
}

// The same test on both poses' coefficients (in any order the sum is 0 or NaN).
bool finite(const Pose& a, const Pose& b) {
  const double zero = ((a.rotation - a.rotation).sum() + (a.translation - a.translation).sum()) +
                      ((b.rotation - b.rotation).sum() + (b.translation - b.translation).sum());
  return zero == zero;
}

class Gjk final : public ProximityAlgorithm {
 public:
  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    auto p = std::make_unique<PreparedConvex>();
    p->polytope = &shape;
    p->vertices = shape.vertices();
    p->convex = shape.is_convex();
    p->dimension = shape.dimension();
    p->diameter = shape.diameter();
    p->centroid = shape.centroid();
    p->avx = detail::cpu_has_avx();
    const int n = static_cast<int>(p->vertices.size());
    for (const Vec3& x : p->vertices) {
      p->xs.push_back(x.x());
      p->ys.push_back(x.y());
      p->zs.push_back(x.z());
    }
    // Padding to a multiple of 4 with copies of vertex 0 (see gjk_scan.hpp): never first.
    while (!p->xs.empty() && p->xs.size() % 4 != 0) {
      p->xs.push_back(p->xs[0]);
      p->ys.push_back(p->ys[0]);
      p->zs.push_back(p->zs[0]);
    }
    if (n > detail::kHillClimbThreshold) {
      p->adj_offset.reserve(static_cast<size_t>(n) + 1);
      p->adj_offset.push_back(0);
      for (int v = 0; v < n; ++v) {
        for (int u : shape.vertex_neighbors(v)) p->adj.push_back(u);
        p->adj_offset.push_back(static_cast<int>(p->adj.size()));
      }
    }
    return p;
  }

  ProximityResult query(const ProximityQuery& in) const override {
    const PreparedShape& a = *in.a;
    const PreparedShape& b = *in.b;
    std::unique_ptr<WarmStart>* warm_start = in.warm_start;
    // One result filled in place: moving a ProximityResult costs a tenth of a 20-vertex query.
    ProximityResult r;
    try {
      run(r, a, in.pose_a, b, in.pose_b, warm_start);
    } catch (const std::exception& e) {
      r = failed_result(std::string("exception: ") + e.what());
    } catch (...) {
      r = failed_result("unknown exception");
    }
    if (r.status == QueryStatus::ok && !all_finite(r))
      r = failed_result("non-finite result", r.iterations);
    return r;
  }

 private:
  // The caller's last simplex re-evaluated at the new poses (s and v unchanged when a vertex id is
  // out of range).
  static void restart_from(const GjkWarmStart& ws, MinkowskiPair& m, int na, int nb, Simplex& s,
                           Vec3& v) {
    for (int i = 0; i < ws.count; ++i) {
      const int ia = ws.vertex_a[static_cast<size_t>(i)], ib = ws.vertex_b[static_cast<size_t>(i)];
      if (ia < 0 || ia >= na || ib < 0 || ib >= nb) {
        s.n = 0;
        break;
      }
      const SupportPoint p = m.at(ia, ib);
      if (!s.contains(p)) s.append(p);
    }
    if (s.n > 0) {
      m.hint_a = s.ia[0];
      m.hint_b = s.ib[0];
      s.reduce(m, false);
      v = s.v;
    }
  }

  static void save(GjkWarmStart& ws, const Simplex& s) {
    ws.count = s.n;
    for (int i = 0; i < 4; ++i) {
      ws.vertex_a[static_cast<size_t>(i)] = i < s.n ? s.ia[static_cast<size_t>(i)] : -1;
      ws.vertex_b[static_cast<size_t>(i)] = i < s.n ? s.ib[static_cast<size_t>(i)] : -1;
    }
  }

  // True when A − B reaches at most `touch` past the origin along dir: max over A − B of
  // n·w ≤ touch for n = dir / |dir|, one support evaluation.
  static bool reaches_at_most(MinkowskiPair& m, const Vec3& dir, double touch) {
    const double len = dir.norm();
    if (!(len > 0.0) || !std::isfinite(len)) return false;
    const Vec3 n = dir / len;
    return n.dot(m.support(n).w) <= touch;
  }

  // A proof that the depth is at most `touch` without EPA: a unit direction n along which A − B
  // reaches at most `touch` past the origin, h(n) = max over A − B of n·w ≤ touch. The depth is
  // min over unit n of h(n), so it is at most touch; EPA's depth, the distance to a face of a
  // polytope inside A − B, is a lower bound on it, so EPA would have said touching as well.
  // Candidates, one support evaluation each: GJK's last search direction −v, the centre-to-centre
  // direction, and the outward normals of the final simplex's faces that pass within `touch` of
  // the origin (touching pairs end on such a face of A − B). Profiles of the vertex-vertex and
  // identical-shapes families put two thirds of GJK's time in EPA on touching pairs.
  static bool touching_certificate(MinkowskiPair& m, const Simplex& s, const Vec3& centre_offset,
                                   double touch) {
    auto proves = [&](const Vec3& dir) { return reaches_at_most(m, dir, touch); };
    if (s.vv > 0.0 && proves(-s.v)) return true;
    if (proves(-centre_offset)) return true;
    if (s.n < 3) return false;
    static constexpr std::array<std::array<int, 4>, 4> faces = {
        {{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 3, 1}, {1, 2, 3, 0}}};
    const int count = s.n == 3 ? 1 : 4;
    for (int k = 0; k < count; ++k) {
      const auto& f = faces[static_cast<size_t>(k)];
      const Vec3 p0 = s.point_w(f[0]);
      Vec3 n = (s.point_w(f[1]) - p0).cross(s.point_w(f[2]) - p0);
      const double len = n.norm();
      if (!(len > 0.0) || !std::isfinite(len)) continue;
      n /= len;
      double offset = n.dot(p0);  // signed distance of the face plane from the origin
      if (s.n == 4) {             // orient away from the opposite vertex
        if (n.dot(s.point_w(f[3]) - p0) > 0.0) {
          n = -n;
          offset = -offset;
        }
      } else if (offset < 0.0) {  // a triangle: the side facing away from the origin
        n = -n;
        offset = -offset;
      }
      if (std::abs(offset) > touch) continue;
      if (proves(n)) return true;
      if (s.n == 3 && proves(-n)) return true;
    }
    return false;
  }

  // Replaces r by a failure; `return fail(...)` ends run() or penetration().
  static void fail(ProximityResult& r, std::string reason, int iterations) {
    r = failed_result(std::move(reason), iterations);
  }

  // GJK ended in contact (or within the touching band): EPA on its final simplex decides between
  // touching and penetrating and gives the depth, unless touching_certificate() settles it.
  // `r` holds the witnesses.
  static void penetration(ProximityResult& r, MinkowskiPair& m, const Simplex& s,
                          const Vec3& centre_offset, const Pose& pose_a, double size, double touch,
                          int cap, int iterations) {
    // Dimensions summing to at most 2: A − B has no interior (see the top of this file).
    if (m.a->dimension + m.b->dimension <= 2 || touching_certificate(m, s, centre_offset, touch)) {
      r.iterations = iterations;
      r.relation = Relation::touching;
      r.distance = 0.0;
      r.penetration_depth = 0.0;
      return;
    }
    std::array<SupportPoint, 4> start;
    for (int i = 0; i < s.n; ++i) start[static_cast<size_t>(i)] = s.point(i);
    const detail::EpaResult e = detail::expanding_polytope(
        m, std::span<const SupportPoint>(start.data(), static_cast<size_t>(s.n)), size, cap);
    r.iterations = iterations + e.iterations;
    if (!e.ok && e.flat_normal &&
        (reaches_at_most(m, *e.flat_normal, touch) || reaches_at_most(m, -*e.flat_normal, touch))) {
      r.relation = Relation::touching;  // A − B is flat and the origin within the band of it
      r.distance = 0.0;
      r.penetration_depth = 0.0;
      return;
    }
    if (!e.ok) return fail(r, e.reason, r.iterations);
    // P ⊂ A − B and |v| ≥ dist(0, A − B), so the boundary of A − B along the converged face's
    // normal (within [depth, depth + accuracy]) cannot lie much below −|v|; if even its upper end
    // does, GJK's contact verdict and EPA disagree beyond both tolerances. Within EPA's accuracy
    // (up to 1e-9 × size, far looser than GJK's contact tolerance on scale-disparate pairs) the
    // two agree that the pair is in contact up to tolerance: report touching.
    if (e.depth + e.accuracy < -2.0 * touch)
      return fail(r, "GJK found contact but EPA found separation", r.iterations);
    r.distance = 0.0;
    if (e.depth <= touch) {
      r.relation = Relation::touching;
      r.penetration_depth = 0.0;
    } else {
      r.relation = Relation::penetrating;
      r.penetration_depth = e.depth;
      // The face of A − B nearest the origin has outward normal n at distance depth; moving B by
      // depth · n moves A − B by −depth · n and puts the origin on that face.
      r.penetration_direction = (pose_a.rotation * e.normal).normalized();
    }
  }

  // The query's answer, written into `r` (a default ProximityResult).
  static void run(ProximityResult& r, const PreparedShape& sa, const Pose& pose_a,
                  const PreparedShape& sb, const Pose& pose_b,
                  std::unique_ptr<WarmStart>* warm_start) {
    // An exact type test (no class derives from PreparedConvex): cheaper than dynamic_cast.
    if (typeid(sa) != typeid(PreparedConvex) || typeid(sb) != typeid(PreparedConvex))
      return fail(r, "shape was not prepared by gjk", 0);
    const auto* a = static_cast<const PreparedConvex*>(&sa);
    const auto* b = static_cast<const PreparedConvex*>(&sb);
    if (!a->convex || !b->convex) {
      r.status = QueryStatus::unsupported;
      r.reason = "gjk needs convex polytopes";
      return;
    }
    if (a->vertices.empty() || b->vertices.empty()) return fail(r, "empty shape", 0);
    if (!finite(pose_a, pose_b)) return fail(r, "non-finite pose", 0);

    const Pose rel = relative_pose(pose_a, pose_b);
    MinkowskiPair m;
    m.a = a;
    m.b = b;
    m.rotation = rel.rotation;
    m.translation = rel.translation;
    m.scans_avx = a->adj.empty() && b->adj.empty() && a->avx && b->avx;
    const double size = std::max({a->diameter, b->diameter, std::numeric_limits<double>::min()});
    const int na = static_cast<int>(a->vertices.size()), nb = static_cast<int>(b->vertices.size());
    const int cap = detail::kIterationCapBase + na + nb;
    const double touch = kTouch * size;

    // Start: the caller's last simplex re-evaluated at the new poses, else the centroid offset
    // (a point of A − B, so |v| is a valid upper bound from the start).
    GjkWarmStart* ws = nullptr;
    if (warm_start) {
      ws = dynamic_cast<GjkWarmStart*>(warm_start->get());
      if (!ws) {
        *warm_start = std::make_unique<GjkWarmStart>();
        ws = static_cast<GjkWarmStart*>(warm_start->get());
      }
    }
    Simplex s;
    const Vec3 centre_offset = a->centroid - (m.rotation * b->centroid + m.translation);
    Vec3 v = centre_offset;
    if (ws && ws->count > 0 && ws->count <= 4) restart_from(*ws, m, na, nb, s, v);
    if (s.n == 0 && v.squaredNorm() == 0.0) v = Vec3::UnitX();

    int iterations = 0;
    bool precise = false;  // quad-precision sub-algorithm after a stall (rules 2 and 5)
    bool contact = s.n == 4 || (s.n > 0 && v.norm() <= touch);
    // First stall: redo the sub-algorithm in quad precision and carry on; a second one stops.
    auto switch_to_quad_precision = [&] {
      precise = true;
      s.reduce(m, true);
      v = s.v;
      contact = s.n == 4 || std::sqrt(s.vv) <= touch;
    };
    while (!contact) {
      if (iterations >= cap) return fail(r, "iteration cap", iterations);
      ++iterations;
      const SupportPoint w = m.support(-v);
      if (!finite(w.w, v)) return fail(r, "non-finite support point", iterations);
      if (s.n > 0) {
        const double vv = s.vv;
        const double gap = s.bound_gap(w, m, precise);
        if (gap <= std::max(kEpsRel * vv, kEpsAbs * size * std::sqrt(vv))) break;  // rule 3
        if (s.contains(w)) {  // rule 2 with the bounds still apart: rounding in v
          if (precise) break;
          switch_to_quad_precision();
          continue;
        }
      }
      const Simplex::Added added = s.add(w, m, precise);
      if (added == Simplex::Added::enclosing) {  // rule 4
        contact = true;
        break;
      }
      if (added == Simplex::Added::stalled) {  // rule 5
        if (precise) break;
        switch_to_quad_precision();
        continue;
      }
      v = s.v;
      if (std::sqrt(s.vv) <= touch) contact = true;  // rule 6
    }

    if (ws) save(*ws, s);

    r.witness_a = pose_a.apply(s.point_a(m));
    r.witness_b = pose_a.apply(s.point_b(m));
    const double dist = s.n == 4 ? 0.0 : std::sqrt(s.vv);
    if (!contact && dist > touch) {
      r.relation = Relation::separated;
      r.distance = dist;
      r.iterations = iterations;
      return;
    }
    penetration(r, m, s, centre_offset, pose_a, size, touch, cap, iterations);
  }
};

}  // namespace

ProximityAlgorithmInfo info() {
  return {
      .name = "gjk",
      .family = "simplex-based",
      .paper =
          "Gilbert, Johnson & Keerthi 1988; Cameron's enhanced GJK (seed 003 §2.4); EPA: van "
          "den Bergen 2001",
      .description =
          "GJK distance with signed-volumes sub-algorithm; support by linear scan up to 128 "
          "vertices, else hill climbing; EPA for penetration depth",
      .capabilities = {.distance = true,
                       .witness_points = true,
                       .penetration_depth = true,
                       .warm_start = true,
                       .lower_dimensional = true},
      .parameters = {{"eps_rel", detail::kEpsRel},
                     {"eps_abs", detail::kEpsAbs},
                     {"touch", detail::kTouch},
                     {"iteration_cap_base", detail::kIterationCapBase},
                     {"hill_climb_threshold", detail::kHillClimbThreshold},
                     {"epa_depth_tolerance", detail::kDepthTolerance},
                     {"epa_visibility_tolerance", detail::kVisibilityTolerance},
                     {"epa_dimension_tolerance", detail::kDimensionTolerance}},
      .make = [] { return std::make_unique<Gjk>(); },
  };
}

}  // namespace touchstone::gjk
