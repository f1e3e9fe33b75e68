#include "harness/motion/runner.hpp"
#include "harness/common/timing.hpp"

#include <valgrind/callgrind.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>

#include "harness/proximity/report.hpp"

namespace touchstone {
namespace {

using nlohmann::json;

double finite_or_zero(double x) { return std::isfinite(x) ? x : 0.0; }

const char* kCallgrindLabel = "touchstone-motion|";

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
  int calls = 0, pass = 0, fail = 0, ambiguous = 0, unsupported = 0, error = 0;
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
      g.error += static_cast<int>(c.spec.frames.size());
      continue;
    }
    for (const MotionFrameResult& f : r.frames) {
      g.times.push_back(f.time_ns);
      g.iterations += f.output.iterations;
      ++g.calls;
      switch (f.verification.verdict) {
        case Verdict::pass:
          ++g.pass;
          break;
        case Verdict::fail:
          ++g.fail;
          break;
        case Verdict::ambiguous:
          ++g.ambiguous;
          break;
        case Verdict::unsupported:
          ++g.unsupported;
          break;
        case Verdict::error:
          ++g.error;
          break;
      }
    }
    if (auto it = instructions.find(r.label + "|" + c.spec.id); it != instructions.end()) {
      g.instructions += it->second * static_cast<double>(r.frames.size());
      g.instruction_calls += static_cast<int>(r.frames.size());
    }
  }
  return groups;
}

}  // namespace

MotionResults run_motion(const std::vector<MotionCase>& cases,
                         const std::vector<MotionSelection>& selections,
                         const MotionRunOptions& options, ReferenceCache& cache,
                         const Progress& progress) {
  MotionResults out;
  out.selections = selections;
  std::vector<std::unique_ptr<ProximityAlgorithm>> instances;
  for (const MotionSelection& s : selections) instances.push_back(s.algorithm->make());

  for (std::size_t ci = 0; ci < cases.size(); ++ci) {
    if (progress) progress(ci, cases.size());
    MotionCaseRecord record;
    record.spec = cases[ci];
    record.vertices = static_cast<int>(record.spec.a.vertices.size());
    std::optional<Polytope> a, b;
    std::string shape_error;
    try {
      a = build_case_shape(record.spec.a);
      b = build_case_shape(record.spec.b);
      record.vertices = static_cast<int>(a->vertices().size());
    } catch (const std::exception& e) {
      shape_error = std::string("invalid geometry: ") + e.what();
    }
    for (std::size_t k = 0; k < record.spec.frames.size(); ++k) {
      CaseRecord frame;
      frame.spec = record.spec.frame_case(k);
      frame.hash = case_input_hash(frame.spec);
      if (!a || !b) {
        frame.problems.push_back(shape_error);
      } else {
        std::tie(frame.scale, frame.magnitude) =
            case_pair_extent(*a, frame.spec.pose_a, *b, frame.spec.pose_b);
        if (!a->is_convex() || !b->is_convex()) {
          frame.problems.push_back("no exact reference for non-convex shapes yet");
        } else if (options.verify) {
          frame.reference = cache.find(frame.hash);
          frame.reference_from_cache = frame.reference.has_value();
          if (!frame.reference) {
            const auto start = Clock::now();
            try {
              frame.reference =
                  exact_reference_isolated(*a, frame.spec.pose_a, *b, frame.spec.pose_b,
                                           options.run.reference_timeout_seconds);
              cache.store(frame.hash, *frame.reference);
            } catch (const std::exception& e) {
              frame.problems.push_back(std::string("exact reference failed: ") + e.what());
            }
            frame.reference_ms =
                std::chrono::duration<double, std::milli>(Clock::now() - start).count();
          }
        }
      }
      record.frames.push_back(std::move(frame));
    }
    out.cases.push_back(std::move(record));
    const MotionCaseRecord& rec = out.cases.back();

    for (std::size_t si = 0; si < selections.size(); ++si) {
      const ProximityAlgorithmInfo& info = *selections[si].algorithm;
      MotionRun run;
      run.label = selections[si].label();
      run.selection = si;
      run.case_index = ci;
      if (!a || !b) {
        run.error = shape_error;
        out.runs.push_back(std::move(run));
        continue;
      }
      if ((!a->is_convex() || !b->is_convex()) && !info.capabilities.nonconvex) {
        run.error = "non-convex input not supported";
        out.runs.push_back(std::move(run));
        continue;
      }
      try {
        auto start = Clock::now();
        auto prepared_a = instances[si]->prepare(*a);
        auto prepared_b = instances[si]->prepare(*b);
        run.prepare_ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
        run.frames.resize(rec.spec.frames.size());
        for (int rep = 0; rep < std::max(1, options.repetitions); ++rep) {
          std::unique_ptr<WarmStart> state;  // a fresh sequence: the first frame is cold
          for (std::size_t k = 0; k < rec.spec.frames.size(); ++k) {
            const MotionFrame& f = rec.spec.frames[k];
            const bool had_state = state != nullptr;
            const bool counting = options.count_instructions && rep == 0;
            std::unique_ptr<WarmStart>* warm = selections[si].warm ? &state : nullptr;
            start = Clock::now();
            if (counting) CALLGRIND_TOGGLE_COLLECT;
            ProximityResult r =
                instances[si]->query(*prepared_a, f.pose_a, *prepared_b, f.pose_b, warm);
            if (counting) CALLGRIND_TOGGLE_COLLECT;
            const double ns =
                std::chrono::duration<double, std::nano>(Clock::now() - start).count();
            MotionFrameResult& fr = run.frames[k];
            if (rep == 0) {
              fr.output = std::move(r);
              fr.had_state = had_state;
              fr.time_ns = ns;
            } else {
              fr.time_ns = std::min(fr.time_ns, ns);
            }
          }
          if (options.count_instructions && rep == 0) {
            const std::string label = kCallgrindLabel + run.label + "|" + rec.spec.id + "|" +
                                      std::to_string(rec.spec.frames.size());
            CALLGRIND_DUMP_STATS_AT(label.c_str());
          }
        }
        for (std::size_t k = 0; k < run.frames.size(); ++k) {
          MotionFrameResult& fr = run.frames[k];
          const CaseRecord& frame = rec.frames[k];
          if (!options.verify) {
            fr.verification = {Verdict::unsupported, "not verified (--no-verify)", {}};
          } else if (!frame.reference) {
            fr.verification = {Verdict::error,
                               frame.problems.empty() ? "no exact reference"
                                                      : "no exact reference: " + frame.problems[0],
                               {}};
          } else {
            fr.verification = verify_query_output(info, fr.output, *a, *b, frame, options.run);
          }
        }
      } catch (const std::exception& e) {
        run.error = std::string("threw: ") + e.what();
        run.frames.clear();
      }
      out.runs.push_back(std::move(run));
    }
  }
  if (progress) progress(cases.size(), cases.size());
  return out;
}

