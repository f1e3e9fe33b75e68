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
