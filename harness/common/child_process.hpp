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

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace touchstone {

// What the child's work uses to answer.
class ChildChannel {
 public:
  // `deadline_seconds` > 0: each send re-arms the child's own timer (see above).
  // `stderr_file` >= 0: the file the child's fd 2 writes to; each send first sends what was
  // written there since the previous one (ChildOutcome::message_stderr).
  explicit ChildChannel(int fd, double deadline_seconds = 0, int stderr_file = -1)
      : fd_(fd), deadline_seconds_(deadline_seconds), stderr_file_(stderr_file) {}
  void send(const std::string& message);

 private:
  int fd_;
  double deadline_seconds_;
  int stderr_file_;
  std::uint64_t stderr_sent_ = 0;
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
  // What the child wrote to its stderr (fd 2: FCL's assertions, Siconos' warnings), cut per
  // message: entry k is what it wrote before sending message k, `trailing_stderr` what came after
  // its last message (the item a crash is blamed on). Each is capped at kCapturedStderrBytes: a
  // longer text keeps its end, after a line saying how many bytes were cut.
  std::vector<std::string> message_stderr;
  std::string trailing_stderr;
  bool ok() const { return end == End::finished; }
};

inline constexpr std::size_t kCapturedStderrBytes = 4096;

// Forks; the child runs work(channel) and exits without running the parent's destructors. The
// parent calls on_message for every message as it arrives; each message restarts the clock. An
// exception from on_message kills and reaps the child, then propagates. Once interrupted(), no
// child is started (End::interrupted at once) and a running one is killed and reaped.
// The child's stderr is captured (ChildOutcome::message_stderr, trailing_stderr) and, unless
// `capture_stderr`, also passed on to ours. Throws std::runtime_error when pipe or fork fail.
ChildOutcome run_in_child(const std::function<void(ChildChannel&)>& work, double timeout_seconds,
                          const std::function<void(const std::string&)>& on_message,
                          bool capture_stderr = false);

// fork() copies only the calling thread, so a lock another thread holds at that moment stays
// locked in the child for good: AddressSanitizer's allocator (clang 16 has no fork handler for
// it) can leave a child deadlocked under load. A thread that
// runs children while other threads of the process work (the robustness slices) holds a
// ForkParticipant for as long as it works: run_in_child forks only when every participant is
// waiting on its child's pipe or on the fork itself, never inside the allocator. A process with
// one thread needs none.
class ForkParticipant {
 public:
  ForkParticipant();
  ~ForkParticipant();
  ForkParticipant(const ForkParticipant&) = delete;
  ForkParticipant& operator=(const ForkParticipant&) = delete;
};

// The one answer of `work` computed in a child: `work` returns it as a string. Throws
// std::runtime_error("<what> <failure>") when there is none (timeout, crash, exception: the
// exception's own message without prefix). With `captured_stderr`, what the child wrote to
// stderr goes there (capped as above; set before any throw) instead of to ours.
std::string answer_in_child(const std::function<std::string()>& work, double timeout_seconds,
                            const std::string& what, std::string* captured_stderr = nullptr);

// The in-process counterpart (--isolate none): from construction to finish(), this process's
// fd 2 goes to a temporary file, and finish() gives back what was written there (capped as
// above) and restores fd 2 (the destructor restores it too). Throws std::runtime_error when no
// temporary file can be made.
class StderrCapture {
 public:
  StderrCapture();
  ~StderrCapture();
  StderrCapture(const StderrCapture&) = delete;
  StderrCapture& operator=(const StderrCapture&) = delete;
  std::string finish();

 private:
  std::FILE* file_ = nullptr;
  int saved_ = -1;
};

// "10", "0.5": seconds as the reasons print them.
std::string format_seconds(double seconds);

}  // namespace touchstone
