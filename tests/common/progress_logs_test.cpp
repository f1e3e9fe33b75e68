// Progress and logs: the progress printer (one redrawn line on a terminal, plain lines ending in
// "\n" otherwise, never "0 / 33 cases10 / 33 cases" glued together), and the peers' own stderr
// captured per result (harness/common/child_process.hpp) — in the result and the report, not on
// the terminal — in a forked child and in process (--isolate none).
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "harness/common/child_process.hpp"
#include "harness/common/progress.hpp"
#include "harness/proximity/report.hpp"
#include "tests/support/gjk_variants.hpp"
#include "tests/support/proximity_runs.hpp"

namespace touchstone {
namespace {

TEST(ProgressLine, ShowsCountRateEtaAndLabel) {
  // 50 of 200 in 10 s: 5 per second, 150 left: 30 s.
  EXPECT_EQ(format_progress({50, 200, 10.0, "cases", "edge-edge"}),
            "50 / 200 cases   25%  5.00 /s  ETA 0:30  edge-edge");
  // 3000 of 9000 in 60 s: 50 per second, 6000 left: 120 s.
  EXPECT_EQ(format_progress({3000, 9000, 60.0, "trials", ""}),
            "3000 / 9000 trials   33%  50.0 /s  ETA 2:00");
  // Done: the total time, no label; nothing done yet: no rate.
  EXPECT_EQ(format_progress({4, 4, 2.0, "cases", "x"}), "4 / 4 cases  100%  2.00 /s  in 0:02");
  EXPECT_EQ(format_progress({0, 7, 0.0, "cases", "x"}), "0 / 7 cases    0%  x");
  // 7200 s left: an hour format.
  EXPECT_EQ(format_progress({1, 2, 7200.0, "cases", ""}),
            "1 / 2 cases   50%  0.00 /s  ETA 2:00:00");
}

// Runs the printer over 0..total with stderr captured, in the given mode.
std::string printed(const char* mode, std::size_t total) {
  setenv("TOUCHSTONE_PROGRESS", mode, 1);
  unsetenv("TOUCHSTONE_PROGRESS_EVERY");
  StderrCapture capture;
  const Progress progress = progress_printer("region cases");
  for (std::size_t i = 0; i <= total; ++i) {
    set_progress_label(i < 20 ? "l-block" : "comb");
    progress(i, total);
  }
  progress(total, total);  // runners report the end once more: printed once
  unsetenv("TOUCHSTONE_PROGRESS");
  return capture.finish();
}

TEST(ProgressPrinter, PlainLinesWhenNotATerminal) {
  const std::string out = printed("plain", 33);
  EXPECT_EQ(out.find('\r'), std::string::npos) << out;
  EXPECT_EQ(out.find("\033["), std::string::npos) << out;
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out.back(), '\n');
  // Every line is one whole progress line: "N / 33 region cases ...". The first at 0, one per
  // tenth crossed (4, 7, 10, 14, 17, 20, 24, 27, 30: done * 10 / 33 grows), the last at 33.
  std::vector<int> done;
  for (std::size_t at = 0; at < out.size(); at = out.find('\n', at) + 1) {
    int n = -1, m = -1;
    ASSERT_EQ(std::sscanf(out.c_str() + at, "%d / %d region cases", &n, &m), 2) << out;
    EXPECT_EQ(m, 33);
    done.push_back(n);
  }
  EXPECT_EQ(done, (std::vector<int>{0, 4, 7, 10, 14, 17, 20, 24, 27, 30, 33})) << out;
  EXPECT_NE(out.find("l-block\n"), std::string::npos) << out;
  EXPECT_NE(out.find("comb\n"), std::string::npos) << out;
  EXPECT_NE(out.find("33 / 33 region cases  100%"), std::string::npos) << out;
}

TEST(ProgressPrinter, OneRedrawnLineOnATerminal) {
  const std::string out = printed("tty", 33);
  EXPECT_EQ(out.rfind("\r\033[K0 / 33 region cases", 0), 0u) << out;
  EXPECT_EQ(out.find("\r\033[K33 / 33 region cases  100%"), out.rfind("\r\033[K")) << out;
  // One newline, at the very end.
  EXPECT_EQ(out.find('\n'), out.size() - 1) << out;
}

TEST(CapturedStderr, PerMessageInAChildAndNothingOnOurs) {
  StderrCapture ours;
  const ChildOutcome outcome = run_in_child(
      [](ChildChannel& out) {
        std::fputs("assertion failed: first\n", stderr);
        out.send("one");
        out.send("two");  // wrote nothing before this one
        std::fputs("LU warning: second\n", stderr);
        out.send("three");
        std::fputs("after the last\n", stderr);
      },
      10, {}, true);
  EXPECT_EQ(ours.finish(), "");
  EXPECT_TRUE(outcome.ok()) << outcome.failure;
  EXPECT_EQ(outcome.message_stderr,
            (std::vector<std::string>{"assertion failed: first\n", "", "LU warning: second\n"}));
  EXPECT_EQ(outcome.trailing_stderr, "after the last\n");
}

TEST(CapturedStderr, ACrashKeepsItsWordsAndLongTextIsCut) {
  std::string captured;
  StderrCapture ours;
  EXPECT_THROW(answer_in_child(
                   [] {
                     const std::string noise(10000, 'x');
                     std::fputs(noise.c_str(), stderr);
                     std::fputs("\nfcl: Assertion `false' failed.\n", stderr);
                     std::abort();
                     return std::string();
                   },
                   10, "peer", &captured),
               std::runtime_error);
  EXPECT_EQ(ours.finish(), "");
  // 10000 + 1 + 31 bytes written, the last 4096 kept: 5936 cut.
  const std::string head = "[stderr truncated: 5936 earlier bytes cut]\n";
  ASSERT_EQ(captured.rfind(head, 0), 0u) << captured.substr(0, 80);
  EXPECT_EQ(captured.size(), head.size() + kCapturedStderrBytes);
  EXPECT_EQ(captured.substr(captured.size() - 31), "fcl: Assertion `false' failed.\n");
}

TEST(CapturedStderr, InProcessNestsAndRestores) {
  StderrCapture outer;
  std::fputs("outer 1\n", stderr);
  {
    StderrCapture inner;
    std::fputs("inner\n", stderr);
    EXPECT_EQ(inner.finish(), "inner\n");
  }
  std::fputs("outer 2\n", stderr);
  EXPECT_EQ(outer.finish(), "outer 1\nouter 2\n");
}

// gjk, saying something on stderr at every query, as FCL and Siconos do.
class Noisy final : public test_support::OverGjk {
 public:
  ProximityResult query(const ProximityQuery& in) const override {
    std::fputs("noisy: degenerate simplex\n", stderr);
    return gjk_->query(in);
  }
};

TEST(CapturedStderr, InTheResultAndReportNotOnTheTerminal) {
  const ProximityAlgorithmInfo noisy =
      test_support::gjk_variant("noisy", [] { return std::make_unique<Noisy>(); });
  const auto cases = test_support::example_cases();
  ASSERT_FALSE(cases.empty());
  const std::vector<ProximityCase> one(cases.begin(), cases.begin() + 1);
  for (const auto isolation : {Isolation::all, Isolation::none}) {
    ProximityRunOptions options;
    options.repetitions = 2;  // one untimed query and two timed ones: three lines
    options.isolation = isolation;
    ReferenceCache cache;
    StderrCapture terminal;
    const ProximityRunResults run = run_proximity(one, {&noisy}, options, cache);
    EXPECT_EQ(terminal.finish(), "");
    ASSERT_EQ(run.results.size(), 1u);
    const std::string line = "noisy: degenerate simplex\n";
    EXPECT_EQ(run.results[0].captured_stderr, line + line + line);
    const nlohmann::json report = ProximityReport(run, options).document({"test", 1});
    EXPECT_EQ(report.at("results").at(0).at("stderr"), line + line + line);
  }
}

}  // namespace
}  // namespace touchstone
