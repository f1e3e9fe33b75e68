// The force reference in the harness: cache round trip, keys that change with every input bit,
// and the forked time-limited route (entries of other reference code are never used:
// reference_cache_test).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "cases/force_scenes.hpp"
#include "harness/forces/runner.hpp"

namespace touchstone {
namespace {

void expect_same(const ExactLcp& a, const ExactLcp& b, const std::string& id) {
  EXPECT_EQ(a.outcome, b.outcome) << id;
  EXPECT_EQ(a.method, b.method) << id;
  EXPECT_EQ(a.force, b.force) << id;
  EXPECT_EQ(a.acceleration, b.acceleration) << id;
  EXPECT_EQ(a.forces_unique, b.forces_unique) << id;
  EXPECT_EQ(a.minimum_norm, b.minimum_norm) << id;
}

TEST(ForceReference, CacheRoundTripAndKeys) {
  const auto dir = std::filesystem::temp_directory_path() / "touchstone-force-cache-test";
  std::filesystem::remove_all(dir);
  const auto file = dir / "cache.jsonl";
  const auto scenes = force_scenes();
  {
    ReferenceCache cache(file);
    ForceRunOptions options;
    options.reference_timeout_seconds = 0;  // in-process
    const auto run = run_forces(scenes, {}, options, cache);
    // Computed afresh (inclined-plane-friction shares A and b with inclined-plane, so it hits).
    EXPECT_FALSE(run.cases.front().reference_from_cache);
  }
  ReferenceCache reloaded(file);
  ForceRunOptions options;
  const auto run = run_forces(scenes, {}, options, reloaded);
  for (const auto& c : run.cases) {
    EXPECT_TRUE(c.reference_from_cache) << c.spec.id;
    ASSERT_TRUE(c.reference) << c.spec.id;
    expect_same(*c.reference, exact_lcp(c.spec.problem.A, c.spec.problem.b), c.spec.id);
  }
  // One ulp in b changes the key.
  forces::ContactProblem p = scenes.front().problem;
  const std::string before = force_input_hash(p);
  p.b[0] = std::nextafter(p.b[0], 0.0);
  EXPECT_NE(force_input_hash(p), before);
}

TEST(ForceReference, IsolatedMatchesInProcess) {
  for (const auto& c : force_scenes()) {
    const auto isolated = exact_lcp_isolated(c.problem.A, c.problem.b, 30.0);
    expect_same(isolated, exact_lcp(c.problem.A, c.problem.b), c.id);
  }
}

}  // namespace
}  // namespace touchstone
