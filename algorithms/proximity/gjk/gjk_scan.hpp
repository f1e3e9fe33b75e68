// Linear-scan support of a small polytope: the first vertex maximizing d · x over coordinate
// arrays (x, y, z) padded to a multiple of 4 with copies of vertex 0 (a copy of vertex 0 can never
// come first). Internal to gjk.cpp, split out for length.
//
// Profiles of GJK distance on 20-vertex hulls put 40% of its instructions in this scan. On x86-64
// CPUs with AVX it runs four vertices a step, each lane keeping its first maximum, then the lanes
// are merged (largest value, then lowest index). Each product is rounded exactly as the scalar
// expression dx * x + dy * y + dz * z (two products and two sums, no fused multiply-add), so the
// vertex returned is the plain loop's, bit for bit, on every CPU.
#pragma once

#include <limits>

#include "algorithms/geometry/pose.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define TOUCHSTONE_GJK_SCAN_AVX 1
#endif

namespace touchstone::gjk::detail {

// The plain loop, four vertices a step (the four products are independent); `n` is the padded
// count.
inline int scan_scalar(const double* x, const double* y, const double* z, int n, const Vec3& d) {
  const double dx = d.x(), dy = d.y(), dz = d.z();
  int best = 0;
  double best_dot = dx * x[0] + dy * y[0] + dz * z[0];
  for (int i = 0; i < n; i += 4) {
    const double d0 = dx * x[i] + dy * y[i] + dz * z[i];
    const double d1 = dx * x[i + 1] + dy * y[i + 1] + dz * z[i + 1];
    const double d2 = dx * x[i + 2] + dy * y[i + 2] + dz * z[i + 2];
    const double d3 = dx * x[i + 3] + dy * y[i + 3] + dz * z[i + 3];
    if (d0 > best_dot) best_dot = d0, best = i;
    if (d1 > best_dot) best_dot = d1, best = i + 1;
    if (d2 > best_dot) best_dot = d2, best = i + 2;
    if (d3 > best_dot) best_dot = d3, best = i + 3;
  }
  return best;
}

#ifdef TOUCHSTONE_GJK_SCAN_AVX
__attribute__((target("avx"))) inline int scan_avx(const double* x, const double* y,
                                                   const double* z, int n, const Vec3& d) {
  const __m256d dx = _mm256_set1_pd(d.x()), dy = _mm256_set1_pd(d.y()), dz = _mm256_set1_pd(d.z());
  // Lane k sees vertices k, k + 4, ...; a strict comparison keeps each lane's first maximum.
  // Indices are carried as doubles (exact far beyond any vertex count).
  __m256d best = _mm256_set1_pd(-std::numeric_limits<double>::infinity());
  __m256d best_index = _mm256_setzero_pd();
  __m256d index = _mm256_set_pd(3.0, 2.0, 1.0, 0.0);
  const __m256d step = _mm256_set1_pd(4.0);
#pragma GCC unroll 2
  for (int i = 0; i < n; i += 4) {
    const __m256d t = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(dx, _mm256_loadu_pd(x + i)),
                                                  _mm256_mul_pd(dy, _mm256_loadu_pd(y + i))),
                                    _mm256_mul_pd(dz, _mm256_loadu_pd(z + i)));
    const __m256d greater = _mm256_cmp_pd(t, best, _CMP_GT_OQ);
    // max(t, best) is t exactly where t > best (else best): the blend the comparison selects.
    best = _mm256_max_pd(t, best);
    best_index = _mm256_or_pd(_mm256_and_pd(greater, index), _mm256_andnot_pd(greater, best_index));
    index = _mm256_add_pd(index, step);
  }
  // Merge the lanes: the largest value (in every lane after two max steps), then the lowest index
  // among the lanes holding it.
  __m256d top = _mm256_max_pd(best, _mm256_permute2f128_pd(best, best, 1));
  top = _mm256_max_pd(top, _mm256_permute_pd(top, 0x5));
  const __m256d holds = _mm256_cmp_pd(best, top, _CMP_EQ_OQ);
  __m256d first = _mm256_or_pd(
      _mm256_and_pd(holds, best_index),
      _mm256_andnot_pd(holds, _mm256_set1_pd(std::numeric_limits<double>::infinity())));
  first = _mm256_min_pd(first, _mm256_permute2f128_pd(first, first, 1));
  first = _mm256_min_pd(first, _mm256_permute_pd(first, 0x5));
  return static_cast<int>(_mm_cvtsd_f64(_mm256_castpd256_pd128(first)));
}

// Whether this CPU runs scan_avx (asked once, by prepare()).
inline bool cpu_has_avx() {
  static const bool has = __builtin_cpu_supports("avx");
  return has;
}
#else
inline bool cpu_has_avx() { return false; }
#endif

// Index of the first vertex maximizing d · x; `n` (the padded count) is a positive multiple of 4.
// `avx`: cpu_has_avx().
inline int scan_support(const double* x, const double* y, const double* z, int n, const Vec3& d,
                        bool avx) {
#ifdef TOUCHSTONE_GJK_SCAN_AVX
  if (avx) return scan_avx(x, y, z, n, d);
#else
  (void)avx;
#endif
  return scan_scalar(x, y, z, n, d);
}

}  // namespace touchstone::gjk::detail
