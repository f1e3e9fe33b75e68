// Fitting and the oriented-box bound of the bounding volumes (volumes.hpp; seed 004 §2.2).
#include "algorithms/hierarchy/volumes.hpp"

#include <Eigen/Eigenvalues>

namespace touchstone::hierarchy {

namespace {

double max_distance(std::span<const Vec3> points, const Vec3& c) {
  double r_sq = 0.0;
  for (const Vec3& p : points) r_sq = std::max(r_sq, (p - c).squaredNorm());
  return std::sqrt(r_sq);
}

}  // namespace

Sphere Sphere::fit(std::span<const Vec3> points) {
  const Aabb box = Aabb::fit(points);
  Vec3 mean = Vec3::Zero();
  for (const Vec3& p : points) mean += p;
  mean /= static_cast<double>(std::max<std::size_t>(points.size(), 1));
  const Vec3 mid = 0.5 * (box.lo + box.hi);
  const double r_mid = max_distance(points, mid), r_mean = max_distance(points, mean);
  return r_mid <= r_mean ? Sphere{mid, r_mid} : Sphere{mean, r_mean};
}

Aabb Aabb::fit(std::span<const Vec3> points) {
  Aabb b{Vec3::Constant(std::numeric_limits<double>::infinity()),
         Vec3::Constant(-std::numeric_limits<double>::infinity())};
  for (const Vec3& p : points) {
    b.lo = b.lo.cwiseMin(p);
    b.hi = b.hi.cwiseMax(p);
  }
  return b;
}

Obb Obb::fit(std::span<const Vec3> points) {
  Vec3 mean = Vec3::Zero();
  for (const Vec3& p : points) mean += p;
  mean /= static_cast<double>(std::max<std::size_t>(points.size(), 1));
  Mat3 cov = Mat3::Zero();
  for (const Vec3& p : points) cov += (p - mean) * (p - mean).transpose();
  Eigen::SelfAdjointEigenSolver<Mat3> eigen(cov);
  Mat3 axes = eigen.eigenvectors();
  if (eigen.info() != Eigen::Success || !axes.allFinite()) axes = Mat3::Identity();
  // Re-orthonormalize so the box's axes are a rotation up to rounding.
  axes.col(0).normalize();
  axes.col(1) = (axes.col(1) - axes.col(1).dot(axes.col(0)) * axes.col(0)).normalized();
  axes.col(2) = axes.col(0).cross(axes.col(1));
  Vec3 lo = Vec3::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
  for (const Vec3& p : points) {
    const Vec3 q = axes.transpose() * p;
    lo = lo.cwiseMin(q);
    hi = hi.cwiseMax(q);
  }
  return {axes * (0.5 * (lo + hi)), axes, 0.5 * (hi - lo)};
}

namespace {

// The largest gap over the 15 axes; with `first_gap`, the first positive gap ends the test.
double obb_separation(const Obb& a, const Obb& b, bool first_gap) {
  const Vec3 d = b.center - a.center;
  double best = 0.0;
  const auto test = [&](const Vec3& axis) {
    const double len = axis.norm();
    if (!(len > 1e-9)) return false;  // a cross product of near-parallel axes: no usable direction
    const Vec3 l = axis / len;
    const double ra = a.half.dot((a.axes.transpose() * l).cwiseAbs());
    const double rb = b.half.dot((b.axes.transpose() * l).cwiseAbs());
    best = std::max(best, std::abs(l.dot(d)) - ra - rb);
    return first_gap && best > 0.0;
  };
  for (int i = 0; i < 3; ++i)
    if (test(a.axes.col(i))) return best;
  for (int i = 0; i < 3; ++i)
    if (test(b.axes.col(i))) return best;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      if (test(a.axes.col(i).cross(b.axes.col(j)))) return best;
  return best;
}

}  // namespace

double lower_bound(const Obb& a, const Obb& b) { return obb_separation(a, b, false); }
bool overlap(const Obb& a, const Obb& b) { return obb_separation(a, b, true) <= 0.0; }

}  // namespace touchstone::hierarchy
