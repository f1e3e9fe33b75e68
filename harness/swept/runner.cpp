// The swept kind's runner, verifier and table (see runner.hpp).
#include "harness/swept/runner.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "cases/format/swept_case.hpp"
#include "harness/common/child_process.hpp"
#include "harness/common/report_context.hpp"
#include "harness/common/timing.hpp"

namespace touchstone {

SweptVerification judge_swept(const SweptAlgorithmInfo& algorithm, const ExactSweptResult& exact,
                              const SweptOptions& options, const SweptAnswer& a) {
  SweptVerification v;
  if (a.failed) {
    v.verdict = Verdict::error;
    v.reason = "gave up: " + a.reason;
    return v;
  }
  if (exact.collides && !a.collides) {
    v.false_negative = true;
    v.verdict = Verdict::fail;
    v.reason =
        "false negative: the exact earliest contact is at t = " + short_number(exact.toi_lo_double);
    return v;
  }
  if (!exact.collides && a.collides) {
    v.false_positive = true;
    v.verdict = algorithm.conservative ? Verdict::pass : Verdict::fail;
    v.reason = "false positive at t = " + short_number(a.toi);
    return v;
  }
  if (!a.collides) return v;
  if (!std::isfinite(a.toi)) {
    v.verdict = Verdict::fail;
    v.reason = "toi is not finite";
    v.toi_error = INFINITY;
    return v;
  }
  const bool late = a.toi > exact.toi_hi_double;
  v.toi_error = late ? a.toi - exact.toi_hi_double : std::max(0.0, exact.toi_lo_double - a.toi);
  if (algorithm.conservative && late) {
    v.verdict = Verdict::fail;
    v.reason = "toi " + short_number(a.toi) + " later than the exact " +
               short_number(exact.toi_hi_double) + " (conservative)";
  } else if (v.toi_error > options.toi_tolerance) {
    v.verdict = Verdict::fail;
    v.reason = "toi " + short_number(a.toi) + " is " + short_number(v.toi_error) +
               " from the exact [" + short_number(exact.toi_lo_double) + ", " +
               short_number(exact.toi_hi_double) + "]";
  }
  return v;
}

SweptVerification judge_swept_solids(const SweptAlgorithmInfo& algorithm,
                                     const SweptReference& reference, const SweptOptions& options,
                                     const SweptAnswer& a) {
  SweptVerification v = judge_swept(algorithm, reference.exact, options, a);
  if (a.failed || !a.collides || !reference.exact.collides || a.features.empty()) return v;
  const double earliest = reference.exact.toi_lo_double;
  const auto it = std::find_if(reference.meeting.begin(), reference.meeting.end(),
                               [&](const auto& p) { return p.features == a.features; });
  v.features_off = it == reference.meeting.end() || it->toi_lo - earliest > options.toi_tolerance;
  if (v.features_off)
    v.reason += std::string(v.reason.empty() ? "" : "; ") + "features " + a.features +
                (it == reference.meeting.end() ? " never meet"
                                               : " first meet at t = " + short_number(it->toi_lo));
  return v;
}

SweptRun run_swept(const std::vector<SweptCase>& cases,
                   const std::vector<const SweptAlgorithmInfo*>& algorithms,
                   const SweptOptions& options, const Progress& progress) {
  return run_kind<SweptRun>(
      cases, algorithms, progress, [&](SweptRun& run, std::size_t ci, const SweptCase& c) {
        SweptCaseRecord record{c, {}, {}};
        SweptReference& ref = record.reference;
        const auto start = Clock::now();
        try {
          if (c.solids) {
            ExactSweptSolidsResult r = exact_swept_solids(c.solids->exact);
            ref.exact = std::move(r.earliest);
            ref.meeting = std::move(r.meeting);
            ref.pairs = r.pairs;
          } else {
            ref.exact = exact_swept(c.exact);
          }
          ref.computed = true;
        } catch (const std::exception& e) {
          record.problems.push_back(std::string("no exact reference: ") + e.what());
        }
        ref.time_ns = ns_since(start);
        if (ref.computed && c.truth && *c.truth != ref.exact.collides)
          record.problems.push_back(std::string("ground truth ") + (*c.truth ? "1" : "0") +
                                    " disagrees with the exact reference");
        else if (ref.computed && c.expected_toi &&
                 !(*c.expected_toi >= ref.exact.toi_lo_double &&
                   *c.expected_toi <= ref.exact.toi_hi_double))
          record.problems.push_back("expected toi " + short_number(*c.expected_toi) +
                                    " outside the exact one");
        if (ref.computed)
          for (const auto* algorithm : algorithms) {
            if (!c.solids && !algorithm->query) continue;  // whole solids only
            const double deadline_ns = options.deadline_ms * 1e6;
            auto call = [&](Clock::time_point t0) {
              if (!c.solids) return algorithm->query(c.query);
              if (algorithm->solids) return algorithm->solids(c.solids->query);
              std::function<bool()> expired;
              if (deadline_ns > 0) expired = [&] { return ns_since(t0) > deadline_ns; };
              return swept_solids(c.solids->query, algorithm->query, expired);
            };
            SweptResult r;
            r.case_index = ci;
            r.algorithm = algorithm;
            std::vector<double> times;
            for (int k = 0; k < std::max(1, options.repetitions); ++k) {
              const auto t0 = Clock::now();
              r.answer = call(t0);
              times.push_back(ns_since(t0));
              if (deadline_ns > 0 && times.back() > deadline_ns) {
                if (!r.answer.failed) r.answer = {};  // an answer past the deadline does not count
                r.answer.failed = true;
                r.answer.reason = "over the per-query deadline of " +
                                  short_number(options.deadline_ms) + " ms (" +
                                  short_number(times.back() / 1e6) + " ms" +
                                  (r.answer.reason.empty() ? "" : "; " + r.answer.reason) + ")";
                break;
              }
            }
            r.time_ns = median(times);
            r.verification = c.solids ? judge_swept_solids(*algorithm, ref, options, r.answer)
                                      : judge_swept(*algorithm, ref.exact, options, r.answer);
            run.results.push_back(std::move(r));
          }
        run.cases.push_back(std::move(record));
      });
}

std::vector<SweptTableRow> swept_table(const SweptRun& run) {
  // group -> algorithm -> row, in first-seen order of groups.
  std::vector<std::string> group_order;
  std::map<std::pair<std::string, std::string>, SweptTableRow> rows;
  std::map<std::pair<std::string, std::string>, std::vector<double>> times;
  std::vector<std::string> algorithm_order{"exact-reference"};
  auto groups_of = [&](const SweptCase& c) {
    return std::vector<std::string>{c.family, swept_case_type(c) + " (all)"};
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
  for (const auto& record : run.cases) {
    const auto& c = record.spec;
    const auto& ref = record.reference;
    for (const auto& g : groups_of(c)) {
      auto& r = row("exact-reference", g);
      ++r.queries;
      if (!ref.computed) {
        ++r.errors;
        continue;
      }
      if (c.truth && *c.truth && !ref.exact.collides) ++r.false_negatives;
      if (c.truth && !*c.truth && ref.exact.collides) ++r.false_positives;
      times[{"exact-reference", g}].push_back(ref.time_ns);
    }
  }
  for (const auto& res : run.results) {
    const SweptVerification& v = res.verification;
    for (const auto& g : groups_of(run.cases[res.case_index].spec)) {
      auto& r = row(res.algorithm->name, g);
      ++r.queries;
      r.false_negatives += v.false_negative;
      r.false_positives += v.false_positive;
      r.errors += v.verdict == Verdict::error;
      r.toi_failures += v.verdict == Verdict::fail && !v.false_negative && !v.false_positive;
      r.max_toi_error = std::max(r.max_toi_error, v.toi_error);
      r.features_off += v.features_off;
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
    << "TOI>tol" << std::setw(12) << "max TOI err" << std::setw(12) << "median" << std::setw(6)
    << "feat"
    << "\n";
  for (const auto& r : rows) {
    s << std::left << std::setw(18) << r.algorithm << std::setw(34) << r.group << std::right
      << std::setw(8) << r.queries << std::setw(6) << r.false_negatives << std::setw(6)
      << r.false_positives << std::setw(9) << r.toi_failures << std::setw(12)
      << short_number(r.max_toi_error) << std::setw(12) << format_ns(r.median_ns) << std::setw(6)
      << r.features_off;
    if (r.errors) s << "  (" << r.errors << " errors)";
    s << "\n";
  }
  return s.str();
}

std::string SweptReport::table() const { return format_swept_table(swept_table(run_)); }

nlohmann::json SweptReport::document(const ReportContext& context) const {
  using nlohmann::json;
  json doc;
  doc["format"] = "touchstone-swept-report/1";
  // The context every report carries (date, commit, host, CPU, compiler, command line), so a
  // table made from this report says where it was measured; command_line kept where it was.
  doc["context"] = context_json(context);
  doc["command_line"] = context.command_line;
  doc["config"] = {{"toi_tolerance", options_.toi_tolerance},
                   {"repetitions", options_.repetitions},
                   {"deadline_ms", options_.deadline_ms}};
  json algs = json::array();
  for (const auto* a : run_.algorithms)
    algs.push_back({{"name", a->name},
                    {"paper", a->paper},
                    {"description", a->description},
                    {"conservative", a->conservative},
                    {"parameters", a->parameters}});
  doc["algorithms"] = algs;
  json load_errors = json::array();
  for (const auto& e : run_.load_errors) load_errors.push_back(e.to_string());
  doc["load_errors"] = load_errors;
  json cases = json::array();
  for (const auto& record : run_.cases) {
    const auto& c = record.spec;
    const auto& ref = record.reference;
    json j = {{"id", c.id},         {"family", c.family},         {"type", swept_case_type(c)},
              {"source", c.source}, {"rounded_input", c.rounded}, {"results", json::array()}};
    if (c.solids) {
      const json solids = swept_case_json(c);
      j["a"] = solids["a"];
      j["b"] = solids["b"];
    } else {
      j["points"] = c.exact.coordinates;
    }
    if (ref.computed) {
      j["reference"] = {{"collides", ref.exact.collides},
                        {"coplanar_throughout", ref.exact.coplanar_throughout},
                        {"time_ns", ref.time_ns}};
      if (ref.exact.collides) {
        j["reference"]["toi_lo"] = ref.exact.toi_lo;
        j["reference"]["toi_hi"] = ref.exact.toi_hi;
      }
      if (c.solids) {
        j["reference"]["pairs"] = ref.pairs;
        json first = json::array();  // the pairs meeting at the earliest contact
        for (const auto& p : ref.meeting)
          if (p.toi_lo <= ref.exact.toi_hi_double) first.push_back(p.features);
        j["reference"]["features"] = first;
      }
    }
    if (c.truth) j["ground_truth"] = *c.truth;
    if (!record.problems.empty()) j["problem"] = record.problems.front();
    cases.push_back(std::move(j));
  }
  for (const auto& r : run_.results) {
    const SweptVerification& v = r.verification;
    json j = {{"algorithm", r.algorithm->name},
              {"collides", r.answer.collides},
              {"verdict", std::string(to_string(v.verdict))},
              {"time_ns", r.time_ns}};
    if (r.answer.collides) j["toi"] = r.answer.toi;
    if (!r.answer.features.empty()) j["features"] = r.answer.features;
    if (run_.cases[r.case_index].spec.solids) j["pairs_tested"] = r.answer.pairs_tested;
    if (r.answer.collides && !v.false_positive) j["toi_error"] = finite_or_null(v.toi_error);
    if (v.false_positive) j["flags"] = json::array({"false-positive"});
    if (v.features_off) j["flags"] = json::array({"features-off"});
    if (!v.reason.empty()) j["reason"] = v.reason;
    cases[r.case_index]["results"].push_back(std::move(j));
  }
  doc["cases"] = cases;
  json table = json::array();
  for (const auto& row : swept_table(run_))
    table.push_back({{"algorithm", row.algorithm},
                     {"group", row.group},
                     {"queries", row.queries},
                     {"false_negatives", row.false_negatives},
                     {"false_positives", row.false_positives},
                     {"toi_failures", row.toi_failures},
                     {"max_toi_error", finite_or_null(row.max_toi_error)},
                     {"errors", row.errors},
                     {"features_off", row.features_off},
                     {"median_ns", row.median_ns}});
  doc["table"] = table;
  doc["interrupted"] = interrupted();
  return doc;
}

}  // namespace touchstone
