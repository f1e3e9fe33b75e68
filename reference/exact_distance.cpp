// Exact squared distance and a closest pair between two convex hulls (DESIGN §4), with
// CGAL::Polytope_distance_d (a QP over the raw vertex lists, no hull needed). The input kernel is
// Cartesian<Gmpzf> so the points are the exact world coordinates R·v + t, not their roundings;
// the solver's exact type is Gmpzf too (CGAL::Exact_rational does not compile here, Gmpq is 3-4x
// slower: DESIGN §9).
#include <CGAL/Cartesian.h>
#include <CGAL/Polytope_distance_d.h>
#include <CGAL/Polytope_distance_d_traits_3.h>

#include <stdexcept>

#include "reference/exact_internal.hpp"

namespace touchstone::exact_detail {

namespace {
using Kernel = CGAL::Cartesian<NT>;
using Point = Kernel::Point_3;
using Traits = CGAL::Polytope_distance_d_traits_3<Kernel, NT, NT>;
using Distance = CGAL::Polytope_distance_d<Traits>;

std::vector<Point> to_points(const std::vector<XPoint>& xs) {
  std::vector<Point> out;
  out.reserve(xs.size());
  for (const XPoint& x : xs) out.emplace_back(x.x, x.y, x.z);
  return out;
}
}  // namespace

DistanceResult polytope_distance(const std::vector<XPoint>& a, const std::vector<XPoint>& b) {
  if (a.empty() || b.empty()) throw std::runtime_error("exact reference: empty point set");
  const std::vector<Point> pa = to_points(a), pb = to_points(b);
  const Distance solver(pa.begin(), pa.end(), pb.begin(), pb.end());
  DistanceResult r;
  r.num = solver.squared_distance_numerator();
  r.den = solver.squared_distance_denominator();
  if (r.den.sign() == CGAL::NEGATIVE) {
    r.num = -r.num;
    r.den = -r.den;
  }
  int i = 0;
  for (auto it = solver.realizing_point_p_coordinates_begin();
       it != solver.realizing_point_p_coordinates_end() && i < 4; ++it)
    r.p[i++] = *it;
  i = 0;
  for (auto it = solver.realizing_point_q_coordinates_begin();
       it != solver.realizing_point_q_coordinates_end() && i < 4; ++it)
    r.q[i++] = *it;
  if (r.den.is_zero() || r.p[3].is_zero() || r.q[3].is_zero())
    throw std::runtime_error("exact reference: Polytope_distance_d returned a zero denominator");
  return r;
}

}  // namespace touchstone::exact_detail
