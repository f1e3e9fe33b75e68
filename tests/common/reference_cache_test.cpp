// The reference cache cannot hide a stale answer: the key covers every input double, entries
// survive a round trip through the file, and an entry written by another version of the reference
// code is never used.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

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
    const auto r = find_reference(reloaded, hash, kExactProximityCodec);
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->relation, e.relation);
    EXPECT_EQ(r->distance_sq_exact, e.distance_sq_exact);
    EXPECT_EQ(r->distance, e.distance);
    EXPECT_EQ(r->depth_sq_exact, e.depth_sq_exact);
  }
}

TEST(ReferenceCache, EntriesOfAnotherReferenceVersionAreNotUsed) {
  const auto path = std::filesystem::temp_directory_path() / "touchstone-cache-version-test.jsonl";
  std::filesystem::remove(path);
  {
    std::ofstream out(path);
    out << R"({"key": "old", "value": 1, "reference": "0000000000000000"})" << '\n'
        << R"({"hash": "older", "reference": {"relation": "touching"}})" << '\n'
        << nlohmann::json{{"key", "current"}, {"value", 2}, {"reference", reference_version()}}
        << '\n';
  }
  const ReferenceCache cache(path);
  EXPECT_FALSE(cache.find("old").has_value());
  EXPECT_FALSE(cache.find("older").has_value());
  ASSERT_TRUE(cache.find("current").has_value());
  EXPECT_EQ(*cache.find("current"), 2);
  EXPECT_EQ(cache.stale(), 2u);
  EXPECT_EQ(std::string(reference_version()).size(), 16u);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace touchstone
