// Broad phase of seed 001 (Solfec-1.0, "Overlap detection"): the pairs of axis-aligned boxes that
// overlap, by CGAL's box_intersection_d (Zomorodian and Edelsbrunner's streamed segment tree, the
// algorithm Solfec's box_overlap uses), and by brute force over all pairs as the independent
// route and the baseline.
//
// Boxes are closed: boxes that only touch overlap (Solfec's elements sharing a face must meet).
// A box with lo > hi on some axis, or a NaN coordinate, is empty and overlaps nothing. Both
// routes answer the same set: pairs (i, j) of box indices, i < j, sorted.
#pragma once

#include <array>
#include <span>
#include <utility>
#include <vector>

namespace touchstone::solfec {

struct AxisBox {
  std::array<double, 3> lo{}, hi{};
};

using BoxPairs = std::vector<std::pair<int, int>>;

// CGAL::box_self_intersection_d (closed boxes, cutoff 10 as in CGAL's default).
BoxPairs box_pairs(std::span<const AxisBox> boxes);
// Every pair tested, O(n^2).
BoxPairs box_pairs_brute_force(std::span<const AxisBox> boxes);

}  // namespace touchstone::solfec
