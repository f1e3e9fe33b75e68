// Validates a report against reports/touchstone-report-1.schema.json with Debian's
// python3-jsonschema, for every test that checks a kind's report.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace touchstone::test_support {

// The exit status of `python3 -m jsonschema` on `report`, written to a temporary file named after
// `name` (unique per test process). Its complaints go to stderr only when `show_errors`.
inline int report_schema_status(const nlohmann::json& report, const std::string& name,
                                bool show_errors, std::string* command_out = nullptr) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("touchstone-schema-check-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const auto path = dir / (name + ".json");
  std::ofstream(path) << report.dump(1);
  const std::string schema =
      std::string(TOUCHSTONE_SOURCE_DIR) + "/reports/touchstone-report-1.schema.json";
  const std::string command = "/usr/bin/python3 -m jsonschema -i '" + path.string() + "' '" +
                              schema + "'" + (show_errors ? "" : " 2>/dev/null");
  if (command_out) *command_out = command;
  return std::system(command.c_str());
}

// EXPECT_TRUE(matches_report_schema(report, "name")): valid, or the command and its complaints.
inline ::testing::AssertionResult matches_report_schema(const nlohmann::json& report,
                                                        const std::string& name) {
  std::string command;
  if (report_schema_status(report, name, true, &command) == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "schema rejects the report: " << command;
}

// The schema is not vacuous: EXPECT_TRUE(rejected_by_report_schema(broken, "broken")).
inline ::testing::AssertionResult rejected_by_report_schema(const nlohmann::json& report,
                                                            const std::string& name) {
  std::string command;
  if (report_schema_status(report, name, false, &command) != 0)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "schema accepts the broken report: " << command;
}

}  // namespace touchstone::test_support
