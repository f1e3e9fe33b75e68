// `touchstone show` for contact-region cases (docs/show.md; the command and the page:
// harness/common/show.hpp). The two solids at each step's poses, the exact regions of the
// reference (harness/regions/reference.hpp), and, given a report of `touchstone regions`, each
// algorithm's answer overlaid with what differs marked: exact regions of the claimed subset that
// no answer region names (entity-naming algorithms) or that no answer point comes within τ of
// (point-only peers), and answer regions outside 𝓘 or points farther than τ from every exact
// region. The report's own verdict and failing checks are shown beside it; the marks are a
// picture of the difference, the verdict stays the verifier's (harness/regions/verifier.hpp).
// Inside the ε band the regions shown and compared are those of the ε-closure (B moved by t,
// |t| ≤ τ, touching A), with τ + |t| for τ, as the verifier judges there.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cases/format/region_case.hpp"
#include "harness/common/show.hpp"
#include "reference/exact_regions.hpp"

namespace touchstone {

// The input of the page: the case, its exact reference per step, the report's results for it.
struct ShowInput {
  RegionCase spec;
  std::vector<ExactRegions> references;  // one per step
  std::vector<double> taus;              // one per step
  std::vector<nlohmann::json> results;   // the report's region_results entries for the case
  std::string source;                    // the report's path, for the title ("" when none)
  int first_step = 0;                    // the step the page opens at (0-based)
};

// The page's data (harness/common/show.hpp) of a region case: per step the exact regions
// (reference items {a, b, dimension, points, sufficient}); per answer step its regions ({a, b,
// dimension, points, normals, differs}) and the exact regions missing from it. Throws ShowError
// naming the report field when a result is malformed.
nlohmann::json show_data(const ShowInput& input);

// Region cases and reports of `touchstone regions`, for run_show_command.
ShowKind region_show_kind();

}  // namespace touchstone
