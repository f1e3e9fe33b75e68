// Certified exact proximity (see certified_internal.hpp). No CGAL package: Gmpzf arithmetic only.
//
// Why a passing certificate gives the exact answer:
//  separated: v = p − q with p = Σλ_k a_k ∈ A, q = Σλ_k b_k ∈ B (λ ≥ 0, Σλ = 1, exact), v ≠ 0.
//    If v·a ≥ v·p for every vertex a of A and v·b ≤ v·q for every vertex b of B, then every
//    x = a − b of A − B has v·x ≥ v·(p − q) = |v|², so no point of A − B is closer to the origin
//    than v: dist(A, B)² = |v|² exactly, and p, q are a closest pair.
//  touching: the same construction gives v = 0 (a common point p = q) and the normal n of the
//    simplex's plane weakly separates the vertex sets (n·a ≥ n·p ≥ n·b) with at least one vertex
//    strictly off the plane: then the vertex centroids are strictly apart along n, which is the
//    feasibility of the separating-plane LP of exact_relation.cpp, i.e. interiors disjoint.
//  penetrating: the origin has strictly positive exact barycentric coordinates in a tetrahedron of
//    differences a_k − b_k, so it lies in the interior of A − B, whose relative interior is
//    ri A − ri B (Rockafellar, Convex Analysis, Cor. 6.6.2): the interiors overlap.
// The floating-point GJK only proposes the simplex; nothing it computes is trusted.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "reference/certified_filter.hpp"
#include "reference/certified_internal.hpp"

