// Exact penetration depth of two convex polytopes without building A − B (DESIGN §4).
// depth = distance from the origin to the boundary of D = A − B = min over unit n of h_D(n),
// h_D(n) = h_A(n) + h_B(−n): when the origin is inside D the ball of that radius is inside D, so
// *every* direction n gives an upper bound h_D(n)/|n|, and the bound is attained at the nearest
// facet normal of D. The facet normals of D are the vertices of the overlay of the Gauss maps of
// A and −B: face normals of A, negated face normals of B, and the crossings of an arc of A (an
// edge) with an arc of −B (an edge), whose normal is the cross product of the two edges. Arcs
// that only touch or overlap meet at face normals, which are already candidates, so strict
// crossings suffice. Hence min over these candidates is the exact depth.
// Everything decisive is exact: normals are Gmpzf cross products of the exact world points, and
// every sign (hill-climbing steps, arc crossings) and comparison (the running minimum) is taken
// from rounded copies only when a static error bound proves it, else recomputed in Gmpzf. Plain
// doubles only choose where to look (a widened angular filter on arc pairs, starting vertices).
// O((|A| + |B|) · deg) exact work plus a sweep over arc pairs, instead of a hull of |A|·|B| points.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "reference/exact_internal.hpp"

namespace touchstone::exact_detail {

namespace {

// Static filters. Rounded copies of exact values carry a relative error below 2^-52 per component
// (Gmpzf::to_double truncates), so a dot product of them is within ~1e-15 of the exact one,
// relative to Σ|d_i||p_i|. The bounds below use 1e-14 (a wide margin) plus a tiny absolute term for
// the subnormal range; when a result lies inside its bound the caller falls back to Gmpzf.
constexpr double kFilter = 1e-14;
constexpr double kTiny = 1e-290;

// Sign of c·(b × a), or 0 when rounding could flip it.
int filtered_triple_sign(const Vec3& c, const Vec3& b, const Vec3& a) {
  const double v = c.dot(b.cross(a));
  const Vec3 aa = a.cwiseAbs(), ab = b.cwiseAbs();
  const Vec3 abs_cross(ab.y() * aa.z() + ab.z() * aa.y(), ab.z() * aa.x() + ab.x() * aa.z(),
                       ab.x() * aa.y() + ab.y() * aa.x());
  const double bound = kFilter * c.cwiseAbs().dot(abs_cross) + kTiny;
  if (!std::isfinite(v) || !std::isfinite(bound)) return 0;
  return v > bound ? 1 : v < -bound ? -1 : 0;
}

struct Shape {
  const std::vector<XPoint>* world = nullptr;
  std::vector<Vec3> world_d;  // rounded copies, only to pick hill-climbing starts
  HullTopology topo;
  std::vector<XPoint> normal;  // outward, per hull triangle, exact
  std::vector<Vec3> unit;      // the same, rounded and normalized (filters only)
  XPoint sum;                  // Σ world points: count·p − sum points outward from the centroid
  NT count;
};

bool build(Shape& s, std::span<const Vec3> local, const std::vector<XPoint>& world) {
  auto topo = hull_topology(local);
  if (!topo) return false;
  s.world = &world;
  s.topo = std::move(*topo);
  s.sum = {0, 0, 0};
  for (const XPoint& p : world) s.sum = {s.sum.x + p.x, s.sum.y + p.y, s.sum.z + p.z};
  s.count = NT(static_cast<double>(world.size()));
  s.world_d.reserve(world.size());
  for (const XPoint& p : world) s.world_d.push_back(approx(p));
  for (const auto& t : s.topo.triangles) {
    const XPoint& p0 = world[t[0]];
    XPoint n = cross(world[t[1]] - p0, world[t[2]] - p0);
    // Orient by the centroid rather than trusting the local winding: det R may be negative.
    const XPoint rel{s.count * p0.x - s.sum.x, s.count * p0.y - s.sum.y, s.count * p0.z - s.sum.z};
    const CGAL::Sign side = dot(n, rel).sign();
    if (side == CGAL::ZERO) return false;  // flat under the pose (singular R): not this route
    if (side == CGAL::NEGATIVE) n = -n;
    const Vec3 u = approx(n).normalized();
    if (!u.allFinite()) return false;
    s.normal.push_back(n);
    s.unit.push_back(u);
  }
  return true;
}

// Index of a vertex maximizing dir · p, exactly. A full scan in doubles finds the rounded maximum;
// every vertex whose rounded value could still be the true maximum (within both error bounds) is
// then compared exactly. (A hill climb over the hull graph was tried first and returned
// non-maximal vertices on family cases; the scan has no such failure mode.)
int support(const Shape& s, const XPoint& dir) {
  const Vec3 dd = approx(dir);
  const Vec3 da = dd.cwiseAbs();
  double best_value = -std::numeric_limits<double>::infinity();
  // All points, not only the hull vertices of the topology: the scan must not depend on it.
  const int count = static_cast<int>(s.world_d.size());
  for (int v = 0; v < count; ++v) best_value = std::max(best_value, dd.dot(s.world_d[v]));
  const auto& w = *s.world;
  int best = -1;
  NT best_exact;
  for (int v = 0; v < count; ++v) {
    const double value = dd.dot(s.world_d[v]);
    // Rounded direction and rounded points: relative error far below kFilter per term.
    const double bound = 4 * kFilter * da.dot(s.world_d[v].cwiseAbs()) + kTiny;
    if (std::isfinite(value) && std::isfinite(best_value) && value + 2 * bound < best_value &&
        std::isfinite(bound))
      continue;
    const NT exact = dot(dir, w[v]);
    if (best < 0 || exact > best_exact) {
      best = v;
      best_exact = exact;
    }
  }
  return best;
}

class Minimum {
 public:
  // Offers direction n with support value h = h_D(n) = n·p − n·q (p on A, q on B; rounded copies
  // pd, qd). h = 0 puts the origin on a supporting plane of D, i.e. on its boundary (touching): the
  // minimum becomes 0 and stays. False when h < 0 (the origin is outside D: the pair is separated,
  // violating the precondition).
  bool offer(const XPoint& n, const XPoint& p, const Vec3& pd, const XPoint& q, const Vec3& qd) {
    const Vec3 nd = approx(n);
    if (best_) {
      // Skip without exact arithmetic when a rounding-proof lower bound of h²/|n|² exceeds an
      // upper bound of the best value so far.
      const double h = nd.dot(pd - qd);
      const double err = kFilter * nd.cwiseAbs().dot(pd.cwiseAbs() + qd.cwiseAbs()) + kTiny;
      const double den = nd.squaredNorm() * (1 + kFilter);
      const double low = h - err > 0 ? (h - err) * (h - err) / den * (1 - kFilter) : 0.0;
      if (std::isfinite(low) && std::isfinite(best_upper_) && low > best_upper_) return true;
    }
    const NT h = dot(n, p) - dot(n, q);
    if (h.sign() == CGAL::NEGATIVE) return false;
    NT num = h * h;
    NT den = dot(n, n);
    if (!best_ || num * best_->den < best_->num * den) {
      const double value = num.to_double() / den.to_double();
      best_upper_ = num.is_zero() ? -1.0 : value * (1 + kFilter) + kTiny;
      best_ = DepthResult{std::move(num), std::move(den), n};
    }
    return true;
  }
  const std::optional<DepthResult>& best() const { return best_; }

