// Named checks of one region answer, as the region verifier collects them (verifier.cpp,
// covering.cpp): each passes until something fails it; a failed check keeps its first detail, how
// many more there were and its largest error.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "algorithms/regions/regions.hpp"
#include "harness/common/verdict.hpp"

namespace touchstone {

// Checks by name, in the order first registered.
class Findings {
 public:
  void check(const std::string& name) { entry(name); }
  void add(const std::string& name, Verdict verdict, std::string detail, double error = 0.0,
           double tolerance = 0.0) {
    Entry& e = entry(name);
    if (e.count == 0 || (verdict == Verdict::fail && e.verdict != Verdict::fail)) {
      e.verdict = verdict;
      e.detail = std::move(detail);
    }
    ++e.count;
    e.error = std::max(e.error, error);
    e.tolerance = tolerance;
  }
  void emit(Verification& out) const {
    for (const Entry& e : entries_) {
      std::string detail = e.detail;
      if (e.count > 1) detail += " (and " + std::to_string(e.count - 1) + " more)";
      out.checks.push_back({e.name, e.verdict, e.error, e.tolerance, detail});
    }
  }

 private:
  struct Entry {
    std::string name;
    Verdict verdict = Verdict::pass;
    std::string detail;
    int count = 0;
    double error = 0.0, tolerance = 0.0;
  };
  Entry& entry(const std::string& name) {
    for (Entry& e : entries_)
      if (e.name == name) return e;
    entries_.push_back(Entry{name, Verdict::pass, "", 0, 0.0, 0.0});
    return entries_.back();
  }
  std::vector<Entry> entries_;
};

// A returned region no check can place (it names no entities or has no points) fails "extra
// region" and counts as extra; false when the region can be checked.
inline bool reject_unplaceable(const ContactRegion& region, std::size_t index, Findings& f,
                               int& extra) {
  if (region.a && region.b && !region.points.empty()) return false;
  f.add("extra region", Verdict::fail,
        "region " + std::to_string(index) +
            (region.points.empty() ? " has no points" : " names no entities"));
  ++extra;
  return true;
}

}  // namespace touchstone
