// The registry of swept algorithms: one line per algorithm.
#include "algorithms/swept/swept.hpp"

namespace touchstone {

void register_builtin(SweptAlgorithmRegistry& registry) {
  const IntervalParameters interval{};
  registry.add({"silvia-swept",
                "seed 004 §2.3 (Buck, Schömer, SiLVIA)",
                "linearly interpolated signed distance, prism / closest-points test at t_c",
                false,
                {},
                silvia_swept});
  registry.add({"interval-swept",
                "ours: exact reference's conditions in interval arithmetic",
                "time bisection, f = 0 and the static test's signs over each interval, outward "
                "rounding",
                true,
                {{"tolerance", interval.tolerance},
                 {"max_intervals", static_cast<double>(interval.max_intervals)}},
                [interval](const SweptQuery& q) { return interval_swept(q, interval); }});
  registry.add({"sampling-k",
                "baseline: discrete sub-steps",
                "k = 16 sub-steps, plane crossing "
                "between samples and a static test at the crossing",
                false,
                {{"k", 16}},
                [](const SweptQuery& q) { return sampling_swept(q, 16); }});
}

}  // namespace touchstone
