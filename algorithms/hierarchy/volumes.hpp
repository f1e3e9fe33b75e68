// Bounding volumes of the hierarchies (seed 004 §2.2): spheres, axis-aligned boxes, oriented boxes
// and k-DOPs (k = 6, 14, 18, 26), behind one interface (the BoundingVolume concept) so the build
// and the traversals of seed 004 §2.3–2.4 never know which volume they hold.
//
// Each type gives: fit (a volume enclosing points), measure (its volume, the split criterion of
// §2.2), padded (grown by an absolute length, so rounding never makes a rejection unsafe),
// overlap and lower_bound (a lower bound of the distance between anything the two volumes
// enclose; 0 when they overlap). Rigid types (sphere, OBB) follow a pose by `transformed`; the
// others (AABB, k-DOP) are refitted in world coordinates from their merged children.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <limits>
#include <span>
#include <string_view>

#include "algorithms/geometry/pose.hpp"

namespace touchstone::hierarchy {

// clang-format off
template <class V>
concept BoundingVolume = requires(const V& v, std::span<const Vec3> points, double by) {
  { V::kName } -> std::convertible_to<std::string_view>;
  { V::kRigid } -> std::convertible_to<bool>;
  { V::fit(points) } -> std::same_as<V>;
  { v.measure() } -> std::convertible_to<double>;
  { v.padded(by) } -> std::same_as<V>;
  { overlap(v, v) } -> std::same_as<bool>;
  { lower_bound(v, v) } -> std::same_as<double>;
};
// clang-format on

struct Sphere {
  static constexpr std::string_view kName = "sphere";
  static constexpr bool kRigid = true;
  Vec3 center = Vec3::Zero();
  double radius = 0.0;

  // The smaller of two enclosing spheres: about the bounding box's centre and about the mean.
  static Sphere fit(std::span<const Vec3> points);
  double measure() const { return 4.0 / 3.0 * M_PI * radius * radius * radius; }
  Sphere padded(double by) const { return {center, radius + by}; }
  Sphere transformed(const Pose& pose) const { return {pose.apply(center), radius}; }
};
inline double lower_bound(const Sphere& a, const Sphere& b) {
  return std::max(0.0, (a.center - b.center).norm() - a.radius - b.radius);
}
inline bool overlap(const Sphere& a, const Sphere& b) { return lower_bound(a, b) <= 0.0; }

struct Aabb {
  static constexpr std::string_view kName = "aabb";
  static constexpr bool kRigid = false;
  Vec3 lo = Vec3::Zero(), hi = Vec3::Zero();

  static Aabb fit(std::span<const Vec3> points);
  static Aabb merge(const Aabb& a, const Aabb& b) {
    return {a.lo.cwiseMin(b.lo), a.hi.cwiseMax(b.hi)};
  }
  double measure() const { return (hi - lo).prod(); }
  Aabb padded(double by) const { return {lo.array() - by, hi.array() + by}; }
};
inline double lower_bound(const Aabb& a, const Aabb& b) {
  const Vec3 gap = (b.lo - a.hi).cwiseMax(a.lo - b.hi).cwiseMax(0.0);
  return gap.norm();
}
inline bool overlap(const Aabb& a, const Aabb& b) {
  return (a.lo.array() <= b.hi.array()).all() && (b.lo.array() <= a.hi.array()).all();
}

// Oriented box: centre, orthonormal axes (columns) and half extents along them; axes from the
// covariance of the points ([GLM96], which seed 004 §2.2 refers to for OBBs).
struct Obb {
  static constexpr std::string_view kName = "obb";
  static constexpr bool kRigid = true;
  Vec3 center = Vec3::Zero();
  Mat3 axes = Mat3::Identity();
  Vec3 half = Vec3::Zero();

