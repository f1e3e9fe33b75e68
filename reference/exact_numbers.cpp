// Exact world coordinates and exact-to-double output for the proximity reference (DESIGN §4).
// CGAL::Gmpzf holds R·v + t exactly; results leave as GMP rationals (mpq) and are rounded to
// nearest with MPFR, because CGAL::Gmpq::to_double and Gmpzf::to_double truncate
// (DESIGN §9).
#include <gmp.h>
#include <mpfr.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include "reference/exact_internal.hpp"

namespace touchstone::exact_detail {

std::vector<XPoint> exact_world_points(std::span<const Vec3> vertices, const Pose& pose,
                                       const char* shape) {
  if (vertices.empty())
    throw std::runtime_error(std::string("exact reference: shape ") + shape + " has no vertices");
  if (!pose.rotation.allFinite() || !pose.translation.allFinite())
    throw std::runtime_error(std::string("exact reference: pose of shape ") + shape +
                             " is not finite");
  const Mat3& r = pose.rotation;
  const Vec3& t = pose.translation;
  // The pose's entries converted once; zero terms skipped (the sum is exact in any order), so an
  // identity pose costs three conversions a vertex.
  NT rn[3][3], tn[3];
  for (int row = 0; row < 3; ++row) {
    tn[row] = NT(t[row]);
    for (int k = 0; k < 3; ++k) rn[row][k] = NT(r(row, k));
  }
  std::vector<XPoint> out;
  out.reserve(vertices.size());
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    const Vec3& v = vertices[i];
    if (!v.allFinite())
      throw std::runtime_error(std::string("exact reference: vertex ") + std::to_string(i) +
                               " of shape " + shape + " is not finite");
    const NT vn[3] = {NT(v.x()), NT(v.y()), NT(v.z())};
    NT c[3];
    for (int row = 0; row < 3; ++row) {
      c[row] = tn[row];
      for (int k = 0; k < 3; ++k) {
        if (r(row, k) == 0 || v[k] == 0) continue;
        if (r(row, k) == 1)
          c[row] = c[row] + vn[k];
        else if (v[k] == 1 || v[k] == -1)  // unit coordinates (boxes): no product
          c[row] = v[k] == 1 ? c[row] + rn[row][k] : c[row] - rn[row][k];
        else
          c[row] = c[row] + rn[row][k] * vn[k];
      }
    }
    out.push_back({c[0], c[1], c[2]});
  }
  return out;
}

namespace {

// RAII mpq holding a Gmpzf value exactly (mantissa · 2^exponent).
struct Rational {
  mpq_t q;
  Rational() { mpq_init(q); }
  explicit Rational(const NT& x) {
    mpq_init(q);
    mpz_set(mpq_numref(q), x.man());
    if (x.exp() >= 0)
      mpz_mul_2exp(mpq_numref(q), mpq_numref(q), static_cast<mp_bitcnt_t>(x.exp()));
    else
      mpz_mul_2exp(mpq_denref(q), mpq_denref(q), static_cast<mp_bitcnt_t>(-x.exp()));
    mpq_canonicalize(q);
  }
  explicit Rational(double d) {
    mpq_init(q);
    mpq_set_d(q, d);  // exact for finite doubles
  }
  Rational(const Rational&) = delete;
  Rational& operator=(const Rational&) = delete;
  ~Rational() { mpq_clear(q); }
};

void quotient(Rational& out, const NT& num, const NT& den) {
  Rational n(num), d(den);
  if (mpq_sgn(d.q) == 0) throw std::runtime_error("exact reference: zero denominator");
  mpq_div(out.q, n.q, d.q);
}

double round_rational(const mpq_t q) {
  // 53 bits, round to nearest even; the subnormal range is not reached by distances here.
  mpfr_t f;
  mpfr_init2(f, 53);
  mpfr_set_q(f, q, MPFR_RNDN);
  const double d = mpfr_get_d(f, MPFR_RNDN);
  mpfr_clear(f);
  return d;
}

bool mantissa_odd(double d) { return (std::bit_cast<std::uint64_t>(d) & 1u) != 0; }

// Compares x with the square of the midpoint of the doubles lo < hi: x <=> ((lo + hi) / 2)².
int compare_with_midpoint_sq(const mpq_t x, double lo, double hi) {
  Rational a(lo), b(hi), m;
  mpq_add(m.q, a.q, b.q);
  mpq_div_2exp(m.q, m.q, 1);
  mpq_mul(m.q, m.q, m.q);
  return mpq_cmp(x, m.q);
}

}  // namespace

std::string fraction_string(const NT& num, const NT& den) {
  Rational q;
  quotient(q, num, den);
  char* s = mpq_get_str(nullptr, 10, q.q);
  std::string out(s);
  void (*free_fn)(void*, std::size_t);
  mp_get_memory_functions(nullptr, nullptr, &free_fn);
  free_fn(s, out.size() + 1);
  return out;
}

double round_quotient(const NT& num, const NT& den) {
  Rational q;
  quotient(q, num, den);
  return round_rational(q.q);
}

double round_sqrt_quotient(const NT& num, const NT& den) {
  Rational x;
  quotient(x, num, den);
  if (mpq_sgn(x.q) < 0) throw std::runtime_error("exact reference: square root of a negative");
  if (mpq_sgn(x.q) == 0) return 0.0;
  // A close guess from MPFR, then fixed exactly: d is the nearest double iff x lies between the
  // squares of the midpoints to its neighbours (the midpoints are dyadic, so this is exact).
  mpfr_t f;
  mpfr_init2(f, 256);
  mpfr_set_q(f, x.q, MPFR_RNDN);
  mpfr_sqrt(f, f, MPFR_RNDN);
  double d = mpfr_get_d(f, MPFR_RNDN);
  mpfr_clear(f);
  const double inf = std::numeric_limits<double>::infinity();
  for (int step = 0; step < 8; ++step) {
    const double below = std::nextafter(d, 0.0), above = std::nextafter(d, inf);
    const int lo = below > 0.0 ? compare_with_midpoint_sq(x.q, below, d) : 1;
    if (lo < 0 || (lo == 0 && mantissa_odd(d))) {
      d = below;
      continue;
    }
    const int hi = compare_with_midpoint_sq(x.q, d, above);
    if (hi > 0 || (hi == 0 && mantissa_odd(d))) {
      d = above;
      continue;
    }
    return d;
  }
  throw std::runtime_error("exact reference: square root rounding did not converge");
}

}  // namespace touchstone::exact_detail
