// Narrowing a change of the exactly closer feature pair along a robustness trial's motion line to
// two adjacent doubles (see robustness_trials.hpp). The sign of the gap d²(f_lo) − d²(f_hi) at a
// motion parameter is exact and alone decides the bracket; the gap's approximate value only
// chooses where to look next.
#pragma once

#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "reference/exact_features.hpp"

namespace touchstone {

struct GapSample {
  double s = 0;
  FeaturePairGap gap;
  bool lo_closer() const { return gap.sign < 0; }  // f_lo strictly closer at s
};
using GapAt = std::function<GapSample(double)>;

// A bracket [lo, hi] of the exact change (f_lo strictly closer at lo, not at hi) from the double
// classifier's bracket (two adjacent doubles), which it is when the exact order agrees; else the
// classifier's bracket and the sample before or after it on the side where the exact change lies.
// nullopt when that sample does not qualify either (in the trials: the two pairs tie there, so
// their exact order changes from a tie, not from f_lo strictly closer); the caller draws again.
std::optional<std::pair<GapSample, GapSample>> exact_change_bracket(GapSample lo, GapSample hi,
                                                                    double sample_before,
                                                                    double sample_after,
                                                                    const GapAt& gap);

// Narrows a bracket of the exact change to two adjacent doubles [lo, hi] with f_lo strictly
// closer at lo and not at hi. `earlier` are samples already taken (oldest first), which seed the
// search's model of the gap. A unique change in the bracket gives the very doubles a bisection
// would, in far fewer exact evaluations.
std::pair<double, double> narrow_to_adjacent_doubles(GapSample lo, GapSample hi,
                                                     const std::vector<GapSample>& earlier,
                                                     const GapAt& gap);

}  // namespace touchstone
