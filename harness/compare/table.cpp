// compare_table: the terminal view of a comparison (compare.hpp).
#include <iomanip>
#include <sstream>

#include "harness/common/timing.hpp"
#include "harness/compare/compare.hpp"

namespace touchstone {

using nlohmann::json;

namespace compare_cells {  // named: the harness is a unity build

std::string cell_ns(const json& x) { return x.is_number() ? format_ns(x.get<double>()) : "-"; }

std::string cell_fixed(const json& x, int digits) {
  if (!x.is_number()) return "-";
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << x.get<double>();
  return s.str();
}

std::string cell_verdicts(const json& row) {
  const auto v = [](const json& x) { return x.is_string() ? x.get<std::string>() : "-"; };
  return v(row["base_verdict"]) + " -> " + v(row["new_verdict"]);
}

std::string cell_interval(const json& row) {
  if (!row.contains("ratio_low") || !row["ratio_low"].is_number() || !row["ratio_high"].is_number())
    return "-";
  return cell_fixed(row["ratio_low"], 3) + "-" + cell_fixed(row["ratio_high"], 3);
}

}  // namespace compare_cells

std::string compare_table(const json& comparison, bool all_rows) {
  using namespace compare_cells;
  std::ostringstream out;
  out << std::left << std::setw(22) << "algorithm" << std::setw(8) << "level" << std::setw(34)
      << "case / family" << std::setw(12) << "base" << std::setw(12) << "new" << std::setw(8)
      << "ratio" << std::setw(14) << "interval" << std::setw(9) << "p" << std::setw(26)
      << "verdicts"
      << "flag\n";
  for (const json& row : comparison.at("rows")) {
    const bool family = row["level"] == "family";
    if (!family && !all_rows && row["flag"] == "unchanged") continue;
    out << std::setw(22) << row["algorithm"].get<std::string>() << std::setw(8)
        << row["level"].get<std::string>() << std::setw(34)
        << row[family ? "family" : "case"].get<std::string>() << std::setw(12)
        << cell_ns(row["base_median_ns"]) << std::setw(12) << cell_ns(row["new_median_ns"])
        << std::setw(8) << cell_fixed(row["ratio"], 3) << std::setw(14) << cell_interval(row)
        << std::setw(9) << cell_fixed(row["p_value"], 4) << std::setw(26) << cell_verdicts(row)
        << row["flag"].get<std::string>() << (row.contains("control") ? " (control)" : "") << "\n";
  }
  const json& s = comparison.at("summary");
  out << "\n"
      << std::setw(22) << "algorithm" << std::setw(16) << "geomean ratio" << std::setw(14)
      << "correctness"
      << "timing regressions\n";
  for (const json& a : s.at("per_algorithm"))
    out << std::setw(22) << a["algorithm"].get<std::string>() << std::setw(16)
        << cell_fixed(a["geomean_ratio"], 3) << std::setw(14)
        << a["correctness_regressions"].get<int>() << a["timing_regressions"].get<int>() << "\n";
  out << std::setw(22) << "all" << std::setw(16) << cell_fixed(s["geomean_ratio"], 3)
      << std::setw(14) << s["correctness_regressions"].get<int>()
      << s["timing_regressions"].get<int>() << "\n";
  if (comparison.contains("runs")) {
    const json& runs = comparison["runs"];
    out << "runs: " << runs.value("base", 0) << " base, " << runs.value("new", 0)
        << " new; ratios are of the geometric means of the run times";
    if (s.value("timing_tested", false))
      out << ", intervals " << 100.0 * (1.0 - comparison.at("options").value("alpha", 0.05))
          << "% (Welch t over runs)";
    out << "\n";
  }
  const json& control = comparison.at("options").value("control", json());
  if (control.is_string())
    out << "ratios and tests of the others divide out " << control.get<std::string>()
        << "'s time on the same case (its own ratio above); \"all\" leaves it out\n";
  for (const json& w : s.at("warnings")) out << "warning: " << w.get<std::string>() << "\n";
  return out.str();
}

int compare_exit_status(const json& comparison, FailOn fail_on) {
  const json& s = comparison.at("summary");
  const bool correctness = s.at("correctness_regressions").get<int>() > 0;
  const bool time = s.at("timing_regressions").get<int>() > 0;
  switch (fail_on) {
    case FailOn::correctness:
      return correctness ? 1 : 0;
    case FailOn::time:
      return time ? 1 : 0;
    case FailOn::any:
      return correctness || time ? 1 : 0;
    case FailOn::none:
      return 0;
  }
  return 0;
}

}  // namespace touchstone
