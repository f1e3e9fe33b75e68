#include "harness/html/plots.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

#include "harness/common/timing.hpp"
#include "harness/html/markup.hpp"

namespace touchstone {

namespace {

// A logarithmic axis over whole decades [10^lo, 10^hi] mapped onto pixels [from, to].
struct LogAxis {
  int lo = 0, hi = 1;
  double from = 0, to = 1;

  static LogAxis covering(double min, double max, double from, double to) {
    LogAxis a;
    a.lo = static_cast<int>(std::floor(std::log10(min)));
    a.hi = static_cast<int>(std::ceil(std::log10(max)));
    if (a.hi <= a.lo) a.hi = a.lo + 1;
    a.from = from;
    a.to = to;
    return a;
  }
  double pixel(double v) const {
    const double t = (std::log10(v) - lo) / (hi - lo);
    return from + std::clamp(t, 0.0, 1.0) * (to - from);
  }
};

std::string px(double v) { return format_number(v, 6); }

// "1 ns", "10 us", "1 s" for 10^k ns; plain counts ("1", "100", "1e+04") otherwise.
std::string decade_label(int k, bool time) {
  const auto power = [](int e) { return std::to_string(static_cast<long>(std::pow(10, e))); };
  if (!time) return k >= 0 && k < 4 ? power(k) : concat("1e", std::to_string(k));
  static const std::array<const char*, 4> units = {"ns", "us", "ms", "s"};
  if (k < 0) return concat("1e", std::to_string(k), " ns");
  const int unit = std::min(k / 3, 3);
  return concat(power(k - 3 * unit), " ", units[unit]);
}

// Vertical grid lines and labels of a horizontal log axis at y (labels below it).
void x_axis(std::ostringstream& s, const LogAxis& a, double top, double y, bool time) {
  s << "<line class=\"axis\" x1=\"" << px(a.from) << "\" y1=\"" << px(y) << "\" x2=\"" << px(a.to)
    << "\" y2=\"" << px(y) << "\"/>";
  for (int k = a.lo; k <= a.hi; ++k) {
    const double x = a.pixel(std::pow(10.0, k));
    s << "<line class=\"grid\" x1=\"" << px(x) << "\" y1=\"" << px(top) << "\" x2=\"" << px(x)
      << "\" y2=\"" << px(y) << "\"/><text x=\"" << px(x) << "\" y=\"" << px(y + 14)
      << "\" text-anchor=\"middle\">" << decade_label(k, time) << "</text>";
  }
}

std::string stats_title(const std::string& label, const BoxStats& b) {
  return html_escape(label) + ": n=" + std::to_string(b.n) + ", min " + format_ns(b.min) + ", q1 " +
         format_ns(b.q1) + ", median " + format_ns(b.median) + ", q3 " + format_ns(b.q3) +
         ", max " + format_ns(b.max);
}

}  // namespace

std::optional<BoxStats> box_stats(std::vector<double> v) {
  if (v.empty()) return std::nullopt;
  std::sort(v.begin(), v.end());
  const auto quantile = [&](double p) {
    const double h = p * static_cast<double>(v.size() - 1);
    const auto i = static_cast<std::size_t>(std::floor(h));
    const std::size_t j = std::min(i + 1, v.size() - 1);
    return v[i] + (h - static_cast<double>(i)) * (v[j] - v[i]);
  };
  return BoxStats{v.front(), quantile(0.25), quantile(0.5), quantile(0.75), v.back(), v.size()};
}

std::string_view series_colour(std::size_t i) {
  static const std::array<std::string_view, 10> palette = {
      "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
      "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
  return palette[i % palette.size()];
}

std::string box_plot_svg(std::string_view id, const std::vector<BoxRow>& rows) {
  const double left = 200, right = 630, row_h = 18, top = 8;
  const double axis_y = top + row_h * static_cast<double>(rows.size()) + 4;
  double lo = 1e300, hi = 0;
  for (const BoxRow& r : rows) {
    lo = std::min(lo, std::max(r.stats.min, 1.0));
    hi = std::max(hi, std::max(r.stats.max, 1.0));
  }
  if (rows.empty()) lo = hi = 1;
  const LogAxis a = LogAxis::covering(lo, hi, left, right);
  std::ostringstream s;
  s << "<svg id=\"" << html_escape(id) << "\" width=\"650\""
    << " height=\"" << px(axis_y + 22) << "\" role=\"img\">";
  x_axis(s, a, top, axis_y, true);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const BoxRow& r = rows[i];
    const BoxStats& b = r.stats;
    const double y = top + row_h * (static_cast<double>(i) + 0.5);
    const auto at = [&](double v) { return px(a.pixel(std::max(v, 1.0))); };
    s << "<g class=\"boxrow\"><title>" << stats_title(r.label, b) << "</title>"
      << "<text x=\"" << px(left - 6) << "\" y=\"" << px(y + 4) << "\" text-anchor=\"end\">"
      << html_escape(r.label) << "</text><line class=\"axis\" x1=\"" << at(b.min) << "\" y1=\""
      << px(y) << "\" x2=\"" << at(b.max) << "\" y2=\"" << px(y) << "\"/><rect class=\"box\" x=\""
      << at(b.q1) << "\" y=\"" << px(y - 6) << "\" width=\""
      << px(std::max(a.pixel(std::max(b.q3, 1.0)) - a.pixel(std::max(b.q1, 1.0)), 1.0))
      << "\" height=\"12\" fill=\"" << html_escape(r.colour) << "\"/><line class=\"median\" x1=\""
      << at(b.median) << "\" y1=\"" << px(y - 6) << "\" x2=\"" << at(b.median) << "\" y2=\""
      << px(y + 6) << "\"/></g>";
  }
  s << "</svg>";
  return s.str();
}

std::string scatter_svg(std::string_view id, std::string_view x_label,
                        const std::vector<Series>& series) {
  const double left = 60, right = 470, top = 10, bottom = 300;
  double x_lo = 1e300, x_hi = 0, y_lo = 1e300, y_hi = 0;
  for (const Series& sr : series)
    for (const auto& [x, y] : sr.points) {
      if (!(x > 0) || !(y > 0) || !std::isfinite(x) || !std::isfinite(y)) continue;
      x_lo = std::min(x_lo, x), x_hi = std::max(x_hi, x);
      y_lo = std::min(y_lo, y), y_hi = std::max(y_hi, y);
    }
  if (x_hi == 0) x_lo = x_hi = y_lo = y_hi = 1;
  const LogAxis ax = LogAxis::covering(x_lo, x_hi, left, right);
  const LogAxis ay = LogAxis::covering(y_lo, y_hi, bottom, top);
  std::ostringstream s;
  s << "<svg id=\"" << html_escape(id) << "\" width=\"650\""
    << " height=\"" << px(bottom + 40) << "\" role=\"img\">";
  x_axis(s, ax, top, bottom, false);
  s << "<text x=\"" << px((left + right) / 2) << "\" y=\"" << px(bottom + 32)
    << "\" text-anchor=\"middle\">" << html_escape(x_label) << "</text>";
  for (int k = ay.lo; k <= ay.hi; ++k) {
    const double y = ay.pixel(std::pow(10.0, k));
    s << "<line class=\"grid\" x1=\"" << px(left) << "\" y1=\"" << px(y) << "\" x2=\"" << px(right)
      << "\" y2=\"" << px(y) << "\"/><text x=\"" << px(left - 4) << "\" y=\"" << px(y + 4)
      << "\" text-anchor=\"end\">" << decade_label(k, true) << "</text>";
  }
  for (std::size_t i = 0; i < series.size(); ++i) {
    const Series& sr = series[i];
    std::vector<std::pair<double, double>> pts;
    for (const auto& p : sr.points)
      if (p.first > 0 && p.second > 0 && std::isfinite(p.first) && std::isfinite(p.second))
        pts.push_back(p);
    std::sort(pts.begin(), pts.end());
    const std::string colour = html_escape(sr.colour);
    s << "<g class=\"series\"><title>" << html_escape(sr.label) << "</title><polyline fill=\"none\""
      << " stroke=\"" << colour << "\" points=\"";
    for (const auto& [x, y] : pts) s << px(ax.pixel(x)) << "," << px(ay.pixel(y)) << " ";
    s << "\"/>";
    for (const auto& [x, y] : pts)
      s << "<circle cx=\"" << px(ax.pixel(x)) << "\" cy=\"" << px(ay.pixel(y))
        << "\" r=\"3\" fill=\"" << colour << "\"><title>" << html_escape(sr.label) << ": "
        << format_number(x) << ", " << format_ns(y) << "</title></circle>";
    const double ly = top + 14.0 * static_cast<double>(i) + 6;
    s << "<rect x=\"" << px(right + 12) << "\" y=\"" << px(ly - 8) << "\" width=\"10\" height=\""
      << "10\" fill=\"" << colour << "\"/><text x=\"" << px(right + 26) << "\" y=\"" << px(ly + 1)
      << "\">" << html_escape(sr.label) << "</text></g>";
  }
  s << "</svg>";
  return s.str();
}

}  // namespace touchstone
