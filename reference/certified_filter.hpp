// The filtered predicates of the certified route (certified_proximity.cpp, certified_depth.cpp):
// interval arithmetic on the doubles first, Gmpzf only when an interval straddles zero.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "algorithms/geometry/pose.hpp"
#include "reference/exact_internal.hpp"

namespace touchstone::exact_detail::certified {

// ---- interval filter: round to nearest, then one ulp outward, so each bound is safe ----
struct Interval {
  double lo, hi;
};
constexpr double kInf = std::numeric_limits<double>::infinity();
inline double down(double x) { return std::nextafter(x, -kInf); }
inline double up(double x) { return std::nextafter(x, kInf); }
inline bool finite(const Interval& a) { return std::isfinite(a.lo) && std::isfinite(a.hi); }
constexpr Interval kWhole{-kInf, kInf};

inline Interval operator+(const Interval& a, const Interval& b) {
  if (!finite(a) || !finite(b)) return kWhole;
  return {down(a.lo + b.lo), up(a.hi + b.hi)};
}
inline Interval operator-(const Interval& a, const Interval& b) {
  if (!finite(a) || !finite(b)) return kWhole;
  return {down(a.lo - b.hi), up(a.hi - b.lo)};
}
inline Interval operator*(const Interval& a, const Interval& b) {
  if (!finite(a) || !finite(b)) return kWhole;
  const double p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
  return {down(std::min({p[0], p[1], p[2], p[3]})), up(std::max({p[0], p[1], p[2], p[3]}))};
}
// +1 / −1 when the interval proves the sign, 0 when it cannot.
inline int sign_of(const Interval& a) { return a.lo > 0 ? 1 : a.hi < 0 ? -1 : 0; }

// Top binary exponent of x (|x| < 2^e), 0 for zero.
inline long top_exponent(const NT& x) { return x.is_zero() ? 0 : x.to_interval_exp().second; }

// An interval holding x · 2^−shift.
inline Interval scaled(const NT& x, long shift) {
  if (x.is_zero()) return {0.0, 0.0};
  const auto [lu, k] = x.to_interval_exp();
  const int e = static_cast<int>(std::clamp(k - shift, -4000L, 4000L));
  return {down(std::ldexp(lu.first, e)), up(std::ldexp(lu.second, e))};
}

using Interval3 = std::array<Interval, 3>;

inline Interval3 world_interval(const Pose& pose, const Vec3& v) {
  Interval3 out;
  for (int row = 0; row < 3; ++row) {
    Interval s{pose.translation[row], pose.translation[row]};
    for (int j = 0; j < 3; ++j)
      s = s + Interval{pose.rotation(row, j), pose.rotation(row, j)} * Interval{v[j], v[j]};
    out[row] = s;
  }
  return out;
}

struct Shape {
  std::span<const Vec3> local;
  const Pose* pose;
  const char* name;
  std::vector<Vec3> world;  // rounded, for the floating-point GJK
  std::vector<Interval3> world_i;
  // Exact world points, each computed on first use: a certificate needs few of them, several
  // times (exact_world_points converts the whole pose on each call).
  mutable std::vector<std::optional<XPoint>> exact;
  const XPoint& exact_point(std::size_t i) const {
    if (!exact[i]) exact[i] = exact_world_points(local.subspan(i, 1), *pose, name)[0];
    return *exact[i];
  }
};

inline Shape make_shape(std::span<const Vec3> local, const Pose& pose, const char* name) {
  Shape s{local, &pose, name, {}, {}, std::vector<std::optional<XPoint>>(local.size())};
  s.world.reserve(local.size());
  s.world_i.reserve(local.size());
  for (const Vec3& v : local) {
    s.world.push_back(pose.apply(v));
    s.world_i.push_back(world_interval(pose, v));
  }
  return s;
}

// A plane test  sign(den · (n·x) − offset)  over every vertex of a shape, offset = n·(den · p).
struct PlaneTest {
  XPoint n;
  NT den, offset;
  Interval3 n_i;
  Interval den_i, offset_i;

  PlaneTest(const XPoint& normal, const NT& d, const NT& off) : n(normal), den(d), offset(off) {
    const long sn = std::max({top_exponent(n.x), top_exponent(n.y), top_exponent(n.z)});
    const long sd = top_exponent(den);
    n_i = {scaled(n.x, sn), scaled(n.y, sn), scaled(n.z, sn)};
    den_i = scaled(den, sd);
    offset_i = scaled(offset, sn + sd);
  }
  // The sign at vertex i of shape s.
  int sign(const Shape& s, std::size_t i) const {
    const Interval3& x_i = s.world_i[i];
    const Interval v = den_i * (n_i[0] * x_i[0] + n_i[1] * x_i[1] + n_i[2] * x_i[2]) - offset_i;
    const int filtered = sign_of(v);
    if (filtered != 0) return filtered;
    return (den * dot(n, s.exact_point(i)) - offset).sign();
  }
};

// Signs of a plane test over a shape: which signs occurred (bit 0: −, bit 1: 0, bit 2: +). Stops
// early once both strict signs were seen (the caller rejects mixed sides).
inline int side_mask(const PlaneTest& t, const Shape& s) {
  int mask = 0;
  for (std::size_t i = 0; i < s.local.size() && (mask & 5) != 5; ++i)
    mask |= 1 << (t.sign(s, i) + 1);
  return mask;
}

// A vertex of `s` strictly on side `bad` (−1 or +1) of the plane test, the farthest by the
// filter's estimate; −1 when none is.
inline int worst_violator(const PlaneTest& t, const Shape& s, int bad) {
  int worst = -1;
  double worst_value = 0;
  const Vec3 n = approx(t.n);
  for (std::size_t i = 0; i < s.local.size(); ++i) {
    if (t.sign(s, i) != bad) continue;
    const double value = bad * s.world[i].dot(n);
    if (worst < 0 || value > worst_value) worst = static_cast<int>(i), worst_value = value;
  }
  return worst;
}

// A difference a − b of A − B named by its vertex indices; w is its rounded value.
struct SimplexVertex {
  Vec3 w;
  int ia, ib;
};

// The support of A − B in direction d over the rounded points (a proposal, never trusted).
inline SimplexVertex support_of_difference(const Shape& a, const Shape& b, const Vec3& d) {
  int ia = 0, ib = 0;
  double best_a = -kInf, best_b = kInf;
  for (int i = 0; i < static_cast<int>(a.world.size()); ++i)
    if (const double x = d.dot(a.world[i]); x > best_a) best_a = x, ia = i;
  for (int i = 0; i < static_cast<int>(b.world.size()); ++i)
    if (const double x = d.dot(b.world[i]); x < best_b) best_b = x, ib = i;
  return SimplexVertex{a.world[ia] - b.world[ib], ia, ib};
}

// Both shapes, after checking the input (bad input throws as the full route does).
inline std::pair<Shape, Shape> make_shapes(std::span<const Vec3> vertices_a, const Pose& pose_a,
                                           std::span<const Vec3> vertices_b, const Pose& pose_b) {
  const auto validate = [](std::span<const Vec3> vs, const Pose& pose, const char* name) {
    bool ok = !vs.empty() && pose.rotation.allFinite() && pose.translation.allFinite();
    for (const Vec3& v : vs) ok = ok && v.allFinite();
    if (!ok) exact_world_points(vs, pose, name);  // throws, naming the shape and the entry
  };
  validate(vertices_a, pose_a, "A");
  validate(vertices_b, pose_b, "B");
  return {make_shape(vertices_a, pose_a, "A"), make_shape(vertices_b, pose_b, "B")};
}

}  // namespace touchstone::exact_detail::certified
