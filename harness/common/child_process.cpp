#include "harness/common/child_process.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
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
#include <shared_mutex>
#include <stdexcept>

#include "harness/common/timing.hpp"

namespace touchstone {
namespace {

// The lock behind ForkParticipant: participants hold it shared while they work and give it up
// while they wait; a fork takes it exclusively. A child gets a fresh one (its copy is locked).
std::shared_mutex* fork_lock = new std::shared_mutex;
thread_local bool participating = false;

// Held shared by a participant except while it waits (poll) or forks.
class WaitingOutsideTheLock {
 public:
  WaitingOutsideTheLock() {
    if (participating) fork_lock->unlock_shared();
  }
  ~WaitingOutsideTheLock() {
    if (participating) fork_lock->lock_shared();
  }
};

pid_t guarded_fork() {
  const WaitingOutsideTheLock waiting;
  const std::unique_lock exclusive(*fork_lock);
  const pid_t pid = fork();
  if (pid == 0) {
    fork_lock = new std::shared_mutex;  // the copy stays locked; this child's threads start over
    participating = false;
  }
  return pid;
}

}  // namespace

ForkParticipant::ForkParticipant() {
  fork_lock->lock_shared();
  participating = true;
}

ForkParticipant::~ForkParticipant() {
  participating = false;
  fork_lock->unlock_shared();
}

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
// (payload: what it said); tag 2: before each message, what the child wrote to stderr since the
// previous one (payload: u64 position reached in its stderr file, then the text, capped).
enum Tag : std::uint8_t { message_tag = 0, threw_tag = 1, stderr_tag = 2 };

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

// `text` cut to its last kCapturedStderrBytes bytes (after `dropped` bytes already cut), with a
// first line saying so.
std::string capped_stderr(const std::string& text, std::size_t dropped) {
  if (text.size() > kCapturedStderrBytes) {
    dropped += text.size() - kCapturedStderrBytes;
    return capped_stderr(text.substr(text.size() - kCapturedStderrBytes), dropped);
  }
  if (dropped == 0) return text;
  return "[stderr truncated: " + std::to_string(dropped) + " earlier bytes cut]\n" + text;
}

// Bytes [from, to) of the file `fd` (pread: its offset stays), at most `limit` of them (the end).
std::string read_range(int fd, std::uint64_t from, std::uint64_t to, std::size_t limit) {
  if (to > from + limit) from = to - limit;
  std::string text(to > from ? to - from : 0, '\0');
  std::size_t got = 0;
  while (got < text.size()) {
    const ssize_t n =
        pread(fd, text.data() + got, text.size() - got, static_cast<off_t>(from + got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  return text;
}

std::uint64_t file_size(int fd) {
  struct stat st {};
  return fstat(fd, &st) == 0 && st.st_size > 0 ? static_cast<std::uint64_t>(st.st_size) : 0;
}

// What was written to the stderr file in [from, to), capped.
std::string captured_range(int fd, std::uint64_t from, std::uint64_t to) {
  if (to <= from) return "";
  const std::string text = read_range(fd, from, to, kCapturedStderrBytes);
  return capped_stderr(text, static_cast<std::size_t>(to - from) - text.size());
}

[[noreturn]] void child_main(int fd, int stderr_file,
                             const std::function<void(ChildChannel&)>& work,
                             double timeout_seconds) {
  ChildChannel channel(fd, timeout_seconds, stderr_file);
  try {
    work(channel);
  } catch (const std::exception& e) {
    send_frame(fd, threw_tag, e.what());
  } catch (...) {
    send_frame(fd, threw_tag, "a non-standard exception");
  }
  _exit(0);  // leave without running the parent's destructors or flushing its buffers
}

// The parent's side: frames from `answers`. Before each message the child sends what it wrote to
// stderr since the previous one (a stderr frame: the file position reached, then the text), so
// each message gets its own words whatever the timing.
class ParentSide {
 public:
  explicit ParentSide(int answers) : answers_(answers) {}

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
      pollfd p{answers_, POLLIN, 0};
      int ready;
      {
        const WaitingOutsideTheLock waiting;
        ready = poll(&p, 1, static_cast<int>(std::min<long long>(left, 1000)));
      }
      if (ready < 0 && errno != EINTR) return;
      if (ready <= 0) continue;
      const ssize_t n = read(answers_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return;  // the child closed the pipe: done, or crashed
      buffer_.append(chunk, static_cast<std::size_t>(n));
      if (take_frames(on_message))
        deadline = Clock::now() + std::chrono::duration<double>(timeout_seconds);
    }
  }

  bool timed_out = false, interrupted = false;
  std::string threw;  // what the work's exception said, if it threw
  std::vector<std::string> message_stderr;
  std::uint64_t stderr_position = 0;  // in the stderr file, after the last message's text

 private:
  // Hands every complete frame on; true when there was a message or an exception.
  bool take_frames(const std::function<void(const std::string&)>& on_message) {
    bool any = false;
    while (buffer_.size() >= 4) {
      std::uint32_t length;
      std::memcpy(&length, buffer_.data(), 4);
      if (length == 0 || buffer_.size() < 4 + std::size_t{length}) break;
      const auto tag = static_cast<Tag>(buffer_[4]);
      std::string payload = buffer_.substr(5, length - 1);
      buffer_.erase(0, 4 + std::size_t{length});
      if (tag == stderr_tag) {
        if (payload.size() >= 8) std::memcpy(&stderr_position, payload.data(), 8);
        pending_stderr_ = payload.size() >= 8 ? payload.substr(8) : "";
        continue;
      }
      if (tag == threw_tag) {
        threw = std::move(payload);
      } else {
        message_stderr.push_back(std::move(pending_stderr_));
        pending_stderr_.clear();
        if (on_message) on_message(payload);
      }
      any = true;
    }
    return any;
  }

  int answers_;
  std::string buffer_, pending_stderr_;
};

}  // namespace

void ChildChannel::send(const std::string& message) {
  if (stderr_file_ >= 0) {  // what the work wrote to stderr since its last message, first
    std::fflush(stderr);
    const std::uint64_t size = file_size(stderr_file_);
    std::string payload(8, '\0');
    std::memcpy(payload.data(), &size, 8);
    send_frame(fd_, stderr_tag, payload + captured_range(stderr_file_, stderr_sent_, size));
    stderr_sent_ = size;
  }
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

StderrCapture::StderrCapture() {
  file_ = std::tmpfile();
  if (!file_) throw std::runtime_error(std::string("tmpfile: ") + std::strerror(errno));
  std::fflush(stderr);
  saved_ = dup(STDERR_FILENO);
  if (saved_ < 0 || dup2(fileno(file_), STDERR_FILENO) < 0) {
    if (saved_ >= 0) close(saved_);
    std::fclose(file_);
    throw std::runtime_error(std::string("dup2: ") + std::strerror(errno));
  }
}

StderrCapture::~StderrCapture() {
  if (saved_ >= 0) finish();
}

std::string StderrCapture::finish() {
  if (saved_ < 0) return "";
  std::fflush(stderr);
  dup2(saved_, STDERR_FILENO);
  close(saved_);
  saved_ = -1;
  std::string text;
  if (std::fseek(file_, 0, SEEK_END) == 0) {
    const long size = std::ftell(file_);
    const long keep = std::min<long>(size, static_cast<long>(kCapturedStderrBytes));
    text.resize(static_cast<std::size_t>(std::max(0L, keep)));
    if (keep <= 0 || std::fseek(file_, size - keep, SEEK_SET) != 0 ||
        std::fread(text.data(), 1, text.size(), file_) != text.size())
      text.clear();
    text = capped_stderr(text, static_cast<std::size_t>(std::max(0L, size - keep)));
  }
  std::fclose(file_);
  file_ = nullptr;
  return text;
}

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

ChildOutcome outcome_of(const ParentSide& parent, int status, double timeout_seconds,
                        const std::string& trailing_stderr) {
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
        "crashed (" + signal_text(WTERMSIG(status)) + ")" + last_line(trailing_stderr);
  } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    outcome.end = ChildOutcome::End::exited_early;
    outcome.failure = "ended without an answer (exit status " +
                      std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")";
  }
  return outcome;
}

}  // namespace

