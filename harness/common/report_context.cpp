#include "harness/common/report_context.hpp"

#include <CGAL/version.h>
#include <unistd.h>

#include <Eigen/Core>
#include <ctime>
#include <fstream>
#include <thread>

#include "algorithms/proximity/peers/peers.hpp"

#ifndef TOUCHSTONE_GIT_SHA
#define TOUCHSTONE_GIT_SHA "unknown"
#endif

namespace touchstone {
namespace {

using nlohmann::json;

std::string cpu_name() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown";
}

std::string hostname() {
  char buf[256] = {};
  return gethostname(buf, sizeof buf - 1) == 0 ? buf : "unknown";
}

std::string now_iso8601() {
  const std::time_t t = std::time(nullptr);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

json library_versions() {
  json libraries = {
      {"cgal", CGAL_VERSION_STR},
      {"eigen", std::to_string(EIGEN_WORLD_VERSION) + "." + std::to_string(EIGEN_MAJOR_VERSION) +
                    "." + std::to_string(EIGEN_MINOR_VERSION)},
      {"nlohmann_json", std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
                            std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
                            std::to_string(NLOHMANN_JSON_VERSION_PATCH)}};
  for (const auto& [library, version] : peers::library_versions()) libraries[library] = version;
  return libraries;
}

}  // namespace

json context_json(const ReportContext& context) {
  return {{"tool", "touchstone"},
          {"tool_version", "0.1.0"},
          {"git_sha", TOUCHSTONE_GIT_SHA},
          {"date", now_iso8601()},
          {"host_name", hostname()},
          {"cpu", cpu_name()},
          {"num_cpus", std::thread::hardware_concurrency()},
          {"compiler", std::string("g++ ") + __VERSION__},
#ifdef NDEBUG
          {"build_type", "release"},
          {"library_build_type", "release"},
#else
          {"build_type", "debug"},
          {"library_build_type", "debug"},
#endif
          {"compiler_flags", TOUCHSTONE_CXX_FLAGS},
          {"libraries", library_versions()},
          {"command_line", context.command_line},
          {"seed", context.seed}};
}

}  // namespace touchstone
