// The motion report section and table, and the callgrind counts they show (see report.hpp).
#include "harness/motion/report.hpp"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <sstream>
#include <tuple>

#include "harness/common/timing.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

double finite_or_zero(double x) { return std::isfinite(x) ? x : 0.0; }

std::string omega_of(const MotionCase& m) {
  if (!m.origin.contains("omega_deg")) return "-";
  std::ostringstream s;
  s << m.origin["omega_deg"].get<double>();
  return s.str();
}

struct GroupKey {
  std::string label, family, omega;
  int vertices;
  bool operator<(const GroupKey& o) const {
    // Numeric ω order when both are numbers.
    if (std::tie(label, vertices, family) != std::tie(o.label, o.vertices, o.family))
      return std::tie(label, vertices, family) < std::tie(o.label, o.vertices, o.family);
    char* end1 = nullptr;
    char* end2 = nullptr;
    const double a = std::strtod(omega.c_str(), &end1), b = std::strtod(o.omega.c_str(), &end2);
    if (*end1 == '\0' && *end2 == '\0' && a != b) return a < b;
    return omega < o.omega;
  }
};

struct GroupStats {
  std::vector<double> times;
  double iterations = 0;
  int calls = 0;
  VerdictCounts verdicts;
  double instructions = 0;
  int instruction_calls = 0;
};

std::map<GroupKey, GroupStats> group(const MotionResults& motion,
                                     const std::map<std::string, double>& instructions) {
  std::map<GroupKey, GroupStats> groups;
  for (const MotionRun& r : motion.runs) {
    const MotionCaseRecord& c = motion.cases[r.case_index];
    GroupStats& g = groups[{r.label, c.spec.family, omega_of(c.spec), c.vertices}];
    if (!r.error.empty()) {
      g.verdicts.error += static_cast<int>(c.spec.frames.size());
      continue;
    }
    for (const MotionFrameResult& f : r.frames) {
      g.times.push_back(f.time_ns);
      g.iterations += f.output.iterations;
      ++g.calls;
      g.verdicts.add(f.verification.verdict);
    }
    if (auto it = instructions.find(r.label + "|" + c.spec.id); it != instructions.end()) {
      g.instructions += it->second * static_cast<double>(r.frames.size());
      g.instruction_calls += static_cast<int>(r.frames.size());
    }
  }
  return groups;
}

}  // namespace

json motion_json(const MotionResults& motion,
                 const std::map<std::string, double>& instructions_per_call) {
  json runs = json::array();
  for (const MotionRun& r : motion.runs) {
    const MotionCaseRecord& c = motion.cases[r.case_index];
    json times = json::array(), iterations = json::array(), verdicts = json::array(),
         warm = json::array();
    for (const MotionFrameResult& f : r.frames) {
      times.push_back(finite_or_zero(f.time_ns));
      iterations.push_back(f.output.iterations);
      verdicts.push_back(to_string(f.verification.verdict));
      warm.push_back(f.had_state);
    }
    json j = {{"algorithm", motion.selections[r.selection].algorithm->name},
              {"mode", motion.selections[r.selection].warm ? "warm" : "cold"},
              {"case", c.spec.id},
              {"family", c.spec.family},
              {"vertices", c.vertices},
              {"origin", c.spec.origin},
              {"error", r.error},
              {"prepare_ns", finite_or_zero(r.prepare_ns)},
              {"frame_time_ns", times},
              {"frame_iterations", iterations},
              {"frame_verdicts", verdicts},
              {"frame_had_state", warm}};
    if (auto it = instructions_per_call.find(r.label + "|" + c.spec.id);
        it != instructions_per_call.end())
      j["instructions_per_call"] = it->second;
    runs.push_back(j);
  }
  json summary = json::array();
  for (const auto& [key, g] : group(motion, instructions_per_call)) {
    json row = {{"selection", key.label},
                {"family", key.family},
                {"vertices", key.vertices},
                {"omega_deg", key.omega == "-" ? json(nullptr) : json(std::stod(key.omega))},
                {"calls", g.calls},
                {"median_ns", finite_or_zero(median(g.times))},
                {"mean_iterations", g.calls ? g.iterations / g.calls : 0.0},
                {"pass", g.verdicts.pass},
                {"fail", g.verdicts.fail},
                {"ambiguous", g.verdicts.ambiguous},
                {"unsupported", g.verdicts.unsupported},
                {"error", g.verdicts.error}};
    row["instructions_per_call"] =
        g.instruction_calls ? json(g.instructions / g.instruction_calls) : json(nullptr);
    summary.push_back(row);
  }
  return {{"timing",
           "per call, steady_clock; a frame's time is the minimum over the sequence's "
           "repetitions; warm runs pass the warm-start state from frame to frame, starting cold"},
          {"work",
           "iterations as the algorithm reports them; instructions per call from callgrind "
           "(touchstone motion --count-instructions), no FP-operation counts: this machine "
           "exposes no hardware PMU to perf_event_open"},
          {"summary", summary},
          {"runs", runs}};
}