ChildOutcome run_in_child(const std::function<void(ChildChannel&)>& work, double timeout_seconds,
                          const std::function<void(const std::string&)>& on_message,
                          bool capture_stderr) {
  if (interrupted()) return interrupted_outcome();
  int answers[2];
  if (pipe(answers) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  // The child's fd 2: a file, read back per message (and after the end for what followed).
  std::FILE* errors = std::tmpfile();
  if (!errors) {
    close(answers[0]);
    close(answers[1]);
    throw std::runtime_error(std::string("tmpfile: ") + std::strerror(errno));
  }
  const int errors_fd = fileno(errors);
  std::fflush(nullptr);  // the child must not flush a copy of the parent's buffered output
  const pid_t parent_pid = getpid();
  const pid_t pid = guarded_fork();
  if (pid < 0) {
    close(answers[0]);
    close(answers[1]);
    std::fclose(errors);
    throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  }
  if (pid == 0) {
    close(answers[0]);
    dup2(errors_fd, STDERR_FILENO);
    prepare_child(parent_pid, timeout_seconds);
    child_main(answers[1], errors_fd, work, timeout_seconds);
  }
  close(answers[1]);
  ParentSide parent(answers[0]);
  try {
    parent.collect(timeout_seconds, on_message);
  } catch (...) {  // on_message rejected an answer: no child may outlive this call
    kill_and_reap(pid, nullptr);
    close(answers[0]);
    std::fclose(errors);
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
  const std::uint64_t size = file_size(errors_fd);
  if (!capture_stderr)  // passed on to ours, whole
    for (std::uint64_t at = 0; at < size; at += 65536)
      write_all(STDERR_FILENO,
                read_range(errors_fd, at, std::min<std::uint64_t>(size, at + 65536), 65536));
  const std::string trailing = captured_range(errors_fd, parent.stderr_position, size);
  std::fclose(errors);
  ChildOutcome outcome = outcome_of(parent, status, timeout_seconds, trailing);
  outcome.message_stderr = std::move(parent.message_stderr);
  outcome.trailing_stderr = trailing;
  return outcome;
}

std::string answer_in_child(const std::function<std::string()>& work, double timeout_seconds,
                            const std::string& what, std::string* captured_stderr) {
  std::string answer;
  bool answered = false;
  const ChildOutcome outcome =
      run_in_child([&](ChildChannel& out) { out.send(work()); }, timeout_seconds,
                   [&](const std::string& message) {
                     answer = message;
                     answered = true;
                   },
                   captured_stderr != nullptr);
  if (captured_stderr) {
    captured_stderr->clear();
    for (const std::string& text : outcome.message_stderr) *captured_stderr += text;
    *captured_stderr += outcome.trailing_stderr;
  }
  if (outcome.end == ChildOutcome::End::threw) throw std::runtime_error(outcome.failure);
  if (outcome.end == ChildOutcome::End::interrupted) throw std::runtime_error(outcome.failure);
  if (!outcome.ok()) throw std::runtime_error(what + " " + outcome.failure);
  if (!answered) throw std::runtime_error(what + " ended without an answer");
  return answer;
}

}  // namespace touchstone
