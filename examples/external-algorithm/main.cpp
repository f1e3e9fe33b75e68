// An outside project using the installed Touchstone package (find_package(Touchstone)): it
// registers its own proximity algorithm in one line, runs it beside gjk on the default degenerate
// families (verified against the exact references, report and table as `touchstone run` writes
// them), then holds it to the conformance bar every shipped algorithm meets.
//
//   external_suite [--per-family N] [--conformance-per-family N (22, the bar's own sample)]
//                  [--reference-cache FILE] [--out FILE]
//
// Exit status: 0 when the report was written and the algorithm meets the bar, 1 otherwise, 2 on
// an error (an example case that does not load...).
#include <algorithm>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>

#include "brute_force.hpp"
#include "cases/families.hpp"
#include "harness/common/cli.hpp"
#include "harness/proximity/conformance.hpp"
#include "harness/proximity/report.hpp"

using namespace touchstone;

int run(int argc, char** argv) {
  int per_family = 3, conformance_per_family = 22;
  std::string cache_path, out = "external-report.json";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--per-family")
      per_family = std::atoi(argv[i + 1]);
    else if (flag == "--conformance-per-family")
      conformance_per_family = std::atoi(argv[i + 1]);
    else if (flag == "--reference-cache")
      cache_path = argv[i + 1];
    else if (flag == "--out")
      out = argv[i + 1];
  }

  ProximityRegistry registry = ProximityRegistry::builtin();  // the shipped algorithms
  registry.add(brute_force::info());                          // and ours: the one line

  const std::vector<const ProximityAlgorithmInfo*> algorithms = {registry.find("brute-force"),
                                                                 registry.find("gjk")};
  std::vector<ProximityCase> suite;
  for (const CaseFamily& family : case_families())
    for (int i = 0; i < std::min(family.default_count, per_family); ++i)
      suite.push_back(family.generate(1, i));

  ReferenceCache cache = open_reference_cache(cache_path, cache_path.empty());
  ProximityRunOptions options;
  options.isolation = Isolation::all;  // a crash is an `error`, not the end
  const ProximityRunResults run =
      run_proximity(suite, algorithms, options, cache, progress_printer("cases"));
  if (!write_report(out, {join_command_line(argc, argv), 1}, ProximityReport(run, options)))
    return 1;

  options.repetitions = 1;
  const ProximityRunResults sample =
      run_proximity(conformance_cases(TOUCHSTONE_EXAMPLES_DIR, conformance_per_family),
                    {algorithms[0]}, options, cache, progress_printer("conformance cases"));
  const ConformanceReport bar = check_conformance(sample, "brute-force", false);
  for (const std::string& violation : bar.violations)
    std::cout << "violation: " << violation << "\n";
  std::cout << "conformance: " << bar.passed << " of " << bar.results << " pass, "
            << bar.violations.size() << " violations\n";
  return bar.ok() ? 0 : 1;
}

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
}