 private:
  std::optional<DepthResult> best_;
  double best_upper_ = std::numeric_limits<double>::infinity();
};

// A Gauss-map arc: the normals of the two triangles beside an edge, as a spherical cap (center,
// angular radius) that contains it, widened so rounding can only add pairs, never drop one.
struct Arc {
  int edge;
  Vec3 center;
  double radius, cos_r, sin_r, polar;
  bool wide;
};

Arc make_arc(int edge, const Vec3& u1, const Vec3& u2) {
  Arc a{edge, Vec3::Zero(), std::numbers::pi, -1.0, 0.0, 0.0, true};
  const Vec3 m = u1 + u2;
  const double len = m.norm();
  if (len < 1e-3) return a;  // nearly antipodal ends: the cap is ill-conditioned, test always
  a.center = m / len;
  a.radius = 0.5 * std::acos(std::clamp(u1.dot(u2), -1.0, 1.0)) + 1e-7;
  if (a.radius >= 0.5 * std::numbers::pi - 1e-3) return a;
  a.cos_r = std::cos(a.radius);
  a.sin_r = std::sin(a.radius);
  a.polar = std::acos(std::clamp(a.center.z(), -1.0, 1.0));
  a.wide = false;
  return a;
}

bool caps_meet(const Arc& a, const Arc& c) {
  if (a.wide || c.wide) return true;
  // angle(centers) ≤ r_a + r_c  ⇔  cos(angle) ≥ cos(r_a + r_c), both radii < π/2.
  return a.center.dot(c.center) >= a.cos_r * c.cos_r - a.sin_r * c.sin_r - 1e-12;
}

}  // namespace

std::optional<DepthResult> depth_gauss_map(std::span<const Vec3> local_a,
                                           const std::vector<XPoint>& a,
                                           std::span<const Vec3> local_b,
                                           const std::vector<XPoint>& b) {
  Shape sa, sb;
  if (!build(sa, local_a, a) || !build(sb, local_b, b)) return std::nullopt;
  Minimum minimum;
  // Every candidate is evaluated with true exact supports of both shapes, so each offered value is
  // realized by its direction and bounds the depth from above whatever the candidate selection
  // did; the minimum is exact when the selection includes the nearest facet normal of A − B.

  // Face normals of A: h_D(n) = n·a_face − min_b n·b.
  for (std::size_t t = 0; t < sa.normal.size(); ++t) {
    const XPoint& n = sa.normal[t];
    const int v = support(sb, -n);
    const int f = support(sa, n);  // true support, not a triangle corner: see below
    if (!minimum.offer(n, a[f], sa.world_d[f], b[v], sb.world_d[v])) return std::nullopt;
  }
  // Face normals of −B: direction −m, h_D(−m) = m·b_face − min_a m·a.
  for (std::size_t t = 0; t < sb.normal.size(); ++t) {
    const XPoint& m = sb.normal[t];
    const int v = support(sa, -m);
    const int f = support(sb, m);
    if (!minimum.offer(-m, a[v], sa.world_d[v], b[f], sb.world_d[f])) return std::nullopt;
  }

  // Edge-edge crossings. Arcs of A run between its two triangle normals, arcs of −B between the
  // negated normals of B.
  std::vector<Arc> arcs_a, arcs_b;
  std::vector<XPoint> cross_a(sa.topo.edges.size()), cross_b(sb.topo.edges.size());
  for (std::size_t e = 0; e < sa.topo.edges.size(); ++e) {
    const auto& ed = sa.topo.edges[e];
    cross_a[e] = cross(sa.normal[ed[3]], sa.normal[ed[2]]);  // b × a for the arc a = ed[2] → b
    if (is_zero(cross_a[e])) continue;                       // coplanar triangles: no arc
    arcs_a.push_back(make_arc(static_cast<int>(e), sa.unit[ed[2]], sa.unit[ed[3]]));
  }
  for (std::size_t e = 0; e < sb.topo.edges.size(); ++e) {
    const auto& ed = sb.topo.edges[e];
    cross_b[e] = cross(sb.normal[ed[3]], sb.normal[ed[2]]);  // (−d) × (−c) = d × c
    if (is_zero(cross_b[e])) continue;
    arcs_b.push_back(make_arc(static_cast<int>(e), -sb.unit[ed[2]], -sb.unit[ed[3]]));
  }

  bool ok = true;
  auto test_pair = [&](const Arc& arc_a, const Arc& arc_b) {
    if (!ok || !caps_meet(arc_a, arc_b)) return;
    const auto& ea = sa.topo.edges[arc_a.edge];
    const auto& eb = sb.topo.edges[arc_b.edge];
    const Vec3 &ua = sa.unit[ea[2]], &ub = sa.unit[ea[3]];
    const Vec3 uc = -sb.unit[eb[2]], ud = -sb.unit[eb[3]];
    // Each sign from doubles when they are certain, else from the exact normals.
    auto triple = [](const Vec3& x, const Vec3& y, const Vec3& z, auto exact) {
      const int f = filtered_triple_sign(x, y, z);
      return f != 0 ? f : static_cast<int>(exact().sign());
    };
    // Strict crossing of great-circle arcs a→b and c→d (Gregorius, "The Separating Axis Test
    // between Convex Polyhedra", GDC 2013): c, d on opposite sides of the plane of a, b; a, b on
    // opposite sides of the plane of c, d; and the crossing on the same hemisphere.
    const XPoint& ba = cross_a[arc_a.edge];
    const XPoint& dc = cross_b[arc_b.edge];
    const int cba = triple(uc, ub, ua, [&] { return -dot(sb.normal[eb[2]], ba); });
    const int dba = triple(ud, ub, ua, [&] { return -dot(sb.normal[eb[3]], ba); });
    if (cba * dba >= 0) return;
    const int adc = triple(ua, ud, uc, [&] { return dot(sa.normal[ea[2]], dc); });
    const int bdc = triple(ub, ud, uc, [&] { return dot(sa.normal[ea[3]], dc); });
    if (adc * bdc >= 0 || cba * bdc <= 0) return;
    const XPoint& a0 = a[ea[0]];
    const XPoint& b0 = b[eb[0]];
    XPoint n = cross(a[ea[1]] - a0, b[eb[1]] - b0);
    // The edge of A supports A in the crossing direction, so that direction points from A's
    // centroid toward the edge.
    const XPoint rel{sa.count * a0.x - sa.sum.x, sa.count * a0.y - sa.sum.y,
                     sa.count * a0.z - sa.sum.z};
    const CGAL::Sign side = dot(n, rel).sign();
    if (side == CGAL::ZERO) return;  // parallel edges: no crossing normal
    if (side == CGAL::NEGATIVE) n = -n;
    // True supports, not the edges' endpoints: a candidate direction then always gives an upper
    // bound on the depth, whatever the crossing test decided (an endpoint evaluation made the
    // minimum too small when a pair was wrongly taken as crossing).
    const int va = support(sa, n);
    const int vb = support(sb, -n);
    if (!minimum.offer(n, a[va], sa.world_d[va], b[vb], sb.world_d[vb])) ok = false;
  };

  // Sweep in polar angle: the angle between two caps' centers is at least their polar difference.
  std::vector<const Arc*> narrow_b, wide_b;
  double max_radius_b = 0.0;
  for (const Arc& arc : arcs_b) {
    (arc.wide ? wide_b : narrow_b).push_back(&arc);
    if (!arc.wide) max_radius_b = std::max(max_radius_b, arc.radius);
  }
  std::sort(narrow_b.begin(), narrow_b.end(),
            [](const Arc* x, const Arc* y) { return x->polar < y->polar; });
  for (const Arc& arc_a : arcs_a) {
    for (const Arc* arc_b : wide_b) test_pair(arc_a, *arc_b);
    if (arc_a.wide) {
      for (const Arc* arc_b : narrow_b) test_pair(arc_a, *arc_b);
      continue;
    }
    const double reach = arc_a.radius + max_radius_b + 1e-6;
    auto it = std::lower_bound(narrow_b.begin(), narrow_b.end(), arc_a.polar - reach,
                               [](const Arc* x, double v) { return x->polar < v; });
    for (; it != narrow_b.end() && (*it)->polar <= arc_a.polar + reach; ++it)
      test_pair(arc_a, **it);
  }
  if (!ok) return std::nullopt;
  return minimum.best();
}

}  // namespace touchstone::exact_detail
