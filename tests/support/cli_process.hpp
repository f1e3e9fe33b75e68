// Runs the touchstone binary (TOUCHSTONE_CLI, from tests/CMakeLists.txt) as a user would: in its
// own process group, stdout to a file, stderr through a pipe the test reads, so a test can wait
// for a progress line, signal the run, and check that nothing of it is left.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace touchstone::test_support {

// A temporary directory of its own, removed at the end.
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& name)
      : path(std::filesystem::temp_directory_path() /
             (name + "-" + std::to_string(getpid()) + "-" + std::to_string(counter()++))) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
  static int& counter() {
    static int n = 0;
    return n;
  }
};

inline std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class CliProcess {
 public:
  // Starts `touchstone <args>` with `env` ("NAME=value") added to the environment.
  CliProcess(const std::vector<std::string>& args, const std::string& stdout_path,
             const std::vector<std::string>& env = {}) {
    int err[2];
    if (pipe(err) != 0) std::abort();
    pid_ = fork();
    if (pid_ == 0) {
      setpgid(0, 0);
      close(err[0]);
      dup2(err[1], STDERR_FILENO);
      const int out = open(stdout_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(out, STDOUT_FILENO);
      for (const std::string& e : env) putenv(const_cast<char*>(e.c_str()));
      std::vector<char*> argv{const_cast<char*>(TOUCHSTONE_CLI)};
      for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(TOUCHSTONE_CLI, argv.data());
      _exit(127);
    }
    setpgid(pid_, pid_);  // also here: no race with the child's own call
    close(err[1]);
    err_ = err[0];
  }
  ~CliProcess() {
    if (pid_ > 0 && !reaped_) {
      kill(-pid_, SIGKILL);
      finish();
    }
    if (err_ >= 0) close(err_);
  }

  // Reads stderr until `done(stderr so far)` holds; false at its end first.
  template <class Predicate>
  bool read_until(Predicate done) {
    char chunk[4096];
    while (!done(stderr_)) {
      const ssize_t n = read(err_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      stderr_.append(chunk, static_cast<std::size_t>(n));
    }
    return true;
  }

  // Reads stderr to its end and reaps the process: its wait status.
  int finish() {
    read_until([](const std::string&) { return false; });
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    reaped_ = true;
    return status;
  }

  // True when no process of the run's group is left (running or unreaped).
  bool group_gone() const { return kill(-pid_, 0) < 0 && errno == ESRCH; }

  pid_t pid() const { return pid_; }
  const std::string& err() const { return stderr_; }

 private:
  pid_t pid_ = -1;
  int err_ = -1;
  bool reaped_ = false;
  std::string stderr_;
};

// Runs `touchstone <args>` to its end: exit code (-signal when killed), stdout and stderr.
struct CliRun {
  int code = 0;
  std::string out, err;
};
inline CliRun run_cli(const std::vector<std::string>& args,
                      const std::vector<std::string>& env = {}) {
  TempDir dir("touchstone-cli-out");
  CliProcess p(args, dir / "stdout", env);
  const int status = p.finish();
  CliRun r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
  r.out = read_text(dir / "stdout");
  r.err = p.err();
  return r;
}

}  // namespace touchstone::test_support
