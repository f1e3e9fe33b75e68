#include "harness/common/progress.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>

#include "harness/common/timing.hpp"

namespace touchstone {
namespace {

std::mutex label_mutex;
std::string current_label;

std::string label_now() {
  const std::lock_guard<std::mutex> lock(label_mutex);
  return current_label;
}

// "0:42", "12:05", "3:07:09".
std::string clock_text(double seconds) {
  const long total = std::lround(seconds);
  const long h = total / 3600, m = total / 60 % 60, s = total % 60;
  char text[32];
  if (h > 0)
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", h, m, s);
  else
    std::snprintf(text, sizeof text, "%ld:%02ld", m, s);
  return text;
}

// "873", "41.2", "0.35": three significant figures at most.
std::string rate_text(double rate) {
  char text[32];
  std::snprintf(text, sizeof text, rate >= 100 ? "%.0f" : rate >= 10 ? "%.1f" : "%.2f", rate);
  return text;
}

bool stderr_is_terminal() {
  if (const char* mode = std::getenv("TOUCHSTONE_PROGRESS")) {
    if (std::strcmp(mode, "tty") == 0) return true;
    if (std::strcmp(mode, "plain") == 0) return false;
  }
  return isatty(STDERR_FILENO) == 1;
}

std::size_t every_from_environment() {
  const char* e = std::getenv("TOUCHSTONE_PROGRESS_EVERY");
  const long n = e ? std::strtol(e, nullptr, 10) : 0;
  return n > 0 ? static_cast<std::size_t>(n) : 0;
}

void write_stderr(const std::string& text) {
  for (std::size_t sent = 0; sent < text.size();) {
    const ssize_t n = write(STDERR_FILENO, text.data() + sent, text.size() - sent);
    if (n <= 0) return;
    sent += static_cast<std::size_t>(n);
  }
}

// One printer's state: when it started, what it printed last.
struct Printer {
  std::string unit;
  bool terminal = false;
  std::size_t every = 0;  // TOUCHSTONE_PROGRESS_EVERY, 0: none
  bool started = false, finished = false;
  Clock::time_point start, last_print;
  std::size_t last_tenth = 0;
  bool drawn = false;  // a terminal line is on screen

  bool due(std::size_t done, std::size_t total, Clock::time_point now) const {
    if (done >= total || !drawn) return true;
    if (every > 0 && done % every == 0) return true;
    const double since = std::chrono::duration<double>(now - last_print).count();
    if (terminal) return since >= 0.1;
    return since >= 10.0 || (total > 0 && done * 10 / total > last_tenth);
  }

  void operator()(std::size_t done, std::size_t total) {
    const auto now = Clock::now();
    if (!started) start = now, started = true;
    if (finished || !due(done, total, now)) return;
    ProgressLine line{done, total, std::chrono::duration<double>(now - start).count(), unit,
                      label_now()};
    const std::string text = format_progress(line);
    last_print = now;
    last_tenth = total > 0 ? done * 10 / total : 0;
    drawn = true;
    finished = done >= total;
    if (terminal)
      write_stderr("\r\033[K" + text + (finished ? "\n" : ""));
    else
      write_stderr(text + "\n");
  }
};

}  // namespace

void set_progress_label(std::string label) {
  const std::lock_guard<std::mutex> lock(label_mutex);
  current_label = std::move(label);
}

std::string format_progress(const ProgressLine& line) {
  std::string text =
      std::to_string(line.done) + " / " + std::to_string(line.total) + " " + line.unit;
  if (line.total > 0) {
    char percent[16];
    std::snprintf(percent, sizeof percent, "  %3.0f%%",
                  100.0 * static_cast<double>(line.done) / static_cast<double>(line.total));
    text += percent;
  }
  const double rate = line.elapsed_seconds > 0 && line.done > 0
                          ? static_cast<double>(line.done) / line.elapsed_seconds
                          : 0.0;
  if (rate > 0) {
    text += "  " + rate_text(rate) + " /s";
    if (line.done < line.total)
      text += "  ETA " + clock_text(static_cast<double>(line.total - line.done) / rate);
    else
      text += "  in " + clock_text(line.elapsed_seconds);
  }
  if (!line.label.empty() && line.done < line.total) text += "  " + line.label;
  return text;
}

Progress progress_printer(std::string unit) {
  auto printer = std::make_shared<Printer>();
  printer->unit = std::move(unit);
  printer->terminal = stderr_is_terminal();
  printer->every = every_from_environment();
  return [printer](std::size_t done, std::size_t total) { (*printer)(done, total); };
}

}  // namespace touchstone
