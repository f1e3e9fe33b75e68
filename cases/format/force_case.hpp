// Contact-force cases (DESIGN §3.3, §6.2): `contact-forces` (the multibody form) and `lcp` (the
// matrix form) in touchstone-case/1 files, plus the literature LCPs of Siconos (*.dat) and the
// normal-only LCPs of FCLib problems (*.hdf5). Fields are documented in cases/README.md.
#pragma once

#include <Eigen/Dense>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/dynamics/dynamics.hpp"
#include "algorithms/forces/force_solver.hpp"
#include "cases/format/case_loader.hpp"

namespace touchstone {

// Answers known independently of the exact reference (hand-derived); a disagreement with the
// reference marks the case as broken.
struct ForceExpectation {
  std::optional<bool> feasible;
  std::optional<Eigen::VectorXd> acceleration;    // a = A f + b (unique for PSD A)
  std::optional<Eigen::VectorXd> normal_force;    // the forces, where they are unique
  std::optional<Eigen::VectorXd> min_norm_force;  // the minimum-norm forces
};

struct ForceCase {
  std::string id;
  std::string kind;    // "contact-forces" or "lcp"
  std::string family;  // scene or source family ("" if none)
  std::vector<std::string> tags;
  std::string description;  // what it is, how it was posed (e.g. impulses as an LCP)
  std::optional<dynamics::MultibodySystem> system;  // contact-forces only
  forces::ContactProblem problem;                   // assembled from `system`, or given
  ForceExpectation expected;
  nlohmann::json origin = nlohmann::json::object();  // {"file": ...} or {"scene": ...}
};

// True for the kinds this loader reads (the proximity loader skips them).
bool is_force_case_kind(const std::string& kind);

struct LoadedForceCases {
  std::vector<ForceCase> cases;
  std::vector<LoadError> errors;
};

// Force cases of a touchstone-case/1 document (other kinds are skipped silently).
LoadedForceCases parse_force_case_document(const std::string& text, const std::string& file);
// A Siconos LCP text file (dense storage): w = M z + q becomes A = M, b = q.
LoadedForceCases parse_siconos_lcp(const std::string& text, const std::string& file);
// The normal-only LCP of an FCLib local problem: rows/columns 0, d, 2d, ... of W and q (d =
// spacedim). An error when the library is absent or the file holds no local problem.
LoadedForceCases load_fclib_normal_lcp(const std::filesystem::path& file);
bool fclib_available();

// One file (*.json, *.dat, *.hdf5) or every such file under a directory (sorted).
LoadedForceCases load_force_cases(const std::filesystem::path& path);

// Writes force cases back as touchstone-case/1 (round-trip precision).
nlohmann::json write_force_case_document(const std::vector<const ForceCase*>& cases);

}  // namespace touchstone
