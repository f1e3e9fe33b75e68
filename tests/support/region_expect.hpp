// What the contact-region tests share: point sets and normals compared up to order, and the
// hand-built pairs several algorithms are tested on (each test works out its own expectations).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <span>
#include <vector>

#include "algorithms/regions/regions.hpp"
#include "tests/support/prisms.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone::test_support {

// Each expected point appears in `points` (within 1e-9) and the counts agree.
inline void expect_same_points(const std::vector<Vec3>& points, const std::vector<Vec3>& expected) {
  ASSERT_EQ(points.size(), expected.size());
  for (const Vec3& e : expected)
    EXPECT_TRUE(std::any_of(points.begin(), points.end(),
                            [&](const Vec3& p) { return (p - e).norm() < 1e-9; }))
        << "missing point " << e.transpose();
}

// The region carries exactly the expected normals (within 1e-9), in any order.
inline void expect_normals(const ContactRegion& g, const std::vector<Vec3>& expected) {
  ASSERT_EQ(g.normals.size(), expected.size());
  for (const Vec3& e : expected)
    EXPECT_TRUE(std::any_of(g.normals.begin(), g.normals.end(),
                            [&](const Vec3& n) { return (n - e).norm() < 1e-9; }))
        << "missing normal " << e.transpose();
}

// An answer without failure, touching, with `total` regions.
inline void expect_touching(const RegionResult& r, std::size_t total) {
  ASSERT_EQ(r.status, QueryStatus::ok) << r.reason;
  EXPECT_EQ(r.relation, Relation::touching);
  ASSERT_EQ(r.regions.size(), total);
}

// One query of `algorithm` on the pair (each shape prepared afresh).
inline RegionResult query_pair(const RegionAlgorithm& algorithm, const Polytope& a,
                               const Pose& pose_a, const Polytope& b, const Pose& pose_b,
                               std::span<const ContactRegion> previous = {},
                               std::optional<BodyVelocity> velocity_a = std::nullopt,
                               std::optional<BodyVelocity> velocity_b = std::nullopt) {
  const auto sa = algorithm.prepare(a);
  const auto sb = algorithm.prepare(b);
  RegionQuery q;
  q.a = sa.get();
  q.b = sb.get();
  q.pose_a = pose_a;
  q.pose_b = pose_b;
  q.previous = previous;
  q.velocity_a = velocity_a;
  q.velocity_b = velocity_b;
  return algorithm.query(q);
}

struct RegionPair {
  Polytope a, b;
  Pose pose_a = Pose::identity(), pose_b = Pose::identity();
};

// A unit cube centred at the origin turned 45° about x (its lowest edge along x at z = −√2/2)
// and lifted by √2/2 onto a 2 × 2 floor whose top face is z = 0: the edge lies on the floor from
// (−½, 0, 0) to (½, 0, 0).
inline RegionPair cube_edge_on_floor() {
  const double c = std::cos(std::numbers::pi / 8), s = std::sin(std::numbers::pi / 8);
  return {box(Vec3(-0.5, -0.5, -0.5), Vec3(0.5, 0.5, 0.5)), box(Vec3(-1, -1, -1), Vec3(1, 1, 0)),
          Pose::from_quaternion({c, s, 0, 0}, Vec3(0, 0, std::sqrt(0.5)))};
}

// A square pyramid, apex (0, 0, 0) down and base corners (±1, ±1, 1), on a 4 × 4 floor (top z = 0).
inline RegionPair pyramid_on_floor() {
  return {Polytope::from_points(
              std::vector<Vec3>{{0, 0, 0}, {-1, -1, 1}, {1, -1, 1}, {1, 1, 1}, {-1, 1, 1}}),
          box(Vec3(-2, -2, -1), Vec3(2, 2, 0))};
}

// A 60° wedge (apex edge along y at the origin, sides at 15° and 75° from +x in the xz-plane)
// resting in the reflex edge of an L-block whose floor is z = 0 (x > 0) and wall x = 0 (z > 0).
inline RegionPair wedge_in_reflex_edge() {
  const double d15 = std::numbers::pi / 12, d75 = 5 * std::numbers::pi / 12;
  return {
      prism({{0, 0}, {std::cos(d15), std::sin(d15)}, {std::cos(d75), std::sin(d75)}}, -1, 0, true),
      prism({{-1, -1}, {2, -1}, {2, 0}, {0, 0}, {0, 2}, {-1, 2}}, -2, 1, true)};
}

}  // namespace touchstone::test_support