RunResults motion_as_run_results(const MotionResults& motion) {
  RunResults run;
  std::vector<std::size_t> first_frame;  // index of each motion case's frame 0 in run.cases
  for (const MotionCaseRecord& c : motion.cases) {
    first_frame.push_back(run.cases.size());
    for (const CaseRecord& f : c.frames) run.cases.push_back(f);
  }
  for (const MotionSelection& s : motion.selections)
    if (std::find(run.algorithms.begin(), run.algorithms.end(), s.algorithm) ==
        run.algorithms.end())
      run.algorithms.push_back(s.algorithm);
  for (const MotionRun& r : motion.runs) {
    const MotionCaseRecord& c = motion.cases[r.case_index];
    for (std::size_t k = 0; k < c.frames.size(); ++k) {
      ResultRecord rr;
      rr.algorithm = r.label;
      rr.case_index = first_frame[r.case_index] + k;
      if (!r.error.empty()) {
        rr.output.status = QueryStatus::failed;
        rr.output.reason = r.error;
        rr.verification = {Verdict::error, r.error, {}};
      } else {
        const MotionFrameResult& f = r.frames[k];
        rr.output = f.output;
        rr.verification = f.verification;
        rr.timing.median_ns = rr.timing.min_ns = rr.timing.max_ns = f.time_ns;
        rr.timing.prepare_ns = r.prepare_ns;
        rr.timing.repetitions = 1;
      }
      run.results.push_back(std::move(rr));
    }
  }
  return run;
}

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
                {"pass", g.pass},
                {"fail", g.fail},
                {"ambiguous", g.ambiguous},
                {"unsupported", g.unsupported},
                {"error", g.error}};
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
      << std::setw(10) << g.fail + g.error << "\n";
  }
  return s.str();
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
