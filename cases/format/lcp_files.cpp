// The literature LCPs: Siconos LCP text files and the normal-only LCPs of FCLib HDF5 problems.
// Every error names the file, the case and the field.
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string_view>
#include <vector>

#include "cases/format/case_loader.hpp"

#ifdef TOUCHSTONE_HAVE_FCLIB
extern "C" {  // fclib.h declares C functions without a C++ guard
#include <fclib.h>
}
#endif

namespace touchstone {

using fields::bad;

namespace {
// The largest LCP read from a file: a dense n x n matrix of 5000² doubles is 200 MB.
constexpr int kMaxLcpSize = 5000;
}  // namespace

LoadedCases parse_siconos_lcp(const std::string& text, const std::string& file) {
  LoadedCases out;
  const std::string stem = std::filesystem::path(file).stem().string();
  std::istringstream in(text);
  auto next = [&](const std::string& field) {
    double x;
    if (!(in >> x)) bad(field, "missing or not a number");
    if (!std::isfinite(x)) bad(field, "not finite");
    return x;
  };
  try {
    const double n_d = next("n");
    if (n_d < 1 || n_d != std::floor(n_d) || n_d > kMaxLcpSize)
      bad("n", "not a positive size of at most " + std::to_string(kMaxLcpSize));
    const int n = static_cast<int>(n_d);
    // n² + n numbers follow, each at least one character and a separator: a file too short for
    // them is rejected before M is allocated (a 10-byte file must not ask for n² doubles).
    const double needed = n_d * (n_d + 1);
    if (needed > static_cast<double>(text.size()))
      bad("n", "n = " + std::to_string(n) + " announces " + std::to_string(n) + "² + " +
                   std::to_string(n) + " numbers, more than the file's " +
                   std::to_string(text.size()) + " bytes can hold");
    const double storage = next("storage");
    if (storage != 0) {
      std::ostringstream flag;  // any double: a cast to int of 1e12 would be undefined
      flag << storage;
      bad("storage",
          "storage flag " + flag.str() + " is not supported; only dense (0; 1 is sparse block)");
    }
    const double rows = next("rows"), cols = next("cols");
    const double rows2 = next("rows"), cols2 = next("cols");
    if (rows != n || cols != n || rows2 != n || cols2 != n)
      bad("dimensions", "matrix dimensions do not match n = " + std::to_string(n));
    ForceCase c;
    c.id = "siconos-lcp/" + stem;
    c.kind = "lcp";
    c.family = "siconos-lcp";
    c.problem.A.resize(n, n);
    c.problem.b.resize(n);
    // Each text line holds a column of M: Siconos' own reader fills its column-major array in file
    // order (read as rows, Murty's example becomes lower-triangular and Lemke needs 2 pivots
    // instead of 2^n).
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        c.problem.A(i, j) = next("M[" + std::to_string(i) + "][" + std::to_string(j) + "]");
    for (int i = 0; i < n; ++i) c.problem.b[i] = next("q[" + std::to_string(i) + "]");
    std::string remark, line;
    std::getline(in, line);
    while (std::getline(in, line))
      if (!line.empty()) remark += (remark.empty() ? "" : " ") + line;
    c.description = remark;
    c.origin = {{"file", file}, {"format", "siconos-lcp"}};
    out.forces.push_back(std::move(c));
  } catch (const FieldError& e) {
    out.errors.push_back({file, "siconos-lcp/" + stem, e.field, e.message});
  }
  return out;
}

bool fclib_available() {
#ifdef TOUCHSTONE_HAVE_FCLIB
  return true;
#else
  return false;
#endif
}

#ifdef TOUCHSTONE_HAVE_FCLIB
namespace {

// How many values FCLib read into each of W's arrays and q.
struct ArrayLengths {
  std::size_t p, i, x, q;
};

// Calls visit(row, col, value) for each stored entry of W (compressed columns, compressed rows or
// triplets), after checking that every pointer and index lies inside the matrix and inside the
// arrays FCLib read: its reader passes the file's arrays on unchecked.
template <class Visit>
void for_each_entry(const fclib_matrix& W, const ArrayLengths& length, Visit visit) {
  auto bad_index = [](const std::string& what, long k, long value) {
    bad("/fclib_local/W",
        what + "[" + std::to_string(k) + "] = " + std::to_string(value) + " is out of range");
  };
  auto too_short = [](const char* what, std::size_t have, long need) {
    if (need < 0 || have < static_cast<std::size_t>(need))
      bad("/fclib_local/W", std::string(what) + " holds " + std::to_string(have) +
                                " values where " + std::to_string(need) + " are needed");
  };
  if (W.nzmax < 0) bad("/fclib_local/W", "nzmax = " + std::to_string(W.nzmax) + " is negative");
  if (W.nz == -1 || W.nz == -2) {  // compressed columns or rows
    const int outer = W.nz == -1 ? W.n : W.m, inner = W.nz == -1 ? W.m : W.n;
    const char* what = W.nz == -1 ? "column pointer p" : "row pointer p";
    too_short("p", length.p, static_cast<long>(outer) + 1);
    too_short("i", length.i, W.nzmax);
    too_short("x", length.x, W.nzmax);
    for (int k = 0; k <= outer; ++k)
      if (W.p[k] < 0 || W.p[k] > W.nzmax || (k > 0 && W.p[k] < W.p[k - 1]))
        bad_index(what, k, W.p[k]);
    for (int o = 0; o < outer; ++o)
      for (int k = W.p[o]; k < W.p[o + 1]; ++k) {
        if (W.i[k] < 0 || W.i[k] >= inner) bad_index("index i", k, W.i[k]);
        if (W.nz == -1)
          visit(W.i[k], o, W.x[k]);
        else
          visit(o, W.i[k], W.x[k]);
      }
    return;
  }
  if (W.nz < 0 || W.nz > W.nzmax)
    bad("/fclib_local/W", "nz = " + std::to_string(W.nz) + " is not a triplet count");
  too_short("p", length.p, W.nz);
  too_short("i", length.i, W.nz);
  too_short("x", length.x, W.nz);
  for (int k = 0; k < W.nz; ++k) {  // triplets: p holds row indices, i column indices
    if (W.p[k] < 0 || W.p[k] >= W.m) bad_index("row index p", k, W.p[k]);
    if (W.i[k] < 0 || W.i[k] >= W.n) bad_index("column index i", k, W.i[k]);
    visit(W.p[k], W.i[k], W.x[k]);
  }
}

// The normal rows and columns of a local problem's W and q.
ForceCase normal_lcp(const fclib_local& p, const ArrayLengths& length, const std::string& id,
                     const std::string& file) {
  const fclib_matrix& W = *p.W;
  const int d = p.spacedim;
  if (d != 2 && d != 3) bad("/fclib_local/spacedim", "expected 2 or 3");
  if (W.m != W.n || W.m <= 0 || W.m % d != 0)
    bad("/fclib_local/W", "not square, empty or not a multiple of spacedim (" +
                              std::to_string(W.m) + " x " + std::to_string(W.n) + ")");
  if (W.m / d > kMaxLcpSize)
    bad("/fclib_local/W", std::to_string(W.m / d) + " contacts, more than the limit of " +
                              std::to_string(kMaxLcpSize));
  const int n = W.m / d;
  if (length.q < static_cast<std::size_t>(W.m))
    bad("/fclib_local/vectors/q",
        std::to_string(length.q) + " values for " + std::to_string(W.m) + " rows");
  // Only the normal rows and columns (multiples of d) are kept, so the dense matrix is n x n.
  Eigen::MatrixXd normal = Eigen::MatrixXd::Zero(n, n);
  for_each_entry(W, length, [&](int row, int col, double value) {
    if (row % d == 0 && col % d == 0) normal(row / d, col / d) += value;
  });
  ForceCase c;
  c.id = id;
  c.kind = "lcp";
  c.family = "fclib-normal";
  c.problem.b.resize(n);
  c.problem.A = normal;
  for (int i = 0; i < n; ++i) c.problem.b[i] = p.q[d * i];
  if (!c.problem.A.allFinite()) bad("/fclib_local/W", "an entry is not finite");
  if (!c.problem.b.allFinite()) bad("/fclib_local/vectors/q", "an entry is not finite");
  c.description = "normal rows/columns of the FCLib local problem (" + std::to_string(n) +
                  " contacts, spacedim " + std::to_string(d) + "); friction dropped";
  c.origin = {{"file", file}, {"format", "fclib-local"}};
  return c;
}

}  // namespace
#endif

#ifdef TOUCHSTONE_HAVE_FCLIB
namespace {

// What the reading child sends back through its pipe: 'E' message, or 'W' followed by the local
// problem as FCLib read it: the header (spacedim, m, n, nz, nzmax and the lengths FCLib allocated
// for p, i, x and q), then p, i, x and q raw. Only FCLib runs in the child; every check of what
// it read runs in the parent, so a crash in the child is FCLib's and nothing of ours is hidden.
struct RawLocalHeader {
  int spacedim, m, n, nz, nzmax, p_length, i_length, x_length, q_length;
};

void write_all(int fd, const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t k = ::write(fd, p, size);
    if (k <= 0) {
      if (k < 0 && errno == EINTR) continue;
      ::_exit(3);
    }
    p += k;
    size -= static_cast<std::size_t>(k);
  }
}

// In the child: read the file with FCLib and send what it read, exit without running the
// parent's exit handlers. Signals get their default action so that a crash inside FCLib or HDF5
// ends the child quietly and the parent reports the signal.
[[noreturn]] void read_in_child(const std::filesystem::path& file, int fd) {
  for (const int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) std::signal(signal, SIG_DFL);
  const fclib_local* p = fclib_read_local(file.c_str());
  if (p == nullptr || p->W == nullptr || p->q == nullptr) {
    const char message[] = "Eno local problem (W, q) in this file (global problems are not read)";
    write_all(fd, message, sizeof message - 1);
    ::_exit(0);
  }
  const fclib_matrix& W = *p->W;
  // The lengths FCLib's read_matrix and read_local_vectors allocated.
  const int p_length = W.nz >= 0 ? W.nz : W.nz == -1 ? W.n + 1 : W.m + 1;
  const int i_length = W.nz >= 0 ? W.nz : W.nzmax;
  const RawLocalHeader h{p->spacedim, W.m, W.n, W.nz, W.nzmax, p_length, i_length, W.nzmax, W.m};
  if (h.p_length < 0 || h.i_length < 0 || h.x_length < 0 || h.q_length < 0) {
    const char message[] = "Ea matrix or vector of negative length";
    write_all(fd, message, sizeof message - 1);
    ::_exit(0);
  }
  write_all(fd, "W", 1);
  write_all(fd, &h, sizeof h);
  write_all(fd, W.p, sizeof(int) * static_cast<std::size_t>(h.p_length));
  write_all(fd, W.i, sizeof(int) * static_cast<std::size_t>(h.i_length));
  write_all(fd, W.x, sizeof(double) * static_cast<std::size_t>(h.x_length));
  write_all(fd, p->q, sizeof(double) * static_cast<std::size_t>(h.q_length));
  ::close(fd);
  ::_exit(0);
}

// Cuts the next n values of T from the answer, or returns false when it is too short.
template <class T>
bool take(std::string_view& answer, std::size_t n, std::vector<T>& out) {
  if (answer.size() / sizeof(T) < n) return false;
  out.resize(n);
  std::memcpy(out.data(), answer.data(), n * sizeof(T));
  answer.remove_prefix(n * sizeof(T));
  return true;
}

// The child's answer turned into the case, or the error (also when the child died: FCLib calls
// exit() when an HDF5 call fails, e.g. on a damaged file).
void take_answer(const std::string& answer, int status, const std::filesystem::path& file,
                 const std::string& id, LoadedCases& out) {
  auto error = [&](const std::string& field, const std::string& message) {
    out.errors.push_back({file.string(), id, field, message});
  };
  const bool clean = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (!clean || answer.empty()) {
    error("",
          "FCLib could not read this file (damaged HDF5?): its reader " +
              (WIFSIGNALED(status) ? "died of signal " + std::to_string(WTERMSIG(status))
                                   : "exited with status " + std::to_string(WEXITSTATUS(status))));
    return;
  }
  if (answer[0] == 'E') return error("/fclib_local", answer.substr(1));
  std::string_view rest(answer);
  rest.remove_prefix(1);
  RawLocalHeader h;
  if (rest.size() < sizeof h) return error("", "FCLib reader: truncated answer");
  std::memcpy(&h, rest.data(), sizeof h);
  rest.remove_prefix(sizeof h);
  std::vector<int> p, i;
  std::vector<double> x, q;
  if (!take(rest, static_cast<std::size_t>(h.p_length), p) ||
      !take(rest, static_cast<std::size_t>(h.i_length), i) ||
      !take(rest, static_cast<std::size_t>(h.x_length), x) ||
      !take(rest, static_cast<std::size_t>(h.q_length), q) || !rest.empty())
    return error("", "FCLib reader: truncated answer");
  fclib_matrix W{};
  W.nzmax = h.nzmax;
  W.m = h.m;
  W.n = h.n;
  W.nz = h.nz;
  W.p = p.data();
  W.i = i.data();
  W.x = x.data();
  fclib_local problem{};
  problem.W = &W;
  problem.q = q.data();
  problem.spacedim = h.spacedim;
  try {
    out.forces.push_back(
        normal_lcp(problem, {p.size(), i.size(), x.size(), q.size()}, id, file.string()));
  } catch (const FieldError& e) {
    error(e.field, e.message);
  }
}

}  // namespace
#endif

// FCLib's reader runs in a child process: on a damaged file it calls exit() (or crashes), which
// must end only the child, never the run.
LoadedCases load_fclib_normal_lcp(const std::filesystem::path& file) {
  LoadedCases out;
  const std::string id = "fclib-normal/" + file.stem().string();
#ifdef TOUCHSTONE_HAVE_FCLIB
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) {
    out.errors.push_back({file.string(), id, "", "cannot open file"});
    return out;
  }
  int fds[2];
  if (::pipe(fds) != 0) {
    out.errors.push_back({file.string(), id, "", "cannot create a pipe for FCLib's reader"});
    return out;
  }
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    out.errors.push_back({file.string(), id, "", "cannot fork FCLib's reader"});
    return out;
  }
  if (pid == 0) {
    ::close(fds[0]);
    read_in_child(file, fds[1]);
  }
  ::close(fds[1]);
  std::string answer;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t k = ::read(fds[0], buffer, sizeof buffer);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    answer.append(buffer, static_cast<std::size_t>(k));
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  take_answer(answer, status, file, id, out);
#else
  out.errors.push_back({file.string(), id, "", "built without fclib (libfclib-dev)"});
#endif
  return out;
}

}  // namespace touchstone
