#include "harness/html/report_model.hpp"

#include <algorithm>
#include <set>

#include "harness/html/markup.hpp"
#include "harness/html/replay.hpp"

namespace touchstone {

using nlohmann::json;

namespace {

const json* member(const json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

std::string required_string(const json& object, const char* key, const std::string& where) {
  const json* v = member(object, key);
  if (!v || !v->is_string()) throw ReportShapeError(where + "." + key, "expected a string");
  return v->get<std::string>();
}

const json& required_array(const json& report, const char* key) {
  const json* v = member(report, key);
  if (!v || !v->is_array()) throw ReportShapeError(key, "expected an array");
  return *v;
}

std::string kind_of(const json& report, std::string& format) {
  format = required_string(report, "format", "(document)");
  if (format == "touchstone-robustness/1") return "robustness";
  // Version 2 added the raw repetition times (`times_ns`), which the time plots read when present.
  if (format != "touchstone-report/1" && format != "touchstone-report/2")
    throw ReportShapeError("format",
                           "expected touchstone-report/1, touchstone-report/2 or "
                           "touchstone-robustness/1, found '" +
                               format + "'");
  if (member(report, "force_results")) return "forces";
  if (member(report, "region_results")) return "regions";
  if (member(report, "motion")) return "motion";
  if (member(report, "results")) return "run";
  throw ReportShapeError("results", "none of results, force_results or region_results");
}

// What a result needs of its case: family, size and origin, by case id.
struct CaseInfo {
  std::string family;
  std::optional<double> vertices, contacts;
  json origin;
};

std::map<std::string, CaseInfo> case_index(const json& report, const char* key) {
  std::map<std::string, CaseInfo> index;
  const json* cases = member(report, key);
  if (!cases || !cases->is_array()) return index;
  for (const json& c : *cases) {
    const std::string id = text_field(c, "id");
    if (id.empty()) continue;
    CaseInfo info{text_field(c, "family"), std::nullopt, number_field(c, "contacts"), json()};
    if (const json* counts = member(c, "vertex_counts"); counts && counts->is_array()) {
      double sum = 0;
      for (const json& n : *counts) sum += n.is_number() ? n.get<double>() : 0.0;
      if (sum > 0) info.vertices = sum;
    }
    if (const json* origin = member(c, "origin")) info.origin = *origin;
    index.emplace(id, std::move(info));
  }
  return index;
}

void add_row(ReportModel& model, ResultRow row, Verdict verdict) {
  if (std::find(model.algorithms.begin(), model.algorithms.end(), row.algorithm) ==
      model.algorithms.end())
    model.algorithms.push_back(row.algorithm);
  model.matrix[{row.algorithm, row.family}].add(verdict);
  model.rows.push_back(std::move(row));
}

std::vector<double> times_of(const json& result) {
  std::vector<double> out;
  const json* timing = member(result, "timing");
  const json* times = timing ? member(*timing, "times_ns") : nullptr;
  if (!times) times = member(result, "times_ns");
  if (!times || !times->is_array()) return out;
  for (const json& t : *times)
    if (t.is_number()) out.push_back(t.get<double>());
  return out;
}

void read_results(const json& report, ReportModel& model, const char* results_key,
                  const char* cases_key) {
  const auto cases = case_index(report, cases_key);
  const std::string command_line = text_field(model.context, "command_line");
  const json& results = required_array(report, results_key);
  for (std::size_t i = 0; i < results.size(); ++i) {
    const json& r = results[i];
    const std::string where = concat(results_key, "[", std::to_string(i), "]");
    ResultRow row;
    row.algorithm = required_string(r, "algorithm", where);
    row.case_id = required_string(r, "case", where);
    row.verdict = required_string(r, "verdict", where);
    Verdict verdict;
    if (!parse_verdict(row.verdict, verdict))
      throw ReportShapeError(where + ".verdict", "'" + row.verdict + "' is not a verdict");
    row.reason = text_field(r, "reason");
    const auto c = cases.find(row.case_id);
    const CaseInfo* info = c == cases.end() ? nullptr : &c->second;
    row.family = text_field(r, "family", info ? info->family : "");
    if (row.family.empty()) row.family = "(none)";
    if (const json* timing = member(r, "timing"))
      if (number_field(*timing, "repetitions").value_or(0) > 0)
        row.median_ns = number_field(*timing, "median_ns");
    row.times_ns = times_of(r);
    if (const json* checks = member(r, "checks"); checks && checks->is_array())
      for (const json& check : *checks) {
        if (!check.is_object()) continue;
        const std::string name = text_field(check, "name");
        row.in_band = row.in_band || name == "ε-closure";
        if (text_field(check, "verdict") == "ambiguous") row.undecided.push_back(name);
      }
    if (info) {
      row.vertices = info->vertices;
      row.contacts = info->contacts;
    }
    if (verdict == Verdict::fail || verdict == Verdict::error)
      row.replay = replay_command(
          {model.kind, command_line, row.algorithm, row.case_id, info ? info->origin : json(), {}});
    add_row(model, std::move(row), verdict);
  }
}

// Robustness reports count problems per algorithm and list the failing trials, whose `problems`
// joins "<algorithm>: <why>" with "; ".
void read_robustness(const json& report, ReportModel& model) {
  std::vector<std::string> replay_options;
  if (const json* tol = member(report, "tolerances")) {
    if (auto d = number_field(*tol, "distance_relative"))
      replay_options.insert(replay_options.end(), {"--tol-distance", json(*d).dump()});
    if (auto b = number_field(*tol, "band_relative"))
      replay_options.insert(replay_options.end(), {"--band", json(*b).dump()});
    if (text_field(*tol, "mode") == "ulps") {  // strict mode (harness/proximity/verifier.hpp)
      replay_options.insert(replay_options.end(), {"--tolerance-mode", "ulps"});
      if (auto u = number_field(*tol, "ulps"))
        replay_options.insert(replay_options.end(), {"--tol-ulps", format_number(*u, 17)});
    }
  }
  bool any_warm = false;
  const json& algorithms = required_array(report, "algorithms");
  for (std::size_t i = 0; i < algorithms.size(); ++i) {
    const json& a = algorithms[i];
    const std::string name =
        required_string(a, "name", concat("algorithms[", std::to_string(i), "]"));
    any_warm = any_warm || text_field(a, "mode") == "warm";
    const auto n = [&](const char* key) {
      return static_cast<int>(number_field(a, key).value_or(0));
    };
    VerdictCounts k;
    k.error = n("error");
    k.fail = std::max(n("problems") - k.error, 0);
    k.ambiguous = n("ambiguous");
    k.unsupported = n("unsupported");
    k.pass = std::max(n("trials") - n("problems") - k.ambiguous - k.unsupported, 0);
    model.algorithms.push_back(name);
    model.matrix[{name, "robustness"}] = k;
  }
  if (!any_warm) replay_options.push_back("--cold");
  if (text_field(report, "isolation") == "none")
    replay_options.insert(replay_options.end(), {"--isolate", "none"});
  const json& failing = required_array(report, "failing_trials");
  for (const json& t : failing) {
    const std::string problems = text_field(t, "problems");
    std::vector<std::pair<std::size_t, std::string>> starts;  // where each algorithm's part begins
    for (const std::string& name : model.algorithms)
      for (std::size_t at = problems.find(name + ": "); at != std::string::npos;
           at = problems.find(name + ": ", at + 1))
        if (at == 0 || problems.compare(at - 2, 2, "; ") == 0) starts.emplace_back(at, name);
    std::sort(starts.begin(), starts.end());
    for (std::size_t j = 0; j < starts.size(); ++j) {
      const auto [at, name] = starts[j];
      const std::size_t end = j + 1 < starts.size() ? starts[j + 1].first - 2 : problems.size();
      ResultRow row;
      row.algorithm = name;
      row.case_id = text_field(t, "case");
      const json origin = member(t, "origin") ? t["origin"] : json();
      row.family = text_field(origin, "family", "robustness");
      row.reason = problems.substr(at + name.size() + 2, end - at - name.size() - 2);
      row.verdict = row.reason.starts_with("threw") ? "error" : "fail";
      row.replay = replay_command({"robustness", "", name, row.case_id, origin, replay_options});
      model.rows.push_back(std::move(row));
    }
  }
  model.families = {"robustness"};
  model.context = {{"experiment", text_field(report, "experiment")}};
  for (const char* key : {"seed", "trials", "first_trial", "seconds", "reference_errors"})
    if (const json* v = member(report, key)) model.context[key] = *v;
  if (const json* tol = member(report, "tolerances")) model.context["tolerances"] = *tol;
  model.notes.push_back(
      "A robustness report counts problems per algorithm over its trials and has no per-trial "
      "times: the matrix's column is the whole experiment; fail = problems other than errors.");
}

}  // namespace

ReportModel read_report_model(const json& report) {
  if (!report.is_object()) throw ReportShapeError("(document)", "expected a JSON object");
  ReportModel model;
  model.kind = kind_of(report, model.format);
  if (model.kind == "robustness") {
    read_robustness(report, model);
    return model;
  }
  if (const json* context = member(report, "context"); context && context->is_object())
    model.context = *context;
  if (model.kind == "forces")
    read_results(report, model, "force_results", "force_cases");
  else if (model.kind == "regions")
    read_results(report, model, "region_results", "region_cases");
  else
    read_results(report, model, "results", "cases");
  std::set<std::string> families;
  for (const auto& [key, counts] : model.matrix) families.insert(key.second);
  model.families.assign(families.begin(), families.end());
  if (const json* summary = member(report, "summary"); summary && summary->is_array())
    for (const json& row : *summary)
      if (const json* q = member(row, "error_ulps"); q && number_field(*q, "count").value_or(0) > 0)
        model.error_ulps[{text_field(row, "algorithm"), text_field(row, "family")}] = *q;
  if (const json* errors = member(report, "load_errors"); errors && errors->is_array())
    model.load_errors = *errors;
  if (const json* i = member(report, "interrupted"); i && i->is_boolean() && i->get<bool>())
    model.notes.push_back("This run was interrupted: the report holds the cases it finished.");
  return model;
}

}  // namespace touchstone
