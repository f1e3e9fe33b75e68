// Contact-region cases (kind "contact-regions"): fields, steps, velocities, meshes, errors naming
// the field, the writer's bit-exact round trip, and the shipped examples.
#include "cases/format/region_case.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "cases/format/case_loader.hpp"

namespace touchstone {
namespace {

namespace fs = std::filesystem;

const std::string kCube =
    R"({"vertices": [[0,0,0],[1,0,0],[1,1,0],[0,1,0],[0,0,1],[1,0,1],[1,1,1],[0,1,1]]})";

std::string doc(const std::string& cases) {
  return R"({"format": "touchstone-case/1", "cases": [)" + cases + "]}";
}

std::string region(const std::string& id, const std::string& rest) {
  return R"({"id": ")" + id + R"(", "kind": "contact-regions", "shapes": {"A": )" + kCube +
         R"(, "B": )" + kCube + R"(}, "pair": ["A", "B"])" + rest + "}";
}

LoadError only_error(const LoadedCases& loaded) {
  EXPECT_TRUE(loaded.regions.empty());
  EXPECT_EQ(loaded.errors.size(), 1u);
  return loaded.errors.empty() ? LoadError{} : loaded.errors[0];
}

TEST(RegionCase, OneStepWithPosesVelocitiesAndExpected) {
  const auto loaded = parse_case_document(doc(region("r", R"(, "family": "f", "tags": ["t"],
        "poses": {"B": {"translation": [1, 0, 0]}},
        "velocities": {"A": {"linear": [0.5, 0, 0]}, "B": {"angular": [0, 0, 2]}},
        "expected": {"relation": "touching", "sufficient_regions": 1})")),
                                          "r.json");
  for (const auto& e : loaded.errors) ADD_FAILURE() << e.to_string();
  ASSERT_EQ(loaded.regions.size(), 1u);
  const RegionCase& c = loaded.regions[0];
  EXPECT_EQ(c.id, "r");
  EXPECT_EQ(c.family, "f");
  EXPECT_EQ(c.a.vertices.size(), 8u);
  EXPECT_TRUE(c.a.mesh.empty());
  ASSERT_EQ(c.steps.size(), 1u);
  EXPECT_EQ(c.steps[0].pose_b.translation, Vec3(1, 0, 0));
  EXPECT_EQ(c.steps[0].pose_a.translation, Vec3::Zero());
  ASSERT_TRUE(c.steps[0].velocity_a && c.steps[0].velocity_b);
  EXPECT_EQ(c.steps[0].velocity_a->linear, Vec3(0.5, 0, 0));
  EXPECT_EQ(c.steps[0].velocity_a->angular, Vec3::Zero());
  EXPECT_EQ(c.steps[0].velocity_b->angular, Vec3(0, 0, 2));
  EXPECT_EQ(c.expected_relation, Relation::touching);
  EXPECT_EQ(c.expected_sufficient_regions, 1);
  EXPECT_EQ(c.origin["file"], "r.json");
}

TEST(RegionCase, StepsKeepPosesButNotVelocities) {
  const auto loaded = parse_case_document(doc(region("s", R"(, "steps": [
        {"poses": {"A": {"translation": [0, 0, 1]}, "B": {"translation": [3, 0, 0]}},
         "velocities": {"A": {"linear": [-1, 0, 0]}}},
        {"poses": {"A": {"translation": [0, 0, 0.5]}}},
        {}])")),
                                          "s.json");
  for (const auto& e : loaded.errors) ADD_FAILURE() << e.to_string();
  ASSERT_EQ(loaded.regions.size(), 1u);
  const auto& steps = loaded.regions[0].steps;
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[0].pose_a.translation, Vec3(0, 0, 1));
  EXPECT_TRUE(steps[0].velocity_a.has_value());
  EXPECT_FALSE(steps[0].velocity_b.has_value());
  EXPECT_EQ(steps[1].pose_a.translation, Vec3(0, 0, 0.5));
  EXPECT_EQ(steps[1].pose_b.translation, Vec3(3, 0, 0));  // kept from step 0
  EXPECT_FALSE(steps[1].velocity_a.has_value());
  EXPECT_EQ(steps[2].pose_a.translation, Vec3(0, 0, 0.5));
}

TEST(RegionCase, ErrorsNameTheField) {
  struct Bad {
    std::string rest, field, words;
  };
  const std::vector<Bad> bad{
      {R"(, "steps": [{}], "poses": {})", "poses", "not allowed beside steps"},
      {R"(, "steps": [{}], "velocities": {})", "velocities", "not allowed beside steps"},
      {R"(, "steps": [])", "steps", "non-empty"},
      {R"(, "steps": [{}, {"poses": {"C": {}}}])", "steps[1].poses.C", "no such shape"},
      {R"(, "steps": [{"spin": 1}])", "steps[0].spin", "unknown field"},
      {R"(, "velocities": {"A": {"linear": [1, 0]}})", "velocities.A.linear", "3 numbers"},
      {R"(, "velocities": {"A": {"twist": [1, 0, 0]}})", "velocities.A.twist", "unknown field"},
      {R"(, "expected": {"sufficient_regions": -1})", "expected.sufficient_regions",
       "non-negative"},
      {R"(, "expected": {"relation": "near"})", "expected.relation", "touching"},
      {R"(, "expected": {"distance": 0})", "expected.distance", "unknown field"},
      {R"(, "frames": [])", "frames", "unknown field"},
  };
  for (const Bad& b : bad) {
    const LoadError e = only_error(parse_case_document(doc(region("x", b.rest)), "e.json"));
    EXPECT_EQ(e.file, "e.json");
    EXPECT_EQ(e.case_id, "x");
    EXPECT_EQ(e.field, b.field) << b.rest << ": " << e.message;
    EXPECT_NE(e.message.find(b.words), std::string::npos) << b.rest << ": " << e.message;
  }
}

fs::path temp_dir() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("touchstone-region-test-" + std::to_string(getpid()));
    fs::create_directories(d / "sub");
    return d;
  }();
  return dir;
}

