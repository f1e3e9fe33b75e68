// Work in a forked child under a deadline (DESIGN §5: nothing crashes or hangs the run). Every
// case kind isolates what may crash, hang or throw (third-party peers, solvers, exact references)
// through this one mechanism: the child sends framed messages through a pipe, the parent waits
// at most `timeout_seconds` for each, and a crash, a hang or an uncaught exception becomes a
// reason string instead of the end of the run. Payloads are opaque strings; the kinds encode
// their answers with harness/common/wire.hpp.
//
// No child outlives its parent or its deadline: the child asks the kernel to kill it when the
// parent dies (PR_SET_PDEATHSIG), ignores SIGINT (the parent decides), and arms its own timer
// at each message (the deadline plus one second, SIGALRM ends it) in case the parent stops
// watching. And this is where interruption lives: after install_interrupt_handlers(), SIGINT or
// SIGTERM only raises a flag; run_in_child then kills and reaps its child at once and returns
// End::interrupted, and the runners start no new work once interrupted().
#pragma once

#include <functional>
#include <string>

namespace touchstone {

// What the child's work uses to answer.
class ChildChannel {
 public:
  // `deadline_seconds` > 0: each send re-arms the child's own timer (see above).
  explicit ChildChannel(int fd, double deadline_seconds = 0)
      : fd_(fd), deadline_seconds_(deadline_seconds) {}
  void send(const std::string& message);

 private:
  int fd_;
  double deadline_seconds_;
};

// SIGINT and SIGTERM set the interrupt flag instead of ending the process; the handler resets
// itself, so a second signal ends the process at once (its children die with it).
void install_interrupt_handlers();
// The signal that interrupted the run (SIGINT, SIGTERM), 0 while none has.
int interrupt_signal();
inline bool interrupted() { return interrupt_signal() != 0; }
// Raises the flag as the handler does (tests), or clears it (0).
void set_interrupt_signal(int sig);

struct ChildOutcome {
  enum class End { finished, threw, timed_out, crashed, exited_early, interrupted };
  End end = End::finished;
  // Why the child did not finish, "" when it did: "threw: <what>", "timed out after 10 s",
  // "crashed (signal 11, SIGSEGV): <its last stderr line>", "ended without an answer (exit
  // status 1)", "interrupted (SIGINT)". Callers that ran several items in one child blame the
  // item after the last answer.
  std::string failure;
  bool ok() const { return end == End::finished; }
};

// Forks; the child runs work(channel) and exits without running the parent's destructors. The
// parent calls on_message for every message as it arrives; each message restarts the clock. An
// exception from on_message kills and reaps the child, then propagates. Once interrupted(), no
// child is started (End::interrupted at once) and a running one is killed and reaped.
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
