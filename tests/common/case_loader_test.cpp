// The case loader: good files load, every kind into its own list, bad files and bad cases give
// errors naming file, case and field, and the other cases of a file still load.
#include "cases/format/case_loader.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace touchstone {
namespace {

const char* kCube = "[[0,0,0],[1,0,0],[0,1,0],[1,1,0],[0,0,1],[1,0,1],[0,1,1],[1,1,1]]";

std::string doc(const std::string& cases) {
  return std::string(R"({"format": "touchstone-case/1", "cases": [)") + cases + "]}";
}

std::string good_case(const std::string& id) {
  return std::string(R"({"id": ")") + id + R"(", "kind": "proximity", "family": "f",
    "shapes": {"A": {"vertices": )" +
         kCube + R"(}, "B": {"vertices": )" + kCube + R"(}},
    "pair": ["A", "B"], "poses": {"B": {"translation": [2, 0, 0], "rotation": [1, 0, 0, 0]}},
    "expected": {"relation": "separated", "distance": 1.0}})";
}

TEST(CaseLoader, LoadsAGoodCase) {
  const auto loaded = parse_case_document(doc(good_case("c1")), "mem.json");
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors[0].to_string();
  ASSERT_EQ(loaded.proximity.size(), 1u);
  const auto& c = loaded.proximity[0];
  EXPECT_EQ(c.id, "c1");
  EXPECT_EQ(c.a.vertices.size(), 8u);
  EXPECT_EQ(c.pose_b.translation, Vec3(2, 0, 0));
  EXPECT_EQ(c.expected_relation, Relation::separated);
  EXPECT_EQ(c.expected_distance, 1.0);
}

struct BadCase {
  std::string json;
  std::string field;
};

TEST(CaseLoader, BadCasesNameTheFieldAndTheRestStillLoads) {
  const std::vector<BadCase> bad = {
      {R"({"id": "nan", "shapes": {"A": {"vertices": [[0,0,0],[1,0,0],[0,1,0],[0,0,"x"]]}, "B": {"vertices": )" +
           std::string(kCube) + "}}}",
       "shapes.A.vertices[3][2]"},
      {R"({"id": "huge", "shapes": {"A": {"vertices": [[0,0,0],[1e200,0,0],[0,1,0],[0,0,1]]}, "B": {"vertices": )" +
           std::string(kCube) + "}}}",
       "shapes.A.vertices[1][0]"},
      {R"({"id": "kind", "kind": "contact-volumes", "shapes": {}})", "kind"},
      {R"({"id": "pair", "shapes": {"A": {"vertices": )" + std::string(kCube) +
           R"(}}, "pair": ["A", "Z"]})",
       "pair"},
      {R"({"id": "face", "shapes": {"A": {"vertices": )" + std::string(kCube) +
           R"(, "faces": [[0, 1, 99]]}, "B": {"vertices": )" + std::string(kCube) + "}}}",
       "shapes.A.faces[0][2]"},
      {R"({"id": "quat", "shapes": {"A": {"vertices": )" + std::string(kCube) +
           R"(}, "B": {"vertices": )" + std::string(kCube) +
           R"(}}, "poses": {"B": {"rotation": [2, 0, 0, 0]}}})",
       "poses.B.rotation"},
      {R"({"id": "rel", "shapes": {"A": {"vertices": )" + std::string(kCube) +
           R"(}, "B": {"vertices": )" + std::string(kCube) +
           R"(}}, "expected": {"relation": "close"}})",
       "expected.relation"},
      {R"({"shapes": {}})", "id"},
  };
  std::string cases = good_case("first");
  for (const auto& b : bad) cases += "," + b.json;
  cases += "," + good_case("last");
  const auto loaded = parse_case_document(doc(cases), "cases/mine.json");
  ASSERT_EQ(loaded.proximity.size(), 2u);
  EXPECT_EQ(loaded.proximity[0].id, "first");
  EXPECT_EQ(loaded.proximity[1].id, "last");
  ASSERT_EQ(loaded.errors.size(), bad.size());
  for (std::size_t i = 0; i < bad.size(); ++i) {
    EXPECT_EQ(loaded.errors[i].file, "cases/mine.json");
    EXPECT_EQ(loaded.errors[i].field, bad[i].field) << loaded.errors[i].to_string();
    EXPECT_NE(loaded.errors[i].to_string().find("cases/mine.json"), std::string::npos);
  }
  EXPECT_EQ(loaded.errors[0].case_id, "nan");
  EXPECT_EQ(loaded.errors.back().case_id, "#" + std::to_string(bad.size()));
}

TEST(CaseLoader, WholeFileErrors) {
  auto malformed =
      parse_case_document("{\"format\": \"touchstone-case/1\", \"cases\": [", "a.json");
  ASSERT_EQ(malformed.errors.size(), 1u);
  EXPECT_NE(malformed.errors[0].message.find("malformed JSON"), std::string::npos);
  auto wrong_format = parse_case_document(R"({"format": "other/2", "cases": []})", "b.json");
  ASSERT_EQ(wrong_format.errors.size(), 1u);
  EXPECT_EQ(wrong_format.errors[0].field, "format");
  auto duplicate = parse_case_document(doc(good_case("x") + "," + good_case("x")), "c.json");
  EXPECT_EQ(duplicate.proximity.size(), 1u);
  ASSERT_EQ(duplicate.errors.size(), 1u);
  EXPECT_EQ(duplicate.errors[0].field, "id");
  auto missing = load_cases("/nonexistent/touchstone.json");
  EXPECT_EQ(missing.errors.size(), 1u);
}

TEST(CaseLoader, OneDocumentHoldsEveryKind) {
  const std::string tetra = R"({"vertices": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]]})";
  const std::string motion = R"({"id": "m", "kind": "motion", "shapes": {"A": )" + tetra +
                             R"(, "B": )" + tetra +
                             R"(}, "frames": [{}, {"B": {"translation": [0, 0, 2]}}]})";
  const std::string lcp = R"({"id": "l", "kind": "lcp", "A": [[1]], "b": [-1]})";
  const auto loaded = parse_case_document(doc(lcp + "," + good_case("p") + "," + motion), "k.json");
  for (const auto& e : loaded.errors) ADD_FAILURE() << e.to_string();
  ASSERT_EQ(loaded.proximity.size(), 1u);
  EXPECT_EQ(loaded.proximity[0].id, "p");
  ASSERT_EQ(loaded.motion.size(), 1u);
  EXPECT_EQ(loaded.motion[0].id, "m");
  ASSERT_EQ(loaded.motion[0].frames.size(), 2u);
  EXPECT_EQ(loaded.motion[0].frames[1].pose_b.translation, Vec3(0, 0, 2));
  ASSERT_EQ(loaded.forces.size(), 1u);
  EXPECT_EQ(loaded.forces[0].id, "l");
  EXPECT_EQ(loaded.forces[0].kind, "lcp");
  EXPECT_EQ(loaded.forces[0].problem.b[0], -1.0);
}

TEST(CaseLoader, UnknownKindNamesFileCaseAndField) {
  const auto loaded = parse_case_document(
      doc(R"({"id": "r", "kind": "contact-volumes"},)" + good_case("ok")), "k.json");
  ASSERT_EQ(loaded.proximity.size(), 1u);
  ASSERT_EQ(loaded.errors.size(), 1u);
  const LoadError& e = loaded.errors[0];
  EXPECT_EQ(e.file, "k.json");
  EXPECT_EQ(e.case_id, "r");
  EXPECT_EQ(e.field, "kind");
  EXPECT_NE(e.message.find("unknown kind 'contact-volumes'"), std::string::npos) << e.message;
  EXPECT_EQ(e.to_string().rfind("k.json: case 'r': field 'kind': ", 0), 0u) << e.to_string();
}

TEST(CaseLoader, CaseIdsAreUniqueAcrossKinds) {
  const auto loaded = parse_case_document(
      doc(good_case("x") + R"(, {"id": "x", "kind": "lcp", "A": [[1]], "b": [1]})"), "d.json");
  EXPECT_EQ(loaded.proximity.size(), 1u);
  EXPECT_TRUE(loaded.forces.empty());
  ASSERT_EQ(loaded.errors.size(), 1u);
  EXPECT_EQ(loaded.errors[0].case_id, "x");
  EXPECT_EQ(loaded.errors[0].field, "id");
}

TEST(CaseLoader, ShippedExamplesLoadCleanly) {
  const auto loaded = load_cases(std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/examples");
  for (const auto& e : loaded.errors) ADD_FAILURE() << e.to_string();
  EXPECT_GE(loaded.proximity.size(), 10u);
}

}  // namespace
}  // namespace touchstone

