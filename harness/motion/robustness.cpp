// The TR97-05 robustness experiment (see robustness.hpp).
#include "harness/motion/robustness.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <exception>
#include <latch>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>

#include "harness/common/child_process.hpp"
#include "reference/exact_proximity.hpp"

namespace touchstone {
namespace {

// One algorithm on one trial: tracks B from the previous frame (warm where the algorithm declares
// warm start and the experiment asks for it) to the critical pose, verifies the answer and counts
// its outcome in k. Why the answer is a problem, nullopt when it is none.
std::optional<std::string> algorithm_problem(
    const ProximityAlgorithmInfo& info, const ProximityAlgorithm& instance, const PreparedShape& a,
    const PreparedShape& b, const RobustnessTrial& trial, const ProximityCaseRecord& rec,
    const ProximityRunOptions& run_options, bool warm_option, RobustnessCounts& k) {
  const Polytope& c = robustness_cube();
  const Pose& pose_b = rec.spec.pose_b;
  const double band = case_tolerances(run_options.tolerances, rec.scale, rec.magnitude).band;
  bool problem = false;
  std::string why;
  try {
    std::unique_ptr<WarmStart> state;
    const bool warm = warm_option && info.capabilities.warm_start;
    if (warm) instance.query(a, Pose::identity(), b, trial.motion.frames[0].pose_b, &state);
    ProximityResult r = instance.query(a, Pose::identity(), b, pose_b, warm ? &state : nullptr);
    const Verification v = verify_query_output(info, r, c, c, rec, run_options);
    if (r.status == QueryStatus::failed) {
      problem = true;
      const bool cycling = r.reason.find("cycl") != std::string::npos;
      ++(cycling ? k.cycling : k.other_failure);
      why = "failed: " + r.reason;
    } else if (r.status == QueryStatus::unsupported) {
      ++k.unsupported;
    }
    if (r.status == QueryStatus::ok && r.reason.starts_with("cycle resolved")) ++k.cycle_resolved;
    if (r.status == QueryStatus::ok) {
      const bool false_zero =
          (r.relation == Relation::touching || r.relation == Relation::penetrating) &&
          rec.reference->relation == Relation::separated && rec.reference->distance > band;
      bool features = false, distance = false, other = false;
      for (const CheckResult& check : v.checks) {
        if (check.verdict != Verdict::fail) continue;
        if (check.name == "features")
          features = true;
        else if (check.name == "distance")
          distance = true;
        else if (!(check.name == "relation" && false_zero))
          other = true;
      }
      if (v.verdict == Verdict::fail && v.checks.empty()) other = true;  // NaN output
      k.wrong_features += features;
      k.distance += distance;
      k.false_zero += false_zero;
      k.other_check += other;
      problem = features || distance || false_zero || other;
      if (problem) why = v.reason;
      if (!problem && v.verdict == Verdict::ambiguous) ++k.ambiguous;
    }
  } catch (const std::exception& e) {
    ++k.error;
    problem = true;
    why = std::string("threw: ") + e.what();
  }
  if (!problem) return std::nullopt;
  return why;
}

// A RobustnessCounts as the numbers of its fields, for the wire.
std::array<int*, 12> count_fields(RobustnessCounts& k) {
  return {&k.trials,        &k.problems,       &k.cycle_resolved, &k.cycling,
          &k.other_failure, &k.wrong_features, &k.distance,       &k.false_zero,
          &k.other_check,   &k.error,          &k.ambiguous,      &k.unsupported};
}

void add_counts(RobustnessCounts& to, RobustnessCounts from) {
  const auto a = count_fields(to), b = count_fields(from);
  for (std::size_t i = 0; i < a.size(); ++i) *a[i] += *b[i];
}

// What the trials share: the algorithms, their instances and their prepared cubes.
struct TrialContext {
  const std::vector<const ProximityAlgorithmInfo*>& algorithms;
  const RobustnessOptions& options;
  std::vector<std::unique_ptr<ProximityAlgorithm>> instances;
  std::vector<std::unique_ptr<PreparedShape>> prepared_a, prepared_b;
  ProximityRunOptions run_options;
};

// Plays trials from trial `n` (its algorithms from `first_algorithm`) to the end, emitting one
// event per exact reference ({"n", "ref": true/false}) and one per algorithm ({"n", "ai", "k":
// counts, "why"}); stops early once interrupted (in-process only: a child ignores SIGINT).
void play_trials(const TrialContext& t, int n, std::size_t first_algorithm,
                 const std::function<void(const nlohmann::json&)>& emit) {
  using nlohmann::json;
  const Polytope& c = robustness_cube();
  ExactProximityOptions exact_options;
  exact_options.compute_depth = false;  // the cubes never penetrate (gap > 0)
  for (; n < t.options.trials && !interrupted(); ++n, first_algorithm = 0) {
    const RobustnessTrial trial = make_robustness_trial(t.options.seed, t.options.first_trial + n);
    ProximityCaseRecord rec;
    rec.spec = trial.motion.frame_case(1);
    std::tie(rec.scale, rec.magnitude) = case_pair_extent(c, Pose::identity(), c, rec.spec.pose_b);
    try {
      rec.reference = exact_proximity(c.vertices(), Pose::identity(), c.vertices(), rec.spec.pose_b,
                                      exact_options);
    } catch (const std::exception&) {
      emit({{"n", n}, {"ref", false}});
      continue;
    }
    emit(
        {{"n", n}, {"ref", true}, {"route", rec.reference->route}, {"ns", rec.reference->cost_ns}});
    for (std::size_t ai = first_algorithm; ai < t.algorithms.size(); ++ai) {
      RobustnessCounts k;
      const std::optional<std::string> why =
          algorithm_problem(*t.algorithms[ai], *t.instances[ai], *t.prepared_a[ai],
                            *t.prepared_b[ai], trial, rec, t.run_options, t.options.warm, k);
      json counts = json::array();
      for (int* f : count_fields(k)) counts.push_back(*f);
      emit({{"n", n}, {"ai", ai}, {"k", counts}, {"why", why ? json(*why) : json(nullptr)}});
    }
  }
}

// The parent's side: events in, results out; a trial counts only once all its events arrived.
class TrialTally {
 public:
  TrialTally(RobustnessResults& out, const RobustnessOptions& options,
             const TrialProgress& progress)
      : out_(out), options_(options), progress_(progress), pending_(out.algorithms.size()) {}

