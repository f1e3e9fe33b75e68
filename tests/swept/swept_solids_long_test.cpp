// Every whole-solid family query (12 bases × 24 exact rotations) through the pipeline: the exact
// reference agrees with every answer by construction, the conservative algorithm misses nothing
// and is never late, and every FCL solver at least runs (its misses are counted, not failed).
// The short tests (swept_reference_test.cpp) run the same code on three rotations.
#include <gtest/gtest.h>

#include "cases/swept_families.hpp"
#include "harness/swept/runner.hpp"

namespace touchstone {
namespace {

TEST(SweptSolidsLong, EveryRotationAgreesWithTheConstructionAndConservativeMissesNothing) {
  const auto cases = swept_family_cases({"solids"});
  ASSERT_EQ(cases.size(), 12u * 24u);
  std::vector<const SweptAlgorithmInfo*> all;
  for (const auto& a : SweptAlgorithmRegistry::builtin().all()) all.push_back(&a);
  SweptOptions options;
  options.repetitions = 1;
  const SweptRun run = run_swept(cases, all, options, {});
  ASSERT_EQ(run.cases.size(), cases.size());
  for (const auto& c : run.cases) EXPECT_TRUE(c.problems.empty()) << c.spec.id;
  int conservative = 0;
  for (const auto& r : run.results) {
    const auto& id = run.cases[r.case_index].spec.id;
    if (r.algorithm->conservative) {
      ++conservative;
      EXPECT_FALSE(r.verification.false_negative) << r.algorithm->name << " " << id;
      EXPECT_NE(r.verification.verdict, Verdict::fail)
          << r.algorithm->name << " " << id << ": " << r.verification.reason;
    }
    EXPECT_FALSE(r.answer.failed) << r.algorithm->name << " " << id << ": " << r.answer.reason;
  }
  EXPECT_EQ(conservative, static_cast<int>(cases.size()));
}

}  // namespace
}  // namespace touchstone
