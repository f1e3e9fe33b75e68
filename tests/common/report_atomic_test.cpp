// Every report goes through write_json_file (harness/common/reporter.hpp): atomic (a temporary
// file in the same folder renamed over the old one), never throwing on strings that are not
// UTF-8, never recursing without bound, and saying whether the run was interrupted.
#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "harness/common/child_process.hpp"
#include "harness/common/cli.hpp"
#include "harness/common/json_file.hpp"
#include "harness/common/reporter.hpp"
#include "tests/support/cli_process.hpp"

namespace touchstone {
namespace {

using nlohmann::json;
using test_support::read_text;
using test_support::TempDir;

std::vector<std::string> folder_entries(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST(ReportWriter, InvalidUtf8IsReplacedNotThrown) {
  TempDir dir("touchstone-report-utf8");
  const std::string bad = "case-\xff\xfe-id";  // 0xff never occurs in UTF-8
  const json doc = {{"cases", {{{"id", bad}}}}, {bad, 1}};
  EXPECT_THROW((void)doc.dump(), json::type_error);  // what used to end the run
  ASSERT_TRUE(write_json_file(dir / "r.json", doc));
  const json back = json::parse(read_text(dir / "r.json"));
  EXPECT_EQ(back.at("cases").at(0).at("id"), "case-\xEF\xBF\xBD\xEF\xBF\xBD-id");  // U+FFFD twice
}

TEST(ReportWriter, DeepNestingIsCutIteratively) {
  TempDir dir("touchstone-report-deep");
  json doc = json::array();
  json* inner = &doc;
  for (int i = 0; i < 100000; ++i) {  // deep enough to overflow a recursive dump
    inner->push_back(json::array());
    inner = &inner->back();
  }
  json top = json::object();
  top["field"] = std::move(doc);  // moved: json's copy would recurse
  ASSERT_TRUE(write_json_file(dir / "r.json", top));
  const std::string text = read_text(dir / "r.json");
  EXPECT_NE(text.find("\"(nested too deep)\""), std::string::npos);
  const json back = json::parse(text);
  int depth = 0;
  for (const json* j = &back; j->is_structured(); j = &j->begin().value()) ++depth;
  EXPECT_EQ(depth, kMaxJsonDepth);
  const json shallow = {{"a", {1, {2, {3}}}}};
  EXPECT_EQ(bounded_depth(shallow), shallow);
}

TEST(ReportWriter, ReplacesAtomicallyAndLeavesNoTemporaryFile) {
  TempDir dir("touchstone-report-atomic");
  ASSERT_TRUE(write_json_file(dir / "r.json", {{"run", 1}}));
  ASSERT_TRUE(write_json_file(dir / "r.json", {{"run", 2}}));
  EXPECT_EQ(json::parse(read_text(dir / "r.json")).at("run"), 2);
  EXPECT_EQ(folder_entries(dir.path), std::vector<std::string>{"r.json"});
  // A directory in the way: an error naming the path, the folder as it was.
  std::filesystem::create_directories(dir / "taken");
  testing::internal::CaptureStderr();
  EXPECT_FALSE(write_json_file(dir / "taken", {{"run", 3}}, "report to "));
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("error: cannot write report to " + (dir / "taken") + ": "), std::string::npos)
      << err;
  EXPECT_EQ(folder_entries(dir.path), (std::vector<std::string>{"r.json", "taken"}));
}

class Doc final : public Report {
 public:
  json document(const ReportContext&) const override { return {{"format", "x"}}; }
  std::string table() const override { return ""; }
};

TEST(ReportWriter, TheReportSaysWhetherTheRunWasInterrupted) {
  TempDir dir("touchstone-report-interrupted");
  JsonReporter reporter(dir / "r.json");
  ASSERT_TRUE(reporter.report({}, Doc()));
  EXPECT_EQ(json::parse(read_text(dir / "r.json")).at("interrupted"), false);
  set_interrupt_signal(SIGTERM);
  ASSERT_TRUE(reporter.report({}, Doc()));
  set_interrupt_signal(0);
  EXPECT_EQ(json::parse(read_text(dir / "r.json")).at("interrupted"), true);
}

// A *.gz path is written gzip-compressed and read back to the same document; a plain one stays
// text; a cut or damaged stream and one that inflates past the limit are errors naming the file.
TEST(ReportWriter, GzipReportsAreCompressedAndReadBackWhole) {
  TempDir dir("touchstone-report-gzip");
  json doc = {{"format", "touchstone-report/2"}, {"results", json::array()}};
  for (int i = 0; i < 2000; ++i)
    doc["results"].push_back({{"case", std::to_string(i)}, {"verdict", "pass"}, {"x", i}});
  ASSERT_TRUE(write_json_file(dir / "r.json.gz", doc));
  ASSERT_TRUE(write_json_file(dir / "r.json", doc));
  const std::string gz = read_text(dir / "r.json.gz"), plain = read_text(dir / "r.json");
  ASSERT_GE(gz.size(), 2u);
  EXPECT_EQ(static_cast<unsigned char>(gz[0]), 0x1f);
  EXPECT_EQ(static_cast<unsigned char>(gz[1]), 0x8b);
  EXPECT_EQ(plain[0], '{');
  EXPECT_LT(gz.size() * 10, plain.size());
  EXPECT_EQ(read_json_report(dir / "r.json.gz", ""), doc);
  EXPECT_EQ(read_json_report(dir / "r.json", ""), doc);

  std::ofstream(dir / "cut.json.gz", std::ios::binary)
      .write(gz.data(), static_cast<std::streamsize>(gz.size() / 2));
  testing::internal::CaptureStderr();
  EXPECT_FALSE(read_json_report(dir / "cut.json.gz", "report "));
  const std::string cut = testing::internal::GetCapturedStderr();
  EXPECT_NE(cut.find("cannot read report " + (dir / "cut.json.gz") + ": gzip stream cut short"),
            std::string::npos)
      << cut;
  std::vector<char> flipped(gz.begin(), gz.end());
  flipped[flipped.size() / 2] ^= 0x55;
  std::ofstream(dir / "flipped.json.gz", std::ios::binary)
      .write(flipped.data(), static_cast<std::streamsize>(flipped.size()));
  testing::internal::CaptureStderr();
  EXPECT_FALSE(read_json_report(dir / "flipped.json.gz", ""));
  EXPECT_NE(testing::internal::GetCapturedStderr().find("flipped.json.gz"), std::string::npos);
  EXPECT_THROW(gunzip_if_compressed(gzip_text(std::string(100000, 'a')), 1000), std::runtime_error);
  EXPECT_EQ(gunzip_if_compressed(gzip_text("{}"), 1000), "{}");
}

TEST(OutputPaths, ProblemsAreNamedAndNothingStays) {
  TempDir dir("touchstone-output-paths");
  std::ofstream(dir / "file") << "x";
  EXPECT_EQ(output_path_problem(dir / "new/deeper/r.json"), "");
  EXPECT_EQ(output_path_problem(dir / "file"), "");  // replaced by the rename
  EXPECT_EQ(output_path_problem(dir.path.string()), "is a directory");
  EXPECT_EQ(output_path_problem(dir / "file/r.json"),
            "'" + (dir / "file") + "' is not a directory");
  EXPECT_EQ(output_path_problem("/dev/null"), "is not a regular file");
  EXPECT_EQ(output_path_problem(""), "the path is empty");
  EXPECT_EQ(folder_entries(dir.path), std::vector<std::string>{"file"});
}

}  // namespace
}  // namespace touchstone