namespace touchstone::exact_detail {
namespace {

using namespace certified;

// ---- floating-point GJK over the rounded world points: proposes a simplex, proves nothing ----

// The point of conv(s[mask]) nearest the origin if it is the projection onto the affine hull with
// all barycentric coordinates positive; false otherwise.
bool project(const std::vector<SimplexVertex>& s, unsigned mask, Vec3& v) {
  int idx[4] = {0, 0, 0, 0}, k = 0;
  for (int i = 0; i < static_cast<int>(s.size()); ++i)
    if (mask & (1u << i)) idx[k++] = i;
  const Vec3& w0 = s[idx[0]].w;
  if (k == 1) {
    v = w0;
    return true;
  }
  // At most 3 × 3: fixed capacity, no heap allocation.
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 3, 3> g(k - 1, k - 1);
  Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 3, 1> r(k - 1);
  for (int i = 1; i < k; ++i) {
    const Vec3 ei = s[idx[i]].w - w0;
    r[i - 1] = -ei.dot(w0);
    for (int j = 1; j < k; ++j) g(i - 1, j - 1) = ei.dot(s[idx[j]].w - w0);
  }
  const auto lu = g.fullPivLu();
  if (lu.rank() < k - 1) return false;
  const Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 3, 1> mu = lu.solve(r);
  double lambda0 = 1.0;
  v = w0;
  for (int i = 1; i < k; ++i) {
    if (!(mu[i - 1] > 0)) return false;
    lambda0 -= mu[i - 1];
    v += mu[i - 1] * (s[idx[i]].w - w0);
  }
  return lambda0 > 0 && v.allFinite();
}

struct GjkProposal {
  std::vector<SimplexVertex> simplex;
  bool overlap = false;
  Vec3 v = Vec3::Zero();  // the last non-zero point of A − B nearest the origin (a direction)
};

GjkProposal float_gjk(const Shape& a, const Shape& b) {
  const auto support = [&](const Vec3& d) { return support_of_difference(a, b, d); };
  GjkProposal out;
  out.simplex = {support(Vec3(1, 0, 0))};
  Vec3 v = out.simplex[0].w;
  out.v = v;
  double scale_sq = v.squaredNorm();
  const int cap = 64 + static_cast<int>(a.world.size() + b.world.size());
  for (int iter = 0; iter < cap; ++iter) {
    const double vv = v.squaredNorm();
    // At the origin, or within rounding of it: the pair meets (penetrating or touching).
    if (!(vv > 1e-26 * scale_sq)) {
      out.overlap = true;
      break;
    }
    const SimplexVertex s = support(-v);
    scale_sq = std::max(scale_sq, s.w.squaredNorm());
    if (vv - v.dot(s.w) <= 1e-14 * vv) break;
    const bool seen =
        std::any_of(out.simplex.begin(), out.simplex.end(),
                    [&](const SimplexVertex& x) { return x.ia == s.ia && x.ib == s.ib; });
    if (seen) break;
    out.simplex.push_back(s);
    const unsigned full = (1u << out.simplex.size()) - 1;
    double best = kInf;
    unsigned best_mask = 0;
    Vec3 best_v = v;
    for (unsigned mask = 1; mask <= full; ++mask) {
      Vec3 p;
      if (project(out.simplex, mask, p) && p.squaredNorm() < best) {
        best = p.squaredNorm();
        best_mask = mask;
        best_v = p;
      }
    }
    if (best_mask == 0) break;
    std::vector<SimplexVertex> kept;
    for (std::size_t i = 0; i < out.simplex.size(); ++i)
      if (best_mask & (1u << i)) kept.push_back(out.simplex[i]);
    out.simplex = std::move(kept);
    if (out.simplex.size() == 4) {
      out.overlap = true;
      break;
    }
    if (!(best < vv)) break;  // no progress: the proposal is as good as doubles make it
    v = best_v;
    if (v.squaredNorm() > 0) out.v = v;
  }
  return out;
}

// ---- exact construction and certificates ----
struct ExactSimplex {
  std::vector<XPoint> a, b;  // the simplex's vertices of A and B, exact world points
  std::array<NT, 4> lambda;  // barycentric coordinates times den
  NT den;
  XPoint pa, qb;  // Σ lambda_k a_k, Σ lambda_k b_k (the points times den)
};

NT det3(const NT m[3][3]) {
  return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
         m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
         m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

// Exact projection of the origin onto the affine hull of the differences; false when degenerate
// or when a barycentric coordinate is negative (the point would not lie in A − B).
bool exact_projection(ExactSimplex& x) {
  const std::size_t k = x.a.size();
  std::vector<XPoint> w;
  for (std::size_t i = 0; i < k; ++i) w.push_back(x.a[i] - x.b[i]);
  if (k == 1) {
    x.den = NT(1);
    x.lambda[0] = NT(1);
  } else {
    const std::size_t m = k - 1;
    XPoint e[3];
    NT g[3][3], r[3];
    for (std::size_t i = 0; i < m; ++i) e[i] = w[i + 1] - w[0];
    for (std::size_t i = 0; i < m; ++i) {
      r[i] = -dot(e[i], w[0]);
      for (std::size_t j = i; j < m; ++j) g[j][i] = g[i][j] = dot(e[i], e[j]);
    }
    // Cramer's rule on the m × m Gram system (den = its determinant, λ = the numerators).
    if (m == 1) {
      x.den = g[0][0];
      x.lambda[1] = r[0];
    } else if (m == 2) {
      x.den = g[0][0] * g[1][1] - g[0][1] * g[1][0];
      x.lambda[1] = r[0] * g[1][1] - g[0][1] * r[1];
      x.lambda[2] = g[0][0] * r[1] - r[0] * g[1][0];
    } else {
      x.den = det3(g);
      for (std::size_t c = 0; c < 3; ++c) {
        NT gc[3][3];
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 3; ++j) gc[i][j] = static_cast<std::size_t>(j) == c ? r[i] : g[i][j];
        x.lambda[c + 1] = det3(gc);
      }
    }
    if (x.den.sign() != CGAL::POSITIVE) return false;  // Gram matrix is PSD: 0 means degenerate
    NT rest = x.den;
    for (std::size_t c = 1; c <= m; ++c) rest = rest - x.lambda[c];
    x.lambda[0] = rest;
  }
  x.pa = x.qb = {NT(0), NT(0), NT(0)};
  for (std::size_t i = 0; i < k; ++i) {
    if (x.lambda[i].sign() == CGAL::NEGATIVE) return false;
    const NT& l = x.lambda[i];
    x.pa = {x.pa.x + l * x.a[i].x, x.pa.y + l * x.a[i].y, x.pa.z + l * x.a[i].z};
    x.qb = {x.qb.x + l * x.b[i].x, x.qb.y + l * x.b[i].y, x.qb.z + l * x.b[i].z};
  }
  return true;
}

CertifiedAnswer answer(const ExactSimplex& x, const std::vector<SimplexVertex>& simplex,
                       CertifiedAnswer::Kind kind, const char* how) {
  CertifiedAnswer r;
  r.kind = kind;
  r.pa = {x.pa.x, x.pa.y, x.pa.z};
  r.qb = {x.qb.x, x.qb.y, x.qb.z};
  r.den = x.den;
  r.how = how;
  for (const SimplexVertex& v : simplex) r.pairs.push_back({v.ia, v.ib});
  return r;
}

// Where a separation certificate failed: a vertex of A below the plane through p, a vertex of B
// above the one through q (−1 for a side that held).
struct Violators {
  int a = -1, b = -1;
  Vec3 v = Vec3::Zero();  // the simplex's exact closest point p − q (times den), rounded
};

// The exact simplex of a candidate: its vertices in exact world coordinates and the exact
// projection of the origin onto the affine hull of their differences; nullopt when that is
// degenerate or falls outside the simplex.
std::optional<ExactSimplex> exact_candidate(const Shape& sa, const Shape& sb,
                                            const std::vector<SimplexVertex>& simplex) {
  ExactSimplex x;
  for (const SimplexVertex& s : simplex) {
    x.a.push_back(sa.exact_point(static_cast<std::size_t>(s.ia)));
    x.b.push_back(sb.exact_point(static_cast<std::size_t>(s.ib)));
  }
  if (!exact_projection(x)) return std::nullopt;
  return x;
}

// The separation certificate of an exact simplex whose point v = p − q is not zero. With
// `violators`, a failure says which vertices broke it.
std::optional<CertifiedAnswer> certify_separation(const Shape& sa, const Shape& sb,
                                                  const ExactSimplex& x,
                                                  const std::vector<SimplexVertex>& simplex,
                                                  Violators* violators) {
  if (simplex.size() == 4) return std::nullopt;  // four points span 3D: v is never off zero
  const XPoint v = x.pa - x.qb;
  const PlaneTest ta(v, x.den, dot(v, x.pa)), tb(v, x.den, dot(v, x.qb));
  const bool a_holds = !(side_mask(ta, sa) & 1);             // no vertex of A below v·p
  const bool b_holds = a_holds && !(side_mask(tb, sb) & 4);  // none of B above v·q
  if (a_holds && b_holds) return answer(x, simplex, CertifiedAnswer::Kind::separated, "separation");
  if (violators) *violators = {worst_violator(ta, sa, -1), worst_violator(tb, sb, 1), approx(v)};
  return std::nullopt;
}

// The certificates for one candidate simplex (a subset of the proposal).
std::optional<CertifiedAnswer> certify_simplex(const Shape& sa, const Shape& sb,
                                               const std::vector<SimplexVertex>& simplex,
                                               const Vec3* u, bool distance_only) {
  const std::optional<ExactSimplex> candidate = exact_candidate(sa, sb, simplex);
  if (!candidate) return std::nullopt;
  const ExactSimplex& x = *candidate;
  const XPoint v = x.pa - x.qb;
  if (distance_only && is_zero(v))
    return answer(x, simplex, CertifiedAnswer::Kind::common_point, "common_point");
  if (!is_zero(v)) return certify_separation(sa, sb, x, simplex, nullptr);
  if (simplex.size() == 4) {
    const bool interior = std::all_of(x.lambda.begin(), x.lambda.end(),
                                      [](const NT& l) { return l.sign() == CGAL::POSITIVE; });
    if (interior)
      return answer(x, simplex, CertifiedAnswer::Kind::penetrating, "interior_tetrahedron");
    return std::nullopt;
  }
  // A common point: touching if some plane through it weakly separates the vertex sets with a
  // vertex strictly off it. Candidate normals: the simplex's plane, and the proposal's direction u
  // made exactly orthogonal to the span of the simplex's differences.
  std::vector<XPoint> w;
  for (std::size_t i = 0; i < x.a.size(); ++i) w.push_back(x.a[i] - x.b[i]);
  std::vector<XPoint> normals;
  if (w.size() == 3) normals.push_back(cross(w[1] - w[0], w[2] - w[0]));
  if (u && u->allFinite() && u->squaredNorm() > 0) {
    const XPoint ux{NT(u->x()), NT(u->y()), NT(u->z())};
    // A direction spanned by the differences (the longest from w[0]), if any.
    std::optional<XPoint> e;
    for (std::size_t i = 1; i < w.size(); ++i)
      if (!is_zero(w[i] - w[0])) e = w[i] - w[0];
    if (!e)
      normals.push_back(ux);
    else if (w.size() == 2)
      normals.push_back(cross(*e, cross(ux, *e)));
  }
  for (const XPoint& n : normals) {
    if (is_zero(n)) continue;
    const PlaneTest t(n, x.den, dot(n, x.pa));
    const int ma = side_mask(t, sa), mb = side_mask(t, sb);
    // A on one closed side, B on the other, and not every vertex on the plane.
    const bool a_up = !(ma & 1) && !(mb & 4), a_down = !(ma & 4) && !(mb & 1);
    const bool strict = ((ma | mb) & 5) != 0;
    if ((a_up || a_down) && strict)
      return answer(x, simplex, CertifiedAnswer::Kind::touching, "touching_plane");
  }
  return std::nullopt;
}

// Tries the proposal's simplex and its faces, largest first, at most `cap` of them.
std::optional<CertifiedAnswer> certify_proposal(const Shape& sa, const Shape& sb,
                                                const GjkProposal& proposal, int cap,
                                                bool distance_only = false) {
  const std::size_t k = proposal.simplex.size();
  std::vector<unsigned> masks;
  for (unsigned mask = (1u << k) - 1; mask >= 1; --mask) masks.push_back(mask);
  std::stable_sort(masks.begin(), masks.end(),
                   [](unsigned x, unsigned y) { return std::popcount(x) > std::popcount(y); });
  const Vec3* u = proposal.v.squaredNorm() > 0 ? &proposal.v : nullptr;
  int attempts = 0;
  for (unsigned mask : masks) {
    if (++attempts > cap) break;  // each attempt may scan both shapes
    std::vector<SimplexVertex> subset;
    for (std::size_t i = 0; i < k; ++i)
      if (mask & (1u << i)) subset.push_back(proposal.simplex[i]);
    if (auto r = certify_simplex(sa, sb, subset, u, distance_only)) return r;
  }
  return std::nullopt;
}

using Candidate = std::pair<ExactSimplex, std::vector<SimplexVertex>>;

// The exact point of conv(simplex) nearest the origin, with the subset whose projection it is:
// the whole simplex when its projection is valid, else the nearest valid projection among the
// subsets (those holding the newest vertex only, when asked, as in GJK). nullopt when none is
// valid or the point is the origin (a common point: nothing to separate).
std::optional<Candidate> nearest_candidate(const Shape& sa, const Shape& sb,
                                           const std::vector<SimplexVertex>& simplex,
                                           bool with_newest) {
  std::optional<Candidate> nearest;
  if (std::optional<ExactSimplex> whole = exact_candidate(sa, sb, simplex)) {
    nearest = {std::move(*whole), simplex};
  } else {
    const unsigned full = (1u << simplex.size()) - 1, newest = 1u << (simplex.size() - 1);
    NT nearest_num, nearest_den;  // |v|² = num / den
    for (unsigned mask = 1; mask < full; ++mask) {
      if (with_newest && !(mask & newest)) continue;
      std::vector<SimplexVertex> subset;
      for (std::size_t i = 0; i < simplex.size(); ++i)
        if (mask & (1u << i)) subset.push_back(simplex[i]);
      std::optional<ExactSimplex> x = exact_candidate(sa, sb, subset);
      if (!x) continue;
      const XPoint v = x->pa - x->qb;
      NT num = dot(v, v), den = x->den * x->den;
      if (nearest && !(num * nearest_den < nearest_num * den)) continue;
      nearest = {std::move(*x), std::move(subset)};
      nearest_num = std::move(num);
      nearest_den = std::move(den);
    }
  }
  if (nearest && is_zero(nearest->first.pa - nearest->first.qb)) return std::nullopt;
  return nearest;
}

// Exact GJK after the floating-point proposal, for separated pairs. The proposal's certificate
// fails at near-ties the doubles cannot order (a robustness trial's critical pose: two feature
// pairs' distances differ by ~1e-20, and the proposal names the farther). Each round takes the
// exact point of conv(simplex) nearest the origin, tests its plane exactly, and adds the pair of
// worst violators (a vertex of A below it, one of B above it; the other shape's floating-point
// support when only one side broke): GJK's iteration with the support chosen by exact plane
// tests. At most `rounds` rounds; nullopt when none proves.
std::optional<CertifiedAnswer> refine_separation(const Shape& sa, const Shape& sb,
                                                 std::vector<SimplexVertex> simplex, int rounds) {
  for (int round = 0; round < rounds; ++round) {
    std::optional<Candidate> nearest = nearest_candidate(sa, sb, simplex, round > 0);
    if (!nearest) return std::nullopt;
    auto& [x, subset] = *nearest;
    Violators violators;
    if (auto r = certify_separation(sa, sb, x, subset, &violators)) return r;
    if (subset.size() >= 4) return std::nullopt;  // four points: no plane was tested
    const SimplexVertex support = support_of_difference(sa, sb, -violators.v);
    const int ia = violators.a >= 0 ? violators.a : support.ia;
    const int ib = violators.b >= 0 ? violators.b : support.ib;
    const bool seen = std::any_of(subset.begin(), subset.end(),
                                  [&](const SimplexVertex& w) { return w.ia == ia && w.ib == ib; });
    if (seen) return std::nullopt;  // no progress: the doubles' support misled it
    subset.push_back({sa.world[ia] - sb.world[ib], ia, ib});
    simplex = std::move(subset);
  }
  return std::nullopt;
}

}  // namespace

std::optional<CertifiedAnswer> certify_distance(std::span<const Vec3> vertices_a,
                                                const Pose& pose_a,
                                                std::span<const Vec3> vertices_b,
                                                const Pose& pose_b) {
  const auto [sa, sb] = make_shapes(vertices_a, pose_a, vertices_b, pose_b);
  const GjkProposal proposal = float_gjk(sa, sb);
  // The verifier's witness points lie on their shape's boundary up to rounding, where the
  // floating-point GJK calls them in contact: a point a rounding outside an edge is proved by the
  // exact steps, one a rounding inside by a tetrahedron holding it, so few checks fall back to
  // the QP.
  if (auto r = refine_separation(sa, sb, proposal.simplex, 4)) return r;
  if (auto r = certify_proposal(sa, sb, proposal, 8, true)) return r;
  if (auto r = certify_interior(sa, sb)) return r;
  return certify_interior_near_point(sa, sb);
}

std::optional<CertifiedAnswer> certify_proximity(std::span<const Vec3> vertices_a,
                                                 const Pose& pose_a,
                                                 std::span<const Vec3> vertices_b,
                                                 const Pose& pose_b) {
  // Bad input throws as in the full route, before any floating-point work.
  const auto [sa, sb] = make_shapes(vertices_a, pose_a, vertices_b, pose_b);
  const GjkProposal first = float_gjk(sa, sb);
  // A separation can only be proved at the exact nearest point of the proposal's hull, which the
  // refinement's first round tests; the other certificates follow.
  if (!first.overlap)
    if (auto r = refine_separation(sa, sb, first.simplex, 4)) return r;
  if (auto r = certify_proposal(sa, sb, first, 8)) return r;
  // GJK can reach the origin exactly on a triangle, segment or point of a penetrating pair, or
  // stop just short of it: look for a combination around it among the supports in 14 directions
  // (cheap when the origin is outside: the floating-point coordinates reject every tetrahedron).
  if (auto r = certify_interior(sa, sb)) return r;
  // Touching pairs often defeat the first proposal (a difference is exactly 0, or rounding put
  // the origin inside a tetrahedron). Pull B off along the centroids' difference — a touching
  // pair's separating normal has a positive component along it (exact_relation.cpp) — so GJK
  // approaches the contact from outside and names the contact features and a normal estimate;
  // the certificate is then checked on the unmoved shapes.
  Vec3 ca = Vec3::Zero(), cb = Vec3::Zero(), lo = sa.world[0], hi = sa.world[0];
  for (const Vec3& p : sa.world) ca += p, lo = lo.cwiseMin(p), hi = hi.cwiseMax(p);
  for (const Vec3& p : sb.world) cb += p, lo = lo.cwiseMin(p), hi = hi.cwiseMax(p);
  const Vec3 dir =
      (cb / static_cast<double>(sb.world.size()) - ca / static_cast<double>(sa.world.size()))
          .normalized();
  if (!dir.allFinite()) return certify_interior_near_point(sa, sb);
  Shape moved = sb;
  for (Vec3& p : moved.world) p += 1e-7 * (hi - lo).norm() * dir;
  const GjkProposal pulled = float_gjk(sa, moved);
  if (pulled.overlap) return certify_interior_near_point(sa, sb);
  if (auto r = certify_proposal(sa, sb, pulled, 4)) return r;
  // A shallow penetration (depth far below the pull): the pulled GJK ends on the facet of A − B
  // nearest the origin, which then lies just behind it; with the point of A − B deepest behind
  // the facet (the support along v, as A − B lies on v's side of the moved facet) it makes a
  // tetrahedron that holds the origin strictly inside when the origin projects into the facet.
  if (pulled.simplex.size() == 3 && pulled.v.squaredNorm() > 0) {
    std::vector<SimplexVertex> tetrahedron = pulled.simplex;
    tetrahedron.push_back(support_of_difference(sa, sb, pulled.v));
    if (auto r = certify_simplex(sa, sb, tetrahedron, nullptr, false)) return r;
  }
  // Last, a shallow penetration next to a difference point (certified_interior.cpp).
  return certify_interior_near_point(sa, sb);
}

}  // namespace touchstone::exact_detail

namespace touchstone::exact_detail {

std::optional<CertifiedAnswer> certify_candidate(std::span<const Vec3> vertices_a,
                                                 const Pose& pose_a,
                                                 std::span<const Vec3> vertices_b,
                                                 const Pose& pose_b,
                                                 const std::vector<std::array<int, 2>>& pairs) {
  if (pairs.empty() || pairs.size() > 4) return std::nullopt;
  const Shape sa = make_shape(vertices_a, pose_a, "A");
  const Shape sb = make_shape(vertices_b, pose_b, "B");
  std::vector<SimplexVertex> simplex;
  for (const auto& [ia, ib] : pairs) {
    const Vec3 w =
        sa.world.at(static_cast<std::size_t>(ia)) - sb.world.at(static_cast<std::size_t>(ib));
    simplex.push_back({w, ia, ib});
  }
  return certify_simplex(sa, sb, simplex, nullptr, false);
}

}  // namespace touchstone::exact_detail
