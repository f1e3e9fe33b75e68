// Assertions the contact-region tests share: point sets and normals compared up to order.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "algorithms/regions/regions.hpp"

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

}  // namespace touchstone::test_support