std::string mesh_case(const std::string& id, const std::string& mesh) {
  return R"({"id": ")" + id + R"(", "kind": "contact-regions", "shapes": {"A": {"mesh": ")" + mesh +
         R"("}, "B": )" + kCube + R"(}, "pair": ["A", "B"]})";
}

TEST(RegionCase, MeshShapesResolveRelativeToTheCaseFile) {
  const fs::path dir = temp_dir();
  fs::copy_file(std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/meshes/cube.stl", dir / "sub/c.stl",
                fs::copy_options::overwrite_existing);
  std::ofstream(dir / "sub/open.off") << "OFF\n4 3 0\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n"
                                         "3 0 2 1\n3 0 1 3\n3 1 2 3\n";
  std::ofstream(dir / "cases.json")
      << doc(mesh_case("ok", "sub/c.stl") + "," + mesh_case("missing", "sub/none.off") + "," +
             mesh_case("open", "sub/open.off"));
  const LoadedCases loaded = load_cases(dir / "cases.json");
  ASSERT_EQ(loaded.regions.size(), 1u);
  const RegionCase& c = loaded.regions[0];
  EXPECT_EQ(c.a.vertices.size(), 8u);
  ASSERT_TRUE(c.a.faces.has_value());
  EXPECT_EQ(c.a.faces->size(), 6u);
  EXPECT_EQ(fs::path(c.a.mesh), dir / "sub/c.stl");
  ASSERT_EQ(loaded.errors.size(), 2u);
  EXPECT_EQ(loaded.errors[0].case_id, "missing");
  EXPECT_EQ(loaded.errors[0].field, "shapes.A.mesh");
  EXPECT_NE(loaded.errors[0].message.find("none.off: no such file"), std::string::npos);
  EXPECT_EQ(loaded.errors[1].field, "shapes.A.mesh");
  EXPECT_NE(loaded.errors[1].message.find("open.off: open:"), std::string::npos)
      << loaded.errors[1].message;
}

TEST(RegionCase, MeshFieldOnlyInRegionCases) {
  const auto loaded = parse_case_document(
      doc(R"({"id": "p", "shapes": {"A": {"mesh": "a.off"}, "B": )" + kCube + "}}"), "p.json");
  ASSERT_EQ(loaded.errors.size(), 1u);
  EXPECT_EQ(loaded.errors[0].field, "shapes.A.mesh");
  EXPECT_NE(loaded.errors[0].message.find("only in contact-regions"), std::string::npos);
}

bool same_bits(double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; }
bool same_bits(const Vec3& a, const Vec3& b) {
  return same_bits(a.x(), b.x()) && same_bits(a.y(), b.y()) && same_bits(a.z(), b.z());
}

