// Timing shared by every case kind: one steady clock, the timing record of a measured call, and
// the median and human-readable durations every report and table uses.
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace touchstone {

using Clock = std::chrono::steady_clock;

// Nanoseconds from `start` to now.
inline double ns_since(Clock::time_point start) {
  return std::chrono::duration<double, std::nano>(Clock::now() - start).count();
}

struct Timing {
  double median_ns = 0, min_ns = 0, max_ns = 0, prepare_ns = 0;
  int repetitions = 0;
};

// median, min, max and repetitions of a sample of call times (prepare_ns left as is).
void summarize_times(std::vector<double> times_ns, Timing& timing);

// Median of a sample (0 when empty), and a time in ns as "812 ns", "3.4 us" or "1.2 ms".
double median(std::vector<double> values);
std::string format_ns(double ns);

}  // namespace touchstone
