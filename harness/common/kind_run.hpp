// What every case kind's run shares: the shape of its results and the loop over its cases.
//
// A kind's runner (harness/<kind>/runner.cpp) supplies one step, "run this case": build what the
// case needs once, get its exact reference (cache first, else computed in a child under a
// deadline), run every selected algorithm on it (isolated as --isolate says), verify each answer
// and append the case's record and its results to the run. The loop here does the rest for every
// kind alike: progress, stopping at a signal, and dropping a case the signal cut short, so a
// report holds only finished cases.
#pragma once

#include <cstddef>
#include <vector>

#include "cases/format/case_loader.hpp"
#include "harness/common/progress.hpp"

namespace touchstone {

// A kind's run: the records of the cases (spec, reference, problems), one result per algorithm
// and case (each with `case_index`, `verification`), the load errors of the case files, and the
// algorithms in the order they ran.
template <class CaseRecord, class ResultRecord, class Info>
struct KindRun {
  using Case = CaseRecord;
  using Result = ResultRecord;
  using Algorithm = Info;
  std::vector<CaseRecord> cases;
  std::vector<ResultRecord> results;
  std::vector<LoadError> load_errors;
  std::vector<const Info*> algorithms;
};

// One instance of each selected algorithm, in the selection's order.
template <class Info>
auto make_instances(const std::vector<const Info*>& algorithms) {
  std::vector<decltype(algorithms.front()->make())> instances;
  for (const Info* info : algorithms) instances.push_back(info->make());
  return instances;
}

// Calls run_case(index, case) for each case in order until a signal interrupts the run;
// run_case appends to `records` and `results`. A case cut short is dropped with its results.
template <class Case, class Records, class Results, class RunCase>
void run_each_case(const std::vector<Case>& cases, Records& records, Results& results,
                   const Progress& progress, RunCase&& run_case) {
  for (std::size_t ci = 0; ci < cases.size() && !interrupted(); ++ci) {
    set_progress_label(cases[ci].family);
    if (progress) progress(ci, cases.size());
    run_case(ci, cases[ci]);
    if (drop_if_interrupted(records, results, ci)) break;
  }
  if (progress && !interrupted()) progress(cases.size(), cases.size());
}

// A kind's run over `cases` with `algorithms`: the Run (a KindRun) that records them, filled by
// run_each_case calling run_case(run, index, case) for each case. A kind's run function states
// only its own step.
template <class Run, class Case, class RunCase>
Run run_kind(const std::vector<Case>& cases,
             const std::vector<const typename Run::Algorithm*>& algorithms,
             const Progress& progress, RunCase&& run_case) {
  Run run;
  run.algorithms = algorithms;
  run_each_case(cases, run.cases, run.results, progress,
                [&](std::size_t ci, const Case& spec) { run_case(run, ci, spec); });
  return run;
}

// run_kind for a kind whose algorithms are objects (Info::make()): one instance of each is made
// for the whole run and passed on, run_case(run, instances, index, case).
template <class Run, class Case, class RunCase>
Run run_kind_with_instances(const std::vector<Case>& cases,
                            const std::vector<const typename Run::Algorithm*>& algorithms,
                            const Progress& progress, RunCase&& run_case) {
  const auto instances = make_instances(algorithms);
  return run_kind<Run>(
      cases, algorithms, progress,
      [&](Run& run, std::size_t ci, const Case& spec) { run_case(run, instances, ci, spec); });
}

}  // namespace touchstone
