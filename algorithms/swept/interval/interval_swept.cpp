// interval-swept: a certified conservative swept test (our entrant; DESIGN §3.2b). It decides the
// same condition as the exact reference (reference/exact_swept.hpp) over intervals of time, in
// floating point rounded outwards, and answers "collides" whenever it cannot prove otherwise.
//
// The primitives meet at t iff f(t) = det(p1 − p0, p2 − p0, p3 − p0) = 0 and the static closed
// test holds at t (point in triangle or segments meeting, in each of the three coordinate
// projections: signs of orientation and dot-product polynomials of degree 2 in t). Per query the
// polynomials' coefficients are enclosed once in intervals (every operation rounded outwards by
// one ulp, so each interval holds the exact coefficient); over a time interval T their ranges are
// enclosed by Horner's rule in interval arithmetic. T holds no contact when f's range excludes 0,
// or when no choice of signs within the ranges satisfies the static test. Intervals are examined
// depth first, earlier half first; the first one that cannot be excluded at width ≤ tolerance is
// a hit at its start. Every earlier instant has been proved free of contact, so the answer is
// never later than the exact time of impact and no contact is missed; contacts missed by less
// than the ranges' overestimation come back as (false) hits.
//
// Under a rigid motion with rotation (docs/swept.md) a vertex is P(t) / W(t), P of degree ≤ 3 and
// W = 1 + t²|a|² > 0 its side's; every vertex is written over the common denominator
// W_0 W_1, and the determinant and the test's polynomials, homogeneous in the points'
// differences, keep their signs when the points are replaced by their numerators (degree ≤ 15).
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "algorithms/swept/swept.hpp"

