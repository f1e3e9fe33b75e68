// Algorithms that crash, abort, hang, throw or return NaN (test-only, in a test registry) never
// end the run: each becomes `error` (or `fail` for NaN) with its reason, the rest of the batch
// and the next case still answer, and an isolated answer is the same as an in-process one.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <thread>

#include "cases/families.hpp"
#include "harness/proximity/measure.hpp"
#include "harness/proximity/runner.hpp"
#include "tests/support/prepared.hpp"

namespace touchstone {
namespace {

enum class Misbehaviour { abort, segfault, hang, throws, nan };

class Misbehaving : public ProximityAlgorithm {
 public:
  explicit Misbehaving(Misbehaviour m) : m_(m) {}
  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    return test_support::bare_prepared(shape);
  }
  ProximityResult query(const ProximityQuery&) const override {
    switch (m_) {
      case Misbehaviour::abort:
        std::fputs("warning: first line\nfatal: simplex is degenerate\n", stderr);
        std::abort();
      case Misbehaviour::segfault:
        std::raise(SIGSEGV);
        break;
      case Misbehaviour::hang:
        for (;;) std::this_thread::sleep_for(std::chrono::milliseconds(50));
      case Misbehaviour::throws:
        throw std::runtime_error("degenerate simplex");
      case Misbehaviour::nan:
        break;
    }
    ProximityResult r;
    r.relation = Relation::separated;
    r.distance = std::numeric_limits<double>::quiet_NaN();
    return r;
  }

 private:
  Misbehaviour m_;
};

ProximityAlgorithmInfo misbehaving(const std::string& name, Misbehaviour m) {
  ProximityAlgorithmInfo i;
  i.name = name;
  i.family = "peer";  // isolated under the default --isolate peers
  i.capabilities.distance = true;
  i.make = [m] { return std::make_unique<Misbehaving>(m); };
  return i;
}

std::vector<ProximityCase> two_cases() {
  return {find_case_family("vertex-face")->generate(1, 0),
          find_case_family("edge-edge-crossing")->generate(1, 0)};
}

TEST(Isolation, CrashHangThrowAndNanBecomeVerdictsAndTheRunGoesOn) {
  ProximityRegistry registry;
  registry.add(misbehaving("test-abort", Misbehaviour::abort));
  registry.add(misbehaving("test-segfault", Misbehaviour::segfault));
  registry.add(misbehaving("test-hang", Misbehaviour::hang));
  registry.add(misbehaving("test-throw", Misbehaviour::throws));
  registry.add(misbehaving("test-nan", Misbehaviour::nan));
  std::vector<const ProximityAlgorithmInfo*> algorithms;
  for (const auto& a : registry.all()) algorithms.push_back(&a);
  ProximityAlgorithmInfo gjk_isolated = *ProximityRegistry::builtin().find("gjk");
  gjk_isolated.family = "peer";  // answers in the same child batch, after the misbehaving ones
  algorithms.push_back(&gjk_isolated);
  algorithms.push_back(ProximityRegistry::builtin().find("gjk"));  // in-process

  ProximityRunOptions options;
  options.repetitions = 1;
  options.algorithm_timeout_seconds = 1.0;
  ReferenceCache cache;
  const ProximityRunResults run = run_proximity(two_cases(), algorithms, options, cache);
  ASSERT_EQ(run.results.size(), 2 * algorithms.size());
  for (std::size_t ci = 0; ci < 2; ++ci) {
    const auto verdict = [&](std::size_t ai) -> const Verification& {
      return run.results[ci * algorithms.size() + ai].verification;
    };
    EXPECT_EQ(verdict(0).verdict, Verdict::error);
    // The reason quotes the last line the algorithm wrote to stderr (an assertion, say).
    EXPECT_EQ(verdict(0).reason, "crashed (signal 6, SIGABRT): fatal: simplex is degenerate");
    // Under AddressSanitizer a SIGSEGV is reported by ASan, which exits instead of dying.
    EXPECT_EQ(verdict(1).verdict, Verdict::error);
    EXPECT_TRUE(verdict(1).reason.find("crashed (signal 11, SIGSEGV)") != std::string::npos ||
                verdict(1).reason.find("ended without an answer") != std::string::npos)
        << verdict(1).reason;
    EXPECT_EQ(verdict(2).verdict, Verdict::error);
    EXPECT_EQ(verdict(2).reason, "timed out after 1 s");
    EXPECT_EQ(verdict(3).verdict, Verdict::error);
    EXPECT_EQ(verdict(3).reason, "threw: degenerate simplex");
    EXPECT_EQ(verdict(4).verdict, Verdict::fail);
    EXPECT_EQ(verdict(4).reason, "output contains NaN or infinity");
    EXPECT_EQ(verdict(5).verdict, Verdict::pass) << verdict(5).reason;
    EXPECT_EQ(verdict(6).verdict, Verdict::pass) << verdict(6).reason;
  }
}

TEST(Isolation, InProcessThrowIsAnErrorToo) {
  ProximityRegistry registry;
  registry.add(misbehaving("test-throw", Misbehaviour::throws));
  ProximityRunOptions options;
  options.repetitions = 1;
  options.isolation = Isolation::none;
  ReferenceCache cache;
  const ProximityRunResults run = run_proximity(two_cases(), {&registry.all()[0]}, options, cache);
  ASSERT_EQ(run.results.size(), 2u);
  for (const auto& r : run.results) {
    EXPECT_EQ(r.verification.verdict, Verdict::error);
    EXPECT_EQ(r.verification.reason, "threw: degenerate simplex");
  }
}

TEST(Isolation, IsolatedAnswerEqualsInProcessAnswer) {
  const ProximityCase c = find_case_family("edge-edge-crossing")->generate(1, 3);
  const Polytope a = Polytope::from_points(c.a.vertices), b = Polytope::from_points(c.b.vertices);
  const auto gjk = ProximityRegistry::builtin().find("gjk")->make();
  const Measurement direct = measure_query(*gjk, a, c.pose_a, b, c.pose_b, 1);
  const auto isolated = measure_isolated({gjk.get()}, a, c.pose_a, b, c.pose_b, 2, 10.0);
  ASSERT_EQ(isolated.size(), 1u);
  ASSERT_EQ(isolated[0].error, "");
  const ProximityResult& r = isolated[0].measurement.output;
  EXPECT_EQ(r.relation, direct.output.relation);
  EXPECT_EQ(r.distance, direct.output.distance);  // bit for bit through the pipe
  EXPECT_EQ(r.witness_a, direct.output.witness_a);
  EXPECT_EQ(r.witness_b, direct.output.witness_b);
  EXPECT_EQ(isolated[0].measurement.timing.repetitions, 2);
  EXPECT_GT(isolated[0].measurement.timing.median_ns, 0.0);
}

}  // namespace
}  // namespace touchstone
