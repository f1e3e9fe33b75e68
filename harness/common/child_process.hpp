// Work in a forked child under a deadline (DESIGN §5: nothing crashes or hangs the run). Every
// case kind isolates what may crash, hang or throw (third-party peers, solvers, exact references)
// through this one mechanism: the child sends framed messages through a pipe, the parent waits
// at most `timeout_seconds` for each, and a crash, a hang or an uncaught exception becomes a
// reason string instead of the end of the run. Payloads are opaque strings; the kinds encode
// their answers with harness/common/wire.hpp.
#pragma once

#include <functional>
#include <string>

namespace touchstone {

// What the child's work uses to answer.
class ChildChannel {
 public:
  explicit ChildChannel(int fd) : fd_(fd) {}
  void send(const std::string& message);

 private:
  int fd_;
};

struct ChildOutcome {
  enum class End { finished, threw, timed_out, crashed, exited_early };
  End end = End::finished;
  // Why the child did not finish, "" when it did: "threw: <what>", "timed out after 10 s",
  // "crashed (signal 11, SIGSEGV): <its last stderr line>", "ended without an answer (exit
  // status 1)". Callers that ran several items in one child blame the item after the last answer.
  std::string failure;
  bool ok() const { return end == End::finished; }
};

// Forks; the child runs work(channel) and exits without running the parent's destructors. The
// parent calls on_message for every message as it arrives; each message restarts the clock. An
// exception from on_message kills and reaps the child, then propagates.
// The child's stderr passes through to ours. Throws std::runtime_error when pipe or fork fail.
ChildOutcome run_in_child(const std::function<void(ChildChannel&)>& work, double timeout_seconds,
                          const std::function<void(const std::string&)>& on_message);

// The one answer of `work` computed in a child: `work` returns it as a string. Throws
// std::runtime_error("<what> <failure>") when there is none (timeout, crash, exception: the
// exception's own message without prefix).
std::string answer_in_child(const std::function<std::string()>& work, double timeout_seconds,
                            const std::string& what);

// "10", "0.5": seconds as the reasons print them.
std::string format_seconds(double seconds);

}  // namespace touchstone
