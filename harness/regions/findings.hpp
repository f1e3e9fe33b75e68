// Named checks of one region answer, as the region verifier collects them (verifier.cpp,
// covering.cpp): each passes until something fails it; a failed check keeps its first detail, how
// many more there were and its largest error.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

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

}  // namespace touchstone
