#include "harness/common/timing.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>

#include "harness/common/wire.hpp"

namespace touchstone {

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

void summarize_times(std::vector<double> times, Timing& timing) {
  timing.repetitions = static_cast<int>(times.size());
  timing.times_ns = times;
  if (times.empty()) return;
  std::sort(times.begin(), times.end());
  timing.min_ns = times.front();
  timing.max_ns = times.back();
  timing.median_ns = median(std::move(times));
}

nlohmann::json timing_to_wire(const Timing& timing) {
  return {{"summary",
           wire::numbers({timing.median_ns, timing.min_ns, timing.max_ns, timing.prepare_ns})},
          {"repetitions", timing.repetitions},
          {"times", wire::numbers(timing.times_ns)}};
}

Timing timing_from_wire(const nlohmann::json& j) {
  Timing timing;
  const std::vector<double> t = wire::to_numbers(j.at("summary"));
  timing.median_ns = t.at(0), timing.min_ns = t.at(1), timing.max_ns = t.at(2);
  timing.prepare_ns = t.at(3);
  timing.repetitions = j.at("repetitions").get<int>();
  timing.times_ns = wire::to_numbers(j.at("times"));
  return timing;
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
