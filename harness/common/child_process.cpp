#include "harness/common/child_process.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "harness/common/timing.hpp"

namespace touchstone {
namespace {

volatile std::sig_atomic_t interrupt_flag = 0;

extern "C" void on_interrupt(int sig) { interrupt_flag = sig; }

// The child's own deadline: SIGALRM (default action: end the process) after `seconds` plus one.
void arm_child_timer(double seconds) {
  if (!(seconds > 0 && seconds < 1e8)) return;
  itimerval timer{};
  const double at = seconds + 1.0;
  timer.it_value.tv_sec = static_cast<time_t>(at);
  timer.it_value.tv_usec = static_cast<suseconds_t>((at - std::floor(at)) * 1e6);
  setitimer(ITIMER_REAL, &timer, nullptr);
}

// In the child, before its work: die with the parent, leave SIGINT to the parent, SIGTERM and
// SIGALRM at their default action, and the deadline armed.
void prepare_child(pid_t parent, double timeout_seconds) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(1);  // the parent died before prctl took effect
  std::signal(SIGINT, SIG_IGN);
  std::signal(SIGTERM, SIG_DFL);
  std::signal(SIGALRM, SIG_DFL);
  sigset_t alarm;
  sigemptyset(&alarm);
  sigaddset(&alarm, SIGALRM);
  sigprocmask(SIG_UNBLOCK, &alarm, nullptr);
  arm_child_timer(timeout_seconds);
}

// A frame on the pipe: u32 length, u8 tag, payload. Tag 0: a message; tag 1: the work threw
// (payload: what it said).
enum Tag : std::uint8_t { message_tag = 0, threw_tag = 1 };

void write_all(int fd, const std::string& data) {
  for (std::size_t sent = 0; sent < data.size();) {
    const ssize_t n = write(fd, data.data() + sent, data.size() - sent);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    sent += static_cast<std::size_t>(n);
  }
}

void send_frame(int fd, Tag tag, const std::string& payload) {
  std::string frame(5, '\0');
  const auto length = static_cast<std::uint32_t>(payload.size() + 1);
  std::memcpy(frame.data(), &length, 4);
  frame[4] = static_cast<char>(tag);
  write_all(fd, frame + payload);
}

std::string signal_text(int sig) {
  const char* name = sigabbrev_np(sig);
  return "signal " + std::to_string(sig) + (name ? std::string(", SIG") + name : "");
}

// ": <last non-empty line>" of what the child wrote to stderr (at most 400 characters), or "".
std::string last_line(const std::string& text) {
  std::size_t end = text.find_last_not_of(" \r\n\t");
  if (end == std::string::npos) return "";
  std::size_t begin = text.find_last_of('\n', end);
  begin = begin == std::string::npos ? 0 : begin + 1;
  std::string line = text.substr(begin, end + 1 - begin);
  if (line.size() > 400) line = line.substr(0, 400) + "...";
  return ": " + line;
}

[[noreturn]] void child_main(int fd, const std::function<void(ChildChannel&)>& work,
                             double timeout_seconds) {
  ChildChannel channel(fd, timeout_seconds);
  try {
    work(channel);
  } catch (const std::exception& e) {
    send_frame(fd, threw_tag, e.what());
  } catch (...) {
    send_frame(fd, threw_tag, "a non-standard exception");
  }
  _exit(0);  // leave without running the parent's destructors or flushing its buffers
}

// The parent's side: frames from `answers`, the child's stderr from `errors` (passed on to ours
// and kept, so that a crash reason can quote the library's last words).
class ParentSide {
 public:
  ParentSide(int answers, int errors) : answers_(answers), errors_(errors) {}

  // Reads until the child closes its pipe or stays silent for timeout_seconds.
  void collect(double timeout_seconds, const std::function<void(const std::string&)>& on_message) {
    auto deadline = Clock::now() + std::chrono::duration<double>(timeout_seconds);
    for (char chunk[65536];;) {
      if (touchstone::interrupted()) {
        interrupted = true;
        return;
      }
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) {
        timed_out = true;
        return;
      }
      pollfd p[2] = {{answers_, POLLIN, 0}, {errors_open_ ? errors_ : -1, POLLIN, 0}};
      const int ready = poll(p, 2, static_cast<int>(std::min<long long>(left, 1000)));
      if (ready < 0 && errno != EINTR) return;
      if (ready <= 0) continue;
      if (p[1].revents & (POLLIN | POLLHUP)) read_errors();
      if (!(p[0].revents & (POLLIN | POLLHUP))) continue;
      const ssize_t n = read(answers_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return;  // the child closed the pipe: done, or crashed
      buffer_.append(chunk, static_cast<std::size_t>(n));
      if (take_frames(on_message))
        deadline = Clock::now() + std::chrono::duration<double>(timeout_seconds);
    }
  }

  void drain_errors() {
    while (read_errors()) {
    }
  }

  bool timed_out = false, interrupted = false;
  std::string threw;        // what the work's exception said, if it threw
  std::string diagnostics;  // the child's recent stderr, since its last message

 private:
  bool read_errors() {
    char text[4096];
    const ssize_t n = errors_open_ ? read(errors_, text, sizeof text) : 0;
    if (n <= 0) {
      errors_open_ = n < 0 && errno == EINTR;
      return errors_open_;
    }
    write_all(STDERR_FILENO, std::string(text, static_cast<std::size_t>(n)));
    diagnostics.append(text, static_cast<std::size_t>(n));
    if (diagnostics.size() > 8192) diagnostics.erase(0, diagnostics.size() - 8192);
    return true;
  }

