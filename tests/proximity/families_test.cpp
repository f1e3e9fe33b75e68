// Degenerate case families: determinism, valid shapes (solids, except the points, segments and
// polygons of low-dimensional), the gap sweep realized in the doubles, glob matching and the
// default suite.
#include "cases/families.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <set>
#include <string>

#include "algorithms/geometry/polytope.hpp"

namespace touchstone {
namespace {

const std::vector<std::string> kNames = {
    "vertex-vertex",         "vertex-edge",         "vertex-face",      "edge-edge-crossing",
    "edge-edge-parallel",    "edge-edge-collinear", "edge-face",        "face-face-partial",
    "face-face-contained",   "face-face-identical", "identical-shapes", "nested-shapes",
    "near-parallel-faces",   "slivers-needles",     "far-from-origin",  "scale-disparity",
    "coplanar-tessellation", "high-vertex-count",   "random-generic",   "low-dimensional"};

bool same_bits(const std::vector<Vec3>& a, const std::vector<Vec3>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    for (int k = 0; k < 3; ++k)
      if (std::bit_cast<std::uint64_t>(a[i][k]) != std::bit_cast<std::uint64_t>(b[i][k]))
        return false;
  return true;
}

bool same_pose(const Pose& a, const Pose& b) {
  return a.rotation == b.rotation && a.translation == b.translation;
}

bool same_case(const ProximityCase& x, const ProximityCase& y) {
  return x.id == y.id && same_bits(x.a.vertices, y.a.vertices) &&
         same_bits(x.b.vertices, y.b.vertices) && same_pose(x.pose_a, y.pose_a) &&
         same_pose(x.pose_b, y.pose_b) && x.origin == y.origin && x.tags == y.tags &&
         x.expected_relation == y.expected_relation && x.expected_distance == y.expected_distance;
}

std::vector<Vec3> world(const ShapeSpec& s, const Pose& p) {
  std::vector<Vec3> out;
  for (const Vec3& v : s.vertices) out.push_back(p.apply(v));
  return out;
}

double max_along(const std::vector<Vec3>& pts, const Vec3& axis) {
  double m = -std::numeric_limits<double>::infinity();
  for (const Vec3& p : pts) m = std::max(m, axis.dot(p));
  return m;
}

double min_along(const std::vector<Vec3>& pts, const Vec3& axis) {
  double m = std::numeric_limits<double>::infinity();
  for (const Vec3& p : pts) m = std::min(m, axis.dot(p));
  return m;
}

int sign(double x) { return (x > 0) - (x < 0); }

TEST(Families, GapSweepAndNames) {
  const std::vector<double> expected = {0,     1e-15, -1e-15, 1e-12, -1e-12, 1e-9,
                                        -1e-9, 1e-6,  -1e-6,  1e-3,  -1e-3};
  EXPECT_EQ(gap_sweep(), expected);
  std::vector<std::string> names;
  for (const CaseFamily& f : case_families()) {
    names.push_back(f.name);
    EXPECT_FALSE(f.description.empty()) << f.name;
    EXPECT_GT(f.default_count, 0) << f.name;
    EXPECT_EQ(f.default_count % 11, 0) << f.name;
    EXPECT_EQ(find_case_family(f.name), &f);
  }
  EXPECT_EQ(names, kNames);
  EXPECT_EQ(find_case_family("no-such-family"), nullptr);
}

TEST(Families, DeterministicAndSeedDependent) {
  for (const CaseFamily& f : case_families()) {
    const int n = f.name == "high-vertex-count" ? 3 : 11;
    for (int i = 0; i < n; ++i) {
      const ProximityCase x = f.generate(7, i), y = f.generate(7, i), z = f.generate(8, i);
      EXPECT_TRUE(same_case(x, y)) << x.id;
      EXPECT_FALSE(same_case(x, z)) << x.id;
      EXPECT_FALSE(same_bits(x.a.vertices, z.a.vertices) && same_bits(x.b.vertices, z.b.vertices) &&
                   same_pose(x.pose_b, z.pose_b))
          << x.id << " geometry does not depend on the seed";
    }
  }
}

TEST(Families, IdsTagsAndOrigin) {
  for (const CaseFamily& f : case_families()) {
    const ProximityCase c = f.generate(42, 13);
    EXPECT_EQ(c.id, f.name + "/s42/i13");
    EXPECT_EQ(c.family, f.name);
    EXPECT_EQ(c.a.name, "A");
    EXPECT_EQ(c.b.name, "B");
    EXPECT_FALSE(c.a.faces.has_value());
    EXPECT_FALSE(c.b.faces.has_value());
    EXPECT_EQ(c.origin.at("family"), f.name);
    EXPECT_EQ(c.origin.at("seed"), 42);
    EXPECT_EQ(c.origin.at("index"), 13);
    EXPECT_EQ(c.origin.at("gap").get<double>(), gap_sweep()[2]);
    EXPECT_NE(std::find(c.tags.begin(), c.tags.end(), "gap:-1e-15"), c.tags.end()) << c.id;
  }
}

TEST(Families, FirstIndicesAreValidSolids) {
  for (const CaseFamily& f : case_families()) {
    for (int i = 0; i < 22; ++i) {
      const ProximityCase c = f.generate(1, i);
      for (const ShapeSpec* s : {&c.a, &c.b}) {
        for (const Vec3& v : s->vertices) ASSERT_TRUE(v.allFinite()) << c.id;
        EXPECT_NO_THROW({
          const Polytope p = Polytope::from_points(s->vertices);
          // Points, segments and polygons only where the family is about them.
          if (f.name != "low-dimensional" || p.is_solid()) {
            EXPECT_TRUE(p.is_solid());
            EXPECT_GE(p.faces().size(), 4u);
          }
        }) << c.id
           << " shape " << s->name;
      }
      EXPECT_TRUE(c.pose_a.translation.allFinite() && c.pose_b.translation.allFinite()) << c.id;
      EXPECT_NEAR((c.pose_b.rotation * c.pose_b.rotation.transpose() - Mat3::Identity()).norm(), 0,
                  1e-12);
    }
  }
}

TEST(Families, DefaultSuiteShapesAreValidSolids) {
  for (const ProximityCase& c : default_suite(11)) {
    if (c.family == "high-vertex-count") continue;  // covered above, and slow
    for (const ShapeSpec* s : {&c.a, &c.b})
      EXPECT_NO_THROW(Polytope::from_points(s->vertices)) << c.id << " shape " << s->name;
  }
}

TEST(Families, HighVertexCountSizes) {
  const CaseFamily* f = find_case_family("high-vertex-count");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->generate(1, 0).a.vertices.size(), 1000u);
  EXPECT_EQ(f->generate(1, 11).a.vertices.size(), 2000u);
  EXPECT_EQ(f->generate(1, 33).b.vertices.size(), 10000u);
}

// For every exactly constructed family, the gap along the contact axis, computed from the world
// doubles, has the intended sign and equals the recorded exact gap.
TEST(Families, GapSweepIsRealizedInTheDoubles) {
  int checked = 0;
  for (const CaseFamily& f : case_families()) {
    const int n = f.name == "high-vertex-count" ? 11 : 44;
    for (int i = 0; i < n; ++i) {
      const ProximityCase c = f.generate(3, i);
      const std::string contact = c.origin.value("contact", "");
      if (contact != "external" && contact != "ridge" && contact != "nested" &&
          contact != "parallel")
        continue;
      const auto& ax = c.origin.at("axis");
      const Vec3 axis(ax[0].get<double>(), ax[1].get<double>(), ax[2].get<double>());
      const auto wa = world(c.a, c.pose_a), wb = world(c.b, c.pose_b);
      double gap;
      if (contact == "nested") {
        const bool inner_a = c.origin.at("inner") == "A";
        gap = max_along(inner_a ? wa : wb, axis) - max_along(inner_a ? wb : wa, axis);
      } else {
        gap = min_along(wb, axis) - max_along(wa, axis);
      }
      const double intended = c.origin.at("gap").get<double>();
      const double exact = c.origin.at("gap_exact").get<double>();
      const bool far_pose =
          c.origin.contains("far_translation") && c.origin.at("placement") == "pose";
      if (!far_pose) {
        EXPECT_EQ(gap, exact) << c.id;
      }
      if (intended == 0 || std::abs(intended) == 1e-3 || !c.origin.contains("far_translation")) {
        EXPECT_EQ(sign(exact), sign(intended)) << c.id;
      } else {
        EXPECT_TRUE(sign(exact) == sign(intended) || exact == 0) << c.id;
      }
      if (f.name != "identical-shapes" && !c.origin.contains("far_translation")) {
        EXPECT_EQ(exact, intended * c.origin.at("size").get<double>()) << c.id;
      }
      // The expected relation follows the exact gap (except where the family says the gap no
      // longer predicts it: needles pushed through each other).
      const bool unlabelled =
          std::find(c.tags.begin(), c.tags.end(), "overlap-exceeds-thickness") != c.tags.end();
      if (unlabelled) {
        EXPECT_FALSE(c.expected_relation.has_value()) << c.id;
        continue;
      }
      ASSERT_TRUE(c.expected_relation.has_value()) << c.id;
      if (contact == "nested") {
        EXPECT_EQ(*c.expected_relation, Relation::penetrating) << c.id;
      } else if (contact == "parallel" && exact != 0) {  // shapes in planes x = const
        EXPECT_EQ(*c.expected_relation, Relation::separated) << c.id;
        EXPECT_EQ(*c.expected_distance, std::abs(exact)) << c.id;
      } else if (exact > 0) {
        EXPECT_EQ(*c.expected_relation, Relation::separated) << c.id;
        EXPECT_EQ(*c.expected_distance, exact) << c.id;
      } else if (exact == 0 || contact == "ridge") {
        EXPECT_EQ(*c.expected_relation, Relation::touching) << c.id;
      } else {
        EXPECT_EQ(*c.expected_relation, Relation::penetrating) << c.id;
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 500);
}

TEST(Families, ApproximateFamiliesCarryLabelsOnly) {
  for (const std::string name : {"random-generic"}) {
    for (int i = 0; i < 22; ++i) {
      const ProximityCase c = find_case_family(name)->generate(5, i);
      EXPECT_FALSE(c.expected_relation.has_value()) << c.id;
      EXPECT_NE(std::find(c.tags.begin(), c.tags.end(), "approximate-contact"), c.tags.end());
    }
  }
  // Near-parallel faces: one variant in three goes through a rotated pose.
  int approximate = 0;
  for (int i = 0; i < 66; ++i)
    approximate += !find_case_family("near-parallel-faces")->generate(5, i).expected_relation;
  EXPECT_EQ(approximate, 22);
}

TEST(Families, GlobMatching) {
  auto names = [](const std::string& pattern) {
    std::vector<std::string> out;
    for (const CaseFamily* f : match_case_families(pattern)) out.push_back(f->name);
    return out;
  };
  EXPECT_EQ(names("edge-*"), (std::vector<std::string>{"edge-edge-crossing", "edge-edge-parallel",
                                                       "edge-edge-collinear", "edge-face"}));
  EXPECT_EQ(names("face-face-*").size(), 3u);
  EXPECT_EQ(names("*").size(), kNames.size());
  EXPECT_EQ(names("vertex-????"), (std::vector<std::string>{"vertex-edge", "vertex-face"}));
  EXPECT_EQ(names("*-shapes"), (std::vector<std::string>{"identical-shapes", "nested-shapes"}));
  EXPECT_EQ(names("*e*-*o*"),
            (std::vector<std::string>{"edge-edge-crossing", "edge-edge-collinear",
                                      "face-face-contained", "high-vertex-count"}));
  EXPECT_EQ(names("scale-disparity"), (std::vector<std::string>{"scale-disparity"}));
  EXPECT_TRUE(names("nothing*").empty());
  EXPECT_TRUE(names("vertex-").empty());
}

TEST(Families, DefaultSuite) {
  const std::vector<ProximityCase> suite = default_suite(0);
  int total = 0;
  for (const CaseFamily& f : case_families()) total += f.default_count;
  EXPECT_EQ(static_cast<int>(suite.size()), total);
  EXPECT_GE(suite.size(), 2000u);
  EXPECT_LE(suite.size(), 3000u);
  std::set<std::string> ids;
  std::size_t most_vertices = 0;
  for (const ProximityCase& c : suite) {
    EXPECT_TRUE(ids.insert(c.id).second) << "duplicate id " << c.id;
    most_vertices = std::max({most_vertices, c.a.vertices.size(), c.b.vertices.size()});
  }
  EXPECT_LE(most_vertices, 2000u);
  // Every gap of the sweep appears in every family.
  for (const CaseFamily& f : case_families()) {
    std::set<double> gaps;
    for (const ProximityCase& c : suite)
      if (c.family == f.name) gaps.insert(c.origin.at("gap").get<double>());
    EXPECT_EQ(gaps.size(), 11u) << f.name;
  }
  EXPECT_EQ(default_suite(0).front().id, suite.front().id);
}

}  // namespace
}  // namespace touchstone
