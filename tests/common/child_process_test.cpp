// The one fork mechanism (harness/common/child_process.hpp): answers, exceptions, crashes and
// hangs each end as documented, and no child outlives the call.
#include "harness/common/child_process.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace touchstone {
namespace {

// True when this process has no child left, running or unreaped.
bool no_children() { return waitpid(-1, nullptr, WNOHANG) < 0 && errno == ECHILD; }

TEST(ChildProcess, MessagesArriveInOrder) {
  std::vector<std::string> got;
  const ChildOutcome outcome = run_in_child(
      [](ChildChannel& out) {
        out.send("one");
        out.send(std::string("two\0bytes", 9));
      },
      10, [&](const std::string& m) { got.push_back(m); });
  EXPECT_TRUE(outcome.ok()) << outcome.failure;
  EXPECT_EQ(got, (std::vector<std::string>{"one", std::string("two\0bytes", 9)}));
  EXPECT_TRUE(no_children());
}

TEST(ChildProcess, ExceptionCrashAndHangBecomeReasons) {
  const auto threw = run_in_child([](ChildChannel&) { throw std::runtime_error("boom"); }, 10, {});
  EXPECT_EQ(threw.end, ChildOutcome::End::threw);
  EXPECT_EQ(threw.failure, "threw: boom");
  const auto crashed = run_in_child([](ChildChannel&) { std::abort(); }, 10, {});
  EXPECT_EQ(crashed.end, ChildOutcome::End::crashed);
  EXPECT_NE(crashed.failure.find("SIGABRT"), std::string::npos) << crashed.failure;
  const auto hung = run_in_child(
      [](ChildChannel&) {
        for (;;) pause();
      },
      0.2, {});
  EXPECT_EQ(hung.end, ChildOutcome::End::timed_out);
  EXPECT_EQ(hung.failure, "timed out after 0.2 s");
  EXPECT_TRUE(no_children());
}

TEST(ChildProcess, RejectedAnswerKillsTheChild) {
  EXPECT_THROW(run_in_child(
                   [](ChildChannel& out) {
                     out.send("not what the parent expects");
                     for (;;) pause();
                   },
                   600, [](const std::string&) { throw std::runtime_error("bad answer"); }),
               std::runtime_error);
  EXPECT_TRUE(no_children());
}

TEST(ChildProcess, AnswerInChildNamesWhatFailed) {
  EXPECT_EQ(answer_in_child([] { return std::string("42"); }, 10, "x"), "42");
  try {
    answer_in_child(
        []() -> std::string {
          for (;;) pause();
        },
        0.2, "exact reference");
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "exact reference timed out after 0.2 s");
  }
}

}  // namespace
}  // namespace touchstone
