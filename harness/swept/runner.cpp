// The swept kind's runner, verifier and table (see runner.hpp).
#include "harness/swept/runner.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "harness/common/child_process.hpp"
#include "harness/common/timing.hpp"

namespace touchstone {

void judge_swept(const SweptAlgorithmInfo& algorithm, const ExactSweptResult& exact,
                 const SweptOptions& options, SweptResult& result) {
  const SweptAnswer& a = result.answer;
  result.verdict = Verdict::pass;
  if (a.failed) {
    result.verdict = Verdict::error;
    result.reason = "gave up: " + a.reason;
    return;
  }
  if (exact.collides && !a.collides) {
    result.false_negative = true;
    result.verdict = Verdict::fail;
    result.reason =
        "false negative: the exact earliest contact is at t = " + short_number(exact.toi_lo_double);
    return;
  }
  if (!exact.collides && a.collides) {
    result.false_positive = true;
    result.verdict = algorithm.conservative ? Verdict::pass : Verdict::fail;
    result.reason = "false positive at t = " + short_number(a.toi);
    return;
  }
  if (!a.collides) return;
  if (!std::isfinite(a.toi)) {
    result.verdict = Verdict::fail;
    result.reason = "toi is not finite";
    result.toi_error = INFINITY;
    return;
  }
  const bool late = a.toi > exact.toi_hi_double;
  result.toi_error =
      late ? a.toi - exact.toi_hi_double : std::max(0.0, exact.toi_lo_double - a.toi);
  if (algorithm.conservative && late) {
    result.verdict = Verdict::fail;
    result.reason = "toi " + short_number(a.toi) + " later than the exact " +
                    short_number(exact.toi_hi_double) + " (conservative)";
  } else if (result.toi_error > options.toi_tolerance) {
    result.verdict = Verdict::fail;
    result.reason = "toi " + short_number(a.toi) + " is " + short_number(result.toi_error) +
                    " from the exact [" + short_number(exact.toi_lo_double) + ", " +
                    short_number(exact.toi_hi_double) + "]";
  }
}

void run_swept(SweptRun& run, const std::vector<const SweptAlgorithmInfo*>& algorithms,
               const SweptOptions& options, bool progress) {
  run.references.resize(run.cases.size());
  for (std::size_t i = 0; i < run.cases.size() && !interrupted(); ++i) {
    const SweptCase& c = run.cases[i];
    SweptReference& ref = run.references[i];
    const auto start = Clock::now();
    try {
      ref.exact = exact_swept(c.exact);
    } catch (const std::exception& e) {
      ref.problem = std::string("no exact reference: ") + e.what();
      continue;
    }
    ref.time_ns = ns_since(start);
    if (c.truth && *c.truth != ref.exact.collides)
      ref.problem = std::string("ground truth ") + (*c.truth ? "1" : "0") +
                    " disagrees with the exact reference";
    else if (c.expected_toi && !(*c.expected_toi >= ref.exact.toi_lo_double &&
                                 *c.expected_toi <= ref.exact.toi_hi_double))
      ref.problem = "expected toi " + short_number(*c.expected_toi) + " outside the exact one";
    for (const auto* algorithm : algorithms) {
      SweptResult r;
      r.case_index = i;
      r.algorithm = algorithm;
      std::vector<double> times;
      for (int k = 0; k < std::max(1, options.repetitions); ++k) {
        const auto t0 = Clock::now();
        r.answer = algorithm->query(c.query);
        times.push_back(ns_since(t0));
      }
      r.time_ns = median(times);
      judge_swept(*algorithm, ref.exact, options, r);
      run.results.push_back(std::move(r));
    }
    if (progress && (i + 1) % 1000 == 0)
      std::cerr << "swept: " << (i + 1) << " of " << run.cases.size() << " queries\n";
  }
}

std::vector<SweptTableRow> swept_table(const SweptRun& run) {
  // group -> algorithm -> row, in first-seen order of groups.
  std::vector<std::string> group_order;
  std::map<std::pair<std::string, std::string>, SweptTableRow> rows;
  std::map<std::pair<std::string, std::string>, std::vector<double>> times;
  std::vector<std::string> algorithm_order{"exact-reference"};
  auto groups_of = [&](const SweptCase& c) {
    return std::vector<std::string>{c.family,
                                    std::string(swept_type_name(c.query.type)) + " (all)"};
  };
  auto row = [&](const std::string& algorithm, const std::string& group) -> SweptTableRow& {
    if (std::find(group_order.begin(), group_order.end(), group) == group_order.end())
      group_order.push_back(group);
    if (std::find(algorithm_order.begin(), algorithm_order.end(), algorithm) ==
        algorithm_order.end())
      algorithm_order.push_back(algorithm);
    auto& r = rows[{algorithm, group}];
    r.algorithm = algorithm;
    r.group = group;
    return r;
  };
  for (std::size_t i = 0; i < run.references.size() && i < run.cases.size(); ++i) {
    const auto& c = run.cases[i];
    const auto& ref = run.references[i];
    for (const auto& g : groups_of(c)) {
      auto& r = row("exact-reference", g);
      ++r.queries;
      if (ref.problem.rfind("no exact", 0) == 0) {
        ++r.errors;
        continue;
      }
      if (c.truth && *c.truth && !ref.exact.collides) ++r.false_negatives;
      if (c.truth && !*c.truth && ref.exact.collides) ++r.false_positives;
      times[{"exact-reference", g}].push_back(ref.time_ns);
    }
  }
  for (const auto& res : run.results) {
    for (const auto& g : groups_of(run.cases[res.case_index])) {
      auto& r = row(res.algorithm->name, g);
      ++r.queries;
      r.false_negatives += res.false_negative;
      r.false_positives += res.false_positive;
      r.errors += res.verdict == Verdict::error;
      r.toi_failures += res.verdict == Verdict::fail && !res.false_negative && !res.false_positive;
      r.max_toi_error = std::max(r.max_toi_error, res.toi_error);
      times[{res.algorithm->name, g}].push_back(res.time_ns);
    }
  }
  // Groups: families and files first, then the per-type totals.
  std::stable_partition(group_order.begin(), group_order.end(),
                        [](const std::string& g) { return g.find(" (all)") == std::string::npos; });
  std::vector<SweptTableRow> out;
  for (const auto& a : algorithm_order)
    for (const auto& g : group_order) {
      auto it = rows.find({a, g});
      if (it == rows.end()) continue;
      it->second.median_ns = median(times[{a, g}]);
      out.push_back(it->second);
    }
  return out;
}

std::string format_swept_table(const std::vector<SweptTableRow>& rows) {
  std::ostringstream s;
  s << std::left << std::setw(18) << "algorithm" << std::setw(34) << "group" << std::right
    << std::setw(8) << "queries" << std::setw(6) << "FN" << std::setw(6) << "FP" << std::setw(9)
    << "TOI>tol" << std::setw(12) << "max TOI err" << std::setw(12) << "median"
    << "\n";
  for (const auto& r : rows) {
    s << std::left << std::setw(18) << r.algorithm << std::setw(34) << r.group << std::right
      << std::setw(8) << r.queries << std::setw(6) << r.false_negatives << std::setw(6)
      << r.false_positives << std::setw(9) << r.toi_failures << std::setw(12)
      << short_number(r.max_toi_error) << std::setw(12) << format_ns(r.median_ns);
    if (r.errors) s << "  (" << r.errors << " errors)";
    s << "\n";
  }
  return s.str();
}

nlohmann::json swept_report(const SweptRun& run,
                            const std::vector<const SweptAlgorithmInfo*>& algorithms,
                            const SweptOptions& options, const std::string& command_line) {
  using nlohmann::json;
  json doc;
  doc["format"] = "touchstone-swept-report/1";
  doc["command_line"] = command_line;
  doc["config"] = {{"toi_tolerance", options.toi_tolerance}, {"repetitions", options.repetitions}};
  json algs = json::array();
  for (const auto* a : algorithms)
    algs.push_back({{"name", a->name},
                    {"paper", a->paper},
                    {"description", a->description},
                    {"conservative", a->conservative},
                    {"parameters", a->parameters}});
  doc["algorithms"] = algs;
  doc["load_errors"] = run.load_errors;
  json cases = json::array();
  for (std::size_t i = 0; i < run.cases.size() && i < run.references.size(); ++i) {
    const auto& c = run.cases[i];
    const auto& ref = run.references[i];
    json j = {{"id", c.id},
              {"family", c.family},
              {"type", swept_type_name(c.query.type)},
              {"source", c.source},
              {"rounded_input", c.rounded},
              {"points", c.exact.coordinates},
              {"reference",
               {{"collides", ref.exact.collides},
                {"toi_lo", ref.exact.toi_lo},
                {"toi_hi", ref.exact.toi_hi},
                {"coplanar_throughout", ref.exact.coplanar_throughout},
                {"time_ns", ref.time_ns}}},
              {"results", json::array()}};
    if (!ref.exact.collides) {
      j["reference"].erase("toi_lo");
      j["reference"].erase("toi_hi");
    }
    if (c.truth) j["ground_truth"] = *c.truth;
    if (!ref.problem.empty()) j["problem"] = ref.problem;
    cases.push_back(std::move(j));
  }
  for (const auto& r : run.results) {
    json j = {{"algorithm", r.algorithm->name},
              {"collides", r.answer.collides},
              {"verdict", std::string(to_string(r.verdict))},
              {"time_ns", r.time_ns}};
    if (r.answer.collides) j["toi"] = r.answer.toi;
    if (r.answer.collides && !r.false_positive) j["toi_error"] = r.toi_error;
    if (r.false_positive) j["flags"] = json::array({"false-positive"});
    if (!r.reason.empty()) j["reason"] = r.reason;
    cases[r.case_index]["results"].push_back(std::move(j));
  }
  doc["cases"] = cases;
  json table = json::array();
  for (const auto& row : swept_table(run))
    table.push_back({{"algorithm", row.algorithm},
                     {"group", row.group},
                     {"queries", row.queries},
                     {"false_negatives", row.false_negatives},
                     {"false_positives", row.false_positives},
                     {"toi_failures", row.toi_failures},
                     {"max_toi_error", row.max_toi_error},
                     {"errors", row.errors},
                     {"median_ns", row.median_ns}});
  doc["table"] = table;
  doc["interrupted"] = interrupted();
  return doc;
}

}  // namespace touchstone
