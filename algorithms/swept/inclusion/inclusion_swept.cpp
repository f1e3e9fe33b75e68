// inclusion-swept: a certified conservative swept test after the inclusion-based root finder of
// Wang, Ferguson, Schneider, Jiang, Attene, Panozzo (2021, §4), written from its description.
//
// The primitives meet at time t when F(t, u, v) = 0 for some (u, v) in the edge or triangle
// parameter domain: vertex-face F = v(t) − f0(t) − u (f1(t) − f0(t)) − v (f2(t) − f0(t)) with
// u, v ≥ 0, u + v ≤ 1; edge-edge F = a0(t) + u (a1(t) − a0(t)) − b0(t) − v (b1(t) − b0(t)) with
// u, v ∈ [0, 1]. F is multilinear in (t, u, v), so its range over a box is the hull of its eight
// corner values; each corner is evaluated in interval arithmetic rounded outwards (one ulp per
// operation), so the box's inclusion holds every exact value. A box whose inclusion excludes 0 in
// one coordinate holds no contact and is dropped; the others are split in their widest dimension.
// A box is accepted when all its widths are ≤ tolerance (or its inclusion lies within
// min_separation of 0); the smallest t.lo of an accepted box, once no box left unexamined starts
// earlier, is returned: never later than the exact earliest contact. Nothing is dropped without a
// proof, so there are no false negatives; near misses within the tolerance come back as (false)
// hits.
#include <algorithm>
#include <cmath>
#include <vector>

#include "algorithms/swept/swept.hpp"

namespace touchstone {

namespace {

constexpr double kInf = INFINITY;

struct Interval {
  double lo, hi;
};

inline double down(double x) { return std::nextafter(x, -kInf); }
inline double up(double x) { return std::nextafter(x, kInf); }

inline Interval operator+(Interval a, Interval b) { return {down(a.lo + b.lo), up(a.hi + b.hi)}; }
inline Interval operator-(Interval a, Interval b) { return {down(a.lo - b.hi), up(a.hi - b.lo)}; }
// An exact scalar times an interval.
inline Interval operator*(double s, Interval a) {
  const double x = s * a.lo, y = s * a.hi;
  return {down(std::min(x, y)), up(std::max(x, y))};
}

struct Box {
  Interval t, u, v;
  int depth;
};

class Inclusion {
 public:
  explicit Inclusion(const SweptQuery& q) : type_(q.type) {
    for (int i = 0; i < 4; ++i)
      for (int k = 0; k < 3; ++k) {
        x0_[i][k] = q.points[i][k];
        dx_[i][k] = Interval{q.points[i + 4][k], q.points[i + 4][k]} -
                    Interval{q.points[i][k], q.points[i][k]};
      }
  }

  // Per coordinate, the hull of F over the box's corners (outward rounded).
  void inclusion(const Box& b, Interval out[3]) const {
    for (int k = 0; k < 3; ++k) out[k] = {kInf, -kInf};
    for (double t : {b.t.lo, b.t.hi}) {
      Interval p[4][3];
      for (int i = 0; i < 4; ++i)
        for (int k = 0; k < 3; ++k) p[i][k] = Interval{x0_[i][k], x0_[i][k]} + t * dx_[i][k];
      for (double u : {b.u.lo, b.u.hi})
        for (double v : {b.v.lo, b.v.hi})
          for (int k = 0; k < 3; ++k) {
            Interval f;
            if (type_ == SweptType::vertex_face)
              f = p[0][k] - p[1][k] - u * (p[2][k] - p[1][k]) - v * (p[3][k] - p[1][k]);
            else
              f = p[0][k] + u * (p[1][k] - p[0][k]) - p[2][k] - v * (p[3][k] - p[2][k]);
            out[k].lo = std::min(out[k].lo, f.lo);
            out[k].hi = std::max(out[k].hi, f.hi);
          }
    }
  }

  SweptType type() const { return type_; }

 private:
  SweptType type_;
  double x0_[4][3];
  Interval dx_[4][3];
};

}  // namespace

SweptAnswer inclusion_swept(const SweptQuery& query, const InclusionParameters& parameters) {
  SweptAnswer out;
  for (const auto& p : query.points)
    if (!p.allFinite()) {
      out.failed = true;
      out.reason = "non-finite coordinate";
      return out;
    }
  const Inclusion f(query);
  // Depth first, earlier t first; once a box is accepted at t*, boxes starting at or after t*
  // cannot lower the answer and are dropped, and the others are split in t first (a breadth-first
  // order by t.lo would refine every box along a curve of contacts, 2^20 of them for a segment of
  // contacts at one time).
  std::vector<Box> open{{{0, 1}, {0, 1}, {0, 1}, 0}};
  const double tol = parameters.tolerance, ms = parameters.min_separation;
  double best = INFINITY;
  long boxes = 0;
  while (!open.empty()) {
    const Box b = open.back();
    open.pop_back();
    if (b.t.lo >= best) continue;
    if (++boxes > parameters.max_boxes) {  // give up on the side of caution
      for (const Box& o : open) best = std::min(best, o.t.lo);
      best = std::min(best, b.t.lo);
      break;
    }
    // The triangle's domain u + v ≤ 1 (a rounded sum > 1 means an exact one > 1).
    if (f.type() == SweptType::vertex_face && b.u.lo + b.v.lo > 1) continue;
    Interval r[3];
    f.inclusion(b, r);
    bool excluded = false, within = true;
    for (const auto& c : r) {
      excluded = excluded || c.lo > ms || c.hi < -ms;  // NaN never excludes
      within = within && c.lo >= -ms && c.hi <= ms;
    }
    if (excluded) continue;
    const double wt = b.t.hi - b.t.lo, wu = b.u.hi - b.u.lo, wv = b.v.hi - b.v.lo;
    if (within || (wt <= tol && wu <= tol && wv <= tol)) {
      best = b.t.lo;
      continue;
    }
    Box l = b, h = b;
    l.depth = h.depth = b.depth + 1;
    if ((wt >= wu && wt >= wv) || (std::isfinite(best) && wt > tol)) {
      const double m = 0.5 * (b.t.lo + b.t.hi);
      l.t.hi = h.t.lo = m;
    } else if (wu >= wv) {
      const double m = 0.5 * (b.u.lo + b.u.hi);
      l.u.hi = h.u.lo = m;
    } else {
      const double m = 0.5 * (b.v.lo + b.v.hi);
      l.v.hi = h.v.lo = m;
    }
    open.push_back(h);
    open.push_back(l);  // the earlier (or lower) half first
  }
  if (std::isfinite(best)) {
    out.collides = true;
    out.toi = best;
  }
  return out;
}

}  // namespace touchstone
