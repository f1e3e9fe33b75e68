// GJK's distance sub-algorithm (signed volumes, Montanari, Petrinic & Barbieri, ACM TOG 36(3),
// 2017) over a scalar T: double, or quad precision for gjk.cpp's stall fallback. Internal to
// gjk.cpp, split out for length.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "algorithms/geometry/pose.hpp"

namespace touchstone::gjk::detail {

// Quad precision for the stall fallback (see rule 2/5 in the header comment).
__extension__ typedef __float128 quad;

// A minimal 3-vector over the scalar T (double, or quad for the fallback).
template <typename T>
struct V3 {
  T x{}, y{}, z{};
  V3() = default;
  V3(T a, T b, T c) : x(a), y(b), z(c) {}
  static V3 from(const Vec3& v) { return {T(v.x()), T(v.y()), T(v.z())}; }
  Vec3 to_vec3() const { return {double(x), double(y), double(z)}; }
  V3 operator+(const V3& o) const { return {x + o.x, y + o.y, z + o.z}; }
  V3 operator-(const V3& o) const { return {x - o.x, y - o.y, z - o.z}; }
  V3 operator-() const { return {-x, -y, -z}; }
  V3 operator*(T k) const { return {x * k, y * k, z * k}; }
  T dot(const V3& o) const { return x * o.x + y * o.y + z * o.z; }
  V3 cross(const V3& o) const { return {y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x}; }
  T squared_norm() const { return dot(*this); }
};

template <typename T>
T abs_t(T x) {
  return x < T(0) ? -x : x;
}
inline double abs_t(double x) { return std::fabs(x); }  // same comparisons, no branch
template <typename T>
bool finite_t(T x) {
  return std::isfinite(double(x));
}

// Result of the distance sub-algorithm: the smallest sub-simplex (indices into the input points)
// whose hull holds the point nearest the origin, its barycentric coordinates, and that point.
template <typename T>
struct Sub {
  int n = 0;
  std::array<int, 4> idx{};
  std::array<T, 4> lambda{};
  V3<T> v;
  T vv = T(std::numeric_limits<double>::infinity());
};

// The sub-simplices are offered to `best`, the nearest candidate so far, which takes one only when
// it is strictly nearer (the first of equal candidates stays, and a NaN distance never wins), so no
// candidate is built or copied unless it wins. With kAlways the candidate is taken regardless: the
// whole simplex's own answer at the top level.

// Vertex p_i.
template <bool kAlways = false, typename T>
void offer_vertex(const V3<T>* p, int i, Sub<T>& best) {
  const T vv = p[i].squared_norm();
  if (!kAlways && !(vv < best.vv)) return;
  best.n = 1;
  best.idx[0] = i;
  best.lambda[0] = T(1);
  best.v = p[i];
  best.vv = vv;
}

// Segment [p_i, p_j].
template <bool kAlways = false, typename T>
void offer_segment(const V3<T>* p, int i, int j, Sub<T>& best) {
  const V3<T> t = p[j] - p[i];
  const T tt = t.squared_norm();
  const T u = -p[i].dot(t);
  if (!(tt > T(0)) || u <= T(0)) return offer_vertex<kAlways>(p, i, best);
  if (u >= tt) return offer_vertex<kAlways>(p, j, best);
  const T l = u / tt;
  const V3<T> v = p[i] + t * l;
  const T vv = v.squared_norm();
  if (!kAlways && !(vv < best.vv)) return;
  best.n = 2;
  best.idx[0] = i;
  best.idx[1] = j;
  best.lambda[0] = T(1) - l;
  best.lambda[1] = l;
  best.v = v;
  best.vv = vv;
}

// Triangle (p_i, p_j, p_k), signed-volumes style (Montanari et al. 2017 §3.2): project the origin
// onto the plane, then decide the Voronoi region with signed areas in the coordinate plane where
// the triangle's projection is largest, which keeps the signs reliable for slivers. The edges are
// offered to `best` with the usual strict test; kAlways applies to the interior point only.
template <bool kAlways = false, typename T>
void offer_triangle(const V3<T>* p, int i, int j, int k, Sub<T>& best) {
  const V3<T>& a = p[i];
  const V3<T>& b = p[j];
  const V3<T>& c = p[k];
  const V3<T> n = (b - a).cross(c - a);
  const T nn = n.squared_norm();
  if (!(nn > T(0)) || !finite_t(nn)) {  // collinear: the answer is on an edge
    offer_segment(p, i, j, best);
    offer_segment(p, j, k, best);
    offer_segment(p, k, i, best);
    return;
  }
  const V3<T> p0 = n * (a.dot(n) / nn);
  int ax = 0;
  const T nx = abs_t(n.x), ny = abs_t(n.y), nz = abs_t(n.z);
  if (ny > nx) ax = 1;
  if (nz > (ax == 0 ? nx : ny)) ax = 2;
  // Coordinates (u, w) = components (ax + 1, ax + 2) mod 3, taken once per point.
  auto uw = [ax](const V3<T>& q) -> std::array<T, 2> {
    if (ax == 0) return {q.y, q.z};
    if (ax == 1) return {q.z, q.x};
    return {q.x, q.y};
  };
  const std::array<T, 2> a2 = uw(a), b2 = uw(b), c2 = uw(c), o2 = uw(p0);
  auto area = [&](const std::array<T, 2>& q, const std::array<T, 2>& r) {
    return (q[0] - o2[0]) * (r[1] - o2[1]) - (q[1] - o2[1]) * (r[0] - o2[0]);
  };
  const T ca = area(b2, c2), cb = area(c2, a2), cc = area(a2, b2);
  const T total = ca + cb + cc;
  const T zero(0);
  if (total != zero && ca * total >= zero && cb * total >= zero && cc * total >= zero) {
    const T vv = p0.squared_norm();
    if (!kAlways && !(vv < best.vv)) return;
    best.n = 3;
    best.idx = {i, j, k, 0};
    best.lambda = {ca / total, cb / total, cc / total, zero};
    best.v = p0;
    best.vv = vv;
    return;
  }
  // Only edges with the origin's projection on their outer side can hold the nearest point.
  if (total == zero || ca * total < zero) offer_segment(p, j, k, best);
  if (total == zero || cb * total < zero) offer_segment(p, k, i, best);
  if (total == zero || cc * total < zero) offer_segment(p, i, j, best);
}

template <typename T>
T det3(const V3<T>& x, const V3<T>& y, const V3<T>& z) {
  return x.dot(y.cross(z));
}

// Tetrahedron p[0..3]: barycentric coordinates of the origin from signed sub-volumes. `best` is
// fresh (no candidate yet).
template <typename T>
void solve_tetrahedron(const V3<T>* p, Sub<T>& best) {
  const V3<T>&a = p[0], &b = p[1], &c = p[2], &d = p[3];
  const std::array<T, 4> c4 = {det3(b, c, d), det3(-a, c - a, d - a), det3(b - a, -a, d - a),
                               det3(b - a, c - a, -a)};
  const T total = c4[0] + c4[1] + c4[2] + c4[3];
  const T zero(0);
  const bool degenerate = !(total != zero) || !finite_t(total);
  if (!degenerate && std::all_of(c4.begin(), c4.end(), [&](T x) { return x * total >= zero; })) {
    best.n = 4;
    best.idx = {0, 1, 2, 3};
    for (size_t m = 0; m < 4; ++m) best.lambda[m] = c4[m] / total;
    best.v = V3<T>();
    best.vv = zero;
    return;
  }
  static constexpr std::array<std::array<int, 3>, 4> opposite = {
      {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}}};
  for (size_t m = 0; m < 4; ++m)
    if (degenerate || c4[m] * total < zero) {
      const auto& f = opposite[m];
      offer_triangle(p, f[0], f[1], f[2], best);
    }
}

// The nearest point of the hull of w[0..n) (n = 1..4) and its smallest sub-simplex.
template <typename T>
Sub<T> solve(const V3<T>* w, int n) {
  Sub<T> s;  // one result, returned without a copy
  switch (n) {
    case 1:
      offer_vertex<true>(w, 0, s);
      break;
    case 2:
      offer_segment<true>(w, 0, 1, s);
      break;
    case 3:
      offer_triangle<true>(w, 0, 1, 2, s);
      break;
    default:
      solve_tetrahedron(w, s);
  }
  return s;
}

}  // namespace touchstone::gjk::detail
