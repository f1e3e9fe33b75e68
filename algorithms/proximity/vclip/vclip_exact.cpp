#include "algorithms/proximity/vclip/vclip_exact.hpp"

#include <CGAL/Gmpzf.h>

#include <cmath>

namespace touchstone::vclip {

namespace {

int exact_det_sign(const Vec3& a1, const Vec3& a0, const Vec3& b1, const Vec3& b0, const Vec3& c1,
                   const Vec3& c0) {
  using NT = CGAL::Gmpzf;  // exact for sums and products of doubles
  NT a[3], b[3], c[3];
  for (int i = 0; i < 3; ++i) {
    a[i] = NT(a1[i]) - NT(a0[i]);
    b[i] = NT(b1[i]) - NT(b0[i]);
    c[i] = NT(c1[i]) - NT(c0[i]);
  }
  const NT det = a[0] * (b[1] * c[2] - b[2] * c[1]) + a[1] * (b[2] * c[0] - b[0] * c[2]) +
                 a[2] * (b[0] * c[1] - b[1] * c[0]);
  return det.sign() == CGAL::POSITIVE ? 1 : (det.sign() == CGAL::NEGATIVE ? -1 : 0);
}

}  // namespace

int det_sign(const Vec3& a1, const Vec3& a0, const Vec3& b1, const Vec3& b0, const Vec3& c1,
             const Vec3& c0) {
  const Vec3 a = a1 - a0, b = b1 - b0, c = c1 - c0;
  const double m0 = b.y() * c.z() - b.z() * c.y();
  const double m1 = b.z() * c.x() - b.x() * c.z();
  const double m2 = b.x() * c.y() - b.y() * c.x();
  const double det = a.x() * m0 + a.y() * m1 + a.z() * m2;
  const double permanent = std::abs(a.x()) * (std::abs(b.y() * c.z()) + std::abs(b.z() * c.y())) +
                           std::abs(a.y()) * (std::abs(b.z() * c.x()) + std::abs(b.x() * c.z())) +
                           std::abs(a.z()) * (std::abs(b.x() * c.y()) + std::abs(b.y() * c.x()));
  // Shewchuk's orient3d bound (7 + 56ε)ε·permanent, ε = 2^-53, rounded up; valid away from
  // underflow and overflow, which go to the exact path.
  const double bound = 8e-16 * permanent;
  if (std::isfinite(permanent) && permanent > 1e-280 && permanent < 1e280) {
    if (det > bound) return 1;
    if (det < -bound) return -1;
  }
  return exact_det_sign(a1, a0, b1, b0, c1, c0);
}

}  // namespace touchstone::vclip
