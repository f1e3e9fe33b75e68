// The swept kind's inputs: the CCD benchmark's CSV reader (ids, exact rationals, rounding, every
// class of bad input with file, line and field) and the built-in families.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "cases/format/case_loader.hpp"
#include "cases/format/ccd_csv.hpp"
#include "cases/format/swept_case.hpp"
#include "cases/swept_families.hpp"

namespace touchstone {
namespace {

// ../shared/data (TOUCHSTONE_SHARED_DIR at run time overrides the build's path, for worktrees).
const std::string kSample =
    std::string(std::getenv("TOUCHSTONE_SHARED_DIR") ? std::getenv("TOUCHSTONE_SHARED_DIR")
                                                     : TOUCHSTONE_SHARED_DIR) +
    "/data/ccd-sample-queries";

// 8 rows of "n,d" coordinates with the truth column.
std::string query(const std::string& coord = "1,2", const std::string& truth = "1") {
  std::string s;
  for (int r = 0; r < 8; ++r) s += coord + "," + coord + "," + coord + "," + truth + "\n";
  return s;
}

TEST(SweptReader, SampleFolderIdsAndCounts) {
  if (!std::filesystem::exists(kSample)) GTEST_SKIP() << kSample << " absent";
  const auto load = load_ccd_csv(kSample + "/unit-tests");
  EXPECT_TRUE(load.errors.empty()) << load.errors.front();
  // 432 + 160 edge-edge rows, 1000 + 1000 vertex-face rows: 8 per query.
  ASSERT_EQ(load.cases.size(), 54u + 20u + 125u + 125u);
  std::set<std::string> ids;
  int vf = 0;
  for (const auto& c : load.cases) {
    ids.insert(c.id);
    vf += c.query.type == SweptType::vertex_face;
    EXPECT_FALSE(c.rounded) << c.id;  // the benchmark's rationals are doubles
  }
  EXPECT_EQ(ids.size(), load.cases.size());
  EXPECT_EQ(vf, 250);
  EXPECT_TRUE(ids.count("vertex-face/data_0_0/17"));
  EXPECT_TRUE(ids.count("edge-edge/data_0_1/19"));
  // A file given directly: its folder's name, its own, the index.
  const auto one = load_ccd_csv(kSample + "/unit-tests/edge-edge/data_0_1.csv");
  ASSERT_EQ(one.cases.size(), 20u);
  EXPECT_EQ(one.cases[3].id, "edge-edge/data_0_1/3");
  // The first row of vertex-face/data_0_0.csv is 0,1,1,1,0,1: (0, 1, 0).
  const auto& first = load.cases[54 + 20];
  EXPECT_EQ(first.id, "vertex-face/data_0_0/0");
  EXPECT_EQ(first.exact.coordinates[0][1], "1");
  EXPECT_EQ(first.query.points[0], Eigen::Vector3d(0, 1, 0));
  EXPECT_EQ(first.source, kSample + "/unit-tests/vertex-face/data_0_0.csv:1");
}

TEST(SweptReader, HugeNumeratorsAreExactAndRoundToNearest) {
  SweptLoad out;
  // 2^200 + 1 over 2^200: not a double; nearest is 1. And 1/3.
  const std::string big = "1606938044258990275541962092341162602522202993782792835301377";
  const std::string den = "1606938044258990275541962092341162602522202993782792835301376";
  std::string text;
  for (int r = 0; r < 8; ++r) text += big + "," + den + ",1,3,-7,1,0\n";
  parse_ccd_csv(text, "f.csv", "vertex-face/f", SweptType::vertex_face, out);
  ASSERT_TRUE(out.errors.empty()) << out.errors.front();
  ASSERT_EQ(out.cases.size(), 1u);
  const auto& c = out.cases[0];
  EXPECT_EQ(c.exact.coordinates[0][0], big + "/" + den);
  EXPECT_EQ(c.exact.coordinates[0][1], "1/3");
  EXPECT_EQ(c.query.points[0][0], 1.0);
  EXPECT_EQ(c.query.points[0][1], 1.0 / 3.0);
  EXPECT_EQ(c.query.points[0][2], -7.0);
  EXPECT_TRUE(c.rounded);
  EXPECT_EQ(c.truth, false);
}

TEST(SweptReader, BadInputNamesFileLineAndFieldAndGoesOn) {
  struct Bad {
    std::string row, message;
  };
  const std::vector<Bad> bad{
      {"1,0,1,1,1,1,1", "f.csv:10: query vertex-face/f/1: field 2 (x denominator): denominator 0"},
      {"1,1,x,1,1,1,1",
       "f.csv:10: query vertex-face/f/1: field 3 (y numerator): not an integer: 'x'"},
      {"1,1,1,1,1,1", "f.csv:10: query vertex-face/f/1: 6 fields, expected 7"},
      {"1,1,1,1,1,1,2",
       "f.csv:10: query vertex-face/f/1: field 7 (ground truth): expected 0 or 1, got '2'"},
      {"1,1,1,1,1,1,0",
       "f.csv:10: query vertex-face/f/1: field 7 (ground truth): differs from the query's first "
       "row"},
      {"1e3,1,1,1,1,1,1",
       "f.csv:10: query vertex-face/f/1: field 1 (x numerator): not an integer: '1e3'"},
      {"1,1,1,1,\xff,1,1",
       "f.csv:10: query vertex-face/f/1: field 5 (z numerator): not an integer: '\\xff'"},
      {"1" + std::string(400, '0') + ",1,1,1,1,1,1",
       "f.csv:10: query vertex-face/f/1: field 1 (x numerator): beyond the double range"},
  };
  for (const auto& b : bad) {
    // Query 1's second row (line 10) is bad; queries 0 and 2 load.
    std::string text = query() + "1,2,1,2,1,2,1\n" + b.row + "\n";
    for (int r = 0; r < 6; ++r) text += "1,2,1,2,1,2,1\n";
    text += query();
    SweptLoad out;
    parse_ccd_csv(text, "f.csv", "vertex-face/f", SweptType::vertex_face, out);
    ASSERT_EQ(out.errors.size(), 1u) << b.row;
    EXPECT_EQ(out.errors[0].substr(0, b.message.size()), b.message);
    ASSERT_EQ(out.cases.size(), 2u) << b.row;
    EXPECT_EQ(out.cases[1].id, "vertex-face/f/2");
  }
  SweptLoad out;
  parse_ccd_csv(query() + "1,1,1,1,1,1,1\r\n", "g.csv", "edge-edge/g", SweptType::edge_edge, out);
  ASSERT_EQ(out.errors.size(), 1u);
  EXPECT_EQ(out.errors[0], "g.csv:9: 9 rows, not a multiple of 8: the last 1 are not a query");
  EXPECT_EQ(out.cases.size(), 1u);
}

TEST(SweptReader, FilesWithoutATypeFolderAndMissingPathsAreErrors) {
  const auto dir = std::filesystem::temp_directory_path() / "touchstone-swept-reader";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "edge-edge");
  std::ofstream(dir / "loose.csv") << query();
  std::ofstream(dir / "edge-edge" / "a.csv") << query("-3,4", "0") << query();
  const auto load = load_ccd_csv(dir);
  ASSERT_EQ(load.errors.size(), 1u);
  EXPECT_NE(load.errors[0].find("loose.csv: no folder named vertex-face or edge-edge"),
            std::string::npos);
  ASSERT_EQ(load.cases.size(), 2u);
  EXPECT_EQ(load.cases[0].id, "edge-edge/a/0");
  EXPECT_EQ(load.cases[0].exact.coordinates[5][2], "-3/4");
  EXPECT_EQ(load.cases[0].query.type, SweptType::edge_edge);
  // Written back, the text reads to the same query.
  SweptLoad again;
  parse_ccd_csv(write_ccd_csv(load.cases[0]), "w.csv", "edge-edge/a", SweptType::edge_edge, again);
  ASSERT_EQ(again.cases.size(), 1u);
  EXPECT_EQ(again.cases[0].exact.coordinates, load.cases[0].exact.coordinates);
  EXPECT_EQ(again.cases[0].truth, false);
  const auto missing = load_ccd_csv(dir / "nope");
  ASSERT_EQ(missing.errors.size(), 1u);
  EXPECT_NE(missing.errors[0].find("no such file or folder"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(SweptFamilies, TwentyFourExactRotationsOfEveryBase) {
  const auto all = swept_family_cases({"*"});
  EXPECT_EQ(all.size() % 24, 0u);
  std::set<std::string> ids, families;
  for (const auto& c : all) {
    ids.insert(c.id);
    families.insert(c.family);
    ASSERT_TRUE(c.truth.has_value());
    EXPECT_EQ(c.expected_toi.has_value(), *c.truth);
  }
  EXPECT_EQ(ids.size(), all.size());
  EXPECT_EQ(families.size(), swept_family_names().size());
  EXPECT_EQ(swept_family_cases({"resting"}).size(), 3u * 24u);
  EXPECT_THROW(swept_family_cases({"no-such"}), std::invalid_argument);
}

TEST(SweptCaseDocument, FamiliesWriteAndReadBackExactly) {
  const auto cases = swept_family_cases({"*"});
  nlohmann::json doc = {{"format", "touchstone-case/1"}, {"cases", nlohmann::json::array()}};
  for (const auto& c : cases) doc["cases"].push_back(swept_case_json(c));
  const auto loaded = parse_case_document(doc.dump(), "families.json");
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front().to_string();
  ASSERT_EQ(loaded.swept.size(), cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(loaded.swept[i].id, cases[i].id);
    EXPECT_EQ(loaded.swept[i].exact.coordinates, cases[i].exact.coordinates);
    EXPECT_EQ(loaded.swept[i].query.points, cases[i].query.points);
    EXPECT_EQ(loaded.swept[i].truth, cases[i].truth);
    EXPECT_EQ(loaded.swept[i].expected_toi, cases[i].expected_toi);
  }
}

TEST(SweptCaseDocument, RationalStringsAndBadFields) {
  const std::string good = R"({"id": "q", "kind": "swept", "type": "edge-edge",
      "start": [["1/3", 0, 0], [1, 0, 0], [0, 1, 0], [0, -1, 0]],
      "end": [[0, 0, 1], [1, 0, 1], [0, 1, 1], ["-12345678901234567890123/2", -1, 0]],
      "expected": {"collides": true, "toi": 0}})";
  auto loaded =
      parse_case_document(R"({"format": "touchstone-case/1", "cases": [)" + good + "]}", "s.json");
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front().to_string();
  ASSERT_EQ(loaded.swept.size(), 1u);
  const auto& c = loaded.swept[0];
  EXPECT_EQ(c.exact.coordinates[0][0], "1/3");
  EXPECT_EQ(c.query.points[0][0], 1.0 / 3.0);
  EXPECT_EQ(c.exact.coordinates[7][0], "-12345678901234567890123/2");
  EXPECT_TRUE(c.rounded);
  struct Bad {
    std::string from, to, message;
  };
  const std::vector<Bad> bad{
      {R"("1/3")", R"("1/0")", "field 'start[0][0]': denominator 0"},
      {R"("1/3")", R"("x")", "field 'start[0][0]': expected a number or a rational"},
      {R"("edge-edge")", R"("face-face")", "field 'type': expected \"vertex-face\" or"},
      {R"([1, 0, 0], [0, 1, 0])", R"([1, 0, 0])", "field 'start': expected 4 points"},
      {R"("toi": 0)", R"("toi": 2)", "field 'expected.toi': expected a time in [0, 1]"},
      {R"("end")", R"("ends")", "field 'ends'"},
  };
  for (const auto& b : bad) {
    std::string text = good;
    text.replace(text.find(b.from), b.from.size(), b.to);
    loaded = parse_case_document(R"({"format": "touchstone-case/1", "cases": [)" + text + "]}",
                                 "s.json");
    ASSERT_EQ(loaded.errors.size(), 1u) << b.to;
    EXPECT_NE(loaded.errors[0].to_string().find("s.json: case 'q': " + b.message),
              std::string::npos)
        << loaded.errors[0].to_string();
    EXPECT_TRUE(loaded.swept.empty());
  }
}

TEST(SweptCaseDocument, WholeSolidsReadBackAndBadMeshesNameTheField) {
  const auto cases = swept_family_cases({"solids"});
  ASSERT_EQ(cases.size(), 24u * 24u);  // 12 translating bases, 12 turning
  nlohmann::json doc = {{"format", "touchstone-case/1"}, {"cases", nlohmann::json::array()}};
  for (const auto& c : cases) doc["cases"].push_back(swept_case_json(c));
  auto loaded = parse_case_document(doc.dump(), "solids.json");
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front().to_string();
  ASSERT_EQ(loaded.swept.size(), cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    ASSERT_TRUE(loaded.swept[i].solids);
    const auto& got = *loaded.swept[i].solids;
    const auto& want = *cases[i].solids;
    EXPECT_EQ(got.exact.a.vertices, want.exact.a.vertices);
    EXPECT_EQ(got.exact.b.triangles, want.exact.b.triangles);
    EXPECT_EQ(got.exact.b.end, want.exact.b.end);
    EXPECT_EQ(got.query.a.start, want.query.a.start);
    EXPECT_EQ(got.exact.a.rotation, want.exact.a.rotation);
    EXPECT_EQ(got.query.a.rotation, want.query.a.rotation);
    EXPECT_EQ(loaded.swept[i].expected_toi, cases[i].expected_toi);
  }
  const std::string good = R"({"id": "s", "kind": "swept", "type": "solids", "step": 0.5,
      "a": {"vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
            "triangles": [[0, 2, 1], [0, 1, 3], [1, 2, 3], [0, 3, 2]],
            "start": [0, 0, 2], "end": ["1/3", 0, -2]},
      "b": {"vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0]], "triangles": [[0, 1, 2]],
            "start": [0, 0, 0], "end": [0, 0, 0]}})";
  auto wrap = [](const std::string& c) {
    return R"({"format": "touchstone-case/1", "cases": [)" + c + "]}";
  };
  loaded = parse_case_document(wrap(good), "s.json");
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front().to_string();
  ASSERT_TRUE(loaded.swept.at(0).solids);
  EXPECT_EQ(loaded.swept[0].solids->exact.a.end[0], "1/3");
  EXPECT_EQ(loaded.swept[0].solids->step, 0.5);
  EXPECT_EQ(loaded.swept[0].solids->exact.a.rotation[2], "0");
  {  // a rotation vector is read exactly, and written back
    std::string text = good;
    text.replace(text.find(R"("start": [0, 0, 2])"), 18,
                 R"("start": [0, 0, 2], "rotation": [0, "1/3", 0])");
    const auto rotating = parse_case_document(wrap(text), "s.json");
    ASSERT_TRUE(rotating.errors.empty()) << rotating.errors.front().to_string();
    EXPECT_EQ(rotating.swept.at(0).solids->exact.a.rotation[1], "1/3");
    EXPECT_DOUBLE_EQ(rotating.swept[0].solids->query.a.rotation[1], 1.0 / 3);
    EXPECT_EQ(swept_case_json(rotating.swept[0])["a"]["rotation"][1], "1/3");
  }
  struct Bad {
    std::string from, to, message;
  };
  const std::vector<Bad> bad{
      {R"("step": 0.5)", R"("step": 0)", "field 'step': a step of length 0"},
      {R"("start": [0, 0, 2])", R"("start": [0, 0, 1e200])",
       "field 'a.start[2]': coordinate magnitude"},
      {R"("start": [0, 0, 2])", R"("start": [0, 0, "2/0"])", "field 'a.start[2]': denominator 0"},
      {R"("start": [0, 0, 2])", R"("start": [0, 0, 2], "rotation": [0, 0, "1/0"])",
       "field 'a.rotation[2]': denominator 0"},
      {R"("start": [0, 0, 2])", R"("start": [0, 0, 2], "rotation": [0, 1])",
       "field 'a.rotation': expected [x, y, z]"},
      {R"([[0, 1, 2]])", R"([[0, 1, 3]])", "field 'b.triangles[0][2]': expected a vertex index"},
      {R"([[0, 1, 2]])", R"([[0, 1, 1]])", "field 'b.triangles[0]': a triangle needs three"},
      {R"("triangles": [[0, 1, 2]])", R"("triangles": [])", "field 'b.triangles': expected a non"},
      {R"([[0, 0, 0], [1, 0, 0], [0, 1, 0]])", R"([[0, 0, 0], [1, 0], [0, 1, 0]])",
       "field 'b.vertices[1]': expected [x, y, z]"},
      {R"("end": [0, 0, 0]})", R"("ends": [0, 0, 0]})", "field 'b.ends'"},
  };
  for (const auto& b : bad) {
    std::string text = good;
    text.replace(text.find(b.from), b.from.size(), b.to);
    loaded = parse_case_document(wrap(text), "s.json");
    ASSERT_EQ(loaded.errors.size(), 1u) << b.to;
    EXPECT_NE(loaded.errors[0].to_string().find("s.json: case 's': " + b.message),
              std::string::npos)
        << loaded.errors[0].to_string();
    EXPECT_TRUE(loaded.swept.empty());
  }
}

}  // namespace
}  // namespace touchstone
