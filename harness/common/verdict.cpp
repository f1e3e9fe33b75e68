#include "harness/common/verdict.hpp"

#include <sstream>

namespace touchstone {

std::string short_number(double x) {
  std::ostringstream s;
  s.precision(3);
  s << x;
  return s.str();
}

std::string_view to_string(Verdict v) {
  switch (v) {
    case Verdict::pass:
      return "pass";
    case Verdict::fail:
      return "fail";
    case Verdict::ambiguous:
      return "ambiguous";
    case Verdict::unsupported:
      return "unsupported";
    case Verdict::error:
      return "error";
  }
  return "error";
}

void decide_verdict(Verification& v) {
  v.verdict = Verdict::pass;
  for (const Verdict worst : {Verdict::fail, Verdict::ambiguous})
    for (const CheckResult& c : v.checks)
      if (c.verdict == worst) {
        v.verdict = worst;
        v.reason = c.name + ": " + c.detail;
        return;
      }
}

bool verdict_from_status(QueryStatus status, const std::string& reason, Verification& v) {
  if (status == QueryStatus::unsupported) {
    v.verdict = Verdict::unsupported;
    v.reason = reason.empty() ? "algorithm does not support this case" : reason;
    return true;
  }
  if (status == QueryStatus::failed) {
    v.verdict = Verdict::fail;
    v.reason = "algorithm reported failure: " + reason;
    return true;
  }
  return false;
}

void VerdictCounts::add(Verdict v) {
  switch (v) {
    case Verdict::pass:
      ++pass;
      break;
    case Verdict::fail:
      ++fail;
      break;
    case Verdict::ambiguous:
      ++ambiguous;
      break;
    case Verdict::unsupported:
      ++unsupported;
      break;
    case Verdict::error:
      ++error;
      break;
  }
}

}  // namespace touchstone
