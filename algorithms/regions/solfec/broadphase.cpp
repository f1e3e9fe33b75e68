// Broad phase (seed 001, "Overlap detection"): box_intersection_d and the brute-force baseline
// (broadphase.hpp). CGAL's box_intersection_d is header-only; this is its one translation unit.
#include "algorithms/regions/solfec/broadphase.hpp"

#include <CGAL/box_intersection_d.h>

#include <algorithm>
#include <cmath>

namespace touchstone::solfec {
namespace {

// Not empty: every axis has lo ≤ hi (false for NaN).
bool usable(const AxisBox& b) {
  for (int k = 0; k < 3; ++k)
    if (!(b.lo[k] <= b.hi[k])) return false;
  return true;
}

bool overlap(const AxisBox& a, const AxisBox& b) {
  for (int k = 0; k < 3; ++k)
    if (a.hi[k] < b.lo[k] || b.hi[k] < a.lo[k]) return false;
  return true;
}

}  // namespace

BoxPairs box_pairs(std::span<const AxisBox> boxes) {
  using Box = CGAL::Box_intersection_d::Box_with_info_d<double, 3, int,
                                                        CGAL::Box_intersection_d::ID_EXPLICIT>;
  std::vector<Box> in;
  in.reserve(boxes.size());
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const AxisBox& b = boxes[i];
    if (!usable(b)) continue;
    in.emplace_back(CGAL::Bbox_3(b.lo[0], b.lo[1], b.lo[2], b.hi[0], b.hi[1], b.hi[2]),
                    static_cast<int>(i));
  }
  BoxPairs out;
  CGAL::box_self_intersection_d(
      in.begin(), in.end(),
      [&](const Box& x, const Box& y) {
        out.emplace_back(std::min(x.info(), y.info()), std::max(x.info(), y.info()));
      },
      std::ptrdiff_t(10), CGAL::Box_intersection_d::CLOSED);
  std::sort(out.begin(), out.end());
  return out;
}

BoxPairs box_pairs_brute_force(std::span<const AxisBox> boxes) {
  BoxPairs out;
  const int n = static_cast<int>(boxes.size());
  for (int i = 0; i < n; ++i) {
    if (!usable(boxes[i])) continue;
    for (int j = i + 1; j < n; ++j)
      if (usable(boxes[j]) && overlap(boxes[i], boxes[j])) out.emplace_back(i, j);
  }
  return out;
}

}  // namespace touchstone::solfec
