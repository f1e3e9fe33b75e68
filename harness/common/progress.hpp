// Progress reporting shared by every runner: a callback (done, total), and the printer the
// commands install unless --quiet.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "harness/common/child_process.hpp"

namespace touchstone {

using Progress = std::function<void(std::size_t done, std::size_t total)>;

// Prints "\r<done> / <total> <unit>" to stderr every `every` steps and at the end. The
// environment variable TOUCHSTONE_PROGRESS_EVERY (a positive integer) overrides `every`: a test
// hook, so a test can watch a run finish its first items before it signals it.
Progress progress_printer(std::string unit, std::size_t every = 100);

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