  void absorb(const nlohmann::json& e) {
    const int n = e.at("n").get<int>();
    if (!e.contains("ai")) {
      if (n == n_ && have_reference_) return;  // a fresh child recomputed it
      if (e.value("route", std::string()) == "certified") ++out_.reference_certified;
      if (e.value("route", std::string()) == "full") ++out_.reference_full;
      out_.reference_ns += e.value("ns", 0.0);
      start(n, e.at("ref").get<bool>());
      return;
    }
    const auto ai = e.at("ai").get<std::size_t>();
    const auto k = e.at("k").get<std::vector<int>>();
    RobustnessCounts delta;
    const auto fields = count_fields(delta);
    for (std::size_t i = 0; i < fields.size() && i < k.size(); ++i) *fields[i] = k[i];
    record(ai, delta,
           e.at("why").is_null() ? std::optional<std::string>() : e.at("why").get<std::string>());
  }

  // A child ended without finishing: blame the item after the last event.
  void blame(const std::string& failure) {
    if (!have_reference_) {
      start(done_, false);  // the reference of the next trial
      return;
    }
    RobustnessCounts delta;
    ++delta.error;
    record(next_algorithm_, delta, failure);
  }

  // Where a fresh child starts: the trial and its first algorithm.
  std::pair<int, std::size_t> resume_at() const {
    return have_reference_ ? std::pair{n_, next_algorithm_} : std::pair{done_, std::size_t{0}};
  }
  int done() const { return done_; }