namespace touchstone {

namespace {

constexpr double kInf = INFINITY;

struct Interval {
  double lo = 0, hi = 0;
};

inline double down(double x) { return std::nextafter(x, -kInf); }
inline double up(double x) { return std::nextafter(x, kInf); }
inline Interval point(double x) { return {x, x}; }

// a + b rounded down and up: the rounding error of the sum is exact (TwoSum), so a sum that is
// exact is not widened (exact zeros stay zero, and a zero cannot pass for either sign).
inline double sum_down(double a, double b) {
  const double s = a + b;
  if (!std::isfinite(s)) return s == kInf ? std::numeric_limits<double>::max() : s;
  const double bb = s - a, err = (a - (s - bb)) + (b - bb);
  return err < 0 ? down(s) : s;
}
inline double sum_up(double a, double b) {
  const double s = a + b;
  if (!std::isfinite(s)) return s == -kInf ? -std::numeric_limits<double>::max() : s;
  const double bb = s - a, err = (a - (s - bb)) + (b - bb);
  return err > 0 ? up(s) : s;
}
inline Interval operator+(Interval a, Interval b) {
  return {sum_down(a.lo, b.lo), sum_up(a.hi, b.hi)};
}
inline Interval operator-(Interval a, Interval b) {
  return {sum_down(a.lo, -b.hi), sum_up(a.hi, -b.lo)};
}
// Products: a product with an exact zero is exactly zero; the others are widened by one ulp.
inline Interval operator*(Interval a, Interval b) {
  if ((a.lo == 0 && a.hi == 0) || (b.lo == 0 && b.hi == 0)) return {0, 0};
  const double p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
  if (std::isnan(p[0] + p[1] + p[2] + p[3])) return {-kInf, kInf};  // 0 · ∞: anything
  double lo = p[0], hi = p[0];
  for (double x : p) {
    lo = std::fmin(lo, x);
    hi = std::fmax(hi, x);
  }
  return {down(lo), up(hi)};
}

// A polynomial in t with interval coefficients, lowest degree first, at most N − 1 (3 for linear
// motion, 15 for a rigid one: a fixed size keeps the per-pair set-up cheap).
template <int N>
struct IPoly {
  std::array<Interval, N> c{};
  int n = 0;  // number of coefficients
};

template <int N>
IPoly<N> operator-(const IPoly<N>& a, const IPoly<N>& b) {
  IPoly<N> r;
  r.n = std::max(a.n, b.n);
  for (int i = 0; i < r.n; ++i)
    r.c[i] = (i < a.n ? a.c[i] : point(0)) - (i < b.n ? b.c[i] : point(0));
  return r;
}
template <int N>
IPoly<N> operator+(const IPoly<N>& a, const IPoly<N>& b) {
  IPoly<N> r;
  r.n = std::max(a.n, b.n);
  for (int i = 0; i < r.n; ++i)
    r.c[i] = (i < a.n ? a.c[i] : point(0)) + (i < b.n ? b.c[i] : point(0));
  return r;
}
template <int N>
IPoly<N> operator*(const IPoly<N>& a, const IPoly<N>& b) {
  IPoly<N> r;
  r.n = a.n + b.n - 1;
  for (int i = 0; i < r.n; ++i) r.c[i] = point(0);
  for (int i = 0; i < a.n; ++i)
    for (int j = 0; j < b.n; ++j) r.c[i + j] = r.c[i + j] + a.c[i] * b.c[j];
  return r;
}

// The range of p over [lo, hi] ⊂ [0, 1] (Horner in interval arithmetic).
template <int N>
Interval range(const IPoly<N>& p, Interval t) {
  Interval r = p.c[p.n - 1];
  for (int i = p.n - 2; i >= 0; --i) r = r * t + p.c[i];
  return r;
}

// What signs a polynomial may take over an interval of time.
struct Signs {
  bool neg, zero, pos;
};
inline Signs signs(Interval r) {
  if (std::isnan(r.lo) || std::isnan(r.hi)) return {true, true, true};
  return {r.lo < 0, r.lo <= 0 && r.hi >= 0, r.hi > 0};
}

template <int N>
using PPoint = std::array<IPoly<N>, 3>;
constexpr int kLinear = 4, kRigid = 16;

// The vertices' numerators over the common denominator W_0(t) W_1(t) (see the top).
std::array<PPoint<kRigid>, 4> rigid_points(const SweptQuery& q) {
  const auto& m = *q.rigid;
  std::array<IPoly<kRigid>, 2> w;  // W_s(t) = 1 + t² |a_s|²
  std::array<Interval, 2> aa;
  for (int s = 0; s < 2; ++s) {
    aa[s] = point(0);
    for (int k = 0; k < 3; ++k) aa[s] = aa[s] + point(m.rotation[s][k]) * point(m.rotation[s][k]);
    w[s].n = aa[s].hi == 0 ? 1 : 3;  // no rotation: W = 1
    w[s].c[0] = point(1);
    w[s].c[1] = point(0);
    w[s].c[2] = aa[s];
  }
  std::array<PPoint<kRigid>, 4> p;
  for (int v = 0; v < 4; ++v) {
    const int s = swept_side(q.type, v);
    const auto& a = m.rotation[s];
    const auto& x = m.local[v];
    Interval ax = point(0);
    for (int k = 0; k < 3; ++k) ax = ax + point(a[k]) * point(x[k]);
    for (int k = 0; k < 3; ++k) {
      const int i = (k + 1) % 3, j = (k + 2) % 3;
      const Interval cross = point(a[i]) * point(x[j]) - point(a[j]) * point(x[i]);
      const Interval start = point(m.start[s][k]), d = point(m.end[s][k]) - start;
      // (1 − t²aa) x + 2t a×x + 2t² (a·x) a + (1 + t²aa)(S + t D)
      IPoly<kRigid> poly;
      poly.n = 4;
      poly.c[0] = point(x[k]) + start;
      poly.c[1] = point(2) * cross + d;
      poly.c[2] = point(2) * ax * point(a[k]) - aa[s] * point(x[k]) + aa[s] * start;
      poly.c[3] = aa[s] * d;
      p[v][k] = poly * w[1 - s];
    }
  }
  return p;
}

template <int N>
IPoly<N> orient2(const PPoint<N>& a, const PPoint<N>& b, const PPoint<N>& c, int i, int j) {
  return (b[i] - a[i]) * (c[j] - a[j]) - (b[j] - a[j]) * (c[i] - a[i]);
}
template <int N>
IPoly<N> dot2(const PPoint<N>& p, const PPoint<N>& a, const PPoint<N>& b, int i, int j) {
  return (a[i] - p[i]) * (b[i] - p[i]) + (a[j] - p[j]) * (b[j] - p[j]);
}

template <int N>
class Query {
 public:
  explicit Query(const SweptQuery& q) : type_(q.type) {
    std::array<PPoint<N>, 4> p;
    if constexpr (N == kRigid) {
      p = rigid_points(q);
    } else {
      for (int v = 0; v < 4; ++v)
        for (int k = 0; k < 3; ++k) {
          p[v][k].n = 2;
          p[v][k].c[0] = point(q.points[v][k]);
          p[v][k].c[1] = point(q.points[v + 4][k]) - point(q.points[v][k]);
        }
    }
    std::array<PPoint<N>, 3> e;
    for (int v = 0; v < 3; ++v)
      for (int k = 0; k < 3; ++k) e[v][k] = p[v + 1][k] - p[0][k];
    f_.n = 1;
    f_.c[0] = point(0);
    for (int k = 0; k < 3; ++k) {
      const int i = (k + 1) % 3, j = (k + 2) % 3;
      f_ = f_ + e[0][k] * (e[1][i] * e[2][j] - e[1][j] * e[2][i]);
    }
    for (int k = 0; k < 3; ++k) {
      const int i = (k + 1) % 3, j = (k + 2) % 3;
      if (type_ == SweptType::vertex_face) {
        const auto &v = p[0], &a = p[1], &b = p[2], &c = p[3];
        for (const IPoly<N>& g : {orient2(a, b, c, i, j), orient2(a, b, v, i, j),
                                  orient2(b, c, v, i, j), orient2(c, a, v, i, j),
                                  dot2(v, a, b, i, j), dot2(v, b, c, i, j), dot2(v, c, a, i, j)})
          polys_.push_back(g);
      } else {
        const auto &a0 = p[0], &a1 = p[1], &b0 = p[2], &b1 = p[3];
        for (const IPoly<N>& g :
             {orient2(a0, a1, b0, i, j), orient2(a0, a1, b1, i, j), orient2(b0, b1, a0, i, j),
              orient2(b0, b1, a1, i, j), dot2(b0, a0, a1, i, j), dot2(b1, a0, a1, i, j),
              dot2(a0, b0, b1, i, j), dot2(a1, b0, b1, i, j)})
          polys_.push_back(g);
      }
    }
  }