std::string motion_table(const MotionResults& motion,
                         const std::map<std::string, double>& instructions_per_call) {
  std::ostringstream s;
  s << std::left << std::setw(20) << "algorithm/mode" << std::setw(26) << "family (vertices)"
    << std::right << std::setw(6) << "omega" << std::setw(8) << "calls" << std::setw(12)
    << "median ns" << std::setw(12) << "mean iters" << std::setw(14) << "instr/call"
    << std::setw(10) << "not pass"
    << "\n";
  for (const auto& [key, g] : group(motion, instructions_per_call)) {
    std::ostringstream instr, iters;
    if (g.instruction_calls)
      instr << std::fixed << std::setprecision(0) << g.instructions / g.instruction_calls;
    else
      instr << "-";
    iters << std::fixed << std::setprecision(2) << (g.calls ? g.iterations / g.calls : 0.0);
    s << std::left << std::setw(20) << key.label << std::setw(26)
      << key.family + " (" + std::to_string(key.vertices) + ")" << std::right << std::setw(6)
      << key.omega << std::setw(8) << g.calls << std::setw(12) << std::fixed << std::setprecision(0)
      << median(g.times) << std::setw(12) << iters.str() << std::setw(14) << instr.str()
      << std::setw(10) << g.verdicts.fail + g.verdicts.error << "\n";
  }
  return s.str();
}

MotionReport::MotionReport(const MotionResults& motion,
                           const std::map<std::string, double>& instructions,
                           const ProximityRunResults& frames, const ProximityRunOptions& options)
    : ProximityReport(frames, options), motion_(motion), instructions_(instructions) {}

std::string MotionReport::table() const { return motion_table(motion_, instructions_); }

void MotionReport::add_sections(json& report) const {
  ProximityReport::add_sections(report);
  report["motion"] = motion_json(motion_, instructions_);
}

std::map<std::string, double> read_callgrind_instructions(const std::string& directory) {
  std::map<std::string, double> out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(directory, ec)) {
    std::ifstream in(entry.path());
    std::string line, label;
    double total = -1;
    while (std::getline(in, line)) {
      const std::string trigger = "desc: Trigger: Client Request: ";
      if (line.rfind(trigger, 0) == 0) label = line.substr(trigger.size());
      for (const char* key : {"summary: ", "totals: "})
        if (line.rfind(key, 0) == 0) total = std::strtod(line.c_str() + std::strlen(key), nullptr);
    }
    if (label.rfind(kCallgrindLabel, 0) != 0 || total < 0) continue;
    // label: touchstone-motion|<selection label>|<case id>|<calls>
    const std::string rest = label.substr(std::strlen(kCallgrindLabel));
    const std::size_t last = rest.rfind('|');
    const double calls = std::strtod(rest.c_str() + last + 1, nullptr);
    if (calls > 0) out[rest.substr(0, last)] = total / calls;
  }
  return out;
}

}  // namespace touchstone
