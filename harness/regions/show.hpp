// `touchstone show CASE`: one self-contained HTML page with an interactive 3D view of a
// contact-region case (docs/show.md). The two solids at each step's poses, the exact regions of
// the reference (harness/regions/reference.hpp), and, given a report of `touchstone regions`,
// each algorithm's answer overlaid with what differs marked: exact regions of the claimed subset
// that no answer region names (entity-naming algorithms) or that no answer point comes within τ
// of (point-only peers), and answer regions outside 𝓘 or points farther than τ from every exact
// region. The report's own verdict and failing checks are shown beside it; the marks are a
// picture of the difference, the verdict stays the verifier's (harness/regions/verifier.hpp).
// Inside the ε band the regions shown and compared are those of the ε-closure (B moved by t,
// |t| ≤ τ, touching A), with τ + |t| for τ, as the verifier judges there.
// three.js comes from Debian's libjs-three and is inlined, so the page opens offline.
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cases/format/region_case.hpp"
#include "reference/exact_regions.hpp"

namespace touchstone {

struct ShowCli {
  std::string case_id;
  std::string report;     // a report of `touchstone regions` (plain or gzip); "" for none
  std::string cases;      // a case file or directory holding the case ("": from the report)
  std::string algorithm;  // only this algorithm's answer ("" : every answer in the report)
  std::string out = "show.html";
  std::string cache_path = "cases/.cache/reference.jsonl";
  bool no_cache = false;
  double tol_region = 1e-9;  // τ = this × size when there is no report (else the report's)
  int step = 1;              // the step shown first (1-based)
};

// The input of the page: the case, its exact reference per step, the report's results for it.
struct ShowInput {
  RegionCase spec;
  std::vector<ExactRegions> references;  // one per step
  std::vector<double> taus;              // one per step
  std::vector<nlohmann::json> results;   // the report's region_results entries for the case
  std::string source;                    // the report's path, for the title ("" when none)
  int first_step = 0;                    // the step the page opens at (0-based)
};

// The page's data: {"case", "family", "source", "first_step" (0-based), "shapes": [{name, vertices,
// faces, edges}], "steps": [{poses, tau, size, reference: {relation, distance, regions: [{a, b,
// dimension, points, sufficient}]}}], "answers": [{algorithm, verdict, reason, failing: [check...],
// steps: [{verdict, status, relation, subset, regions: [{a, b, dimension, points, normals,
// differs}], missing: [reference region index...]}]}]}. Throws std::runtime_error naming the
// report field when a result is malformed.
nlohmann::json show_data(const ShowInput& input);

// The whole page around `data`, with three.js read from `three_js` and `orbit_controls_js`.
std::string show_page(const nlohmann::json& data, const std::string& three_js,
                      const std::string& orbit_controls_js);

// The JSON block embedded in a page (the inverse of show_page's embedding); nullopt when absent.
std::optional<nlohmann::json> show_page_data(const std::string& page);

CLI::App* add_show_command(CLI::App& app, ShowCli& cli);
// 0 when written; kExitUsage for an unknown case, a malformed report or a missing three.js;
// kExitOutput when the page cannot be written.
int run_show_command(const ShowCli& cli);

}  // namespace touchstone
