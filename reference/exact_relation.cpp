// Touching vs penetrating for a pair at exact distance 0 (DESIGN §4), as an exact LP with CGAL's
// QP solver (CGAL/QP_functions.h, Gmpzf). Unknowns n (3) and c, all free:
//   n·a ≤ c for every vertex a of A,  n·b ≥ c for every vertex b of B,  n·w = 1,
//   w = |A|·Σb − |B|·Σa  (= |A||B| (c_B − c_A), the vertex centroids scaled to stay integral).
// Why this decides the relation: a vertex centroid is a strictly positive combination of every
// hull vertex, so it lies in the (relative) interior. If the interiors are disjoint, a plane
// separates the closed hulls weakly (n ≠ 0) and the interior points sit strictly on their sides,
// so n·(c_B − c_A) > 0 and n can be scaled to meet n·w = 1. Conversely a feasible n is non-zero
// and weakly separates the hulls, so their interiors lie in opposite open half-spaces. Hence
// feasible ⇔ interiors disjoint (touching when the distance is 0), infeasible ⇔ penetrating.
//
// Points, segments and polygons: "penetrating" means the origin lies in the interior of
// D = A − B in 3D, i.e. the contact survives every small translation of B (a segment through a
// solid's interior, a segment piercing a triangle at an angle, a point strictly inside a solid).
// The vertex centroid difference c_A − c_B is a strictly positive combination of every difference
// a − b, so it is in D's relative interior, which is D's interior whenever D spans 3D: the LP above
// then decides 0 ∈ int D exactly as for solids. When D is flat (the directions of A and B span at
// most a plane: coplanar polygons, a segment in a polygon's plane, any pair whose dimensions sum
// to 2 or less) D has no interior: a contact is touching and its depth 0, however the relative
// interiors overlap. difference_spans_space decides which, exactly.
#include <CGAL/QP_functions.h>
#include <CGAL/QP_models.h>

#include <array>
#include <optional>
#include <stdexcept>

#include "reference/exact_internal.hpp"

namespace touchstone::exact_detail {

bool difference_spans_space(const std::vector<XPoint>& a, const std::vector<XPoint>& b) {
  if (a.empty() || b.empty()) throw std::runtime_error("exact reference: empty point set");
  // The directions of D are spanned by a_i − a_0 and b_j − b_0: find three independent ones.
  std::optional<XPoint> u, normal;
  auto offer = [&](const XPoint& d) {
    if (!u) {
      if (!is_zero(d)) u = d;
      return false;
    }
    if (!normal) {
      const XPoint n = cross(*u, d);
      if (!is_zero(n)) normal = n;
      return false;
    }
    return dot(*normal, d).sign() != CGAL::ZERO;
  };
  for (const XPoint& p : a)
    if (offer(p - a.front())) return true;
  for (const XPoint& p : b)
    if (offer(p - b.front())) return true;
  return false;
}

bool interiors_disjoint(const std::vector<XPoint>& a, const std::vector<XPoint>& b) {
  if (a.empty() || b.empty()) throw std::runtime_error("exact reference: empty point set");
  // Dense columns: CGAL::Quadratic_program stores A in one std::map per column, and its lookups
  // were the largest cost of the solve at 1000 vertices.
  const std::size_t rows = a.size() + b.size() + 1;
  std::array<std::vector<NT>, 4> columns;
  for (auto& c : columns) c.reserve(rows);
  std::vector<NT> rhs(rows, NT(0));
  std::vector<CGAL::Comparison_result> relation(rows, CGAL::SMALLER);
  XPoint sum_a{0, 0, 0}, sum_b{0, 0, 0};
  auto add_row = [&](const XPoint& p) {
    columns[0].push_back(p.x);
    columns[1].push_back(p.y);
    columns[2].push_back(p.z);
    columns[3].push_back(NT(-1));
  };
  for (const XPoint& p : a) {
    add_row(p);  // n·a − c ≤ 0
    sum_a = {sum_a.x + p.x, sum_a.y + p.y, sum_a.z + p.z};
  }
  for (std::size_t i = 0; i < b.size(); ++i) {
    add_row(b[i]);  // n·b − c ≥ 0
    relation[a.size() + i] = CGAL::LARGER;
    sum_b = {sum_b.x + b[i].x, sum_b.y + b[i].y, sum_b.z + b[i].z};
  }
  const NT na(static_cast<double>(a.size())), nb(static_cast<double>(b.size()));
  columns[0].push_back(na * sum_b.x - nb * sum_a.x);  // n·w = 1
  columns[1].push_back(na * sum_b.y - nb * sum_a.y);
  columns[2].push_back(na * sum_b.z - nb * sum_a.z);
  columns[3].push_back(NT(0));
  rhs.back() = NT(1);
  relation.back() = CGAL::EQUAL;

  const std::array<const NT*, 4> column_begin{columns[0].data(), columns[1].data(),
                                              columns[2].data(), columns[3].data()};
  const std::array<bool, 4> finite{false, false, false, false};  // all unknowns free
  const std::array<NT, 4> zero{NT(0), NT(0), NT(0), NT(0)};
  const auto lp = CGAL::make_linear_program_from_iterators(
      4, static_cast<int>(rows), column_begin.begin(), rhs.begin(), relation.begin(),
      finite.begin(), zero.begin(), finite.begin(), zero.begin(), zero.begin(), NT(0));
  const auto solution = CGAL::solve_linear_program(lp, NT());
  if (solution.is_infeasible()) return false;
  if (solution.is_optimal()) return true;
  throw std::runtime_error(
      "exact reference: separating-plane LP is neither feasible nor infeasible");
}

}  // namespace touchstone::exact_detail
