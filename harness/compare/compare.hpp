// `touchstone compare`: two reports of any kind (touchstone-report/1 or /2) paired result by
// result, to tell a CI job, with statistics, whether a change made an algorithm wrong or slower.
//
// compare_reports(base, next, options) returns this document (`--json FILE` writes it; the HTML
// report reads exactly these names):
//   {"format": "touchstone-compare/1",
//    "options": {"alpha", "min_effect", "control", "timing_level"},
//    "rows": [{"algorithm", "case" (level "case") or "family" (level "family"), "level",
//              "base_verdict", "new_verdict",        // null on the side without the result
//              "base_median_ns", "new_median_ns",    // null on the side without it
//              "ratio",                              // new / base median; null when not defined
//              "p_value",                            // null when not tested
//              "q_value",                            // p_value adjusted for the number of tests
//              "drift",                              // with a control: its new / base median on
//                                                    // this case (null without one)
//              "control",                            // true on the control algorithm's rows
//              "base_repetitions", "new_repetitions",
//              "flag"}],                             // see below
//    "summary": {"per_algorithm": [{"algorithm", "geomean_ratio", "correctness_regressions",
//                                   "timing_regressions"}],
//                "geomean_ratio", "correctness_regressions", "timing_regressions",
//                "warnings": ["..."]}}
//
// Case rows pair results by (algorithm, case). Their flag:
//   "removed"     in BASE only: a result that disappeared (a correctness regression);
//   "added"       in NEW only (a correctness regression, flag "correctness", when its verdict is
//                 error: a new error);
//   "correctness" the verdict got worse: pass > ambiguous > unsupported > fail > error (an answer
//                 that became unsupported no longer passes; a failure declared unsupported is
//                 not a regression);
//   "slower"      the two-sided Mann-Whitney U test over the raw repetition times (`times_ns`,
//                 report version 2) has q < alpha (below) AND ratio > 1 + min_effect;
//   "faster"      q < alpha AND ratio < 1 − min_effect (reported, never a regression);
//   "unchanged"   otherwise (also when either side lacks raw times: p_value null).
// Repetitions are the lengths of `times_ns` (0 for a version-1 report).
// Many tests: a suite of 25,000 results tested at alpha = 0.05 would flag about 1,250 of them by
// chance. So "slower" and "faster" use, by default, q_value: the Benjamini-Hochberg adjustment of
// p_value over the tested rows of the same level (case rows together, family rows together),
// which keeps the expected share of false flags among the flagged at alpha (options.fdr = false,
// `--no-fdr`: raw p_value, as Google Benchmark's compare.py).
// Family rows pair (algorithm, family): the medians are the medians of the family's per-case
// medians; ratio is the geometric mean of its cases' ratios; p_value is the two-sided Wilcoxon
// signed-rank test of those cases' log ratios (the test is at case level: one paired value per
// case; a family of one paired case takes that case's p_value); repetitions count the cases on
// each side. Flag "correctness" when any of its cases
// regressed in correctness, "added"/"removed" when the family is on one side only, else slower /
// faster / unchanged as for cases with the geometric mean for the ratio. Verdicts are the worst
// of the family's cases.
// A control (options.control, `--control ALGO`): repetitions run back to back see a machine's
// speed at one moment, so a busy machine whose speed drifts between (or during) two runs makes
// unchanged code look slower or faster, case after case. An algorithm that did not change, run on
// the same case right beside the others (`touchstone run` times every algorithm of a case before
// the next case), measures that drift: on each case, drift = control's new median / base median,
// and every other algorithm's new times on that case are divided by it before its ratio and
// tests. The control's own rows are not tested (p_value null, "control": true); a case without a
// control result on both sides is not tested either (a warning counts them).
// Timing level (options.timing_level, `--timing-level case|family`): with "family", case rows keep
// their ratio, p and q but only family rows can be flagged slower or faster: a case's
// repetitions cannot tell its own noise from the machine's, while a family's signed-rank test
// needs its cases to move together.
// Summary: geometric means of the case rows' ratios (per algorithm and overall; null when no
// row has one); correctness_regressions counts case rows flagged "removed" or "correctness";
// timing_regressions counts case rows flagged "slower", plus family rows flagged "slower" none of
// whose cases is (a family can be slower as a whole when no single case is significant); nothing
// is counted twice. Warnings, one line per kind: pairs without raw times (timing significance not
// tested), pairs with fewer than 9 repetitions on a side (the U test has little power there, as
// Google Benchmark's compare.py warns), families of 2 to 8 paired cases.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace touchstone {

enum class TimingLevel { case_and_family, family };

struct CompareOptions {
  double alpha = 0.05;
  double min_effect = 0.05;
  bool fdr = true;      // decide timing flags with the Benjamini-Hochberg q_value (see above)
  std::string control;  // an unchanged algorithm whose per-case ratio is the drift (see above)
  TimingLevel timing_level = TimingLevel::case_and_family;
};

// Throws std::invalid_argument naming the side ("base" or "new") and the field (for example
// "new: results[3].timing.times_ns: not an array of numbers") when a report is not one.
nlohmann::json compare_reports(const nlohmann::json& base, const nlohmann::json& next,
                               const CompareOptions& options);

// The terminal view: every family row, the case rows not "unchanged" (all with `all_rows`), the
// per-algorithm summary and the warnings.
std::string compare_table(const nlohmann::json& comparison, bool all_rows = false);

// Which regressions fail the command: 1 when one of the chosen kind exists, else 0.
enum class FailOn { correctness, time, any, none };
int compare_exit_status(const nlohmann::json& comparison, FailOn fail_on);

}  // namespace touchstone
