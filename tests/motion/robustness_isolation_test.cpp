// The robustness experiment in a forked child (RobustnessOptions::isolate, the CLI's default):
// the same counts as in-process, and a crash is an `error` of its algorithm on its trial while
// the run goes on in a fresh child.
#include <gtest/gtest.h>

#include <cstdlib>

#include "algorithms/proximity/registry.hpp"
#include "harness/motion/robustness.hpp"

namespace touchstone {
namespace {

std::vector<int> fields(const RobustnessCounts& k) {
  return {k.trials,   k.problems,   k.cycle_resolved, k.cycling, k.other_failure, k.wrong_features,
          k.distance, k.false_zero, k.other_check,    k.error,   k.ambiguous,     k.unsupported};
}

std::vector<std::string> failing_ids(const RobustnessResults& r) {
  std::vector<std::string> ids;
  for (const auto& t : r.failing) ids.push_back(t.motion.id);
  return ids;
}

std::vector<const ProximityAlgorithmInfo*> builtin(std::initializer_list<const char*> names) {
  std::vector<const ProximityAlgorithmInfo*> out;
  for (const char* n : names) out.push_back(ProximityRegistry::builtin().find(n));
  return out;
}

TEST(RobustnessIsolation, TheChildCountsWhatTheProcessCounts) {
  const auto algorithms = builtin({"gjk", "vclip", "lin-canny"});
  RobustnessOptions options;
  options.trials = 60;
  options.seed = 3;
  const RobustnessResults in_process = run_robustness(algorithms, options);
  options.isolate = true;
  const RobustnessResults isolated = run_robustness(algorithms, options);
  EXPECT_EQ(isolated.trials_done, 60);
  EXPECT_EQ(in_process.trials_done, 60);
  EXPECT_EQ(isolated.reference_errors, in_process.reference_errors);
  for (std::size_t i = 0; i < algorithms.size(); ++i)
    EXPECT_EQ(fields(isolated.counts[i]), fields(in_process.counts[i])) << algorithms[i]->name;
  EXPECT_EQ(failing_ids(isolated), failing_ids(in_process));
  EXPECT_EQ(isolated.failing_reasons, in_process.failing_reasons);
}

// --jobs: contiguous slices, each in its own child at once, count what one child counts, and the
// progress adds the slices up.
TEST(RobustnessIsolation, SlicesPlayedAtOnceCountWhatOneChildCounts) {
  const auto algorithms = builtin({"gjk", "vclip", "lin-canny"});
  RobustnessOptions options;
  options.trials = 61;
  options.seed = 3;
  options.isolate = true;
  const RobustnessResults one = run_robustness(algorithms, options);
  options.jobs = 4;
  int last_progress = -1;
  const RobustnessResults sliced = run_robustness(algorithms, options, [&](int done, int total) {
    EXPECT_EQ(total, 61);
    EXPECT_GE(done, last_progress);
    last_progress = done;
  });
  EXPECT_EQ(last_progress, 61);
  EXPECT_EQ(sliced.trials_done, 61);
  EXPECT_EQ(sliced.reference_errors, one.reference_errors);
  EXPECT_EQ(sliced.reference_certified, one.reference_certified);
  EXPECT_EQ(sliced.reference_full, one.reference_full);
  for (std::size_t i = 0; i < algorithms.size(); ++i)
    EXPECT_EQ(fields(sliced.counts[i]), fields(one.counts[i])) << algorithms[i]->name;
  EXPECT_EQ(failing_ids(sliced), failing_ids(one));
  EXPECT_EQ(sliced.failing_reasons, one.failing_reasons);
  ASSERT_EQ(sliced.slices.size(), 4u);
  int next = 0;
  for (const TrialSlice& slice : sliced.slices) {
    EXPECT_EQ(slice.first_trial, next);
    EXPECT_GE(slice.trials, 15);
    EXPECT_EQ(slice.done, slice.trials);
    next += slice.trials;
  }
  EXPECT_EQ(next, 61);
}

// gjk, except that the third query a process makes aborts it (each fresh child counts from the
// parent's zero: trials 2, 5, 8, ... crash).
class ThirdQueryAborts final : public ProximityAlgorithm {
 public:
  ThirdQueryAborts() : inner_(ProximityRegistry::builtin().find("gjk")->make()) {}
  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    return inner_->prepare(shape);
  }
  ProximityResult query(const ProximityQuery& in) const override {
    static int calls = 0;
    if (++calls == 3) std::abort();
    return inner_->query(in);
  }

 private:
  std::unique_ptr<ProximityAlgorithm> inner_;
};

TEST(RobustnessIsolation, ACrashIsAnErrorOfItsTrialAndTheRunGoesOn) {
  ProximityAlgorithmInfo crashing = *ProximityRegistry::builtin().find("gjk");
  crashing.name = "crashes";
  crashing.capabilities.warm_start = false;  // one query per trial
  crashing.make = [] { return std::make_unique<ThirdQueryAborts>(); };
  const auto gjk = builtin({"gjk"});
  RobustnessOptions options;
  options.trials = 9;
  options.isolate = true;
  const RobustnessResults alone = run_robustness(gjk, options);
  const RobustnessResults r = run_robustness({gjk[0], &crashing}, options);
  EXPECT_EQ(r.trials_done, 9);
  EXPECT_EQ(fields(r.counts[0]), fields(alone.counts[0]));  // gjk is not disturbed
  EXPECT_EQ(r.counts[1].trials, 9);
  EXPECT_EQ(r.counts[1].error, 3);  // trials 2, 5 and 8
  ASSERT_GE(r.failing_reasons.size(), 3u);
  EXPECT_NE(r.failing_reasons[0].find("crashes: crashed (signal 6, SIGABRT)"), std::string::npos)
      << r.failing_reasons[0];
}

}  // namespace
}  // namespace touchstone