 private:
  void start(int n, bool reference) {
    n_ = n;
    have_reference_ = reference;
    next_algorithm_ = 0;
    failed_ = false;
    reasons_.clear();
    for (auto& p : pending_) p = RobustnessCounts();
    if (!reference) {
      ++out_.reference_errors;
      finish();
    }
  }

  void record(std::size_t ai, RobustnessCounts delta, const std::optional<std::string>& why) {
    ++delta.trials;
    if (why) {
      ++delta.problems;
      failed_ = true;
      reasons_ += (reasons_.empty() ? "" : "; ") + out_.algorithms[ai]->name + ": " + *why;
    }
    add_counts(pending_[ai], delta);
    next_algorithm_ = ai + 1;
    if (next_algorithm_ == out_.algorithms.size()) finish();
  }

  void finish() {
    for (std::size_t ai = 0; ai < pending_.size(); ++ai) add_counts(out_.counts[ai], pending_[ai]);
    if (failed_ && static_cast<int>(out_.failing.size()) < options_.max_exported) {
      out_.failing.push_back(make_robustness_trial(options_.seed, options_.first_trial + n_));
      out_.failing_reasons.push_back(reasons_);
    }
    done_ = n_ + 1;
    have_reference_ = false;
    if (progress_) progress_(done_, options_.trials);
  }

