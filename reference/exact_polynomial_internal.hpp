// Univariate polynomials over the rationals (GMP) and certified real roots: what the exact swept
// test needs (reference/exact_swept.cpp). Coefficients lowest degree first, no trailing zeros
// (the zero polynomial is empty).
#pragma once

#include <gmpxx.h>

#include <array>
#include <memory>
#include <vector>

namespace touchstone::exact_poly {

using Q = mpq_class;
using Poly = std::vector<Q>;

void trim(Poly& p);
Poly add(const Poly& a, const Poly& b);
Poly sub(const Poly& a, const Poly& b);
Poly mul(const Poly& a, const Poly& b);
Q eval(const Poly& p, const Q& x);
int sign_at(const Poly& p, const Q& x);
Poly derivative(const Poly& p);
Poly remainder(const Poly& a, const Poly& b);  // b non-zero
Poly quotient(const Poly& a, const Poly& b);   // b non-zero
Poly gcd(Poly a, Poly b);                      // monic, or empty when both are zero
Poly square_free(const Poly& p);               // p / gcd(p, p'), p non-zero

// Sturm sequence of a square-free polynomial: the number of its distinct real roots in (lo, hi].
class Sturm {
 public:
  explicit Sturm(const Poly& p);
  int variations(const Q& x) const;
  int count(const Q& lo, const Q& hi) const { return variations(lo) - variations(hi); }
  const Poly& poly() const { return sequence_.front(); }

 private:
  std::vector<Poly> sequence_;
};

// A real root of a square-free polynomial: the only root in (lo, hi], lo < hi, with hi not a root;
// or, when exact, the rational lo == hi.
struct Root {
  std::shared_ptr<const Sturm> sturm;
  Q lo, hi;
  bool exact = false;
};

// The distinct roots of p (non-zero, any degree) in [lo, hi], increasing.
std::vector<Root> roots_in(const Poly& p, const Q& lo, const Q& hi);
// Halves the root's interval (or makes it exact when the midpoint is the root).
void refine(Root& root);
// Refines until hi − lo ≤ relative · lo (or exact).
void refine_relative(Root& root, const Q& relative);
// The sign of g at the root, exactly (refines the root's interval as needed).
int sign_at_root(const Poly& g, Root& root);

// Directed rounding of a rational to a double.
double round_down(const Q& q);
double round_up(const Q& q);

// A moving point: each coordinate a polynomial in t.
using PPoint = std::array<Poly, 3>;

}  // namespace touchstone::exact_poly

namespace touchstone {
// The exact swept test (exact_swept.hpp) of four points p_i(t) = P_i(t) / W(t), given by their
// numerators P_i over a common denominator W > 0 on [0, 1] (W itself is not needed: the
// determinant and the static test are homogeneous in the points' differences, so their signs are
// the numerators'). `type` is a SweptType.
struct ExactSweptResult;
ExactSweptResult exact_swept_moving(int type, const std::array<exact_poly::PPoint, 4>& p);
}  // namespace touchstone

namespace touchstone::exact_poly {}  // namespace touchstone::exact_poly
