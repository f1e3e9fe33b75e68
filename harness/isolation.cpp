#include "harness/isolation.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace touchstone {
namespace {

using Clock = std::chrono::steady_clock;

double ns_since(Clock::time_point start) {
  return std::chrono::duration<double, std::nano>(Clock::now() - start).count();
}

// A flat binary encoding of a Measurement: doubles travel as their bytes, so NaN and infinity
// reach the verifier unchanged. Covers every ProximityResult field; a field added there must be
// added here too, or isolated algorithms lose it.
class Writer {
 public:
  template <class T>
  void raw(const T& x) {
    const auto* p = reinterpret_cast<const char*>(&x);
    bytes.append(p, sizeof x);
  }
  void str(const std::string& s) {
    raw(static_cast<std::uint32_t>(s.size()));
    bytes += s;
  }
  void vec(const std::optional<Vec3>& v) {
    raw(static_cast<std::uint8_t>(v.has_value()));
    if (v) raw(std::array<double, 3>{v->x(), v->y(), v->z()});
  }
  void num(const std::optional<double>& x) {
    raw(static_cast<std::uint8_t>(x.has_value()));
    if (x) raw(*x);
  }
  void feature(const std::optional<Feature>& f) {
    raw(static_cast<std::uint8_t>(f.has_value()));
    if (f) raw(static_cast<std::uint8_t>(f->kind)), raw(static_cast<std::int32_t>(f->id));
  }
  std::string bytes;
};

class Reader {
 public:
  explicit Reader(const std::string& s) : s_(s) {}
  template <class T>
  T raw() {
    if (pos_ + sizeof(T) > s_.size()) throw std::runtime_error("truncated message from child");
    T x;
    std::memcpy(&x, s_.data() + pos_, sizeof x);
    pos_ += sizeof x;
    return x;
  }
  std::string str() {
    const auto n = raw<std::uint32_t>();
    if (pos_ + n > s_.size()) throw std::runtime_error("truncated message from child");
    std::string out = s_.substr(pos_, n);
    pos_ += n;
    return out;
  }
  std::optional<Vec3> vec() {
    if (!raw<std::uint8_t>()) return std::nullopt;
    const auto v = raw<std::array<double, 3>>();
    return Vec3(v[0], v[1], v[2]);
  }
  std::optional<double> num() {
    if (!raw<std::uint8_t>()) return std::nullopt;
    return raw<double>();
  }
  std::optional<Feature> feature() {
    if (!raw<std::uint8_t>()) return std::nullopt;
    Feature f;
    f.kind = static_cast<FeatureKind>(raw<std::uint8_t>());
    f.id = raw<std::int32_t>();
    return f;
  }