  // False only when no instant of t can be a contact.
  bool possible(Interval t) const {
    const Signs fs = signs(range(f_, t));
    if (!fs.zero) return false;
    const std::size_t per = type_ == SweptType::vertex_face ? 7 : 8;
    for (int k = 0; k < 3; ++k) {
      Signs s[8];
      for (std::size_t n = 0; n < per; ++n) s[n] = signs(range(polys_[k * per + n], t));
      bool may;
      if (type_ == SweptType::vertex_face) {
        const bool nonneg =
            (s[1].pos || s[1].zero) && (s[2].pos || s[2].zero) && (s[3].pos || s[3].zero);
        const bool nonpos =
            (s[1].neg || s[1].zero) && (s[2].neg || s[2].zero) && (s[3].neg || s[3].zero);
        may = (s[0].pos && nonneg) || (s[0].neg && nonpos) ||
              (s[0].zero &&
               ((s[1].zero && (s[4].neg || s[4].zero)) || (s[2].zero && (s[5].neg || s[5].zero)) ||
                (s[3].zero && (s[6].neg || s[6].zero))));
      } else {
        auto opposite = [](Signs x, Signs y) { return (x.neg && y.pos) || (x.pos && y.neg); };
        may = (opposite(s[0], s[1]) && opposite(s[2], s[3])) ||
              (s[0].zero && (s[4].neg || s[4].zero)) || (s[1].zero && (s[5].neg || s[5].zero)) ||
              (s[2].zero && (s[6].neg || s[6].zero)) || (s[3].zero && (s[7].neg || s[7].zero));
      }
      if (!may) return false;
    }
    return true;
  }

 private:
  SweptType type_;
  IPoly<N> f_;
  std::vector<IPoly<N>> polys_;
};

// Depth-first bisection of [0, 1], earlier half first (see the top).
template <int N>
SweptAnswer bisect(const Query<N>& q, const IntervalParameters& parameters) {
  SweptAnswer out;
  std::vector<Interval> open{{0, 1}};
  long examined = 0;
  while (!open.empty()) {
    const Interval t = open.back();
    open.pop_back();
    if (++examined > parameters.max_intervals) {  // give up on the side of caution
      out.collides = true;
      out.toi = t.lo;
      return out;
    }
    if (!q.possible(t)) continue;
    if (t.hi - t.lo <= parameters.tolerance) {
      out.collides = true;
      out.toi = t.lo;
      return out;
    }
    const double m = 0.5 * (t.lo + t.hi);
    open.push_back({m, t.hi});
    open.push_back({t.lo, m});  // the earlier half first
  }
  return out;
}

}  // namespace

SweptAnswer interval_swept(const SweptQuery& query, const IntervalParameters& parameters) {
  SweptAnswer out;
  bool finite = true;
  for (const auto& p : query.points) finite = finite && p.allFinite();
  if (query.rigid)
    for (int s = 0; s < 2; ++s)
      finite = finite && query.rigid->rotation[s].allFinite() &&
               query.rigid->start[s].allFinite() && query.rigid->end[s].allFinite();
  if (query.rigid)
    for (const auto& x : query.rigid->local) finite = finite && x.allFinite();
  if (!finite) {
    out.failed = true;
    out.reason = "non-finite coordinate";
    return out;
  }
  if (query.rigid) return bisect(Query<kRigid>(query), parameters);
  return bisect(Query<kLinear>(query), parameters);
}

}  // namespace touchstone
