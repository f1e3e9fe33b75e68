// Certified penetration from the supports of A − B when GJK's own simplex does not prove it
// (certified_internal.hpp). The certificate: the origin written as Σ μ_i t_i + ε e, with t_i four
// differences spanning space, e one more (or none), every coefficient strictly positive and their
// sum 1. The origin is then in the relative interior of conv{t_i, e} (Rockafellar, Convex
// Analysis, Thm 6.9), which is full-dimensional, so in the interior of A − B: the interiors
// overlap. With ε = 0 this is a tetrahedron holding the origin strictly inside. The extra point is
// what proves symmetric or identical shapes, where the origin lies on a face or an edge of every
// tetrahedron of differences: a point beyond that face, with a small weight, pulls the combination
// inside. The floating-point barycentric coordinates only choose what to try.
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <vector>

#include "reference/certified_filter.hpp"
#include "reference/certified_internal.hpp"

namespace touchstone::exact_detail {
namespace {

using namespace certified;

NT det3(const XPoint& a, const XPoint& b, const XPoint& c) { return dot(a, cross(b, c)); }

// The 4 × 4 determinant of the columns (p_j, h_j), expanded along the last row.
NT det4(const std::array<XPoint, 4>& p, const std::array<NT, 4>& h) {
  NT total(0);
  for (int j = 0; j < 4; ++j) {
    if (h[j].is_zero()) continue;
    std::array<XPoint, 3> minor;
    for (int k = 0, col = 0; k < 4; ++k)
      if (k != j) minor[col++] = p[k];
    const NT term = h[j] * det3(minor[0], minor[1], minor[2]);
    total = j % 2 == 1 ? total + term : total - term;  // the cofactor's sign (−1)^(3+j)
  }
  return total;
}

// The certificate for tetrahedron t plus, when given, `extra` with weight eps: μ_i = β_i / D with
// D = det[t; 1] and β_i that determinant with column i replaced by (−ε e; 1 − ε), Cramer's rule
// for Σ μ_i t_i = −ε e, Σ μ_i = 1 − ε. Proved when every β_i has D's sign.
std::optional<CertifiedAnswer> certify_combination(const Shape& sa, const Shape& sb,
                                                   const std::array<SimplexVertex, 4>& t,
                                                   const SimplexVertex* extra, const NT& eps) {
  std::array<XPoint, 4> a, b, w;
  for (int i = 0; i < 4; ++i) {
    a[i] = sa.exact_point(static_cast<std::size_t>(t[i].ia));
    b[i] = sb.exact_point(static_cast<std::size_t>(t[i].ib));
    w[i] = a[i] - b[i];
  }
  const std::array<NT, 4> ones{NT(1), NT(1), NT(1), NT(1)};
  const NT d = det4(w, ones);
  if (d.is_zero()) return std::nullopt;
  const NT weight = extra ? eps : NT(0);
  XPoint ea{NT(0), NT(0), NT(0)}, eb = ea;
  if (extra) {
    ea = sa.exact_point(static_cast<std::size_t>(extra->ia));
    eb = sb.exact_point(static_cast<std::size_t>(extra->ib));
  }
  const XPoint e = ea - eb;
  const XPoint target{-(weight * e.x), -(weight * e.y), -(weight * e.z)};
  std::array<NT, 4> beta;
  for (int i = 0; i < 4; ++i) {
    std::array<XPoint, 4> columns = w;
    std::array<NT, 4> h = ones;
    columns[i] = target;
    h[i] = NT(1) - weight;
    beta[i] = det4(columns, h);
    if (beta[i].sign() != d.sign()) return std::nullopt;  // μ_i ≤ 0
  }
  // The common point Σ μ_i a_i + ε a_e = Σ μ_i b_i + ε b_e, over the denominator |D|.
  const NT s(d.sign() == CGAL::NEGATIVE ? -1 : 1), den = s * d, extra_weight = den * weight;
  CertifiedAnswer r;
  r.kind = CertifiedAnswer::Kind::penetrating;
  r.den = den;
  r.how = extra ? "interior_combination" : "interior_tetrahedron";
  r.pa = {extra_weight * ea.x, extra_weight * ea.y, extra_weight * ea.z};
  r.qb = {extra_weight * eb.x, extra_weight * eb.y, extra_weight * eb.z};
  for (int i = 0; i < 4; ++i) {
    const NT m = s * beta[i];
    r.pa = {r.pa[0] + m * a[i].x, r.pa[1] + m * a[i].y, r.pa[2] + m * a[i].z};
    r.qb = {r.qb[0] + m * b[i].x, r.qb[1] + m * b[i].y, r.qb[2] + m * b[i].z};
    r.pairs.push_back({t[i].ia, t[i].ib});
  }
  return r;
}

// The floating-point determinant of the columns x, y, z.
double det(const Vec3& x, const Vec3& y, const Vec3& z) { return x.dot(y.cross(z)); }

// Floating-point barycentric coordinates of p in tetrahedron t; false when t is flat.
bool barycentric(const std::array<SimplexVertex, 4>& t, const Vec3& p, std::array<double, 4>& l) {
  const Vec3 a = t[0].w - p, b = t[1].w - p, c = t[2].w - p, d = t[3].w - p;
  const double v = det(t[1].w - t[0].w, t[2].w - t[0].w, t[3].w - t[0].w);
  if (!(std::abs(v) > 0)) return false;
  l = {det(b, c, d) / v, -det(a, c, d) / v, det(a, b, d) / v, -det(a, b, c) / v};
  return true;
}

}  // namespace

std::optional<CertifiedAnswer> certify_interior(const Shape& sa, const Shape& sb) {
  std::vector<SimplexVertex> s;  // the supports of A − B along the axes and the diagonals
  for (int dx = -1; dx <= 1; ++dx)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dz = -1; dz <= 1; ++dz) {
        const int nonzero = (dx != 0) + (dy != 0) + (dz != 0);
        if (nonzero != 1 && nonzero != 3) continue;
        const SimplexVertex sup = support_of_difference(sa, sb, Vec3(dx, dy, dz));
        if (std::none_of(s.begin(), s.end(),
                         [&](const SimplexVertex& v) { return v.ia == sup.ia && v.ib == sup.ib; }))
          s.push_back(sup);
      }
  const int n = static_cast<int>(s.size());
  std::vector<std::array<SimplexVertex, 4>> boundary;  // the origin on a face or edge, by floats
  int tried = 0;
  const NT no_weight(0);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      for (int k = j + 1; k < n; ++k)
        for (int l = k + 1; l < n; ++l) {
          const std::array<SimplexVertex, 4> t{s[i], s[j], s[k], s[l]};
          std::array<double, 4> at_origin;
          if (!barycentric(t, Vec3::Zero(), at_origin)) continue;
          const double lowest = *std::min_element(at_origin.begin(), at_origin.end());
          if (lowest > 1e-9) {  // well inside: the tetrahedron alone (at most 4 tried exactly)
            if (++tried > 4) return std::nullopt;
            if (auto r = certify_combination(sa, sb, t, nullptr, no_weight)) return r;
          } else if (lowest > -1e-9 && boundary.size() < 64) {
            boundary.push_back(t);
          }
        }
  // On a face or an edge: another support e whose opposite −e points into the tetrahedron from
  // there (each coordinate near 0 grows along −e) pulls the combination inside with a small
  // weight (at most 4 tried exactly, each with two weights).
  const NT weights[] = {NT(std::ldexp(1.0, -30)), NT(std::ldexp(1.0, -60))};
  tried = 0;
  for (const auto& t : boundary) {
    std::array<double, 4> at_origin, at_minus_e;
    barycentric(t, Vec3::Zero(), at_origin);
    for (const SimplexVertex& e : s) {
      if (std::any_of(t.begin(), t.end(),
                      [&](const SimplexVertex& v) { return v.ia == e.ia && v.ib == e.ib; }))
        continue;
      if (!barycentric(t, -e.w, at_minus_e)) continue;
      bool pulls_inside = true;
      for (int m = 0; m < 4 && pulls_inside; ++m)
        if (!(at_origin[m] > 1e-9)) pulls_inside = at_minus_e[m] - at_origin[m] > 1e-9;
      if (!pulls_inside) continue;
      if (++tried > 4) return std::nullopt;
      for (const NT& weight : weights)
        if (auto r = certify_combination(sa, sb, t, &e, weight)) return r;
    }
  }
  return std::nullopt;
}

