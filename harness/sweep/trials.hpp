// One trial of a sweep: case `index` of a proximity family (cases/families.hpp) or a motion family
// (cases/motion_families.hpp) drawn from (family, seed, index) alone, run through the proximity or
// motion runner, verified against the exact reference, and turned into one shard-file line.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cases/families.hpp"
#include "cases/motion_families.hpp"
#include "harness/motion/runner.hpp"

namespace touchstone {

struct SweepFamily {
  std::string name;
  const CaseFamily* proximity = nullptr;  // exactly one of the two is set
  const MotionFamily* motion = nullptr;
  const char* kind() const { return motion ? "motion" : "proximity"; }
};
// The proximity or motion family of that name, or nullopt.
std::optional<SweepFamily> find_sweep_family(const std::string& name);

struct TrialOptions {
  ProximityRunOptions run;  // tolerances, isolation, timeouts; repetitions per query
  MotionParams motion;
};

// How passing trials are kept: "compact" (verdicts, errors, times, input hash) or "none" (trial
// id and verdicts only). Non-passing trials are always kept in full.
enum class KeepPassing { none, compact };

// Verdicts in a shard line: one letter per algorithm (P pass, F fail, A ambiguous,
// U unsupported, E error).
char verdict_letter(Verdict v);
std::optional<Verdict> verdict_from_letter(char c);

// The hash of trial `index`'s input: FNV-1a over every input double (case_input_hash; over every
// frame for a motion case). Depends only on (family, seed, index).
std::string trial_input_hash(const SweepFamily& family, std::uint64_t seed, std::size_t index,
                             const MotionParams& params = {});

// Runs trial `index` with `algorithms` (a motion family plays each warm where it declares warm
// start, else cold) and returns its shard line: {"t", "v", and unless passing under
// KeepPassing::none "h" (input hash), "e" (relative distance errors, null where not measured),
// "ns" (times); non-passing trials add "full": the case's problems and the non-passing results
// with their reasons and failed checks}. nullopt when a signal interrupted the trial (it is not
// finished).
std::optional<nlohmann::json> run_trial(
    const SweepFamily& family, std::uint64_t seed, std::size_t index,
    const std::vector<const ProximityAlgorithmInfo*>& algorithms, const TrialOptions& options,
    KeepPassing keep);

// The trials as a replayable touchstone-case/1 document, drawn again from (family, seed, index).
// Throws std::runtime_error when a trial's input hash is not `hashes[k]` (the generator changed
// since the sweep ran), or when a case cannot be written.
nlohmann::json replay_document(const SweepFamily& family, std::uint64_t seed,
                               const MotionParams& params, const std::vector<std::size_t>& trials,
                               const std::vector<std::string>& hashes);

}  // namespace touchstone
