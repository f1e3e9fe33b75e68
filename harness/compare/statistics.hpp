// The tests `touchstone compare` decides timing regressions with. Across runs (the default):
// Welch's t-test. Within one run (--within-run): two rank tests, both with the normal
// approximation with the tie correction and a continuity correction of 1/2, as SciPy's
// mannwhitneyu(method="asymptotic") and wilcoxon(correction=True, mode="approx") do; every
// p-value is two-sided (2 × the upper tail of |z| or |t|), at most 1.
#pragma once

#include <vector>

namespace touchstone {

struct RankTest {
  double statistic = 0.0;  // U of the first sample (Mann-Whitney), W+ (Wilcoxon)
  double p_value = 1.0;    // 1 when the test has nothing to go on (an empty sample, all tied)
};

// Two-sided Mann-Whitney U test of two independent samples (here: the repetition times of one
// result in two reports). U = R1 − n1(n1 + 1)/2, R1 the sum of x's ranks in the pooled sample
// (ties get their average rank); mean n1·n2/2, variance n1·n2/12 · ((n + 1) − Σ(t³ − t)/(n(n − 1)))
// over the groups of t tied values.
RankTest mann_whitney_u(const std::vector<double>& x, const std::vector<double>& y);

// Two-sided Wilcoxon signed-rank test of paired differences (here: the log ratios of a family's
// per-case medians). Zero differences are dropped (Wilcoxon's rule); W+ is the sum of the ranks of
// |d| over the positive d; mean m(m + 1)/4, variance m(m + 1)(2m + 1)/24 − Σ(t³ − t)/48.
RankTest wilcoxon_signed_rank(const std::vector<double>& differences);

struct WelchTest {
  double difference = 0.0;       // mean(y) − mean(x)
  double low = 0.0, high = 0.0;  // its confidence interval
  double df = 0.0;  // Welch-Satterthwaite degrees of freedom (0 when both variances are 0)
  double p_value = 1.0;
};

// Welch's two-sided t-test of mean(y) − mean(x) for samples of 2 or more values each (here: the
// log run times of the two sides), with its `confidence` interval (difference ± t quantile ×
// standard error, Student's t from Boost.Math). se² = var(x)/nx + var(y)/ny (sample variances),
// df = se⁴ / ((var(x)/nx)²/(nx − 1) + (var(y)/ny)²/(ny − 1)). When both variances are 0 the
// interval is the difference itself and p is 1 if it is 0, else 0. Throws std::invalid_argument
// for a sample of fewer than 2 values or a confidence outside (0, 1).
// The mean of a sample of 2 or more values with its Student t `confidence` interval
// (mean ± t quantile(n − 1) × sd/√n). Throws std::invalid_argument as welch_t_test.
struct MeanInterval {
  double mean = 0.0, low = 0.0, high = 0.0;
};
MeanInterval mean_interval(const std::vector<double>& x, double confidence);

WelchTest welch_t_test(const std::vector<double>& x, const std::vector<double>& y,
                       double confidence);

}  // namespace touchstone
