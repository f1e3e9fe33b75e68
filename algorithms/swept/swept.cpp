// The registry of swept algorithms: one line per algorithm.
#include "algorithms/swept/swept.hpp"

namespace touchstone {

const std::vector<SweptAlgorithmInfo>& swept_algorithms() {
  static const std::vector<SweptAlgorithmInfo> all = [] {
    const IntervalParameters interval{};
    std::vector<SweptAlgorithmInfo> v;
    v.push_back({"silvia-swept",
                 "seed 004 §2.3 (Buck, Schömer, SiLVIA)",
                 "linearly interpolated signed distance, prism / closest-points test at t_c",
                 false,
                 {},
                 silvia_swept});
    v.push_back({"interval-swept",
                 "ours: exact reference's conditions in interval arithmetic",
                 "time bisection, f = 0 and the static test's signs over each interval, outward "
                 "rounding",
                 true,
                 {{"tolerance", interval.tolerance},
                  {"max_intervals", static_cast<double>(interval.max_intervals)}},
                 [interval](const SweptQuery& q) { return interval_swept(q, interval); }});
    v.push_back({"sampling-k",
                 "baseline: discrete sub-steps",
                 "k = 16 sub-steps, plane crossing "
                 "between samples and a static test at the crossing",
                 false,
                 {{"k", 16}},
                 [](const SweptQuery& q) { return sampling_swept(q, 16); }});
    return v;
  }();
  return all;
}

const SweptAlgorithmInfo* find_swept_algorithm(const std::string& name) {
  for (const auto& a : swept_algorithms())
    if (a.name == name) return &a;
  return nullptr;
}

}  // namespace touchstone
