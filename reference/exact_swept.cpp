// Exact swept test of a vertex and a triangle or of two edges, linear trajectories over [0, 1]
// (seed 004 §2.3's queries, decided exactly; the method is in exact_swept.hpp).
#include "reference/exact_swept.hpp"

#include <stdexcept>

#include "reference/exact_polynomial_internal.hpp"

namespace touchstone {

using namespace exact_poly;

namespace {

Q parse_rational(const std::string& text, int row, int axis) {
  Q q;
  const auto slash = text.find('/');
  const bool ok = !text.empty() && q.set_str(text, 10) == 0;
  if (!ok || (slash != std::string::npos && sgn(q.get_den()) == 0))
    throw std::invalid_argument("exact swept: coordinate [" + std::to_string(row) + "][" +
                                std::to_string(axis) + "] is not a rational: '" + text + "'");
  q.canonicalize();
  return q;
}

// Orientation of (a, b, c) projected onto the coordinate plane (i, j).
Poly orient2(const PPoint& a, const PPoint& b, const PPoint& c, int i, int j) {
  return sub(mul(sub(b[i], a[i]), sub(c[j], a[j])), mul(sub(b[j], a[j]), sub(c[i], a[i])));
}
// (a − p)·(b − p) in the plane (i, j): ≤ 0 with p on line ab means p on the closed segment.
Poly dot2(const PPoint& p, const PPoint& a, const PPoint& b, int i, int j) {
  return add(mul(sub(a[i], p[i]), sub(b[i], p[i])), mul(sub(a[j], p[j]), sub(b[j], p[j])));
}

// The static closed test as signs of a fixed list of polynomials, three projections of seven
// (vertex-face) or eight (edge-edge) each: the four points being coplanar, they meet iff they meet
// in every coordinate projection (one of the three is injective on a plane holding them).
struct StaticTest {
  SweptType type;
  std::vector<Poly> polys;  // per projection, in the order read by holds()

  StaticTest(SweptType t, const std::array<PPoint, 4>& p) : type(t) {
    for (int k = 0; k < 3; ++k) {
      const int i = (k + 1) % 3, j = (k + 2) % 3;
      if (type == SweptType::vertex_face) {
        const auto &v = p[0], &a = p[1], &b = p[2], &c = p[3];
        for (const Poly& q : {orient2(a, b, c, i, j), orient2(a, b, v, i, j),
                              orient2(b, c, v, i, j), orient2(c, a, v, i, j), dot2(v, a, b, i, j),
                              dot2(v, b, c, i, j), dot2(v, c, a, i, j)})
          polys.push_back(q);
      } else {
        const auto &a0 = p[0], &a1 = p[1], &b0 = p[2], &b1 = p[3];
        for (const Poly& q :
             {orient2(a0, a1, b0, i, j), orient2(a0, a1, b1, i, j), orient2(b0, b1, a0, i, j),
              orient2(b0, b1, a1, i, j), dot2(b0, a0, a1, i, j), dot2(b1, a0, a1, i, j),
              dot2(a0, b0, b1, i, j), dot2(a1, b0, b1, i, j)})
          polys.push_back(q);
      }
    }
  }

  // Whether the test holds at the root (the points being coplanar there).
  bool holds(Root& r) const {
    const std::size_t per = type == SweptType::vertex_face ? 7 : 8;
    for (int k = 0; k < 3; ++k) {
      const Poly* q = &polys[k * per];
      auto s = [&](int n) { return sign_at_root(q[n], r); };
      bool in;
      if (type == SweptType::vertex_face) {
        const int o = s(0);
        if (o != 0) {
          in = s(1) != -o && s(2) != -o && s(3) != -o;
        } else {  // degenerate triangle: the point on one of its three sides
          in = (s(1) == 0 && s(4) <= 0) || (s(2) == 0 && s(5) <= 0) || (s(3) == 0 && s(6) <= 0);
        }
      } else {
        const int o1 = s(0), o2 = s(1), o3 = s(2), o4 = s(3);
        in = (o1 * o2 < 0 && o3 * o4 < 0) || (o1 == 0 && s(4) <= 0) || (o2 == 0 && s(5) <= 0) ||
             (o3 == 0 && s(6) <= 0) || (o4 == 0 && s(7) <= 0);
      }
      if (!in) return false;
    }
    return true;
  }
};

}  // namespace

ExactSweptQuery exact_swept_query(const SweptQuery& query) {
  ExactSweptQuery out;
  out.type = query.type;
  for (int r = 0; r < 8; ++r)
    for (int k = 0; k < 3; ++k) out.coordinates[r][k] = Q(query.points[r][k]).get_str();
  return out;
}

ExactSweptResult exact_swept(const ExactSweptQuery& query) {
  std::array<PPoint, 4> p;
  for (int v = 0; v < 4; ++v)
    for (int k = 0; k < 3; ++k) {
      const Q x0 = parse_rational(query.coordinates[v][k], v, k);
      const Q x1 = parse_rational(query.coordinates[v + 4][k], v + 4, k);
      p[v][k] = Poly{x0, x1 - x0};
      trim(p[v][k]);
    }
  return exact_swept_moving(static_cast<int>(query.type), p);
}

ExactSweptResult exact_swept_moving(int type, const std::array<PPoint, 4>& p) {
  // f(t) = det(p1 − p0, p2 − p0, p3 − p0).
  std::array<PPoint, 3> e;
  for (int v = 0; v < 3; ++v)
    for (int k = 0; k < 3; ++k) e[v][k] = sub(p[v + 1][k], p[0][k]);
  Poly f;
  for (int k = 0; k < 3; ++k) {
    const int i = (k + 1) % 3, j = (k + 2) % 3;
    f = add(f, mul(e[0][k], sub(mul(e[1][i], e[2][j]), mul(e[1][j], e[2][i]))));
  }
  const StaticTest test(static_cast<SweptType>(type), p);
  ExactSweptResult result;
  result.coplanar_throughout = f.empty();
  std::vector<Root> candidates;
  const Q zero(0), one(1);
  if (!f.empty()) {
    candidates = roots_in(f, zero, one);
  } else {
    // The contact set is closed: its earliest point is 0 or a root of a test polynomial.
    candidates.push_back({nullptr, zero, zero, true});
    for (const Poly& g : test.polys) {
      auto r = roots_in(g, zero, one);
      candidates.insert(candidates.end(), r.begin(), r.end());
    }
  }
  result.candidates = static_cast<int>(candidates.size());
  const Q relative(1, 1000000000000);  // 1e-12
  bool found = false;
  Q lo, hi;
  for (Root& r : candidates) {
    if (found && r.lo >= hi) continue;  // cannot be earlier than what is found
    if (!test.holds(r)) continue;
    refine_relative(r, relative);
    if (!found || r.lo < lo) lo = r.lo;
    if (!found || r.hi < hi) hi = r.hi;
    found = true;
  }
  if (found) {
    result.collides = true;
    result.toi_lo = lo.get_str();
    result.toi_hi = hi.get_str();
    result.toi_lo_double = round_down(lo);
    result.toi_hi_double = round_up(hi);
  }
  return result;
}

}  // namespace touchstone
