// Any Touchstone report as the HTML report reads it: the kinds' documents (touchstone-report/1
// from run, motion, forces and regions; touchstone-robustness/1) brought to one shape — results
// with their family, verdict, reason, times and size, the algorithm × family verdict counts, the
// context — so each section of the page is written once for every kind.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "harness/common/verdict.hpp"

namespace touchstone {

// A report the page cannot be made from: `field` is the path of the offending value
// ("results[3].verdict"), what() the whole message.
class ReportShapeError : public std::runtime_error {
 public:
  ReportShapeError(std::string field, const std::string& message)
      : std::runtime_error(field + ": " + message), field_(std::move(field)) {}
  const std::string& field() const { return field_; }

 private:
  std::string field_;
};

struct ResultRow {
  std::string algorithm, case_id, family, verdict, reason;
  std::optional<double> median_ns;  // when the result was timed
  std::vector<double> times_ns;     // every repetition, when the report carries them
  std::optional<double> vertices;   // vertices of both shapes, when the case records them
  std::optional<double> contacts;   // contacts of a force case
  std::string replay;               // the command that runs this case again ("" when unknown)
  // Contact regions inside the ε band (a check named "ε-closure"): the checks left `ambiguous`.
  bool in_band = false;
  std::vector<std::string> undecided;
};

struct ReportModel {
  std::string kind;        // run, motion, forces, regions or robustness
  std::string format;      // the document's format
  nlohmann::json context;  // the report's context block (an object; empty when none)
  std::vector<std::string> algorithms, families;  // in order of first appearance; families sorted
  std::map<std::pair<std::string, std::string>, VerdictCounts> matrix;  // (algorithm, family)
  std::vector<ResultRow> rows;
  nlohmann::json load_errors = nlohmann::json::array();
  std::vector<std::string> notes;  // what the reader should know (interrupted, no timings)
  // Proximity: the summary's quantiles of errors in ulps of M per (algorithm, family), family "*"
  // for all; only groups that measured an error.
  std::map<std::pair<std::string, std::string>, nlohmann::json> error_ulps;
};

// Throws ReportShapeError for a document that is not a report or whose results lack a string
// algorithm or case or a known verdict.
ReportModel read_report_model(const nlohmann::json& report);

}  // namespace touchstone
