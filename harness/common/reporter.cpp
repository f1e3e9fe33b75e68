#include "harness/common/reporter.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <tuple>
#include <utility>

#include "harness/common/child_process.hpp"
#include "harness/common/json_file.hpp"

namespace touchstone {

using nlohmann::json;

json KindReport::document(const ReportContext& context) const {
  json report = {{"format", kReportFormat},
                 {"context", context_json(context)},
                 {"config", config()},
                 {"algorithms", algorithms()}};
  add_sections(report);
  report["summary"] = summary();
  report["benchmarks"] = benchmarks();
  report["load_errors"] = load_errors_json(load_errors());
  return report;
}

ConsoleReporter::ConsoleReporter(std::ostream& out) : out_(out) {}

bool ConsoleReporter::report(const ReportContext&, const Report& report) {
  out_ << report.table();
  return true;
}

JsonReporter::JsonReporter(std::string path, std::string what)
    : path_(std::move(path)), what_(std::move(what)) {}

bool JsonReporter::report(const ReportContext& context, const Report& report) {
  json document = report.document(context);
  if (document.is_object()) document["interrupted"] = interrupted();
  return write_json_file(path_, document, what_);
}

namespace {

// Deepest nesting of `j` (a scalar: 0), without recursion.
int json_depth(const json& j) {
  int deepest = 0;
  std::vector<std::pair<const json*, int>> stack{{&j, 0}};
  while (!stack.empty()) {
    const auto [node, depth] = stack.back();
    stack.pop_back();
    if (!node->is_structured()) continue;
    deepest = std::max(deepest, depth + 1);
    for (const json& child : *node) stack.push_back({&child, depth + 1});
  }
  return deepest;
}

// Writes `text` to `path` through a temporary file in its directory; why not, or "".
std::string write_atomically(const std::filesystem::path& path, const std::string& text) {
  static std::atomic<unsigned> counter{0};
  const std::filesystem::path temporary =
      path.parent_path() / ("." + path.filename().string() + ".tmp-" + std::to_string(getpid()) +
                            "-" + std::to_string(counter++));
  std::FILE* file = std::fopen(temporary.c_str(), "wb");
  if (!file) return std::strerror(errno);
  bool ok = std::fwrite(text.data(), 1, text.size(), file) == text.size();
  ok = std::fflush(file) == 0 && ok;
  ok = fsync(fileno(file)) == 0 && ok;
  int saved = errno;
  ok = std::fclose(file) == 0 && ok;
  if (ok && std::rename(temporary.c_str(), path.c_str()) == 0) return "";
  saved = ok ? errno : saved;
  std::remove(temporary.c_str());
  return std::strerror(saved ? saved : EIO);
}

}  // namespace

json bounded_depth(const json& document) {
  if (json_depth(document) <= kMaxJsonDepth) return document;
  // Copied level by level (json's own copy recurses): pointers into a container stay valid
  // while only its elements are assigned.
  json out;
  std::vector<std::tuple<const json*, json*, int>> stack{{&document, &out, 0}};
  while (!stack.empty()) {
    const auto [from, to, depth] = stack.back();
    stack.pop_back();
    if (!from->is_structured()) {
      *to = *from;
    } else if (depth >= kMaxJsonDepth) {
      *to = "(nested too deep)";
    } else if (from->is_object()) {
      *to = json::object();
      for (auto it = from->begin(); it != from->end(); ++it)
        stack.emplace_back(&it.value(), &(*to)[it.key()], depth + 1);
    } else {
      *to = json::array();
      to->get_ref<json::array_t&>().resize(from->size());
      for (std::size_t i = 0; i < from->size(); ++i)
        stack.emplace_back(&(*from)[i], &(*to)[i], depth + 1);
    }
  }
  return out;
}

std::string safe_dump(const json& document, int indent) {
  return bounded_depth(document).dump(indent, ' ', false, json::error_handler_t::replace);
}

bool write_text_file(const std::string& path, const std::string& text, std::string_view what) {
  namespace fs = std::filesystem;
  const fs::path p(path);
  std::string why;
  try {
    std::error_code made;
    if (p.has_parent_path()) fs::create_directories(p.parent_path(), made);
    why = made ? made.message() : write_atomically(p, text);
  } catch (const std::exception& e) {  // out of memory
    why = e.what();
  }
  if (why.empty()) return true;
  std::cerr << "error: cannot write " << what << path << ": " << why << "\n";
  return false;
}

bool write_json_file(const std::string& path, const json& document, std::string_view what) {
  std::string text;
  try {
    text = gzip_path(path) ? gzip_text(safe_dump(document, -1) + "\n") : safe_dump(document) + "\n";
  } catch (const std::exception& e) {  // out of memory for the text
    std::cerr << "error: cannot write " << what << path << ": " << e.what() << "\n";
    return false;
  }
  return write_text_file(path, text, what);
}

bool write_report(const std::string& path, const ReportContext& context, const Report& report,
                  std::string_view what) {
  JsonReporter json_reporter(path, std::string(what));
  ConsoleReporter console(std::cout);
  return json_reporter.report(context, report) && console.report(context, report);
}

json finite_or_null(double x) { return std::isfinite(x) ? json(x) : json(nullptr); }

json quantiles(std::vector<double> values) {
  json out = {{"count", values.size()}};
  if (values.empty()) return out;
  std::sort(values.begin(), values.end());
  const auto at = [&](double q) {
    const double rank = std::ceil(q * static_cast<double>(values.size()));
    const std::size_t i = rank < 1 ? 0 : static_cast<std::size_t>(rank) - 1;
    return finite_or_null(values[std::min(i, values.size() - 1)]);
  };
  out["min"] = finite_or_null(values.front());
  out["p50"] = at(0.5);
  out["p90"] = at(0.9);
  out["p99"] = at(0.99);
  out["p999"] = at(0.999);
  out["max"] = finite_or_null(values.back());
  return out;
}

json flags_json(const Flags& flags) {
  json j = json::object();
  for (const auto& [name, on] : flags) j[name] = on;
  return j;
}

json vec3_json(const Vec3& v) {
  return {finite_or_null(v.x()), finite_or_null(v.y()), finite_or_null(v.z())};
}

json pose_json(const Pose& pose) {
  json rows = json::array();
  for (int i = 0; i < 3; ++i)
    rows.push_back({finite_or_null(pose.rotation(i, 0)), finite_or_null(pose.rotation(i, 1)),
                    finite_or_null(pose.rotation(i, 2))});
  return {{"rotation", rows}, {"translation", vec3_json(pose.translation)}};
}

json checks_json(const std::vector<CheckResult>& checks) {
  json out = json::array();
  for (const CheckResult& c : checks)
    out.push_back({{"name", c.name},
                   {"verdict", to_string(c.verdict)},
                   {"error", finite_or_null(c.error)},
                   {"tolerance", finite_or_null(c.tolerance)},
                   {"detail", c.detail}});
  return out;
}

json timing_json(const Timing& timing, bool with_prepare) {
  json j = {{"median_ns", finite_or_null(timing.median_ns)},
            {"min_ns", finite_or_null(timing.min_ns)},
            {"max_ns", finite_or_null(timing.max_ns)},
            {"repetitions", timing.repetitions}};
  json times = json::array();
  for (double t : timing.times_ns) times.push_back(finite_or_null(t));
  j["times_ns"] = std::move(times);
  if (with_prepare) j["prepare_ns"] = finite_or_null(timing.prepare_ns);
  return j;
}

json load_errors_json(const std::vector<LoadError>& errors) {
  json out = json::array();
  for (const LoadError& e : errors)
    out.push_back(
        {{"file", e.file}, {"case", e.case_id}, {"field", e.field}, {"message", e.message}});
  return out;
}

json result_json(const ResultEntry& entry, std::string_view captured_stderr) {
  json j = {{"algorithm", entry.algorithm},
            {"case", entry.case_id},
            {"family", entry.family},
            {"status", entry.status},
            {"verdict", to_string(entry.verification.verdict)},
            {"reason", entry.verification.reason},
            {"output", entry.output},
            {"checks", checks_json(entry.verification.checks)},
            {"timing", entry.timing}};
  if (!captured_stderr.empty()) j["stderr"] = captured_stderr;
  return j;
}

void SummaryTally::add(const std::string& algorithm, const std::string& family, Verdict verdict,
                       const Timing& timing) {
  for (const std::string& f : {family.empty() ? std::string("(none)") : family, std::string("*")}) {
    auto& [counts, times] = groups_[{algorithm, f}];
    counts.add(verdict);
    if (timing.repetitions > 0) times.push_back(timing.median_ns);
  }
}

std::vector<SummaryRow> SummaryTally::rows() const {
  std::vector<SummaryRow> out;
  for (const auto& [key, group] : groups_)
    out.push_back({key.first, key.second, group.first, median(group.second), 0.0});
  std::map<std::string, double> fastest;  // family -> smallest median
  for (const SummaryRow& s : out)
    if (s.median_ns > 0 && (!fastest.count(s.family) || s.median_ns < fastest[s.family]))
      fastest[s.family] = s.median_ns;
  for (SummaryRow& s : out)
    if (s.median_ns > 0) s.ratio_to_fastest = s.median_ns / fastest[s.family];
  return out;
}

json summary_json(const std::vector<SummaryRow>& rows, bool with_ratio) {
  json out = json::array();
  for (const SummaryRow& s : rows) {
    const VerdictCounts& v = s.verdicts;
    const int decided = v.total() - v.unsupported;
    json row = {{"algorithm", s.algorithm},
                {"family", s.family},
                {"pass", v.pass},
                {"fail", v.fail},
                {"ambiguous", v.ambiguous},
                {"unsupported", v.unsupported},
                {"error", v.error},
                {"total", v.total()},
                {"failure_rate", decided ? double(v.fail + v.error) / decided : 0.0},
                {"median_ns", finite_or_null(s.median_ns)}};
    if (with_ratio) row["ratio_to_fastest"] = finite_or_null(s.ratio_to_fastest);
    out.push_back(row);
  }
  return out;
}

json benchmark_json(const std::string& name, int iterations, double median_ns, int failures) {
  return {{"name", name},
          {"run_name", name},
          {"run_type", "iteration"},
          {"repetitions", 1},
          {"repetition_index", 0},
          {"threads", 1},
          {"iterations", iterations},
          {"real_time", finite_or_null(median_ns)},
          {"cpu_time", finite_or_null(median_ns)},
          {"time_unit", "ns"},
          {"failures", failures}};
}

json family_benchmarks(const std::vector<SummaryRow>& rows) {
  json out = json::array();
  for (const SummaryRow& s : rows)
    if (s.family != "*")
      out.push_back(benchmark_json(s.algorithm + "/" + s.family, s.verdicts.total(), s.median_ns,
                                   s.verdicts.fail + s.verdicts.error));
  return out;
}

}  // namespace touchstone
