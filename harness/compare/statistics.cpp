#include "harness/compare/statistics.hpp"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace touchstone {
namespace {

// Average ranks (1-based) of `values`, in their order, and Σ(t³ − t) over the tied groups.
std::pair<std::vector<double>, double> average_ranks(const std::vector<double>& values) {
  std::vector<std::size_t> order(values.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
  std::vector<double> ranks(values.size(), 0.0);
  double ties = 0.0;
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j + 1 < order.size() && values[order[j + 1]] == values[order[i]]) ++j;
    const double rank = 0.5 * static_cast<double>(i + j) + 1.0;
    for (std::size_t k = i; k <= j; ++k) ranks[order[k]] = rank;
    const double t = static_cast<double>(j - i + 1);
    ties += t * t * t - t;
    i = j + 1;
  }
  return {ranks, ties};
}

// Two-sided p-value of a statistic with this mean and variance (continuity-corrected).
double two_sided_p(double statistic, double mean, double variance) {
  if (!(variance > 0.0)) return 1.0;
  const double deviation = std::max(0.0, std::abs(statistic - mean) - 0.5);
  return std::min(1.0, std::erfc(deviation / std::sqrt(variance) / std::sqrt(2.0)));
}

}  // namespace

RankTest mann_whitney_u(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.empty() || y.empty()) return {};
  std::vector<double> pooled(x);
  pooled.insert(pooled.end(), y.begin(), y.end());
  const auto [ranks, ties] = average_ranks(pooled);
  const double n1 = static_cast<double>(x.size()), n2 = static_cast<double>(y.size());
  const double n = n1 + n2;
  const double r1 = std::accumulate(ranks.begin(), ranks.begin() + x.size(), 0.0);
  RankTest test;
  test.statistic = r1 - n1 * (n1 + 1.0) / 2.0;
  const double variance = n1 * n2 / 12.0 * ((n + 1.0) - ties / (n * (n - 1.0)));
  test.p_value = two_sided_p(test.statistic, n1 * n2 / 2.0, variance);
  return test;
}

RankTest wilcoxon_signed_rank(const std::vector<double>& differences) {
  std::vector<double> nonzero, magnitude;
  for (double d : differences)
    if (d != 0.0 && std::isfinite(d)) nonzero.push_back(d), magnitude.push_back(std::abs(d));
  if (nonzero.empty()) return {};
  const auto [ranks, ties] = average_ranks(magnitude);
  RankTest test;
  for (std::size_t i = 0; i < nonzero.size(); ++i)
    if (nonzero[i] > 0) test.statistic += ranks[i];
  const double m = static_cast<double>(nonzero.size());
  const double variance = m * (m + 1.0) * (2.0 * m + 1.0) / 24.0 - ties / 48.0;
  test.p_value = two_sided_p(test.statistic, m * (m + 1.0) / 4.0, variance);
  return test;
}

namespace {

std::pair<double, double> mean_and_variance(const std::vector<double>& v) {
  const double n = static_cast<double>(v.size());
  const double mean = std::accumulate(v.begin(), v.end(), 0.0) / n;
  double squares = 0.0;
  for (double x : v) squares += (x - mean) * (x - mean);
  return {mean, squares / (n - 1.0)};
}

}  // namespace

MeanInterval mean_interval(const std::vector<double>& x, double confidence) {
  if (x.size() < 2) throw std::invalid_argument("mean_interval: a sample of fewer than 2 values");
  if (!(confidence > 0.0 && confidence < 1.0))
    throw std::invalid_argument("mean_interval: confidence not in (0, 1)");
  const auto [mean, variance] = mean_and_variance(x);
  const double n = static_cast<double>(x.size());
  const boost::math::students_t_distribution<double> t(n - 1.0);
  const double half = boost::math::quantile(boost::math::complement(t, (1.0 - confidence) / 2.0)) *
                      std::sqrt(variance / n);
  return {mean, mean - half, mean + half};
}

WelchTest welch_t_test(const std::vector<double>& x, const std::vector<double>& y,
                       double confidence) {
  if (x.size() < 2 || y.size() < 2)
    throw std::invalid_argument("welch_t_test: a sample of fewer than 2 values");
  if (!(confidence > 0.0 && confidence < 1.0))
    throw std::invalid_argument("welch_t_test: confidence not in (0, 1)");
  const auto [mx, vx] = mean_and_variance(x);
  const auto [my, vy] = mean_and_variance(y);
  const double nx = static_cast<double>(x.size()), ny = static_cast<double>(y.size());
  WelchTest test;
  test.difference = my - mx;
  test.low = test.high = test.difference;
  const double ax = vx / nx, ay = vy / ny;
  const double se2 = ax + ay;
  if (!(se2 > 0.0)) {
    test.p_value = test.difference == 0.0 ? 1.0 : 0.0;
    return test;
  }
  test.df = se2 * se2 / (ax * ax / (nx - 1.0) + ay * ay / (ny - 1.0));
  const boost::math::students_t_distribution<double> t(test.df);
  const double se = std::sqrt(se2);
  test.p_value = std::min(
      1.0, 2.0 * boost::math::cdf(boost::math::complement(t, std::abs(test.difference) / se)));
  const double half =
      boost::math::quantile(boost::math::complement(t, (1.0 - confidence) / 2.0)) * se;
  test.low = test.difference - half;
  test.high = test.difference + half;
  return test;
}

}  // namespace touchstone
