// A floating-point filter for the exact feature-pair comparisons (exact_features.cpp): values
// carried as double-doubles (about 106 bits) with a running bound on their distance from the
// exact value, so a sign is decided without GMP when the bound allows, and an uncertain sign
// throws `Undecided` for the caller to redo the computation in Gmpzf. The double-double sum and
// product are the accurate algorithms analysed by Joldes, Muller and Popescu (ACM TOMS 44(2),
// 2017: relative error below 3u² and 4u², u = 2⁻⁵³); the bound charges each 2⁻¹⁰⁰ (four times
// more), and every bound update is inflated by 1 + 2⁻²⁰ and adds 2⁻¹⁰⁰⁰, which absorbs the
// rounding of the bound's own arithmetic and any underflow. Overflow leaves a non-finite value
// or bound, which is undecided.
#pragma once

#include <cmath>

#include "algorithms/geometry/pose.hpp"

namespace touchstone::exact_detail {

// Thrown when the filter cannot decide a sign; the caller falls back to exact arithmetic.
struct Undecided {};

struct Dd {
  double hi = 0, lo = 0;  // value hi + lo, |lo| <= ulp(hi) / 2
  double err = 0;         // |exact − (hi + lo)| <= err

  static Dd exact(double x) { return {x, 0, 0}; }
};

namespace dd_detail {
constexpr double kRelative = 0x1p-100;  // per operation, times |result|
constexpr double kInflate = 1 + 0x1p-20;
constexpr double kAbsolute = 0x1p-1000;

inline Dd fast_two_sum(double a, double b) {  // |a| >= |b| or a == 0
  const double s = a + b;
  return {s, b - (s - a), 0};
}
inline Dd two_sum(double a, double b) {
  const double s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb), 0};
}
inline double bound(double propagated, double result_hi) {
  return (propagated + kRelative * std::fabs(result_hi)) * kInflate + kAbsolute;
}
}  // namespace dd_detail

inline Dd operator+(const Dd& a, const Dd& b) {
  using namespace dd_detail;
  Dd s = two_sum(a.hi, b.hi);
  const Dd t = two_sum(a.lo, b.lo);
  s = fast_two_sum(s.hi, s.lo + t.hi);
  s = fast_two_sum(s.hi, s.lo + t.lo);
  s.err = bound(a.err + b.err, s.hi);
  return s;
}
inline Dd operator-(const Dd& a) { return {-a.hi, -a.lo, a.err}; }
inline Dd operator-(const Dd& a, const Dd& b) { return a + (-b); }
inline Dd operator*(const Dd& a, const Dd& b) {
  using namespace dd_detail;
  const double ch = a.hi * b.hi, cl1 = std::fma(a.hi, b.hi, -ch);
  const double cl2 = std::fma(a.lo, b.hi, std::fma(a.hi, b.lo, a.lo * b.lo));
  Dd p = fast_two_sum(ch, cl1 + cl2);
  // |xy − ab| <= |a| eb + |b| ea + ea eb, with |a|, |b| the operands' doubles.
  const double ma = std::fabs(a.hi) * (1 + 0x1p-52), mb = std::fabs(b.hi) * (1 + 0x1p-52);
  p.err = bound(ma * b.err + mb * a.err + a.err * b.err, p.hi);
  return p;
}

// The exact product of two doubles (no bound to carry, short of underflow, which the absolute
// term of the next operation covers).
inline Dd exact_product(double a, double b) {
  const double p = a * b;
  return {p, std::fma(a, b, -p), 0};
}

// −1, 0 or +1 when the bound proves it; throws Undecided otherwise. A zero is proved only when
// the value carries no error at all.
inline int sign_of(const Dd& a) {
  if (!std::isfinite(a.hi) || !std::isfinite(a.err)) throw Undecided{};
  if (a.err == 0) return (a.hi > 0) - (a.hi < 0);
  if (std::fabs(a.hi) * (1 - 0x1p-50) > a.err) return a.hi > 0 ? 1 : -1;
  throw Undecided{};
}

struct DdPoint {
  Dd x, y, z;
};
inline DdPoint operator-(const DdPoint& a, const DdPoint& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
inline Dd dot(const DdPoint& a, const DdPoint& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline DdPoint cross(const DdPoint& a, const DdPoint& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

// R·v + t with a bound (the pose and vertex must be finite; the caller checks).
inline DdPoint dd_world_point(const Vec3& v, const Pose& pose) {
  Dd c[3];
  for (int row = 0; row < 3; ++row) {
    c[row] = Dd::exact(pose.translation[row]);
    for (int k = 0; k < 3; ++k) c[row] = c[row] + exact_product(pose.rotation(row, k), v[k]);
  }
  return {c[0], c[1], c[2]};
}

}  // namespace touchstone::exact_detail
