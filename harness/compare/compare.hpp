// `touchstone compare`: reports of any kind (touchstone-report/1 or /2) paired result by result,
// to tell a CI job whether a change made an algorithm wrong or slower.
//
// The unit of replication is the run. The repetitions of one run share that run's machine state
// (load, frequency, cache neighbours), so on a shared machine two runs of the same build differ
// by more than their repetitions say, and a test over repetitions (pseudo-replication) flags the
// machine's drift. So compare_runs takes several reports per side, one per run, and its timing
// tests have runs for samples; with one report per side timing is shown and never tested (unless
// options.within_run asks for the repetition test, below). Correctness needs no statistics.
//
// compare_runs(base_runs, new_runs, options) returns this document (`--json FILE` writes it; the
// HTML report reads exactly these names):
//   {"format": "touchstone-compare/1",
//    "options": {"alpha", "min_effect", "control", "timing_level", "within_run"},
//    "runs": {"base", "new"},                        // reports per side
//    "rows": [{"algorithm", "case" (level "case") or "family" (level "family"), "level",
//              "base_verdict", "new_verdict",        // the worst over a side's runs; null on the
//                                                    // side without the result
//              "base_median_ns", "new_median_ns",    // the median over a side's runs of the run
//                                                    // time (below); null on the side without it
//              "ratio",                              // new / base (below); null when not defined
//              "ratio_low", "ratio_high",            // its 1 − alpha confidence interval (null
//                                                    // when not tested)
//              "p_value",                            // null when not tested
//              "q_value",                            // p_value adjusted for the number of tests
//              "base_runs", "new_runs",              // runs with a time on each side
//              "drift",                              // within_run with a control only
//              "control",                            // true on the control algorithm's rows
//              "base_repetitions", "new_repetitions",
//              "flag"}],                             // see below
//    "summary": {"per_algorithm": [{"algorithm", "geomean_ratio", "correctness_regressions",
//                                   "timing_regressions"}],
//                "geomean_ratio", "correctness_regressions", "timing_regressions",
//                "timing_tested",                    // false with one run per side
//                "warnings": ["..."]}}
//
// Case rows pair results by (algorithm, case); a result is on a side when any of its runs has it.
// Their flag:
//   "removed"     in BASE only: a result that disappeared (a correctness regression);
//   "added"       in NEW only (a correctness regression, flag "correctness", when its verdict is
//                 error: a new error);
//   "correctness" the verdict got worse by one rank or more: pass > ambiguous > unsupported > fail
//                 > error (an answer that became unsupported no longer passes; a failure
//                 declared unsupported is not a regression), the worst verdict over each side's
//                 runs compared (a verdict that differs between the runs of a side is warned);
//   "slower"      the run-level test (below) has q < alpha AND ratio > 1 + min_effect;
//   "faster"      q < alpha AND ratio < 1 − min_effect (reported, never a regression);
//   "unchanged"   otherwise (also when not tested: p_value null).
// Run times. A case's run time is its median_ns in that run; with a control (options.control),
// divided by the control's median_ns on the same case in the same run (the control's own rows are
// shown, not tested, "control": true). A family's run time is the geometric mean of its cases' run
// times over the cases timed in every run of both sides (cases missing from a run are warned and
// left out of the family's timing), so its ratio is the geometric mean of those cases' ratios.
// The test (with 2 or more timed runs on each side): Welch's two-sided t-test of the log run
// times (its degrees of freedom come from the runs, Welch-Satterthwaite); ratio = exp(mean log
// new − mean log base), the ratio of the geometric means of the run times; ratio_low and
// ratio_high exponentiate the test's 1 − alpha interval of that difference, so the interval
// excludes 1 exactly when p < alpha. With one timed run on a side: ratio of the two, not tested.
// Many tests: "slower" and "faster" use, by default, q_value: the Benjamini-Hochberg adjustment
// of p_value over the tested rows of the same level (case rows together, family rows together)
// (options.fdr = false, `--no-fdr`: raw p_value).
// Timing level (options.timing_level, `--timing-level case|family`): with "family", case rows
// keep ratio, interval, p and q but only family rows can be flagged slower or faster. The
// command's default (`auto`) is family over runs: three runs per case are too few for hundreds
// of case tests (docs/ci-tracking.md measures the false alarms), while
// a family's run time averages its cases' noise away; case with --within-run, as before.
// Summary: geometric means of the case rows' ratios (per algorithm and overall, the control left
// out of the overall; null when no row has one); correctness_regressions counts case rows flagged
// "removed" or "correctness"; timing_regressions counts case rows flagged "slower", plus family
// rows flagged "slower" none of whose cases is; nothing is counted twice. Warnings, one line per
// kind (one run per side: why timing is not tested; fewer than 3 runs on a side; results missing
// from some runs; verdicts that differ between runs).
//
// options.within_run (`--within-run`, one report per side only): the earlier test over the
// repetitions of the two runs, for a quiet dedicated machine where the runs are stable: case rows
// test the raw repetition times (`times_ns`) with a two-sided Mann-Whitney U test (ratio: new /
// base median_ns); family rows take the medians of their per-case medians, ratio the geometric
// mean of the case ratios, p the Wilcoxon signed-rank test of the cases' log ratios (a family of
// one paired case takes that case's p_value), repetitions counting the cases. With a control, on
// each case drift = control's new median / base median divides every other algorithm's new times
// on that case; a case without a control result on both sides is not tested (warned). Warnings:
// pairs without raw times, pairs with fewer than 9 repetitions on a side, families of 2 to 8
// paired cases.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace touchstone {

enum class TimingLevel { case_and_family, family };

struct CompareOptions {
  double alpha = 0.05;
  double min_effect = 0.05;
  bool fdr = true;      // decide timing flags with the Benjamini-Hochberg q_value (see above)
  std::string control;  // an unchanged algorithm whose per-case ratio is the drift (see above)
  TimingLevel timing_level = TimingLevel::case_and_family;
  bool within_run = false;  // one report per side: test over repetitions (see above)
};

// Throws std::invalid_argument naming the run and the field (for example "new 2: results[3].
// timing.times_ns: not an array of numbers"; "base" or "new" alone when the side has one run)
// when a report is not one, or when a side has no report.
nlohmann::json compare_runs(const std::vector<nlohmann::json>& base_runs,
                            const std::vector<nlohmann::json>& new_runs,
                            const CompareOptions& options);

// One report per side: compare_runs({base}, {next}) (timing shown, not tested), or with
// options.within_run the repetition test. Throws as compare_runs.
nlohmann::json compare_reports(const nlohmann::json& base, const nlohmann::json& next,
                               const CompareOptions& options);

// The terminal view: every family row, the case rows not "unchanged" (all with `all_rows`), the
// per-algorithm summary and the warnings.
std::string compare_table(const nlohmann::json& comparison, bool all_rows = false);

// Which regressions fail the command: 1 when one of the chosen kind exists, else 0.
enum class FailOn { correctness, time, any, none };
int compare_exit_status(const nlohmann::json& comparison, FailOn fail_on);

}  // namespace touchstone