 private:
  const std::string& s_;
  std::size_t pos_ = 0;
};

void encode(Writer& w, const Measurement& m) {
  const ProximityResult& r = m.output;
  w.raw(static_cast<std::uint8_t>(r.status));
  w.str(r.reason);
  w.raw(static_cast<std::uint8_t>(r.relation));
  w.num(r.distance);
  w.vec(r.witness_a);
  w.vec(r.witness_b);
  w.feature(r.feature_a);
  w.feature(r.feature_b);
  w.num(r.penetration_depth);
  w.vec(r.penetration_direction);
  w.raw(static_cast<std::int32_t>(r.iterations));
  w.raw(std::array<double, 4>{m.timing.median_ns, m.timing.min_ns, m.timing.max_ns,
                              m.timing.prepare_ns});
  w.raw(static_cast<std::int32_t>(m.timing.repetitions));
}

Measurement decode(Reader& in) {
  Measurement m;
  ProximityResult& r = m.output;
  r.status = static_cast<QueryStatus>(in.raw<std::uint8_t>());
  r.reason = in.str();
  r.relation = static_cast<Relation>(in.raw<std::uint8_t>());
  r.distance = in.num();
  r.witness_a = in.vec();
  r.witness_b = in.vec();
  r.feature_a = in.feature();
  r.feature_b = in.feature();
  r.penetration_depth = in.num();
  r.penetration_direction = in.vec();
  r.iterations = in.raw<std::int32_t>();
  const auto t = in.raw<std::array<double, 4>>();
  m.timing.median_ns = t[0], m.timing.min_ns = t[1], m.timing.max_ns = t[2];
  m.timing.prepare_ns = t[3];
  m.timing.repetitions = in.raw<std::int32_t>();
  return m;
}

void write_all(int fd, const std::string& data) {
  for (std::size_t sent = 0; sent < data.size();) {
    const ssize_t n = write(fd, data.data() + sent, data.size() - sent);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    sent += static_cast<std::size_t>(n);
  }
}

// Child: measure algorithms [first, end) and send one frame each: u32 length, u32 index,
// u8 kind (0 measurement, 1 exception message), payload.
[[noreturn]] void child_main(int fd, const std::vector<const ProximityAlgorithm*>& algorithms,
                             std::size_t first, const Polytope& a, const Pose& pose_a,
                             const Polytope& b, const Pose& pose_b, int repetitions) {
  for (std::size_t i = first; i < algorithms.size(); ++i) {
    Writer w;
    w.raw(static_cast<std::uint32_t>(i));
    try {
      const Measurement m = measure_query(*algorithms[i], a, pose_a, b, pose_b, repetitions);
      w.raw(static_cast<std::uint8_t>(0));
      encode(w, m);
    } catch (const std::exception& e) {
      w.raw(static_cast<std::uint8_t>(1));
      w.str(std::string("threw: ") + e.what());
    } catch (...) {
      w.raw(static_cast<std::uint8_t>(1));
      w.str("threw a non-standard exception");
    }
    Writer frame;
    frame.raw(static_cast<std::uint32_t>(w.bytes.size()));
    write_all(fd, frame.bytes + w.bytes);
  }
  _exit(0);  // leave without running the parent's destructors or flushing its buffers
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

std::string format_seconds(double s) {
  std::string out = std::to_string(s);
  out.erase(out.find_last_not_of('0') + 1);
  if (!out.empty() && out.back() == '.') out.pop_back();
  return out;
}

}  // namespace

Measurement measure_query(const ProximityAlgorithm& algorithm, const Polytope& a,
                          const Pose& pose_a, const Polytope& b, const Pose& pose_b,
                          int repetitions) {
  Measurement m;
  auto start = Clock::now();
  auto prepared_a = algorithm.prepare(a);
  auto prepared_b = algorithm.prepare(b);
  m.timing.prepare_ns = ns_since(start);
  // One untimed query first, in and out of process alike: a fresh child would otherwise pay page
  // faults on its copy-on-write memory inside the timed queries.
  algorithm.query(*prepared_a, pose_a, *prepared_b, pose_b, nullptr);
  std::vector<double> times;
  for (int rep = 0; rep < std::max(1, repetitions); ++rep) {
    start = Clock::now();
    m.output = algorithm.query(*prepared_a, pose_a, *prepared_b, pose_b, nullptr);
    times.push_back(ns_since(start));
  }
  std::sort(times.begin(), times.end());
  m.timing.repetitions = static_cast<int>(times.size());
  m.timing.min_ns = times.front();
  m.timing.max_ns = times.back();
  m.timing.median_ns = times.size() % 2
                           ? times[times.size() / 2]
                           : 0.5 * (times[times.size() / 2 - 1] + times[times.size() / 2]);
  return m;
}

std::vector<IsolatedMeasurement> measure_isolated(
    const std::vector<const ProximityAlgorithm*>& algorithms, const Polytope& a, const Pose& pose_a,
    const Polytope& b, const Pose& pose_b, int repetitions, double timeout_seconds) {
  std::vector<IsolatedMeasurement> out(algorithms.size());
  std::size_t next = 0;  // first algorithm without an answer
  while (next < algorithms.size()) {
    // fds: answers; err: the child's stderr, passed on to ours and kept so that a crash reason
    // can quote the library's last words (an assertion message, say).
    int fds[2], err[2];
    if (pipe(fds) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    if (pipe(err) != 0) {
      close(fds[0]);
      close(fds[1]);
      throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    }
    std::fflush(nullptr);  // the child must not flush a copy of the parent's buffered output
    const pid_t pid = fork();
    if (pid < 0) {
      for (int fd : {fds[0], fds[1], err[0], err[1]}) close(fd);
      throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    }
    if (pid == 0) {
      close(fds[0]);
      close(err[0]);
      dup2(err[1], STDERR_FILENO);
      close(err[1]);
      child_main(fds[1], algorithms, next, a, pose_a, b, pose_b, repetitions);
    }
    close(fds[1]);
    close(err[1]);
    std::string buffer, diagnostics;
    bool err_open = true;
    const auto read_stderr = [&] {
      char text[4096];
      const ssize_t n = err_open ? read(err[0], text, sizeof text) : 0;
      if (n <= 0) {
        err_open = n < 0 && errno == EINTR;
        return err_open;
      }
      write_all(STDERR_FILENO, std::string(text, static_cast<std::size_t>(n)));
      diagnostics.append(text, static_cast<std::size_t>(n));
      if (diagnostics.size() > 8192) diagnostics.erase(0, diagnostics.size() - 8192);
      return true;
    };
    bool timed_out = false;
    auto deadline = Clock::now() + std::chrono::duration<double>(timeout_seconds);
    for (char chunk[4096];;) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) {
        timed_out = true;
        break;
      }
      pollfd p[2] = {{fds[0], POLLIN, 0}, {err_open ? err[0] : -1, POLLIN, 0}};
      const int ready = poll(p, 2, static_cast<int>(std::min<long long>(left, 1000)));
      if (ready < 0 && errno != EINTR) break;
      if (ready <= 0) continue;
      if (p[1].revents & (POLLIN | POLLHUP)) read_stderr();
      if (!(p[0].revents & (POLLIN | POLLHUP))) continue;
      const ssize_t n = read(fds[0], chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;  // the child closed the pipe: done, or crashed
      buffer.append(chunk, static_cast<std::size_t>(n));
      // Take every complete frame; each answer restarts the next algorithm's clock.
      while (buffer.size() >= 4) {
        std::uint32_t length;
        std::memcpy(&length, buffer.data(), 4);
        if (buffer.size() < 4 + std::size_t{length}) break;
        const std::string frame = buffer.substr(4, length);
        buffer.erase(0, 4 + std::size_t{length});
        Reader in(frame);
        const auto index = in.raw<std::uint32_t>();
        if (index >= out.size()) throw std::runtime_error("bad algorithm index from child");
        if (in.raw<std::uint8_t>() == 0)
          out[index].measurement = decode(in);
        else
          out[index].error = in.str();
        next = index + 1;
        diagnostics.clear();
        deadline = Clock::now() + std::chrono::duration<double>(timeout_seconds);
      }
    }
    close(fds[0]);
    if (timed_out) kill(pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    while (read_stderr()) {
    }
    close(err[0]);
    if (next >= algorithms.size()) break;
    // No answer from algorithm `next`: it hung or took the child down. Blame it, go on after it.
    out[next].error =
        timed_out ? "timed out after " + format_seconds(timeout_seconds) + " s"
        : WIFSIGNALED(status)
            ? "crashed (" + signal_text(WTERMSIG(status)) + ")" + last_line(diagnostics)
            : "ended without an answer (exit status " +
                  std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")";
    ++next;
  }
  return out;
}

}  // namespace touchstone
