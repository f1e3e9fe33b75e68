// What the two ways of comparing share (compare.cpp: one report per side, repetitions as
// samples; runs.cpp: several reports per side, runs as samples): reading results, verdict
// ranks, timing flags, the Benjamini-Hochberg adjustment and the summary.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "harness/compare/compare.hpp"

namespace touchstone::compare_detail {

// One result of a report, as compare reads it.
struct ResultView {
  std::string algorithm, case_id, family, verdict;
  double median_ns = 0.0;
  std::optional<std::vector<double>> times;  // absent in version-1 reports
};

// pass 4 > ambiguous 3 > unsupported 2 > fail 1 > error 0; -1 for an unknown name.
int verdict_rank(const std::string& v);

// A correctness regression: `next` ranks below `base`, by one rank or more.
bool verdict_dropped(const std::string& base, const std::string& next);

[[noreturn]] void bad(const std::string& where, const std::string& what);

// Every result of a report of any kind, in order; `side` prefixes every error ("base", "new 2").
std::vector<ResultView> read_results(const nlohmann::json& report, const std::string& side);

nlohmann::json number_or_null(std::optional<double> x);
std::optional<double> geomean(const std::vector<double>& ratios);

// The worst verdict of a list (null when empty).
nlohmann::json worst(const std::vector<std::string>& verdicts);

// "slower" / "faster" when p < alpha and the ratio is beyond the minimum effect, else "unchanged".
std::string timing_flag(std::optional<double> ratio, std::optional<double> p,
                        const CompareOptions& o);

bool correctness_flag(const nlohmann::json& row);

// Benjamini-Hochberg over the timing tests of rows[first..] (one level) into "q_value"; with
// options.fdr and `flags` the flags of those rows are decided with q.
void apply_fdr(nlohmann::json& rows, std::size_t first, const CompareOptions& o, bool flags);

// The summary: case rows count; a family row counts when it is slower and none of its cases is
// (family_only: algorithm -> such families).
nlohmann::json summarize(const nlohmann::json& rows, const std::map<std::string, int>& family_only,
                         std::vector<std::string> warnings);

nlohmann::json options_json(const CompareOptions& o);

// compare_reports with options.within_run: one report per side, repetitions as samples.
nlohmann::json compare_within_run(const nlohmann::json& base, const nlohmann::json& next,
                                  const CompareOptions& options);

}  // namespace touchstone::compare_detail
