// Timing shared by every case kind: one steady clock, the timing record of a measured call, and
// the median and human-readable durations every report and table uses.
#pragma once

#include <chrono>
#include <nlohmann/json.hpp>
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
  std::vector<double> times_ns;  // every timed repetition, in the order measured
};

// median, min, max, repetitions and the raw times of a sample of call times (prepare_ns left as
// is).
void summarize_times(std::vector<double> times_ns, Timing& timing);

// A Timing on the wire between a child and the harness (harness/common/wire.hpp), and back.
nlohmann::json timing_to_wire(const Timing& timing);
Timing timing_from_wire(const nlohmann::json& j);

// Median of a sample (0 when empty), and a time in ns as "812 ns", "3.4 us" or "1.2 ms".
double median(std::vector<double> values);
std::string format_ns(double ns);

}  // namespace touchstone
