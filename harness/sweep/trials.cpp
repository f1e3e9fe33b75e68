// One sweep trial (see trials.hpp).
#include "harness/sweep/trials.hpp"

#include <algorithm>
#include <stdexcept>

#include "harness/common/cli.hpp"
#include "harness/common/reporter.hpp"
#include "harness/proximity/reference.hpp"

namespace touchstone {
namespace {

// One algorithm's outcome on a trial, before it becomes JSON.
struct Outcome {
  Verdict verdict = Verdict::pass;
  std::optional<double> error;  // relative distance error, max over the frames
  double time_ns = 0;
  nlohmann::json full;  // reason, checks, output
};

// The relative distance error of a verification (the `distance` check's error over the scale).
std::optional<double> distance_error(const Verification& v, double scale) {
  for (const CheckResult& c : v.checks)
    if (c.name == "distance" && c.verdict != Verdict::unsupported && c.tolerance > 0)
      return c.error / std::max(scale, 1e-300);
  return std::nullopt;
}

// The checks that neither passed nor were unsupported: what a non-passing answer is about.
std::vector<CheckResult> not_passed(const std::vector<CheckResult>& checks) {
  std::vector<CheckResult> out;
  for (const CheckResult& c : checks)
    if (c.verdict != Verdict::pass && c.verdict != Verdict::unsupported) out.push_back(c);
  return out;
}

void keep_larger(std::optional<double>& to, std::optional<double> x) {
  if (x && (!to || *x > *to)) to = x;
}

// Worse verdicts rank higher: error > fail > ambiguous > pass > unsupported.
int rank(Verdict v) {
  switch (v) {
    case Verdict::unsupported:
      return 0;
    case Verdict::pass:
      return 1;
    case Verdict::ambiguous:
      return 2;
    case Verdict::fail:
      return 3;
    case Verdict::error:
      return 4;
  }
  return 4;
}

std::vector<Outcome> proximity_trial(const ProximityCase& c,
                                     const std::vector<const ProximityAlgorithmInfo*>& algorithms,
                                     const TrialOptions& options,
                                     std::vector<std::string>& problems, bool& finished) {
  ReferenceCache cache;
  const ProximityRunResults run = run_proximity({c}, algorithms, options.run, cache);
  finished = run.cases.size() == 1 && run.results.size() == algorithms.size();
  std::vector<Outcome> out;
  if (!finished) return out;
  problems = run.cases[0].problems;
  for (const ProximityResultRecord& r : run.results) {
    Outcome o;
    o.verdict = r.verification.verdict;
    o.error = distance_error(r.verification, run.cases[0].scale);
    o.time_ns = r.timing.median_ns;
    nlohmann::json output = {{"status", to_string(r.output.status)},
                             {"relation", to_string(r.output.relation)}};
    if (r.output.distance) output["distance"] = finite_or_null(*r.output.distance);
    o.full = {{"algorithm", r.algorithm},
              {"verdict", to_string(o.verdict)},
              {"reason", r.verification.reason},
              {"checks", checks_json(not_passed(r.verification.checks))},
              {"output", output}};
    out.push_back(std::move(o));
  }
  return out;
}

std::vector<Outcome> motion_trial(const MotionCase& c,
                                  const std::vector<const ProximityAlgorithmInfo*>& algorithms,
                                  const TrialOptions& options, std::vector<std::string>& problems,
                                  bool& finished) {
  std::vector<MotionSelection> selections;
  for (const auto* a : algorithms) selections.push_back({a, a->capabilities.warm_start});
  MotionRunOptions motion_options;
  motion_options.run = options.run;
  motion_options.repetitions = std::max(1, options.run.repetitions);
  ReferenceCache cache;
  const MotionResults run = run_motion({c}, selections, motion_options, cache);
  finished = !interrupted() && run.cases.size() == 1 && run.runs.size() == selections.size();
  std::vector<Outcome> out;
  if (!finished) return out;
  for (std::size_t k = 0; k < run.cases[0].frames.size(); ++k)
    for (const std::string& p : run.cases[0].frames[k].problems)
      problems.push_back("frame " + std::to_string(k) + ": " + p);
  for (const MotionRun& r : run.runs) {
    Outcome o;
    std::string reason = r.error;
    if (!r.error.empty()) o.verdict = Verdict::error;
    bool any_supported = false;
    for (std::size_t k = 0; k < r.frames.size(); ++k) {
      const Verification& v = r.frames[k].verification;
      any_supported = any_supported || v.verdict != Verdict::unsupported;
      keep_larger(o.error, distance_error(v, run.cases[0].frames[k].scale));
      o.time_ns += r.frames[k].time_ns;
      if (v.verdict != Verdict::unsupported && rank(v.verdict) > rank(o.verdict)) {
        o.verdict = v.verdict;
        reason = "frame " + std::to_string(k) + ": " + v.reason;
      }
    }
    if (r.error.empty() && !any_supported && !r.frames.empty()) {
      o.verdict = Verdict::unsupported;
      reason = r.frames[0].verification.reason;
    }
    o.full = {{"algorithm", r.label},
              {"verdict", to_string(o.verdict)},
              {"reason", reason},
              {"frames", r.frames.size()}};
    out.push_back(std::move(o));
  }
  return out;
}

std::string motion_input_hash(const MotionCase& m) {
  Fnv1a h;
  for (std::size_t k = 0; k < m.frames.size(); ++k) {
    const std::string frame = case_input_hash(m.frame_case(k));
    h.bytes(frame.data(), frame.size());
  }
  return h.hex();
}

}  // namespace

std::optional<SweepFamily> find_sweep_family(const std::string& name) {
  if (const CaseFamily* f = find_case_family(name)) return SweepFamily{name, f, nullptr};
  if (const MotionFamily* m = find_motion_family(name)) return SweepFamily{name, nullptr, m};
  return std::nullopt;
}

char verdict_letter(Verdict v) {
  switch (v) {
    case Verdict::pass:
      return 'P';
    case Verdict::fail:
      return 'F';
    case Verdict::ambiguous:
      return 'A';
    case Verdict::unsupported:
      return 'U';
    case Verdict::error:
      return 'E';
  }
  return 'E';
}

std::optional<Verdict> verdict_from_letter(char c) {
  for (Verdict v :
       {Verdict::pass, Verdict::fail, Verdict::ambiguous, Verdict::unsupported, Verdict::error})
    if (verdict_letter(v) == c) return v;
  return std::nullopt;
}

std::string trial_input_hash(const SweepFamily& family, std::uint64_t seed, std::size_t index,
                             const MotionParams& params) {
  const int i = static_cast<int>(index);
  if (family.proximity) return case_input_hash(family.proximity->generate(seed, i));
  return motion_input_hash(family.motion->generate(seed, i, params));
}

std::optional<nlohmann::json> run_trial(
    const SweepFamily& family, std::uint64_t seed, std::size_t index,
    const std::vector<const ProximityAlgorithmInfo*>& algorithms, const TrialOptions& options,
    KeepPassing keep) {
  using nlohmann::json;
  const int i = static_cast<int>(index);
  std::vector<std::string> problems;
  bool finished = false;
  std::vector<Outcome> outcomes;
  json input_hash;
  if (family.proximity) {
    const ProximityCase c = family.proximity->generate(seed, i);
    input_hash = case_input_hash(c);
    outcomes = proximity_trial(c, algorithms, options, problems, finished);
  } else {
    const MotionCase c = family.motion->generate(seed, i, options.motion);
    input_hash = motion_input_hash(c);
    outcomes = motion_trial(c, algorithms, options, problems, finished);
  }
  if (!finished) return std::nullopt;
  std::string letters;
  bool passing = problems.empty();
  json errors = json::array(), times = json::array(), results = json::array();
  for (const Outcome& o : outcomes) {
    letters += verdict_letter(o.verdict);
    passing = passing && !worth_replaying(o.verdict);
    errors.push_back(o.error ? finite_or_null(*o.error) : json(nullptr));
    times.push_back(finite_or_null(o.time_ns));
    if (worth_replaying(o.verdict)) results.push_back(o.full);
  }
  json line = {{"t", index}, {"v", letters}};
  if (passing && keep == KeepPassing::none) return line;
  line["h"] = input_hash;
  line["e"] = errors;
  line["ns"] = times;
  if (!passing) line["full"] = {{"problems", problems}, {"results", results}};
  return line;
}

nlohmann::json replay_document(const SweepFamily& family, std::uint64_t seed,
                               const MotionParams& params, const std::vector<std::size_t>& trials,
                               const std::vector<std::string>& hashes) {
  std::vector<ProximityCase> proximity;
  std::vector<MotionCase> motion;
  for (std::size_t k = 0; k < trials.size(); ++k) {
    const int i = static_cast<int>(trials[k]);
    std::string hash;
    if (family.proximity) {
      proximity.push_back(family.proximity->generate(seed, i));
      hash = case_input_hash(proximity.back());
    } else {
      motion.push_back(family.motion->generate(seed, i, params));
      hash = motion_input_hash(motion.back());
    }
    if (hash != hashes[k])
      throw std::runtime_error("trial " + std::to_string(trials[k]) + " of " + family.name +
                               ": this build draws another input than the sweep ran (hash " + hash +
                               " here, " + hashes[k] + " in the shard file)");
  }
  std::vector<const ProximityCase*> p;
  for (const ProximityCase& c : proximity) p.push_back(&c);
  std::vector<const MotionCase*> m;
  for (const MotionCase& c : motion) m.push_back(&c);
  return family.proximity ? write_case_document(p) : write_motion_case_document(m);
}

}  // namespace touchstone
