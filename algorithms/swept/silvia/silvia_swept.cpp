// silvia-swept: seed 004 §2.3, "Vertex-face collision" and "Edge-edge collision", as written.
//
// Vertex-face: the signed distance d = n·v − n0 of the vertex to the face's oriented plane
// (normal by the right-hand rule over f0, f1, f2) at both ends of the step, interpolated linearly;
// only d(0) > d(1) can collide (otherwise the vertex moves parallel, away, or comes from the
// "wrong" side), at t_c = d(0) / (d(0) − d(1)) when t_c ∈ [0, 1]; then the vertex must lie in the
// prism over the face (along its normal) at t_c, all positions interpolated linearly.
//
// Edge-edge: the benchmark's queries carry no face adjacent to the second edge e2, so F is the
// plane through e2 that holds the common normal e1 × e2 (normal (e2 × e1) × e2, the plane in which
// e1's endpoints change sides exactly when e1's line passes e2's line in projection); n and n0 are
// interpolated linearly between the two ends of the step, so each endpoint's side is a quadratic
// in t. On each maximal interval [t1, t2] where e1's endpoints lie strictly on different sides
// (condition (1)), the signed distances d1, d2 of the two lines at t1 and t2 (equation (2)) are
// interpolated linearly, t_c = t1 + (t2 − t1) d1 / (d1 − d2), and the edges collide when the
// closest points of the lines at t_c lie on both edges. Parallel edges have no plane: no
// collision (the paper's swap of roles does not help when both are parallel).
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <vector>

#include "algorithms/swept/swept.hpp"

namespace touchstone {

namespace {

using Eigen::Vector3d;

SweptAnswer vertex_face(const SweptQuery& q) {
  SweptAnswer out;
  double d[2];
  for (int k = 0; k < 2; ++k) {
    const Vector3d &v = q.points[4 * k], &a = q.points[4 * k + 1], &b = q.points[4 * k + 2],
                   &c = q.points[4 * k + 3];
    const Vector3d n = (b - a).cross(c - a);
    const double len = n.norm();
    if (!(len > 0)) return out;  // no plane
    d[k] = n.dot(v - a) / len;
  }
  if (!(d[0] > d[1])) return out;
  const double tc = d[0] / (d[0] - d[1]);
  if (!(tc >= 0 && tc <= 1)) return out;
  const auto p = swept_positions(q, tc);
  const Vector3d n = (p[2] - p[1]).cross(p[3] - p[1]);
  // The prism over the face: on the inner side of each edge's plane along n.
  for (int e = 0; e < 3; ++e) {
    const Vector3d& s = p[1 + e];
    const Vector3d& t = p[1 + (e + 1) % 3];
    if ((t - s).cross(p[0] - s).dot(n) < 0) return out;
  }
  out.collides = true;
  out.toi = tc;
  return out;
}

// Roots of c0 + c1 t + c2 t² in (0, 1).
void quadratic_roots(double c0, double c1, double c2, std::vector<double>& out) {
  auto keep = [&](double r) {
    if (r > 0 && r < 1) out.push_back(r);
  };
  if (c2 == 0) {
    if (c1 != 0) keep(-c0 / c1);
    return;
  }
  const double disc = c1 * c1 - 4 * c2 * c0;
  if (disc < 0) return;
  const double s = std::sqrt(disc);
  const double qq = -0.5 * (c1 + std::copysign(s, c1));
  if (qq != 0) {
    keep(qq / c2);
    keep(c0 / qq);
  } else {
    keep(0.0);
  }
}

SweptAnswer edge_edge(const SweptQuery& q) {
  SweptAnswer out;
  // Plane of F at both ends: normal (e2 × e1) × e2, through e2's first endpoint.
  Vector3d n[2];
  double n0[2];
  for (int k = 0; k < 2; ++k) {
    const Vector3d e1 = q.points[4 * k + 1] - q.points[4 * k];
    const Vector3d e2 = q.points[4 * k + 3] - q.points[4 * k + 2];
    const Vector3d m = e2.cross(e1).cross(e2);
    const double len = m.norm();
    if (!(len > 0)) return out;  // parallel or degenerate edges: no plane
    n[k] = m / len;
    n0[k] = n[k].dot(q.points[4 * k + 2]);
  }
  const Vector3d dn = n[1] - n[0];
  const double dn0 = n0[1] - n0[0];
  // Side of endpoint i of e1: s_i(t) = n(t)·x_i(t) − n0(t), a quadratic.
  double c[2][3];
  for (int i = 0; i < 2; ++i) {
    const Vector3d x0 = q.points[i], dx = q.points[4 + i] - q.points[i];
    c[i][0] = n[0].dot(x0) - n0[0];
    c[i][1] = n[0].dot(dx) + dn.dot(x0) - dn0;
    c[i][2] = dn.dot(dx);
  }
  auto side = [&](int i, double t) { return c[i][0] + t * (c[i][1] + t * c[i][2]); };
  std::vector<double> cuts{0.0, 1.0};
  for (int i = 0; i < 2; ++i) quadratic_roots(c[i][0], c[i][1], c[i][2], cuts);
  std::sort(cuts.begin(), cuts.end());
  // Maximal intervals where the endpoints are on strictly different sides.
  std::vector<std::pair<double, double>> intervals;
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
    const double mid = 0.5 * (cuts[k] + cuts[k + 1]);
    if (!(cuts[k + 1] > cuts[k]) || !(side(0, mid) * side(1, mid) < 0)) continue;
    if (!intervals.empty() && intervals.back().second == cuts[k])
      intervals.back().second = cuts[k + 1];
    else
      intervals.emplace_back(cuts[k], cuts[k + 1]);
  }
  auto line_distance = [&](double t, bool& ok) {
    const auto p = swept_positions(q, t);
    const Vector3d cr = (p[1] - p[0]).cross(p[3] - p[2]);
    const double len = cr.norm();
    ok = len > 0;
    return ok ? cr.dot(p[0] - p[2]) / len : 0.0;  // det(b1 − a1, b2 − a2, a1 − a2) / |·|
  };
  for (const auto& [t1, t2] : intervals) {
    bool ok1, ok2;
    const double d1 = line_distance(t1, ok1), d2 = line_distance(t2, ok2);
    if (!ok1 || !ok2) continue;
    double tc;
    if (d1 != d2)
      tc = t1 + (t2 - t1) * d1 / (d1 - d2);
    else if (d1 == 0)
      tc = t1;
    else
      continue;
    if (!(tc >= t1 && tc <= t2)) continue;
    // Closest points of the two lines at t_c.
    const auto p = swept_positions(q, tc);
    const Vector3d u = p[1] - p[0], v = p[3] - p[2], w = p[0] - p[2];
    const double a = u.dot(u), b = u.dot(v), cc = v.dot(v), d = u.dot(w), e = v.dot(w);
    const double den = a * cc - b * b;
    if (!(den > 0)) continue;
    const double s = (b * e - cc * d) / den, r = (a * e - b * d) / den;
    if (s >= 0 && s <= 1 && r >= 0 && r <= 1) {
      out.collides = true;
      out.toi = tc;
      return out;  // intervals are in time order: the first hit is the earliest
    }
  }
  return out;
}

}  // namespace

SweptAnswer silvia_swept(const SweptQuery& query) {
  return query.type == SweptType::vertex_face ? vertex_face(query) : edge_edge(query);
}

}  // namespace touchstone