std::optional<CertifiedAnswer> certify_interior_near_point(const Shape& sa, const Shape& sb) {
  const std::size_t na = sa.world.size(), nb = sb.world.size();
  if (na * nb > 40000) return std::nullopt;  // the nearest difference point by a full scan
  std::size_t i = 0, j = 0;
  double nearest = kInf;
  for (std::size_t a = 0; a < na; ++a)
    for (std::size_t b = 0; b < nb; ++b)
      if (const double d2 = (sa.world[a] - sb.world[b]).squaredNorm(); d2 < nearest)
        nearest = d2, i = a, j = b;
  const XPoint v = sa.exact_point(i) - sb.exact_point(j);
  if (is_zero(v)) return std::nullopt;  // the origin is that point: not an interior point
  // The offset of the origin from v, exact then rounded: its direction is accurate however small
  // it is, where the rounded coordinates of v would leave only noise.
  const Vec3 offset = -approx(v);
  struct Generator {
    Vec3 g;  // w − v
    SimplexVertex w;
    double cosine;
  };
  std::vector<Generator> gens;
  const auto add = [&](const Vec3& g, std::size_t ia, std::size_t ib) {
    const double n = g.norm();
    if (!(n > 0)) return;
    gens.push_back({g,
                    {sa.world[ia] - sb.world[ib], static_cast<int>(ia), static_cast<int>(ib)},
                    g.dot(offset) / (n * offset.norm())});
  };
  for (std::size_t a = 0; a < na; ++a)
    if (a != i) add(sa.world[a] - sa.world[i], a, j);
  for (std::size_t b = 0; b < nb; ++b)
    if (b != j) add(sb.world[j] - sb.world[b], i, b);
  const std::size_t keep = std::min<std::size_t>(gens.size(), 12);
  std::partial_sort(gens.begin(), gens.begin() + static_cast<std::ptrdiff_t>(keep), gens.end(),
                    [](const Generator& x, const Generator& y) { return x.cosine > y.cosine; });
  const SimplexVertex at_v{sa.world[i] - sb.world[j], static_cast<int>(i), static_cast<int>(j)};
  int tried = 0;
  for (std::size_t p = 0; p < keep; ++p)
    for (std::size_t q = p + 1; q < keep; ++q)
      for (std::size_t r = q + 1; r < keep; ++r) {
        // offset = Σ λ g over the three (Cramer): the cone they span at v must hold it strictly,
        // and Σ λ < 1 puts the origin inside the tetrahedron. Only the floating-point signs choose
        // (no margin): next to an edge of A − B two of the λ are ~1e-16 of the third, below any
        // margin, and the exact certificate decides.
        const Vec3 &g1 = gens[p].g, &g2 = gens[q].g, &g3 = gens[r].g;
        const double d = det(g1, g2, g3);
        if (!(std::abs(d) > 0)) continue;
        const double l1 = det(offset, g2, g3) / d, l2 = det(g1, offset, g3) / d,
                     l3 = det(g1, g2, offset) / d;
        if (!(std::min({l1, l2, l3}) > 0) || !(l1 + l2 + l3 < 1)) continue;
        if (++tried > 6) return std::nullopt;
        const std::array<SimplexVertex, 4> t{at_v, gens[p].w, gens[q].w, gens[r].w};
        if (auto answer = certify_combination(sa, sb, t, nullptr, NT(0))) return answer;
      }
  return std::nullopt;
}

}  // namespace touchstone::exact_detail
