// Narrowing an exact feature change to adjacent doubles (see exact_change_search.hpp).
//
// Bisection alone needs about 40 exact evaluations a trial. Instead each round fits a model of the
// gap to the newest samples, probes just either side of the model's root, and keeps the bracket by
// the exact signs. Two shapes of gap occur:
//  - a crossing: two different pairs whose distances cross; the gap changes sign linearly, so the
//    secant through the two newest samples finds the root;
//  - a plateau (most trials): the closest point slides off a feature onto its boundary, where the
//    two pairs' distances are exactly equal; the gap is 0 on one side and −c·(r − s)² on the other
//    (squared distances are C¹ across the clamp), so the secant of sqrt(−gap) finds r.
// The probe's half-width is a fraction of the model's step, raised whenever a probe lands on the
// wrong side; a round that did not halve the bracket is followed by a step without the model
// (a doubling step from the informative end, or a bisection), so at worst this costs a few times
// a bisection.
#include "cases/exact_change_search.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <vector>

namespace touchstone {
namespace {

double ulp(double x) { return std::nextafter(std::abs(x), 2.0) - std::abs(x); }

bool usable(const GapSample& x) { return x.gap.sign != 0 && std::isfinite(x.gap.approx); }

// The root of the line through (a.s, |gap(a)|^(1/p)) and (b.s, |gap(b)|^(1/p)).
double secant_root(const GapSample& a, const GapSample& b, int p) {
  const auto value = [p](const GapSample& x) {
    return p == 1 ? x.gap.approx : std::sqrt(std::abs(x.gap.approx));
  };
  const double va = value(a), vb = value(b);
  return b.s - vb * (b.s - a.s) / (vb - va);
}

// The newest sample before `newest` whose gap differs from newest's by a quarter of the larger
// (samples a few doubles apart differ mostly by the rounding of the pose), else the newest that
// differs at all; nullptr if none.
const GapSample* distinct_before(const std::vector<GapSample>& samples, std::size_t newest) {
  const double vb = samples[newest].gap.approx;
  const GapSample* differing = nullptr;
  for (std::size_t i = newest; i-- > 0;) {
    const double va = samples[i].gap.approx;
    if (!(va != vb)) continue;
    if (!differing) differing = &samples[i];
    if (std::abs(va - vb) >= 0.25 * std::max(std::abs(va), std::abs(vb))) return &samples[i];
  }
  return differing;
}

// Where the model of the gap puts the change, from the newest usable samples: |gap|^(1/p) linear
// in s, with p = 1 when some sample is positive (a crossing) and otherwise the p of {1, 2} whose
// roots from the two newest pairs of samples agree better (a plateau's gap vanishes like (r − s)²
// where the squared distances are C¹ across the clamp, like (r − s) where they have a kink).
// nullopt when the samples do not determine a root.
std::optional<double> model_root(const std::vector<GapSample>& samples) {
  if (samples.size() < 2) return std::nullopt;
  const GapSample& b = samples.back();
  const GapSample* a = distinct_before(samples, samples.size() - 1);
  if (!a) return std::nullopt;
  const bool crossing = std::any_of(samples.begin(), samples.end(),
                                    [](const GapSample& x) { return x.gap.sign > 0; });
  int p = 1;
  if (const GapSample* c = crossing ? nullptr : distinct_before(samples, a - samples.data())) {
    const auto disagreement = [&](int q) {
      return std::abs(secant_root(*c, *a, q) - secant_root(*a, b, q));
    };
    if (disagreement(2) < disagreement(1)) p = 2;
  }
  const double r = secant_root(*a, b, p);
  if (!std::isfinite(r)) return std::nullopt;
  return r;
}

}  // namespace

std::optional<std::pair<GapSample, GapSample>> exact_change_bracket(GapSample lo, GapSample hi,
                                                                    double sample_before,
                                                                    double sample_after,
                                                                    const GapAt& gap) {
  if (!lo.lo_closer()) {
    if (!(sample_before < lo.s)) return std::nullopt;
    GapSample before = gap(sample_before);
    if (!before.lo_closer()) return std::nullopt;
    return std::pair{std::move(before), std::move(lo)};
  }
  if (hi.lo_closer()) {
    if (!(hi.s < sample_after)) return std::nullopt;
    GapSample after = gap(sample_after);
    if (after.lo_closer()) return std::nullopt;
    return std::pair{std::move(hi), std::move(after)};
  }
  return std::pair{std::move(lo), std::move(hi)};
}

std::pair<double, double> narrow_to_adjacent_doubles(GapSample lo, GapSample hi,
                                                     const std::vector<GapSample>& earlier,
                                                     const GapAt& gap) {
  std::vector<GapSample> samples;  // the usable ones, oldest first
  for (const GapSample& x : earlier)
    if (usable(x)) samples.push_back(x);
  const auto take = [&](const GapSample& x) {
    (x.lo_closer() ? lo : hi) = x;
    if (usable(x)) samples.push_back(x);
  };
  const auto inside = [&](double x) { return x > lo.s && x < hi.s; };
  double caution = 1.0 / 64;  // the probes' half-width, as a fraction of the model's step
  double floor_ulps = 1;      // and at least this many ulps of the root
  // Without a model root inside the bracket: a step from the end whose sample is usable (the
  // change is usually close to it, and the other side is an exact tie that says nothing),
  // doubling each time; a bisection when both or neither are usable.
  const double step_floor = 4 * ulp(std::max(std::abs(lo.s), std::abs(hi.s)));
  double step = step_floor;
  bool no_model_next = false;
  for (int round = 0; round < 400; ++round) {
    const double width = hi.s - lo.s, mid = lo.s + width / 2;
    if (!inside(mid)) break;
    const std::optional<double> r = no_model_next ? std::nullopt : model_root(samples);
    if (!r || !inside(*r)) {
      double x = mid;
      if (usable(lo) && !usable(hi)) x = std::min(mid, lo.s + step);
      if (usable(hi) && !usable(lo)) x = std::max(mid, hi.s - step);
      step *= 2;
      take(gap(x));
      no_model_next = false;
      continue;
    }
    const double half_width =
        std::max(caution * std::min(*r - lo.s, hi.s - *r), floor_ulps * ulp(*r));
    const double below = *r - half_width, above = *r + half_width;
    bool missed = false;
    if (inside(below)) {
      const GapSample x = gap(below);
      missed = !x.lo_closer();
      take(x);
    }
    if (inside(above)) {
      const GapSample x = gap(above);
      missed = missed || x.lo_closer();
      take(x);
    }
    caution = missed ? std::min(0.25, caution * 8) : caution / 16;
    floor_ulps = missed ? std::min(1024.0, floor_ulps * 2) : 1;
    step = std::max(step_floor, 4 * half_width);
    no_model_next = hi.s - lo.s > width / 2;
  }
  return {lo.s, hi.s};
}

}  // namespace touchstone