  static Obb fit(std::span<const Vec3> points);
  double measure() const { return 8.0 * half.prod(); }
  Obb padded(double by) const { return {center, axes, half.array() + by}; }
  Obb transformed(const Pose& pose) const {
    return {pose.apply(center), pose.rotation * axes, half};
  }
};
// The largest separation over the 15 axes of the separating-axis test, each normalized: the
// projection onto a unit axis is 1-Lipschitz, so every gap is a lower bound of the distance.
double lower_bound(const Obb& a, const Obb& b);
bool overlap(const Obb& a, const Obb& b);  // the first separating axis ends the test

// The 13 directions a k-DOP takes its slabs from ([KHM98], which seed 004 §2.2 refers to):
// the 3 axes, the 4 cube diagonals, the 6 face diagonals.
inline constexpr std::array<std::array<double, 3>, 13> kDopDirections{{{1, 0, 0},
                                                                       {0, 1, 0},
                                                                       {0, 0, 1},
                                                                       {1, 1, 1},
                                                                       {1, 1, -1},
                                                                       {1, -1, 1},
                                                                       {-1, 1, 1},
                                                                       {1, 1, 0},
                                                                       {1, -1, 0},
                                                                       {1, 0, 1},
                                                                       {1, 0, -1},
                                                                       {0, 1, 1},
                                                                       {0, 1, -1}}};

// Which of the 13 directions a k-DOP uses: k/2 of them, the axes first.
template <int K>
constexpr auto dop_directions() {
  static_assert(K == 6 || K == 14 || K == 18 || K == 26, "k-DOPs with k = 6, 14, 18, 26");
  std::array<int, K / 2> ids{};
  int n = 0;
  for (int i = 0; i < 13; ++i) {
    const bool take = i < 3 || (K == 14 && i < 7) || (K == 18 && i >= 7) || K == 26;
    if (take) ids[static_cast<std::size_t>(n++)] = i;
  }
  return ids;
}

template <int K>
struct Kdop {
  static constexpr std::string_view kName = K == 6    ? "kdop6"
                                            : K == 14 ? "kdop14"
                                            : K == 18 ? "kdop18"
                                                      : "kdop26";
  static constexpr bool kRigid = false;
  static constexpr auto kIds = dop_directions<K>();
  static constexpr int kSlabs = K / 2;
  std::array<double, K / 2> lo{}, hi{};

  static Vec3 direction(int slab) {
    const auto& d = kDopDirections[static_cast<std::size_t>(kIds[static_cast<std::size_t>(slab)])];
    return {d[0], d[1], d[2]};
  }
  static Kdop fit(std::span<const Vec3> points) {
    Kdop v;
    v.lo.fill(std::numeric_limits<double>::infinity());
    v.hi.fill(-std::numeric_limits<double>::infinity());
    for (const Vec3& p : points)
      for (int s = 0; s < kSlabs; ++s) {
        const double x = direction(s).dot(p);
        v.lo[static_cast<std::size_t>(s)] = std::min(v.lo[static_cast<std::size_t>(s)], x);
        v.hi[static_cast<std::size_t>(s)] = std::max(v.hi[static_cast<std::size_t>(s)], x);
      }
    return v;
  }
  static Kdop merge(const Kdop& a, const Kdop& b) {
    Kdop v;
    for (std::size_t s = 0; s < kSlabs; ++s) {
      v.lo[s] = std::min(a.lo[s], b.lo[s]);
      v.hi[s] = std::max(a.hi[s], b.hi[s]);
    }
    return v;
  }
  // The volume of the axis slabs' box (the k-DOP's exact volume is not needed to rank splits).
  double measure() const { return (hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]); }
  Kdop padded(double by) const {
    Kdop v = *this;
    // A slab along d widens by |d|·by when the volume grows by `by` in every direction.
    for (int s = 0; s < kSlabs; ++s) {
      const double w = direction(s).norm() * by;
      v.lo[static_cast<std::size_t>(s)] -= w;
      v.hi[static_cast<std::size_t>(s)] += w;
    }
    return v;
  }
};
// The larger of the axis boxes' distance and every slab gap divided by its direction's length.
template <int K>
double lower_bound(const Kdop<K>& a, const Kdop<K>& b) {
  double box_sq = 0.0, best = 0.0;
  for (int s = 0; s < Kdop<K>::kSlabs; ++s) {
    const auto i = static_cast<std::size_t>(s);
    const double gap = std::max({0.0, b.lo[i] - a.hi[i], a.lo[i] - b.hi[i]});
    if (s < 3)
      box_sq += gap * gap;
    else
      best = std::max(best, gap / Kdop<K>::direction(s).norm());
  }
  return std::max(best, std::sqrt(box_sq));
}
template <int K>
bool overlap(const Kdop<K>& a, const Kdop<K>& b) {
  for (std::size_t s = 0; s < Kdop<K>::kSlabs; ++s)
    if (b.lo[s] > a.hi[s] || a.lo[s] > b.hi[s]) return false;
  return true;
}

static_assert(BoundingVolume<Sphere> && BoundingVolume<Aabb> && BoundingVolume<Obb> &&
              BoundingVolume<Kdop<6>> && BoundingVolume<Kdop<14>> && BoundingVolume<Kdop<18>> &&
              BoundingVolume<Kdop<26>>);

}  // namespace touchstone::hierarchy
