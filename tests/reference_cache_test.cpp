// The reference cache cannot hide a stale answer: the key covers every input double, entries
// survive a round trip through the file, and a sample of whatever the default run has cached is
// recomputed and compared.
#include <gtest/gtest.h>

#include <filesystem>

#include "cases/families.hpp"
#include "harness/proximity/reference.hpp"

namespace touchstone {
namespace {

ExactProximity compute(const ProximityCase& c) {
  return exact_proximity(c.a.vertices, c.pose_a, c.b.vertices, c.pose_b);
}

TEST(ReferenceCache, HashCoversEveryInputDouble) {
  const ProximityCase c = case_families().front().generate(1, 0);
  const std::string h = case_input_hash(c);
  ProximityCase moved = c;
  moved.b.vertices[0].x() = std::nextafter(moved.b.vertices[0].x(), 1e300);
  EXPECT_NE(case_input_hash(moved), h);
  ProximityCase posed = c;
  posed.pose_b.translation.z() += 1e-300;
  EXPECT_NE(case_input_hash(posed), h);
  EXPECT_EQ(case_input_hash(c), h);
}

TEST(ReferenceCache, RoundTripsThroughTheFile) {
  const auto path = std::filesystem::temp_directory_path() / "touchstone-cache-test.jsonl";
  std::filesystem::remove(path);
  std::vector<std::pair<std::string, ExactProximity>> stored;
  {
    ReferenceCache cache(path);
    for (const auto& family : case_families()) {
      const ProximityCase c = family.generate(3, 9);  // gap -1e-3: penetrating, with depth
      stored.emplace_back(case_input_hash(c), compute(c));
      store_proximity_reference(cache, stored.back().first, stored.back().second);
    }
  }
  ReferenceCache reloaded(path);
  EXPECT_EQ(reloaded.size(), stored.size());
  for (const auto& [hash, e] : stored) {
    const auto r = find_proximity_reference(reloaded, hash);
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->relation, e.relation);
    EXPECT_EQ(r->distance_sq_exact, e.distance_sq_exact);
    EXPECT_EQ(r->distance, e.distance);
    EXPECT_EQ(r->depth_sq_exact, e.depth_sq_exact);
  }
}

TEST(ReferenceCache, SampleOfTheDefaultCacheRecomputesIdentically) {
  const auto path = std::filesystem::path(TOUCHSTONE_SOURCE_DIR) / "cases/.cache/reference.jsonl";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no default cache yet (run touchstone first)";
  ReferenceCache cache(path);
  int checked = 0;
  for (const auto& family : case_families())
    for (int i = 0; i < std::min(family.default_count, 11); i += 5) {
      const ProximityCase c = family.generate(1, i);
      const auto cached = find_proximity_reference(cache, case_input_hash(c));
      if (!cached) continue;
      const auto fresh = compute(c);
      EXPECT_EQ(cached->relation, fresh.relation) << c.id;
      EXPECT_EQ(cached->distance_sq_exact, fresh.distance_sq_exact) << c.id;
      EXPECT_EQ(cached->depth_sq_exact, fresh.depth_sq_exact) << c.id;
      ++checked;
    }
  RecordProperty("checked", checked);
}

}  // namespace
}  // namespace touchstone