  RobustnessResults& out_;
  const RobustnessOptions& options_;
  const TrialProgress& progress_;
  std::vector<RobustnessCounts> pending_;  // the current trial's counts, until it is whole
  int n_ = -1, done_ = 0;                  // the current trial; trials finished (0 … done_ − 1)
  bool have_reference_ = false, failed_ = false;
  std::size_t next_algorithm_ = 0;
  std::string reasons_;
};

// The trials of `options` in one process (isolated: in one child at a time).
RobustnessResults run_slice(const std::vector<const ProximityAlgorithmInfo*>& algorithms,
                            const RobustnessOptions& options, const TrialProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  RobustnessResults out;
  out.algorithms = algorithms;
  out.counts.resize(algorithms.size());
  TrialContext t{algorithms, options, {}, {}, {}, {}};
  for (const auto* info : algorithms) {
    t.instances.push_back(info->make());
    t.prepared_a.push_back(t.instances.back()->prepare(robustness_cube()));
    t.prepared_b.push_back(t.instances.back()->prepare(robustness_cube()));
  }
  t.run_options.tolerances = options.tolerances;
  t.run_options.check_witnesses = options.check_witnesses;
  TrialTally tally(out, options, progress);
  if (progress) progress(0, options.trials);
  if (!options.isolate) {
    // In-process (profiling): the reference takes about a millisecond and has never hung.
    play_trials(t, 0, 0, [&](const nlohmann::json& e) { tally.absorb(e); });
  } else {
    // One child plays every trial, streaming events; each event restarts the per-query clock.
    // After a crash or a hang, blame the item after the last event and go on in a fresh child.
    while (tally.done() < options.trials && !interrupted()) {
      const auto [n, ai] = tally.resume_at();
      const ChildOutcome outcome = run_in_child(
          [&, n = n, ai = ai](ChildChannel& channel) {
            play_trials(t, n, ai, [&](const nlohmann::json& e) {
              channel.send(e.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
            });
          },
          options.algorithm_timeout_seconds,
          [&](const std::string& text) { tally.absorb(nlohmann::json::parse(text)); });
      if (outcome.end == ChildOutcome::End::interrupted) break;
      if (tally.done() < options.trials)
        tally.blame(outcome.ok() ? "ended without an answer (exit status 0)" : outcome.failure);
    }
  }
  out.trials_done = tally.done();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

// The slices' results as one run's: counts and reference routes summed, failing trials in trial
// order up to max_exported.
RobustnessResults merge_slices(const std::vector<const ProximityAlgorithmInfo*>& algorithms,
                               const RobustnessOptions& options,
                               const std::vector<RobustnessOptions>& slices,
                               std::vector<RobustnessResults>& parts) {
  RobustnessResults out;
  out.algorithms = algorithms;
  out.counts.resize(algorithms.size());
  for (std::size_t j = 0; j < parts.size(); ++j) {
    RobustnessResults& part = parts[j];
    for (std::size_t ai = 0; ai < algorithms.size(); ++ai)
      add_counts(out.counts[ai], part.counts[ai]);
    for (std::size_t f = 0; f < part.failing.size(); ++f) {
      if (static_cast<int>(out.failing.size()) >= options.max_exported) break;
      out.failing.push_back(std::move(part.failing[f]));
      out.failing_reasons.push_back(std::move(part.failing_reasons[f]));
    }
    out.reference_errors += part.reference_errors;
    out.reference_certified += part.reference_certified;
    out.reference_full += part.reference_full;
    out.reference_ns += part.reference_ns;
    out.trials_done += part.trials_done;
    out.slices.push_back({slices[j].first_trial, slices[j].trials, part.trials_done});
  }
  return out;
}

// Each slice in its own thread, whose run_in_child forks the slice's child: the parent's threads
// only wait on their pipes and tally, so the children run the trials on as many cores.
RobustnessResults run_in_slices(const std::vector<const ProximityAlgorithmInfo*>& algorithms,
                                const RobustnessOptions& options, const TrialProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  const int jobs = std::min(options.jobs, options.trials);
  std::vector<RobustnessOptions> slices(static_cast<std::size_t>(jobs), options);
  for (int j = 0; j < jobs; ++j) {
    const auto begin = static_cast<int>(static_cast<long long>(options.trials) * j / jobs);
    const auto end = static_cast<int>(static_cast<long long>(options.trials) * (j + 1) / jobs);
    slices[j].first_trial = options.first_trial + begin;
    slices[j].trials = end - begin;
    slices[j].jobs = 1;
  }
  std::vector<RobustnessResults> parts(slices.size());
  std::vector<std::exception_ptr> errors(slices.size());
  std::vector<int> done(slices.size(), 0);
  std::mutex progress_mutex;
  // The workers fork their slices' children. No fork may overlap another thread's start or end
  // (AddressSanitizer sets a thread up and drains its allocator cache under its locks) or its
  // work (ForkParticipant): every thread starts before the first fork, and none ends before the
  // last.
  std::latch started(static_cast<std::ptrdiff_t>(slices.size()) + 1), finished(slices.size());
  {
    std::vector<std::jthread> workers;
    const ForkParticipant spawning;
    for (std::size_t j = 0; j < slices.size(); ++j)
      workers.emplace_back([&, j] {
        {
          const ForkParticipant working;
          started.arrive_and_wait();
          try {
            TrialProgress slice_progress;
            if (progress)
              slice_progress = [&, j](int slice_done, int) {
                const std::lock_guard lock(progress_mutex);
                done[j] = slice_done;
                int all = 0;
                for (int d : done) all += d;
                progress(all, options.trials);
              };
            parts[j] = run_slice(algorithms, slices[j], slice_progress);
          } catch (...) {
            errors[j] = std::current_exception();
          }
        }
        finished.arrive_and_wait();
      });
    started.arrive_and_wait();
  }
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
  RobustnessResults out = merge_slices(algorithms, options, slices, parts);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace

RobustnessResults run_robustness(const std::vector<const ProximityAlgorithmInfo*>& algorithms,
                                 const RobustnessOptions& options, const TrialProgress& progress) {
  if (options.isolate && options.jobs > 1 && options.trials > 1)
    return run_in_slices(algorithms, options, progress);
  return run_slice(algorithms, options, progress);
}

}  // namespace touchstone
