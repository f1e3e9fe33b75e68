#include "harness/common/case_input.hpp"

#include <CLI/CLI.hpp>
#include <iostream>

namespace touchstone {

void add_load_options(CLI::App* command, LoadOptions& options) {
  command->add_flag("--lenient", options.lenient,
                    "Unknown fields in case files are warnings, not errors");
  const LoadLimits d;
  command
      ->add_option_function<std::vector<std::string>>(
          "--limit",
          [&options](const std::vector<std::string>& assignments) {
            for (const std::string& a : assignments)
              if (const auto error = set_limit(options.limits, a))
                throw CLI::ValidationError("--limit", *error);
          },
          "Set a case-file limit, NAME=N (repeatable; defaults: file_bytes=" +
              std::to_string(d.file_bytes) + " depth=" + std::to_string(d.depth) +
              " vertices=" + std::to_string(d.vertices) + " faces=" + std::to_string(d.faces) +
              " matrix=" + std::to_string(d.matrix) + " steps=" + std::to_string(d.steps) + ")")
      ->type_name("NAME=N");
}

void take_load_errors(LoadedCases& loaded, std::vector<LoadError>& errors) {
  for (const LoadError& w : loaded.warnings) std::cerr << "warning: " << w.to_string() << "\n";
  for (LoadError& e : loaded.errors) {
    std::cerr << "error: " << e.to_string() << "\n";
    errors.push_back(std::move(e));
  }
  loaded.errors.clear();
}

void note_other_kinds(const LoadedCases& loaded, const std::string& source, const void* kept) {
  auto note = [&](const auto& part, const char* noun, const char* command) {
    if (&part != kept && !part.empty())
      std::cerr << "note: " << part.size() << " " << noun << " in " << source
                << " skipped (run them with `touchstone " << command << " --cases`)\n";
  };
  note(loaded.proximity, "proximity cases", "proximity");
  note(loaded.motion, "motion cases", "motion");
  note(loaded.forces, "force cases", "forces");
  note(loaded.regions, "region cases", "regions");
}

}  // namespace touchstone
