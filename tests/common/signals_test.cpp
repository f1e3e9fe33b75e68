// SIGINT and SIGTERM: the one fork mechanism (harness/common/child_process.hpp) kills and reaps
// its child once interrupted, no child outlives its parent (PR_SET_PDEATHSIG) or its deadline
// (its own timer), and `run`, `forces` and `robustness` signalled mid-run write a valid report of
// the work they finished, marked interrupted, exit 128 + signal and leave no process behind.
// The runs are signalled after their progress output says they finished two items (the test
// hook TOUCHSTONE_PROGRESS_EVERY=1), never after a guessed time.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <thread>

#include "harness/common/child_process.hpp"
#include "tests/support/cli_process.hpp"
#include "tests/support/schema_check.hpp"

namespace touchstone {
namespace {

using nlohmann::json;
using test_support::CliProcess;
using test_support::TempDir;

bool no_children() { return waitpid(-1, nullptr, WNOHANG) < 0 && errno == ECHILD; }

TEST(Interrupt, KillsAndReapsTheRunningChild) {
  pid_t child = 0;
  const ChildOutcome outcome = run_in_child(
      [](ChildChannel& out) {
        out.send(std::to_string(getpid()));
        for (;;) pause();
      },
      600,
      [&](const std::string& pid) {
        child = std::stoi(pid);
        set_interrupt_signal(SIGTERM);  // as the handler does, once the child is running
      });
  set_interrupt_signal(0);
  EXPECT_EQ(outcome.end, ChildOutcome::End::interrupted);
  EXPECT_EQ(outcome.failure, "interrupted (signal 15, SIGTERM)");
  ASSERT_GT(child, 0);
  EXPECT_TRUE(kill(child, 0) < 0 && errno == ESRCH) << "the child is still there";
  EXPECT_TRUE(no_children());
}

TEST(Interrupt, TheHandlerOnlyRaisesTheFlagAndNoNewChildStarts) {
  install_interrupt_handlers();
  const ChildOutcome first = run_in_child(
      [](ChildChannel& out) {
        out.send("running");
        for (;;) pause();
      },
      600, [](const std::string&) { raise(SIGINT); });
  EXPECT_EQ(first.end, ChildOutcome::End::interrupted);
  EXPECT_EQ(interrupt_signal(), SIGINT);
  bool ran = false;
  const ChildOutcome second =
      run_in_child([&](ChildChannel&) { ran = true; }, 600, [&](const std::string&) {});
  EXPECT_EQ(second.end, ChildOutcome::End::interrupted);
  EXPECT_FALSE(ran);
  EXPECT_TRUE(no_children());
  set_interrupt_signal(0);
  signal(SIGTERM, SIG_DFL);  // the handler reset SIGINT itself; SIGTERM's is still ours
}

// A middle process runs a child that reports its pid on `report` and hangs.
pid_t start_middle(int report, double timeout_seconds, bool stop_parent) {
  const pid_t middle = fork();
  if (middle == 0) {
    run_in_child(
        [&](ChildChannel&) {
          if (stop_parent) kill(getppid(), SIGSTOP);
          const std::string pid = std::to_string(getpid()) + "\n";
          if (write(report, pid.data(), pid.size()) < 0) _exit(3);
          for (;;) pause();
        },
        timeout_seconds, {});
    _exit(0);
  }
  return middle;
}

pid_t read_pid(int fd) {
  std::string text;
  char c;
  while (read(fd, &c, 1) == 1 && c != '\n') text += c;
  return text.empty() ? -1 : std::stoi(text);
}

TEST(Interrupt, NoChildOutlivesItsParent) {
  ASSERT_EQ(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);  // orphans come to this process
  int report[2];
  ASSERT_EQ(pipe(report), 0);
  const pid_t middle = start_middle(report[1], 600, false);
  const pid_t child = read_pid(report[0]);
  ASSERT_GT(child, 0);
  kill(middle, SIGKILL);
  waitpid(middle, nullptr, 0);
  int status = 0;
  pid_t reaped = 0;
  // A liveness bound, not a timing check: the kernel kills the orphan at once.
  for (int i = 0; i < 300 && reaped == 0; ++i) {
    reaped = waitpid(child, &status, WNOHANG);
    if (reaped == 0) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (reaped == 0) kill(child, SIGKILL), waitpid(child, nullptr, 0);
  ASSERT_EQ(reaped, child) << "the child outlived its parent";
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  close(report[0]);
  close(report[1]);
}

// The exit code a zombie left in /proc/<pid>/stat (its last field), or -1 while it runs.
int zombie_status(pid_t pid) {
  const std::string stat = test_support::read_text("/proc/" + std::to_string(pid) + "/stat");
  const auto paren = stat.rfind(')');
  if (paren == std::string::npos || stat.size() < paren + 3 || stat[paren + 2] != 'Z') return -1;
  return std::stoi(stat.substr(stat.find_last_of(' ', stat.size() - 2) + 1));
}

TEST(Interrupt, TheChildKeepsItsOwnDeadlineWhenTheParentStopsWatching) {
  int report[2];
  ASSERT_EQ(pipe(report), 0);
  // The child stops its parent at once, so only the child's own timer (1 s + 1 s) can end it.
  const pid_t middle = start_middle(report[1], 1.0, true);
  const pid_t child = read_pid(report[0]);
  ASSERT_GT(child, 0);
  int status = -1;
  for (int i = 0; i < 300 && status < 0; ++i) {  // liveness bound, as above
    status = zombie_status(child);
    if (status < 0) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  kill(middle, SIGKILL);
  waitpid(middle, nullptr, 0);
  ASSERT_GE(status, 0) << "the child ran past its deadline";
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) << status;
  close(report[0]);
  close(report[1]);
}

// Runs `args` (with --out <dir>/report.json), signals it once its progress says `at_least`
// items are finished, and checks the exit code, that no process is left, and returns the report
// and the total the progress announced.
json interrupt_cli(std::vector<std::string> args, int sig, int at_least, int& total) {
  TempDir dir("touchstone-signals");
  args.insert(args.end(), {"--out", dir / "report.json"});
  CliProcess p(args, dir / "stdout", {"TOUCHSTONE_PROGRESS_EVERY=1"});
  // The last "N / M " progress line, plain lines since stderr is no terminal (scanned by hand:
  // std::regex trips GCC 12's maybe-uninitialized warning in the sanitizer build).
  int done = 0;
  const bool seen = p.read_until([&](const std::string& err) {
    for (std::size_t at = 0; at < err.size(); at = err.find('\n', at) + 1) {
      int n = 0, m = 0;
      if (std::sscanf(err.c_str() + at, "%d / %d ", &n, &m) == 2) done = n, total = m;
      if (err.find('\n', at) == std::string::npos) break;
    }
    return done >= at_least;
  });
  EXPECT_TRUE(seen) << p.err();
  kill(p.pid(), sig);
  const int status = p.finish();
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 128 + sig) << status << "\n" << p.err();
  EXPECT_TRUE(p.group_gone()) << "a process of the run is left";
  EXPECT_NE(p.err().find("interrupted by signal " + std::to_string(sig)), std::string::npos);
  return json::parse(test_support::read_text(dir / "report.json"));
}

// Signalled with SIGINT, then with SIGTERM: every finished case is there with all its results,
// and the run was not over.
void expect_finished_cases(const std::vector<std::string>& args, const char* cases_key,
                           const char* results_key) {
  for (const int sig : {SIGINT, SIGTERM}) {
    int total = 0;
    const json report = interrupt_cli(args, sig, 2, total);
    EXPECT_EQ(report.at("interrupted"), true);
    const std::size_t cases = report.at(cases_key).size();
    EXPECT_GE(cases, 2u);
    EXPECT_LT(cases, static_cast<std::size_t>(total));
    EXPECT_EQ(report.at(results_key).size(), cases * report.at("algorithms").size());
    EXPECT_TRUE(test_support::matches_report_schema(report, "interrupted"));
  }
}

TEST(InterruptCli, RunWritesTheFinishedCases) {
  expect_finished_cases({"run", "--algorithms", "gjk,vclip", "--no-reference-cache"}, "cases",
                        "results");
}

TEST(InterruptCli, ForcesWritesTheFinishedCases) {
  expect_finished_cases({"forces", "--solvers", "lemke,pgs", "--no-reference-cache"}, "force_cases",
                        "force_results");
}

TEST(InterruptCli, RobustnessWritesTheFinishedTrials) {
  for (const int sig : {SIGINT, SIGTERM}) {
    int total = 0;
    const json report = interrupt_cli(
        {"robustness", "--algorithms", "gjk,vclip", "--trials", "100000", "--export-failures", ""},
        sig, 2, total);
    EXPECT_EQ(report.at("interrupted"), true);
    const int done = report.at("trials_done").get<int>();
    EXPECT_GE(done, 2);
    EXPECT_LT(done, total);
    for (const json& a : report.at("algorithms"))
      EXPECT_EQ(a.at("trials").get<int>(), done - report.at("reference_errors").get<int>());
  }
}

}  // namespace
}  // namespace touchstone
