// The registry of swept algorithms: one line per algorithm.
#include "algorithms/swept/swept.hpp"

namespace touchstone {

const char* swept_type_name(SweptType type) {
  return type == SweptType::vertex_face ? "vertex-face" : "edge-edge";
}

const std::vector<SweptAlgorithmInfo>& swept_algorithms() {
  static const std::vector<SweptAlgorithmInfo> all = [] {
    const InclusionParameters inclusion{};
    std::vector<SweptAlgorithmInfo> v;
    v.push_back({"silvia-swept",
                 "seed 004 §2.3 (Buck, Schömer, SiLVIA)",
                 "linearly interpolated signed distance, prism / closest-points test at t_c",
                 false,
                 {},
                 silvia_swept});
    v.push_back({"inclusion-swept",
                 "Wang et al. 2021 §4 (inclusion-based root finding)",
                 "interval bisection over (t, u, v) with outward rounding",
                 true,
                 {{"tolerance", inclusion.tolerance},
                  {"min_separation", inclusion.min_separation},
                  {"max_boxes", static_cast<double>(inclusion.max_boxes)}},
                 [inclusion](const SweptQuery& q) { return inclusion_swept(q, inclusion); }});
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
