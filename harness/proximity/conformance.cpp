#include "harness/proximity/conformance.hpp"

#include <algorithm>
#include <stdexcept>

#include "cases/families.hpp"

namespace touchstone {

std::vector<ProximityCase> conformance_cases(const std::string& examples_dir, int per_family,
                                             std::vector<LoadError>* errors) {
  std::vector<ProximityCase> cases;
  if (!examples_dir.empty()) {
    LoadedCases examples = load_cases(examples_dir);
    if (!errors && !examples.errors.empty())
      throw std::runtime_error(examples.errors.front().to_string());
    if (errors) errors->insert(errors->end(), examples.errors.begin(), examples.errors.end());
    cases = std::move(examples.proximity);
  }
  for (const CaseFamily& family : case_families())
    for (int i = 0; i < std::min(family.default_count, per_family); ++i)
      cases.push_back(family.generate(7, i));
  return cases;
}

ConformanceReport check_conformance(const ProximityRunResults& run, const std::string& algorithm,
                                    bool may_report_failure) {
  ConformanceReport report;
  for (const ProximityResultRecord& r : run.results) {
    if (r.algorithm != algorithm) continue;
    ++report.results;
    const ProximityCaseRecord& c = run.cases.at(r.case_index);
    for (const std::string& problem : c.problems)
      report.violations.push_back(c.spec.id + ": case problem: " + problem);
    const Verdict verdict = r.verification.verdict;
    if (may_report_failure && verdict == Verdict::fail && r.output.status == QueryStatus::failed &&
        !r.output.reason.empty()) {
      ++report.reported_failures;
      continue;
    }
    if (verdict == Verdict::fail || verdict == Verdict::error)
      report.violations.push_back(c.spec.id + ": " + std::string(to_string(verdict)) + ": " +
                                  r.verification.reason);
    report.passed += verdict == Verdict::pass;
  }
  if (report.passed * 2 <= report.results)
    report.violations.push_back("(all): " + std::to_string(report.passed) + " of " +
                                std::to_string(report.results) +
                                " pass: mostly ambiguous or unsupported");
  if (report.reported_failures * 10 > report.results)
    report.violations.push_back("(all): " + std::to_string(report.reported_failures) + " of " +
                                std::to_string(report.results) +
                                " reported failures: more than a tenth");
  return report;
}

}  // namespace touchstone
