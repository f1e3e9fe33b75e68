// The verdict vocabulary every case kind shares (DESIGN §5): a verdict per (algorithm, case),
// the checks behind it, and the tally reports and tables count.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "algorithms/proximity/proximity.hpp"

namespace touchstone {

enum class Verdict { pass, fail, ambiguous, unsupported, error };
std::string_view to_string(Verdict v);

// A measured error or tolerance in a check's detail: 3 significant digits.
std::string short_number(double x);

struct CheckResult {
  std::string name;  // e.g. relation, distance, witness_a, depth, features; pulling, natural_map
  Verdict verdict = Verdict::pass;
  double error = 0.0;      // measured error (0 when not numeric)
  double tolerance = 0.0;  // allowed error
  std::string detail;      // human-readable reason for fail / ambiguous / unsupported
};

struct Verification {
  Verdict verdict = Verdict::pass;
  std::string reason;  // first failing check, or the algorithm's failure reason
  std::vector<CheckResult> checks;
};

// The worst check decides: fail > ambiguous > pass (unsupported checks do not count); the reason
// is the first such check's "name: detail".
void decide_verdict(Verification& v);

// An answer whose status is not ok decides its verdict alone: unsupported (with the algorithm's
// reason, or a default one), or fail ("algorithm reported failure: <reason>"). True when it did.
bool verdict_from_status(QueryStatus status, const std::string& reason, Verification& v);

// The record of an algorithm or solver that gave no answer on a case (ProximityResultRecord,
// ForceResultRecord: fields output.status, output.reason and verification): `why` becomes both
// its output's reason and its verdict's.
template <class Record, class Status>
Record without_answer(Record record, Status status, Verdict verdict, const std::string& why) {
  record.output.status = status;
  record.output.reason = why;
  record.verification.verdict = verdict;
  record.verification.reason = why;
  return record;
}

// Verdict counts of one algorithm over a set of cases.
struct VerdictCounts {
  int pass = 0, fail = 0, ambiguous = 0, unsupported = 0, error = 0;
  void add(Verdict v);
  int total() const { return pass + fail + ambiguous + unsupported + error; }
};

}  // namespace touchstone
