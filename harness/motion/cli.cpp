#include "harness/motion/cli.hpp"

#include <valgrind/callgrind.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "algorithms/proximity/registry.hpp"
#include "cases/motion_families.hpp"
#include "cases/format/case_loader.hpp"
#include "harness/motion/report.hpp"
#include "harness/proximity/report.hpp"
#include "harness/motion/robustness.hpp"

namespace fs = std::filesystem;

namespace touchstone {
namespace {

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

// Named algorithms, or every registered one that declares distance. nullopt after an error.
std::optional<std::vector<const ProximityAlgorithmInfo*>> select_algorithms(
    const std::string& names) {
  const auto& registry = ProximityRegistry::builtin();
  std::vector<const ProximityAlgorithmInfo*> out;
  if (names.empty()) {
    for (const auto& a : registry.all())
      if (a.capabilities.distance) out.push_back(&a);
    return out;
  }
  for (const std::string& name : split(names)) {
    const auto* a = registry.find(name);
    if (!a) {
      std::cerr << "error: unknown algorithm '" << name << "' (registered:";
      for (const auto& r : registry.all()) std::cerr << " " << r.name;
      std::cerr << ")\n";
      return std::nullopt;
    }
    out.push_back(a);
  }
  return out;
}

std::string command_line(int argc, char** argv) {
  std::ostringstream s;
  for (int i = 0; i < argc; ++i) s << (i ? " " : "") << argv[i];
  return s.str();
}

bool write_json(const std::string& path, const nlohmann::json& j) {
  const fs::path p(path);
  if (p.has_parent_path()) fs::create_directories(p.parent_path());
  std::ofstream file(p);
  if (!file) {
    std::cerr << "error: cannot write " << path << "\n";
    return false;
  }
  file << j.dump(1) << "\n";
  return true;
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

MotionCommands::MotionCommands(CLI::App& app) {
  motion_ = app.add_subcommand(
      "motion",
      "Run motion sequences (warm start passed frame to frame, or cold), verify every frame, "
      "report time and work per call against the coherence parameter ω");
  motion_->add_option("--algorithms", algorithms_,
                      "Comma-separated algorithm names (default: every registered algorithm "
                      "that declares distance)");
  motion_
      ->add_option("--modes", modes_,
                   "warm and/or cold (warm runs only for algorithms declaring warm start)")
      ->capture_default_str();
  motion_->add_option("--families", families_, "Motion family glob ('' for none)")
      ->capture_default_str();
  motion_->add_option("--omega", omegas_, "Comma-separated ω values in degrees per frame")
      ->capture_default_str();
  motion_->add_option("--frames", frames_, "Frames per generated sequence")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  motion_->add_option("--sequences", sequences_, "Sequences per family and ω")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  motion_->add_option("--cases", case_files_,
                      "A case file or directory: its motion cases are run too (repeatable)");
  motion_->add_option("--seed", seed_, "Seed for generated sequences")->capture_default_str();
  motion_
      ->add_option("--repetitions", repetitions_,
                   "Replays of each sequence; a frame's time is the minimum")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  motion_->add_option("--out", out_, "Report path")->capture_default_str();
  motion_->add_option("--reference-cache", cache_path_, "JSON-lines cache of exact references")
      ->capture_default_str();
  motion_->add_flag("--no-reference-cache", no_cache_, "Compute every reference afresh");
  motion_
      ->add_option("--reference-timeout", reference_timeout_,
                   "Seconds allowed for one exact reference (0: in-process, no limit)")
      ->capture_default_str();
  motion_->add_flag("--no-verify", no_verify_, "Skip the exact references and verdicts");
  motion_->add_flag("--count-instructions", count_instructions_,
                    "Also count instructions per call: reruns this command under valgrind's "
                    "callgrind, collecting only inside query calls (slow)");
  motion_->add_option("--export-failures", export_path_,
                      "Write every sequence with a frame that is not pass (or has a problem) as "
                      "motion cases to this file, to replay with --cases");
  motion_->add_flag("--quiet", quiet_, "No progress output");

  robustness_ = app.add_subcommand(
      "robustness",
      "The V-Clip report's robustness experiment: two cubes in near-parallel face and edge "
      "configurations at poses where the closest features change; counts problems per algorithm");
  robustness_->add_option("--algorithms", r_algorithms_,
                          "Comma-separated algorithm names (default: every registered algorithm "
                          "that declares distance)");
  robustness_->add_option("--trials", trials_, "Number of trials")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000000));
  robustness_
      ->add_option("--first-trial", first_trial_,
                   "Index of the first trial (to split one run into shards)")
      ->capture_default_str()
      ->check(CLI::Range(0, 2000000000));
  robustness_->add_option("--seed", r_seed_, "Seed")->capture_default_str();
  robustness_->add_option("--out", r_out_, "JSON result path")->capture_default_str();
  robustness_
      ->add_option("--export-failures", r_export_,
                   "Failing trials as motion cases (previous frame, critical pose); "
                   "replay with `touchstone motion --cases FILE`")
      ->capture_default_str();
  robustness_->add_option("--max-exported", max_exported_, "At most this many failing trials")
      ->capture_default_str();
  robustness_->add_flag("--cold", cold_, "Run every algorithm cold (no warm start)");
  robustness_->add_flag("--check-witnesses", check_witnesses_,
                        "Also check witness points exactly (slower)");
  robustness_
      ->add_option("--tol-distance", tolerances_.distance_relative,
                   "Distance tolerance relative to the pair's size")
      ->capture_default_str();
  robustness_
      ->add_option("--band", tolerances_.band_relative,
                   "Ambiguous band around touching, relative to the pair's size")
      ->capture_default_str();
  robustness_->add_flag("--quiet", r_quiet_, "No progress output");
}

std::optional<int> MotionCommands::dispatch(int argc, char** argv) {
  if (*motion_) return motion(argc, argv);
  if (*robustness_) return robustness(argc, argv);
  return std::nullopt;
}

int MotionCommands::motion(int argc, char** argv) {
  const auto algorithms = select_algorithms(algorithms_);
  if (!algorithms) return 2;
  std::vector<MotionSelection> selections;
  for (const std::string& mode : split(modes_))
    if (mode != "warm" && mode != "cold") {
      std::cerr << "error: unknown mode '" << mode << "' (warm, cold)\n";
      return 2;
    }
  for (const auto* a : *algorithms)
    for (const std::string& mode : split(modes_)) {
      if (mode == "warm" && !a->capabilities.warm_start) {
        std::cerr << "note: " << a->name << " does not declare warm start: cold only\n";
        continue;
      }
      selections.push_back({a, mode == "warm"});
    }

  std::vector<MotionCase> cases;
  std::vector<LoadError> load_errors;
  for (const std::string& source : case_files_) {
    if (!fs::exists(source)) {
      std::cerr << "error: no such case file or directory '" << source << "'\n";
      return 2;
    }
    LoadedCases loaded = load_cases(source);
    for (auto& e : loaded.errors) {
      std::cerr << "warning: " << e.to_string() << "\n";
      load_errors.push_back(std::move(e));
    }
    if (!loaded.cases.empty())
      std::cerr << "note: " << loaded.cases.size() << " proximity cases in " << source
                << " skipped (use `touchstone run`)\n";
    for (auto& m : loaded.motion) cases.push_back(std::move(m));
  }
  if (!families_.empty()) {
    const auto families = match_motion_families(families_);
    if (families.empty()) {
      std::cerr << "error: no motion family matches '" << families_ << "' (motion families:";
      for (const auto& f : motion_families()) std::cerr << " " << f.name;
      std::cerr << ")\n";
      return 2;
    }
    std::vector<double> omegas;
    for (const std::string& w : split(omegas_)) {
      char* end = nullptr;
      const double x = std::strtod(w.c_str(), &end);
      if (*end != '\0' || !(x >= 0 && x <= 360)) {
        std::cerr << "error: --omega value '" << w << "' is not an angle in [0, 360]\n";
        return 2;
      }
      omegas.push_back(x);
    }
    for (const auto* f : families)
      for (double w : omegas)
        for (int i = 0; i < sequences_; ++i) cases.push_back(f->generate(seed_, i, {w, frames_}));
  }

  std::map<std::string, double> instructions;
  if (count_instructions_ && RUNNING_ON_VALGRIND) {
    // The inner run under callgrind: count only, the outer run verifies and reports.
    MotionRunOptions options;
    options.repetitions = 1;
    options.verify = false;
    options.count_instructions = true;
    ReferenceCache cache;
    run_motion(cases, selections, options, cache);
    return 0;
  }
  if (count_instructions_) {
    const fs::path dir = fs::temp_directory_path() /
                         ("touchstone-callgrind-" + std::to_string(static_cast<long>(getpid())));
    fs::create_directories(dir);
    std::string cmd = "valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=" +
                      shell_quote((dir / "cg.out").string()) + " " +
                      shell_quote(fs::read_symlink("/proc/self/exe").string());
    for (int i = 1; i < argc; ++i) cmd += " " + shell_quote(argv[i]);
    cmd += " > " + shell_quote((dir / "log").string()) + " 2>&1";
    if (!quiet_) std::cerr << "counting instructions under callgrind...\n";
    const int rc = std::system(cmd.c_str());
    instructions = read_callgrind_instructions(dir.string());
    if (rc != 0 || instructions.empty()) {
      std::cerr << "error: the callgrind run failed (status " << rc << "); log in "
                << (dir / "log").string() << "\n";
      return 1;
    }
    fs::remove_all(dir);
  }

  MotionRunOptions options;
  options.repetitions = repetitions_;
  options.verify = !no_verify_;
  options.run.reference_timeout_seconds = reference_timeout_;
  ReferenceCache cache = no_cache_ ? ReferenceCache() : ReferenceCache(cache_path_);
  Progress progress;
  if (!quiet_)
    progress = [](std::size_t done, std::size_t total) {
      std::cerr << "\r" << done << " / " << total << " sequences" << std::flush;
      if (done == total) std::cerr << "\n";
    };
  const MotionResults results = run_motion(cases, selections, options, cache, progress);

  RunResults run = motion_as_run_results(results);
  run.load_errors = load_errors;
  RunOptions report_options = options.run;
  report_options.repetitions = repetitions_;
  nlohmann::json report = make_report(run, report_options, {command_line(argc, argv), seed_});
  report["motion"] = motion_json(results, instructions);
  if (!write_json(out_, report)) return 1;
  std::cout << motion_table(results, instructions);
  if (!export_path_.empty()) {
    std::vector<const MotionCase*> kept;
    for (std::size_t ci = 0; ci < results.cases.size(); ++ci) {
      bool keep = false;
      for (const CaseRecord& f : results.cases[ci].frames) keep = keep || !f.problems.empty();
      for (const MotionRun& r : results.runs)
        if (r.case_index == ci) {
          keep = keep || !r.error.empty();
          for (const MotionFrameResult& f : r.frames)
            keep = keep || (f.verification.verdict != Verdict::pass &&
                            f.verification.verdict != Verdict::unsupported);
        }
      if (keep) kept.push_back(&results.cases[ci].spec);
    }
    if (!write_json(export_path_, write_motion_case_document(kept))) return 1;
    std::cout << kept.size() << " sequences to replay written to " << export_path_ << "\n";
  }
  std::cout << results.cases.size() << " sequences, " << run.cases.size() << " frames ("
            << load_errors.size() << " load errors); report written to " << out_ << "\n";
  return 0;
}

int MotionCommands::robustness(int, char**) {
  const auto algorithms = select_algorithms(r_algorithms_);
  if (!algorithms) return 2;
  RobustnessOptions options;
  options.seed = r_seed_;
  options.trials = trials_;
  options.first_trial = first_trial_;
  options.warm = !cold_;
  options.tolerances = tolerances_;
  options.check_witnesses = check_witnesses_;
  options.max_exported = max_exported_;
  TrialProgress progress;
  if (!r_quiet_)
    progress = [](int done, int total) {
      if (done % 1000 == 0 || done == total)
        std::cerr << "\r" << done << " / " << total << " trials" << std::flush;
      if (done == total) std::cerr << "\n";
    };
  const RobustnessResults results = run_robustness(*algorithms, options, progress);
  if (!write_json(r_out_, robustness_json(results, options))) return 1;
  std::cout << robustness_table(results);
  std::vector<const MotionCase*> failing;
  for (const auto& t : results.failing) failing.push_back(&t.motion);
  if (!r_export_.empty() && !failing.empty()) {
    if (!write_json(r_export_, write_motion_case_document(failing))) return 1;
    std::cout << failing.size() << " failing trials written to " << r_export_
              << " (replay: touchstone motion --families '' --cases " << r_export_ << ")\n";
  }
  std::cout << options.trials << " trials (" << results.reference_errors
            << " without an exact reference) in " << results.seconds << " s; results in " << r_out_
            << "\n";
  return 0;
}

}  // namespace touchstone
