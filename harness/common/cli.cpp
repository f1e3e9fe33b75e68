#include "harness/common/cli.hpp"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "harness/common/child_process.hpp"

namespace touchstone {

std::vector<std::string> split_list(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream in(list);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

std::string join_command_line(int argc, char** argv) {
  std::ostringstream s;
  for (int i = 0; i < argc; ++i) s << (i ? " " : "") << argv[i];
  return s.str();
}

Progress progress_unless(bool quiet, std::string unit) {
  return quiet ? Progress() : progress_printer(std::move(unit));
}

bool worth_replaying(Verdict v) {
  return v == Verdict::fail || v == Verdict::error || v == Verdict::ambiguous;
}

bool export_cases(const std::string& path, const nlohmann::json& document) {
  return write_json_file(path, document);
}

namespace {

// The option's text as a finite double, or why not.
std::string finite_problem(const std::string& text, double& x) {
  char* end = nullptr;
  errno = 0;
  x = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size()) return "'" + text + "' is not a number";
  if (!std::isfinite(x) || errno == ERANGE) return "'" + text + "' is not a finite number in range";
  return "";
}

std::string number_text(double x) {
  std::ostringstream s;
  s << x;
  return s.str();
}

}  // namespace

CLI::Validator finite_at_least(double min) {
  return CLI::Validator(
      [min](std::string& text) {
        double x = 0;
        std::string why = finite_problem(text, x);
        if (why.empty() && x < min) why = text + " is below " + number_text(min);
        return why;
      },
      "FINITE >= " + number_text(min));
}

CLI::Validator finite_above(double min) {
  return CLI::Validator(
      [min](std::string& text) {
        double x = 0;
        std::string why = finite_problem(text, x);
        if (why.empty() && !(x > min)) why = text + " is not above " + number_text(min);
        return why;
      },
      "FINITE > " + number_text(min));
}

CLI::Validator unsigned_digits() {
  return CLI::Validator(
      [](std::string& text) {
        const bool digits = !text.empty() && text.find_first_not_of("0123456789") == text.npos;
        if (!digits) return "'" + text + "' is not a non-negative integer";
        errno = 0;
        std::strtoull(text.c_str(), nullptr, 10);  // CLI11 would saturate silently
        return errno == ERANGE ? "'" + text + "' is out of range (at most 2^64 - 1)" : "";
      },
      "UINT");
}

CLI::Option* add_seed_option(CLI::App* command, std::uint64_t& seed, const std::string& help) {
  return command->add_option("--seed", seed, help)->capture_default_str()->check(unsigned_digits());
}

CLI::Option* add_quiet_flag(CLI::App* command, bool& quiet) {
  return command->add_flag("--quiet,--no-progress", quiet, "No progress output");
}

int exit_status(const RunStatus& status) {
  if (const int sig = interrupt_signal()) {
    std::cerr << "\ninterrupted by signal " << sig << ": the report holds the finished work\n";
    return 128 + sig;
  }
  if (!status.written) return kExitOutput;
  if (status.load_errors > 0) {
    std::cerr << "error: " << status.load_errors << " load error(s) (see above)\n";
    return kExitUsage;
  }
  const int bad = status.verdicts.fail + status.verdicts.error;
  if (status.strict && (bad > 0 || status.problems > 0)) {
    std::cerr << "--strict: " << status.verdicts.fail << " fail and " << status.verdicts.error
              << " error verdicts, " << status.problems << " cases with problems\n";
    return kExitVerdicts;
  }
  return kExitOk;
}

std::string output_path_problem(const std::string& path) {
  namespace fs = std::filesystem;
  if (path.empty()) return "the path is empty";
  const fs::path p(path);
  std::error_code ec;
  const fs::file_status st = fs::status(p, ec);
  if (fs::is_directory(st)) return "is a directory";
  if (fs::exists(st) && !fs::is_regular_file(st)) return "is not a regular file";
  if (fs::exists(st) && access(p.c_str(), W_OK) != 0) return "is not writable";
  fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
  while (!fs::exists(dir, ec) && dir.has_parent_path() && dir != dir.parent_path())
    dir = dir.parent_path();
  if (!fs::exists(dir, ec)) dir = ".";
  if (!fs::is_directory(dir, ec)) return "'" + dir.string() + "' is not a directory";
  std::string probe = (dir / ".touchstone-probe-XXXXXX").string();
  const int fd = mkstemp(probe.data());
  if (fd < 0) return "cannot create a file in '" + dir.string() + "': " + std::strerror(errno);
  close(fd);
  unlink(probe.c_str());
  return "";
}

bool check_output_paths(
    std::initializer_list<std::pair<std::string_view, std::string_view>> outputs) {
  for (const auto& [option, path] : outputs) {
    if (path.empty()) continue;
    const std::string why = output_path_problem(std::string(path));
    if (!why.empty()) {
      std::cerr << "error: " << option << " '" << path << "': " << why << "\n";
      return false;
    }
  }
  return true;
}

ReferenceCache open_reference_cache(const std::string& path, bool no_cache) {
  if (no_cache) return ReferenceCache();
  ReferenceCache cache{std::filesystem::path(path)};
  const std::string why = output_path_problem(path);
  if (!why.empty()) {
    std::cerr << "warning: --reference-cache '" << path << "': " << why
              << ": references computed in this run are not stored\n";
    cache.keep_in_memory();
  }
  return cache;
}

std::string flag_list(const Flags& flags) {
  std::string s;
  for (const auto& [name, on] : flags)
    if (on) s += (s.empty() ? "" : ",") + name;
  return s;
}

std::string parameter_list(const std::map<std::string, double>& parameters) {
  std::string s;
  for (const auto& [name, value] : parameters) {
    char digits[32];  // the shortest form that reads back as the same double
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    s += (s.empty() ? "" : ", ") + name + "=" + std::string(digits, end);
  }
  return s;
}

}  // namespace touchstone
