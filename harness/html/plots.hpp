// The report's plots as inline SVG written here (no plotting library, nothing fetched): box plots
// of times on a logarithmic axis, and series of points on logarithmic x and y axes. Every mark
// carries a <title> (the browser shows it on hover) with its numbers.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace touchstone {

// Five-number summary; quartiles interpolate linearly between order statistics (type 7, as R
// and NumPy by default). nullopt for no values.
struct BoxStats {
  double min = 0, q1 = 0, median = 0, q3 = 0, max = 0;
  std::size_t n = 0;
};
std::optional<BoxStats> box_stats(std::vector<double> values);

// A fixed palette, cycled.
std::string_view series_colour(std::size_t i);

// One box per row (label on the left), times in ns on a shared logarithmic axis: the box spans
// the quartiles, a bar marks the median, whiskers reach the minimum and maximum.
struct BoxRow {
  std::string label;
  BoxStats stats;
  std::string colour;
};
std::string box_plot_svg(std::string_view id, const std::vector<BoxRow>& rows);

// Points (x > 0, y = time in ns > 0; others are dropped) joined in x order per series, on
// logarithmic axes, with a legend.
struct Series {
  std::string label, colour;
  std::vector<std::pair<double, double>> points;
};
std::string scatter_svg(std::string_view id, std::string_view x_label,
                        const std::vector<Series>& series);

}  // namespace touchstone
