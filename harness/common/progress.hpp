// Progress reporting shared by every runner: a callback (done, total), the label of the item in
// hand (its family), and the one printer every command installs unless --quiet / --no-progress.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "harness/common/child_process.hpp"

namespace touchstone {

using Progress = std::function<void(std::size_t done, std::size_t total)>;

// The printer, on stderr: "<done> / <total> <unit>  <percent>  <rate> /s  ETA <h:mm:ss>  <label>".
// On a terminal one line redrawn in place ("\r" and clear to the end of the line, at most ten
// times a second); otherwise (a log file, a pipe) plain lines, each ending with "\n", when 10 s
// have passed since the last one or another tenth of the total is done, and at the end. The
// environment variable TOUCHSTONE_PROGRESS=tty|plain forces a mode; TOUCHSTONE_PROGRESS_EVERY=N
// (a positive integer) also prints after every N items: a test hook, so a test can watch a run
// finish its first items before it signals it.
Progress progress_printer(std::string unit);

// What the printer shows as the current item's label (the runners set the case's family).
void set_progress_label(std::string label);

// The pieces of a progress line (exposed for the tests).
struct ProgressLine {
  std::size_t done = 0, total = 0;
  double elapsed_seconds = 0.0;
  std::string unit, label;
};
std::string format_progress(const ProgressLine& line);

// A runner's check after finishing item `index` (the last of `cases`; its `results` carry
// case_index): when a signal has interrupted the run, the item may be unfinished (a child was
// killed, a reference cut short), so it is removed with its results, and true says "stop". The
// report then holds only finished items.
template <class Case, class Result>
bool drop_if_interrupted(std::vector<Case>& cases, std::vector<Result>& results,
                         std::size_t index) {
  if (!interrupted()) return false;
  if (!cases.empty()) cases.pop_back();
  results.erase(std::remove_if(results.begin(), results.end(),
                               [index](const Result& r) { return r.case_index == index; }),
                results.end());
  return true;
}

}  // namespace touchstone
