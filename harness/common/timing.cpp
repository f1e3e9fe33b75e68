#include "harness/common/timing.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace touchstone {

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

void summarize_times(std::vector<double> times, Timing& timing) {
  timing.repetitions = static_cast<int>(times.size());
  if (times.empty()) return;
  std::sort(times.begin(), times.end());
  timing.min_ns = times.front();
  timing.max_ns = times.back();
  timing.median_ns = median(std::move(times));
}

std::string format_ns(double ns) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(ns < 1e4 ? 0 : 1);
  if (ns < 1e4)
    s << ns << " ns";
  else if (ns < 1e7)
    s << ns * 1e-3 << " us";
  else
    s << ns * 1e-6 << " ms";
  return s.str();
}

}  // namespace touchstone
