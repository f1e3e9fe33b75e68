// Contact-force cases (DESIGN §3.3, §6.2): `contact-forces` (the multibody form) and `lcp` (the
// matrix form) in touchstone-case/1 files; their parser and writer. The literature LCPs of Siconos
// (*.dat) and FCLib (*.hdf5) are read by case_loader.hpp. Fields are documented in cases/README.md.
#pragma once

#include <Eigen/Dense>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/dynamics/dynamics.hpp"
#include "algorithms/forces/force_solver.hpp"
#include "cases/format/fields.hpp"

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

// Parses one case object of kind "contact-forces" or "lcp" (the document reader, case_loader.hpp,
// has checked that it is an object of one of these kinds). Throws FieldError
// (cases/format/fields.hpp) naming the field.
ForceCase parse_force_case(const nlohmann::json& j, const std::string& file, std::size_t index);

// Writes force cases back as touchstone-case/1 (round-trip precision).
nlohmann::json write_force_case_document(const std::vector<const ForceCase*>& cases);

}  // namespace touchstone