namespace touchstone {
namespace {

TEST(CaseWriter, WrittenCasesLoadBackBitForBit) {
  ProximityCase c;
  c.id = "w/1";
  c.family = "fam";
  c.tags = {"t"};
  c.a.name = "A";
  c.b.name = "B";
  for (int i = 0; i < 8; ++i) {
    c.a.vertices.emplace_back((i & 1) + 0.1, ((i >> 1) & 1) / 3.0, ((i >> 2) & 1) * 1e-17);
    c.b.vertices.emplace_back((i & 1), ((i >> 1) & 1), ((i >> 2) & 1) + 1e8);
  }
  const double n = std::sqrt(0.3 * 0.3 + 0.1 * 0.1 + 0.7 * 0.7 + 0.2 * 0.2);
  c.pose_b =
      Pose::from_quaternion({0.3 / n, 0.1 / n, -0.7 / n, 0.2 / n}, Vec3(1e8 + 0.5, 1.0 / 7.0, -2));
  c.expected_relation = Relation::separated;
  const auto loaded = parse_case_document(write_case_document({&c}).dump(), "w.json");
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors[0].to_string();
  ASSERT_EQ(loaded.proximity.size(), 1u);
  const ProximityCase& back = loaded.proximity[0];
  EXPECT_EQ(back.id, c.id);
  EXPECT_EQ(back.a.vertices, c.a.vertices);
  EXPECT_EQ(back.b.vertices, c.b.vertices);
  EXPECT_EQ(back.pose_b.rotation, c.pose_b.rotation);
  EXPECT_EQ(back.pose_b.translation, c.pose_b.translation);
  EXPECT_EQ(back.expected_relation, c.expected_relation);
}

}  // namespace
}  // namespace touchstone