TEST(RegionCase, WriterRoundTripsBitForBit) {
  RegionCase c;
  c.id = "w";
  c.family = "fam";
  c.tags = {"t1", "t2"};
  c.a.name = "peg";
  c.b.name = "hole";
  for (int i = 0; i < 8; ++i) {
    c.a.vertices.emplace_back((i & 1) + 0.1, ((i >> 1) & 1) / 3.0, ((i >> 2) & 1) * 1e-17);
    c.b.vertices.emplace_back((i & 1), ((i >> 1) & 1), ((i >> 2) & 1) + 1e8);
  }
  c.b.faces = std::vector<std::vector<int>>{{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                                            {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  const double n = std::sqrt(0.3 * 0.3 + 0.1 * 0.1 + 0.7 * 0.7 + 0.2 * 0.2);
  for (int k = 0; k < 3; ++k) {
    RegionStep s{Pose::from_quaternion({0.3 / n, 0.1 / n, -0.7 / n, 0.2 / n},
                                       Vec3(1.0 / 7.0 * k, 1e-300, -2)),
                 Pose::identity(), std::nullopt, std::nullopt};
    if (k != 1) s.velocity_a = BodyVelocity{Vec3(0.1 * k, 0, 1.0 / 3.0), Vec3(0, 1e-9, 0)};
    c.steps.push_back(s);
  }
  c.expected_relation = Relation::penetrating;
  c.expected_sufficient_regions = 4;
  const std::string text = write_region_case_document({&c}).dump();
  const auto loaded = parse_case_document(text, "w.json");
  for (const auto& e : loaded.errors) ADD_FAILURE() << e.to_string();
  ASSERT_EQ(loaded.regions.size(), 1u);
  const RegionCase& r = loaded.regions[0];
  EXPECT_EQ(r.id, c.id);
  EXPECT_EQ(r.family, c.family);
  EXPECT_EQ(r.tags, c.tags);
  EXPECT_EQ(r.a.name, "peg");
  EXPECT_FALSE(r.a.faces.has_value());
  EXPECT_EQ(r.b.faces, c.b.faces);
  for (std::size_t i = 0; i < 8; ++i) {
    EXPECT_TRUE(same_bits(r.a.vertices[i], c.a.vertices[i]));
    EXPECT_TRUE(same_bits(r.b.vertices[i], c.b.vertices[i]));
  }
  ASSERT_EQ(r.steps.size(), 3u);
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_TRUE(same_bits(r.steps[k].pose_a.translation, c.steps[k].pose_a.translation));
    EXPECT_EQ(r.steps[k].pose_a.rotation, c.steps[k].pose_a.rotation);
    EXPECT_EQ(r.steps[k].velocity_a.has_value(), c.steps[k].velocity_a.has_value());
    EXPECT_FALSE(r.steps[k].velocity_b.has_value());
    if (c.steps[k].velocity_a && r.steps[k].velocity_a) {
      EXPECT_TRUE(same_bits(r.steps[k].velocity_a->linear, c.steps[k].velocity_a->linear));
      EXPECT_TRUE(same_bits(r.steps[k].velocity_a->angular, c.steps[k].velocity_a->angular));
    }
  }
  EXPECT_EQ(r.expected_relation, Relation::penetrating);
  EXPECT_EQ(r.expected_sufficient_regions, 4);
  // One step is written with top-level poses and loads back the same.
  c.steps.resize(1);
  const auto one = parse_case_document(write_region_case_document({&c}).dump(), "w1.json");
  ASSERT_EQ(one.regions.size(), 1u);
  EXPECT_FALSE(write_region_case_document({&c})["cases"][0].contains("steps"));
  EXPECT_TRUE(same_bits(one.regions[0].steps[0].velocity_a->angular.y(), 1e-9));
}

TEST(RegionCase, ShippedExamplesLoad) {
  const std::string dir = std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/examples/";
  const LoadedCases inline_cases = load_cases(dir + "regions.json");
  for (const auto& e : inline_cases.errors) ADD_FAILURE() << e.to_string();
  EXPECT_GE(inline_cases.regions.size(), 5u);
  // The CGAL meshes come from harness/scripts/fetch-meshes.sh (run by install-deps.sh).
  const LoadedCases meshes = load_cases(dir + "regions-meshes.json");
  for (const auto& e : meshes.errors) ADD_FAILURE() << e.to_string();
  EXPECT_GE(meshes.regions.size(), 3u);
  for (const RegionCase& c : meshes.regions) EXPECT_FALSE(c.a.mesh.empty() && c.b.mesh.empty());
}

}  // namespace
}  // namespace touchstone