  // Hands every complete frame on; true when there was one.
  bool take_frames(const std::function<void(const std::string&)>& on_message) {
    bool any = false;
    while (buffer_.size() >= 4) {
      std::uint32_t length;
      std::memcpy(&length, buffer_.data(), 4);
      if (length == 0 || buffer_.size() < 4 + std::size_t{length}) break;
      const auto tag = static_cast<Tag>(buffer_[4]);
      std::string payload = buffer_.substr(5, length - 1);
      buffer_.erase(0, 4 + std::size_t{length});
      if (tag == threw_tag) {
        threw = std::move(payload);
      } else if (on_message) {
        on_message(payload);
      }
      diagnostics.clear();
      any = true;
    }
    return any;
  }

  int answers_, errors_;
  bool errors_open_ = true;
  std::string buffer_;
};

}  // namespace

void ChildChannel::send(const std::string& message) {
  send_frame(fd_, message_tag, message);
  arm_child_timer(deadline_seconds_);
}

void install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;  // no SA_RESTART: a waiting poll returns at once
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int interrupt_signal() { return interrupt_flag; }

void set_interrupt_signal(int sig) { interrupt_flag = sig; }

std::string format_seconds(double s) {
  std::string out = std::to_string(s);
  out.erase(out.find_last_not_of('0') + 1);
  if (!out.empty() && out.back() == '.') out.pop_back();
  return out;
}

namespace {

void kill_and_reap(pid_t pid, int* status) {
  kill(pid, SIGKILL);
  while (waitpid(pid, status, 0) < 0 && errno == EINTR) {
  }
}

ChildOutcome interrupted_outcome() {
  ChildOutcome outcome;
  outcome.end = ChildOutcome::End::interrupted;
  outcome.failure = "interrupted (" + signal_text(interrupt_signal()) + ")";
  return outcome;
}

ChildOutcome outcome_of(const ParentSide& parent, int status, double timeout_seconds) {
  ChildOutcome outcome;
  if (parent.interrupted) return interrupted_outcome();
  if (parent.timed_out || (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)) {
    outcome.end = ChildOutcome::End::timed_out;  // SIGALRM: the child's own deadline
    outcome.failure = "timed out after " + format_seconds(timeout_seconds) + " s";
  } else if (!parent.threw.empty()) {
    outcome.end = ChildOutcome::End::threw;
    outcome.failure = "threw: " + parent.threw;
  } else if (WIFSIGNALED(status)) {
    outcome.end = ChildOutcome::End::crashed;
    outcome.failure =
        "crashed (" + signal_text(WTERMSIG(status)) + ")" + last_line(parent.diagnostics);
  } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    outcome.end = ChildOutcome::End::exited_early;
    outcome.failure = "ended without an answer (exit status " +
                      std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")";
  }
  return outcome;
}

}  // namespace

ChildOutcome run_in_child(const std::function<void(ChildChannel&)>& work, double timeout_seconds,
                          const std::function<void(const std::string&)>& on_message) {
  if (interrupted()) return interrupted_outcome();
  int answers[2], errors[2];
  if (pipe(answers) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  if (pipe(errors) != 0) {
    close(answers[0]);
    close(answers[1]);
    throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  }
  std::fflush(nullptr);  // the child must not flush a copy of the parent's buffered output
  const pid_t parent_pid = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    for (int fd : {answers[0], answers[1], errors[0], errors[1]}) close(fd);
    throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  }
  if (pid == 0) {
    close(answers[0]);
    close(errors[0]);
    dup2(errors[1], STDERR_FILENO);
    close(errors[1]);
    prepare_child(parent_pid, timeout_seconds);
    child_main(answers[1], work, timeout_seconds);
  }
  close(answers[1]);
  close(errors[1]);
  ParentSide parent(answers[0], errors[0]);
  try {
    parent.collect(timeout_seconds, on_message);
  } catch (...) {  // on_message rejected an answer: no child may outlive this call
    kill_and_reap(pid, nullptr);
    close(answers[0]);
    close(errors[0]);
    throw;
  }
  close(answers[0]);
  int status = 0;
  if (parent.timed_out || parent.interrupted) {
    kill_and_reap(pid, &status);
  } else {
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  parent.drain_errors();
  close(errors[0]);
  return outcome_of(parent, status, timeout_seconds);
}

std::string answer_in_child(const std::function<std::string()>& work, double timeout_seconds,
                            const std::string& what) {
  std::string answer;
  bool answered = false;
  const ChildOutcome outcome =
      run_in_child([&](ChildChannel& out) { out.send(work()); }, timeout_seconds,
                   [&](const std::string& message) {
                     answer = message;
                     answered = true;
                   });
  if (outcome.end == ChildOutcome::End::threw) throw std::runtime_error(outcome.failure);
  if (outcome.end == ChildOutcome::End::interrupted) throw std::runtime_error(outcome.failure);
  if (!outcome.ok()) throw std::runtime_error(what + " " + outcome.failure);
  if (!answered) throw std::runtime_error(what + " ended without an answer");
  return answer;
}

}  // namespace touchstone
