// Bad inputs (issue 11): every parse, schema, geometry, size and overflow error in a case file is
// a load error naming the file, the case and the field, pinned here with its exact text; nothing
// ends in an exception, a signal or a silent pass; the good cases of a run over good and bad files
// are still run and reported. Messages quoting nlohmann's parser keep its line and column.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cases/format/case_loader.hpp"
#include "cases/format/json_reader.hpp"
#include "harness/proximity/report.hpp"
#include "tests/support/gjk_variants.hpp"

namespace touchstone {
namespace {

namespace fs = std::filesystem;

const std::string kCubeVertices =
    "[[0,0,0],[1,0,0],[0,1,0],[1,1,0],[0,0,1],[1,0,1],[0,1,1],[1,1,1]]";
// Outward, counter-clockwise: bottom, top, y = 0, y = 1, x = 0, x = 1.
const std::string kCubeFaces = "[[0,2,3,1],[4,5,7,6],[0,1,5,4],[2,6,7,3],[0,4,6,2],[1,3,7,5]]";
const std::string kCube = R"({"vertices": )" + kCubeVertices + "}";

std::string doc(const std::string& cases) {
  return R"({"format": "touchstone-case/1", "cases": [)" + cases + "]}";
}

// A proximity case `id`: shape A as given, B a unit cube 3 away along x, then `extra` members.
std::string prox(const std::string& id, const std::string& a = kCube,
                 const std::string& extra = "") {
  return R"({"id": ")" + id + R"(", "shapes": {"A": )" + a + R"(, "B": )" + kCube +
         R"(}, "pair": ["A", "B"], "poses": {"B": {"translation": [3, 0, 0]}})" + extra + "}";
}

std::string brep(const std::string& vertices, const std::string& faces) {
  return R"({"vertices": )" + vertices + R"(, "faces": )" + faces + "}";
}

std::string motion(const std::string& id, const std::string& extra) {
  return R"({"id": ")" + id + R"(", "kind": "motion", "shapes": {"A": )" + kCube + R"(, "B": )" +
         kCube + R"(}, "frames": [{}, {"B": {"translation": [3, 0, 0]}}])" + extra + "}";
}

std::string region(const std::string& id, const std::string& extra) {
  return R"({"id": ")" + id + R"(", "kind": "contact-regions", "shapes": {"A": )" + kCube +
         R"(, "B": )" + kCube + R"(}, "poses": {"B": {"translation": [0, 0, 1]}})" + extra + "}";
}

// A block of mass `mass` on a fixed floor, one contact; `block` is added to the block's members,
// `extra` to the case's.
std::string forces(const std::string& id, const std::string& block, const std::string& extra = "",
                   const std::string& mass = "1") {
  return R"({"id": ")" + id + R"(", "kind": "contact-forces", "bodies": [
    {"name": "floor", "fixed": true},
    {"name": "block", "mass": )" +
         mass + R"(, "position": [0, 0, 0.5])" + block + R"(}],
    "contacts": [{"bodies": ["block", "floor"], "point": [0, 0, 0], "normal": [0, 0, 1]}])" +
         extra + "}";
}

std::string lcp(const std::string& id, const std::string& a, const std::string& b,
                const std::string& extra = "") {
  return R"({"id": ")" + id + R"(", "kind": "lcp", "A": )" + a + R"(, "b": )" + b + extra + "}";
}

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

LoadOptions with_limit(const std::string& assignment) {
  LoadOptions o;
  EXPECT_FALSE(set_limit(o.limits, assignment).has_value()) << assignment;
  return o;
}

struct Bad {
  std::string what;
  std::string text;
  std::string expected;  // the one load error, as LoadError::to_string() writes it
  LoadOptions options = {};
};

std::vector<std::string> messages(const std::vector<LoadError>& errors) {
  std::vector<std::string> out;
  for (const LoadError& e : errors) out.push_back(e.to_string());
  return out;
}

// Each document gives exactly its one error; the cases around a bad case still load.
void expect_errors(const std::vector<Bad>& table) {
  for (const Bad& b : table) {
    SCOPED_TRACE(b.what);
    const LoadedCases loaded = parse_case_document(b.text, "bad.json", b.options);
    EXPECT_EQ(messages(loaded.errors), std::vector<std::string>{b.expected});
    // Whatever was read goes into a report: it must dump (valid UTF-8, bounded depth).
    EXPECT_NO_THROW((void)load_errors_json(loaded.errors).dump());
  }
}

TEST(BadInputs, DocumentsThatAreNotCaseDocuments) {
  expect_errors({
      {"truncated", R"({"format": "touchstone-case/1", "cases": [)",
       "bad.json: malformed JSON: [json.exception.parse_error.101] parse error at line 1, column "
       "43: syntax error while parsing value - unexpected end of input; expected '[', '{', or a "
       "literal"},
      {"stray byte 0xff between values", "{\"format\": \"touchstone-case/1\", \xff \"cases\": []}",
       "bad.json: malformed JSON: [json.exception.parse_error.101] parse error at line 1, column "
       "33: syntax error while parsing object key - invalid literal; last read: "
       "'\"touchstone-case/1\", \\xff'; expected string literal"},
      {"not an object", "[1, 2]",
       "bad.json: expected a JSON object with \"format\": \"touchstone-case/1\", got array"},
      {"format missing", R"({"cases": []})",
       "bad.json: field 'format': missing (expected \"touchstone-case/1\")"},
      {"format is a number", R"({"format": 5, "cases": []})",
       "bad.json: field 'format': expected \"touchstone-case/1\", got number"},
      {"format of another version", R"({"format": "touchstone-case/2", "cases": []})",
       "bad.json: field 'format': expected \"touchstone-case/1\", got \"touchstone-case/2\""},
      {"cases is an object", R"({"format": "touchstone-case/1", "cases": {}})",
       "bad.json: field 'cases': missing or not an array"},
      {"unknown top-level field", R"({"format": "touchstone-case/1", "cases": [], "version": 1})",
       "bad.json: field 'version': unknown field"},
      {"number overflow outside the cases",
       R"({"format": "touchstone-case/1", "cases": [], "version": 1e400})",
       "bad.json: field 'version': number 1e400 overflows a double"},
      {"key given twice at the top", R"({"format": "touchstone-case/1", "cases": [], "cases": []})",
       "bad.json: field 'cases': key given twice in one object"},
  });
}

TEST(BadInputs, InvalidUtf8IsRejectedAndNeverReachesAReport) {
  // nlohmann's column is the 1-based position of the byte it rejects, found here in the text.
  const std::string in_id = doc("{\"id\": \"p\xff\"}");
  const std::string in_key = doc("{\"id\": \"u\", \"shapes\": {\"A\xe2\x82\": {}}}");
  const std::string surrogate = doc(prox("s", kCube, ", \"family\": \"\xed\xa0\x80\""));
  const auto column = [](const std::string& text, const std::string& bytes, std::size_t k) {
    return std::to_string(text.find(bytes) + k + 1);
  };
  expect_errors({
      {"ill-formed UTF-8 in an id (the id is not known yet: the case is named by index)", in_id,
       "bad.json: case '#0': malformed JSON: [json.exception.parse_error.101] parse error at line "
       "1, column " +
           column(in_id, "\xff", 0) +
           ": syntax error while parsing value - invalid string: ill-formed UTF-8 byte; last "
           "read: '\"p\\xff'"},
      {"a truncated 3-byte sequence in a shape name (the quote after 0xE2 0x82 is rejected)",
       in_key,
       "bad.json: case 'u': malformed JSON: [json.exception.parse_error.101] parse error at line "
       "1, column " +
           column(in_key, "\xe2\x82", 2) +
           ": syntax error while parsing object key - invalid string: ill-formed UTF-8 byte; "
           "last read: '\"A\\xe2\\x82\"'; expected string literal"},
      {"an encoded surrogate in a family (0xED must be followed by 0x80-0x9F, not 0xA0)", surrogate,
       "bad.json: case 's': malformed JSON: [json.exception.parse_error.101] parse error at line "
       "1, column " +
           column(surrogate, "\xed", 1) +
           ": syntax error while parsing value - invalid string: ill-formed UTF-8 byte; last "
           "read: '\"\\xed\\xa0'"},
  });
  // A file name that is not UTF-8: its cases load, and every string naming it is made valid.
  const std::string name = "cases/bad\xff\xfe.json";
  const LoadedCases loaded =
      parse_case_document(doc(prox("ok") + "," + prox("empty", R"({"vertices": []})")), name);
  ASSERT_EQ(loaded.proximity.size(), 1u);
  EXPECT_EQ(loaded.proximity[0].origin["file"], "cases/bad\\xff\\xfe.json");
  EXPECT_EQ(messages(loaded.errors),
            std::vector<std::string>{"cases/bad\\xff\\xfe.json: case 'empty': field "
                                     "'shapes.A.vertices': a shape needs at least one vertex, got "
                                     "none"});
  EXPECT_NO_THROW((void)loaded.proximity[0].origin.dump());
  EXPECT_NO_THROW((void)load_errors_json(loaded.errors).dump());
  EXPECT_EQ(valid_utf8("\xf0\x9f\x98\x80 ok \xc3\xa9"), "\xf0\x9f\x98\x80 ok \xc3\xa9");
  EXPECT_EQ(valid_utf8("a\xc3"), "a\\xc3");
  EXPECT_EQ(valid_utf8("\xc0\xaf"), "\\xc0\\xaf");                    // overlong '/'
  EXPECT_EQ(valid_utf8("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // above U+10FFFF
}

TEST(BadInputs, NumbersThatOverflowADoubleNameTheirField) {
  expect_errors({
      {"1e400 in a vertex", doc(prox("o", R"({"vertices": [[0,0,0],[1e400,0,0]]})")),
       "bad.json: case 'o': field 'shapes.A.vertices[1][0]': number 1e400 overflows a double"},
      {"-1.3e012083085 in expected.distance",
       doc(prox("d", kCube, R"(, "expected": {"distance": -1.3e012083085})")),
       "bad.json: case 'd': field 'expected.distance': number -1.3e012083085 overflows a double"},
      {"overflow before the id is read: the case is named by index",
       doc(prox("first") + R"(, {"shapes": {"A": {"vertices": [[1e999]]}}, "id": "late"})"),
       "bad.json: case '#1': field 'shapes.A.vertices[0][0]': number 1e999 overflows a double"},
      {"a coordinate that fits a double but not the geometry",
       doc(prox("h", R"({"vertices": [[0,0,0],[1e200,0,0],[0,1,0],[0,0,1]]})")),
       "bad.json: case 'h': field 'shapes.A.vertices[1][0]': coordinate magnitude above 1e150 is "
       "not supported"},
  });
}

TEST(BadInputs, KindsAndIdsOfTheWrongType) {
  expect_errors({
      {"kind is a number", doc(R"({"id": "k", "kind": 5})"),
       "bad.json: case 'k': field 'kind': expected a string, got number (known: proximity, "
       "motion, contact-forces, lcp, contact-regions, swept)"},
      {"kind unknown", doc(R"({"id": "k", "kind": "volumes"})"),
       "bad.json: case 'k': field 'kind': unknown kind 'volumes' (known: proximity, motion, "
       "contact-forces, lcp, contact-regions, swept)"},
      {"id is a number", doc(R"({"id": 5, "kind": "motion"})"),
       "bad.json: case '#0': field 'id': missing or not a non-empty string"},
      {"a case that is not an object", doc("5"), "bad.json: case '#0': a case must be an object"},
      {"an id twice in one file", doc(prox("twice") + "," + prox("twice")),
       "bad.json: case 'twice': field 'id': duplicate case id in this file"},
      {"a key twice in one case", doc(prox("k2", kCube, R"(, "poses": {})")),
       "bad.json: case 'k2': field 'poses': key given twice in one object"},
  });
}

TEST(BadInputs, UnknownFieldsAreErrorsInEveryKind) {
  expect_errors({
      {"proximity: pose for poses", doc(prox("p", kCube, R"(, "pose": {"B": {}})")),
       "bad.json: case 'p': field 'pose': unknown field"},
      {"proximity: a shape's face for faces",
       doc(prox("p", R"({"vertices": )" + kCubeVertices + R"(, "face": []})")),
       "bad.json: case 'p': field 'shapes.A.face': unknown field"},
      {"proximity: a pose's translate",
       doc(R"({"id": "p", "shapes": {"A": )" + kCube + R"(, "B": )" + kCube +
           R"(}, "poses": {"B": {"translate": [3, 0, 0]}}})"),
       "bad.json: case 'p': field 'poses.B.translate': unknown field"},
      {"proximity: expected.dist", doc(prox("p", kCube, R"(, "expected": {"dist": 2})")),
       "bad.json: case 'p': field 'expected.dist': unknown field"},
      {"motion: frame beside frames", doc(motion("m", R"(, "frame": [])")),
       "bad.json: case 'm': field 'frame': unknown field"},
      {"motion: a frame's pose",
       doc(R"({"id": "m", "kind": "motion", "shapes": {"A": )" + kCube + R"(, "B": )" + kCube +
           R"(}, "frames": [{"B": {"rot": [1, 0, 0, 0]}}]})"),
       "bad.json: case 'm': field 'frames[0].B.rot': unknown field"},
      {"contact-regions: velocity for velocities",
       doc(region("r", R"(, "velocity": {"A": {"linear": [0, 0, -1]}})")),
       "bad.json: case 'r': field 'velocity': unknown field"},
      {"contact-forces: a body's masss", doc(forces("f", R"(, "masss": 2)")),
       "bad.json: case 'f': field 'bodies[1].masss': unknown field"},
      {"contact-forces: a top-level field", doc(forces("f", "", R"(, "gravity_": [0, 0, -1])")),
       "bad.json: case 'f': field 'gravity_': unknown field"},
      {"lcp: c", doc(lcp("l", "[[1]]", "[-1]", R"(, "c": 0)")),
       "bad.json: case 'l': field 'c': unknown field"},
  });
}

TEST(BadInputs, LenientMakesUnknownFieldsWarnings) {
  LoadOptions lenient;
  lenient.lenient = true;
  const LoadedCases loaded = parse_case_document(
      R"({"format": "touchstone-case/1", "note": "x", "cases": [)" +
          prox("p", kCube, R"(, "pose": {"B": {}})") + "," + forces("f", R"(, "masss": 2)") + "]}",
      "bad.json", lenient);
  EXPECT_TRUE(loaded.errors.empty()) << messages(loaded.errors)[0];
  ASSERT_EQ(loaded.proximity.size(), 1u);
  EXPECT_EQ(loaded.proximity[0].pose_b.translation, Vec3(3, 0, 0));  // `poses` read, `pose` ignored
  ASSERT_EQ(loaded.forces.size(), 1u);
  EXPECT_EQ(
      messages(loaded.warnings),
      (std::vector<std::string>{
          "bad.json: field 'note': unknown field (ignored: --lenient)",
          "bad.json: case 'p': field 'pose': unknown field (ignored: --lenient)",
          "bad.json: case 'f': field 'bodies[1].masss': unknown field (ignored: --lenient)"}));
}

TEST(BadInputs, GeometryErrorsAreLoadErrorsOnTheFieldTheShapeHas) {
  expect_errors({
      {"no vertex", doc(prox("g", R"({"vertices": []})")),
       "bad.json: case 'g': field 'shapes.A.vertices': a shape needs at least one vertex, got "
       "none"},
      {"a point below the smallest extent",
       doc(prox("g", R"({"vertices": [[0,0,0],[1e-101,0,0]]})")),
       "bad.json: case 'g': field 'shapes.A.vertices': the shape spans 1e-101 (largest side of "
       "its bounding box), below the supported 1e-100"},
      {"a 1e-320 cube without faces",
       doc(prox("tiny", R"({"vertices": [[0,0,0],[1e-320,0,0],[0,1e-320,0],[1e-320,1e-320,0],
           [0,0,1e-320],[1e-320,0,1e-320],[0,1e-320,1e-320],[1e-320,1e-320,1e-320]]})")),
       "bad.json: case 'tiny': field 'shapes.A.vertices': the shape spans 1e-320 (largest side "
       "of its bounding box), below the supported 1e-100"},
      {"open mesh: the cube without its x = 1 face",
       doc(prox("open",
                brep(kCubeVertices, "[[0,2,3,1],[4,5,7,6],[0,1,5,4],[2,6,7,3],[0,4,6,2]]"))),
       "bad.json: case 'open': field 'shapes.A.faces': mesh is not closed: edge 1->5 of faces[2] "
       "has no neighbouring face"},
      {"non-planar face: vertex 7 raised by 0.1",
       doc(prox("bent", brep("[[0,0,0],[1,0,0],[0,1,0],[1,1,0],[0,0,1],[1,0,1],[0,1,1],[1,1,1.1]]",
                             kCubeFaces))),
       // Top face 4 5 7 6: Newell normal (-0.1, -0.1, 2) from vertex 4, so vertex 5 = 4 + (1, 0,
       // 0) is 0.1 / sqrt(4.02) = 0.0498755 off; diameter sqrt(1 + 1 + 1.21) = 1.79165.
       "bad.json: case 'bent': field 'shapes.A.faces[1]': faces[1] is not planar: vertex 5 is "
       "0.0498755 off its plane (tolerance 1e-09 x diameter 1.79165)"},
      {"duplicate vertices in a B-rep",
       doc(prox("dup", brep("[[0,0,0],[1,0,0],[0,1,0],[1,1,0],[0,0,1],[1,0,1],[0,1,1],[1,1,1],"
                            "[0,0,0]]",
                            kCubeFaces))),
       "bad.json: case 'dup': field 'shapes.A.vertices[0]': vertices[0] and vertices[8] coincide"},
      {"faces oriented inward",
       doc(prox("in", brep(kCubeVertices,
                           "[[1,3,2,0],[6,7,5,4],[4,5,1,0],[3,7,6,2],[2,6,4,0],[5,7,3,1]]"))),
       "bad.json: case 'in': field 'shapes.A.faces': faces are oriented inward (they must be "
       "counter-clockwise seen from outside)"},
      {"a face index out of range", doc(prox("idx", brep(kCubeVertices, "[[0, 1, 99]]"))),
       "bad.json: case 'idx': field 'shapes.A.faces[0][2]': not a vertex index in [0, 8)"},
      {"a region case's B shape",
       doc(R"({"id": "r", "kind": "contact-regions", "shapes": {"A": )" + kCube +
           R"(, "B": {"vertices": [[0,0,0],[1,0,0],[2,0,0],[3,0,0]]}}})"),
       "bad.json: case 'r': field 'shapes.B.vertices': the points span a segment (dimension 1): "
       "this kind of case needs solids"},
      {"a region case's flat A shape",
       doc(R"({"id": "r", "kind": "contact-regions", "shapes": {"A": {"vertices": [[0,0,0],[1,0,0],[0,1,0],[1,1,0]]}, "B": )" +
           kCube + R"(}})"),
       "bad.json: case 'r': field 'shapes.A.vertices': the points span a polygon (dimension 2): "
       "this kind of case needs solids"},
      {"a motion case's open B-rep",
       doc(R"({"id": "m", "kind": "motion", "shapes": {"A": )" +
           brep(kCubeVertices, "[[0,2,3,1],[4,5,7,6],[0,1,5,4],[2,6,7,3],[0,4,6,2]]") +
           R"(, "B": )" + kCube + R"(}, "frames": [{}]})"),
       "bad.json: case 'm': field 'shapes.A.faces': mesh is not closed: edge 1->5 of faces[2] "
       "has no neighbouring face"},
  });
}

// Issue 14 part 5: a hull of `vertices` that is a point, a segment or a polygon is a shape of a
// proximity or motion case (region cases need solids, above), of the dimension its points span.
TEST(BadInputs, PointsSegmentsAndPolygonsLoadInProximityAndMotionCases) {
  const std::string point = R"({"vertices": [[1,2,3],[1,2,3]]})";
  const std::string segment = R"({"vertices": [[0,0,0],[1,0,0],[2,0,0],[3,0,0]]})";
  const std::string polygon = R"({"vertices": [[0,0,0],[1,0,0],[0,1,0],[1,1,0],[0.5,0.5,0]]})";
  const LoadedCases loaded = parse_case_document(
      doc(prox("point", point) + "," + prox("segment", segment) + "," + prox("polygon", polygon) +
          R"(, {"id": "m", "kind": "motion", "shapes": {"A": )" + polygon + R"(, "B": )" + point +
          R"(}, "frames": [{}]})"),
      "ok.json");
  EXPECT_TRUE(loaded.errors.empty()) << messages(loaded.errors)[0];
  ASSERT_EQ(loaded.proximity.size(), 3u);
  ASSERT_EQ(loaded.motion.size(), 1u);
  const std::vector<int> dimensions{0, 1, 2};
  for (std::size_t i = 0; i < 3; ++i)
    EXPECT_EQ(Polytope::from_points(loaded.proximity[i].a.vertices).dimension(), dimensions[i])
        << loaded.proximity[i].id;
  EXPECT_EQ(Polytope::from_points(loaded.motion[0].a.vertices).vertices().size(), 4u);
}

TEST(BadInputs, SizeLimitsAreClearAndOverridable) {
  std::string big = "[";
  for (int i = 0; i < 200000; ++i)
    big += (i ? ",[" : "[") + std::to_string(i % 97) + "," + std::to_string(i / 97) + "," +
           std::to_string(i % 13) + "]";
  big += "]";
  const std::string three_steps = R"(, "steps": [{}, {}, {}])";
  expect_errors({
      {"200,000 vertices under the default limit", doc(prox("big", R"({"vertices": )" + big + "}")),
       "bad.json: case 'big': field 'shapes.A.vertices': 200000 vertices, above the limit of "
       "20000 (raise it with --limit vertices=N)"},
      {"8 vertices, limit 7", doc(prox("v", kCube)),
       "bad.json: case 'v': field 'shapes.A.vertices': 8 vertices, above the limit of 7 (raise "
       "it with --limit vertices=N)",
       with_limit("vertices=7")},
      {"6 faces, limit 5", doc(prox("f", brep(kCubeVertices, kCubeFaces))),
       "bad.json: case 'f': field 'shapes.A.faces': 6 faces, above the limit of 5 (raise it with "
       "--limit faces=N)",
       with_limit("faces=5")},
      {"an LCP of 3 rows, limit 2", doc(lcp("l", "[[1,0,0],[0,1,0],[0,0,1]]", "[-1,-1,-1]")),
       "bad.json: case 'l': field 'b': 3 rows, above the limit of 2 (raise it with --limit "
       "matrix=N)",
       with_limit("matrix=2")},
      {"one free body is 6 rows of the mass matrix, limit 5", doc(forces("fb", "")),
       "bad.json: case 'fb': field 'bodies': 6 rows of the mass matrix (6 per free body), above "
       "the limit of 5 (raise it with --limit matrix=N)",
       with_limit("matrix=5")},
      {"three friction contacts are 9 rows of A, limit 8",
       doc(R"({"id": "fr", "kind": "contact-forces", "bodies": [{"name": "floor", "fixed": true},
         {"name": "block", "mass": 1}], "contacts": [
         {"bodies": ["block", "floor"], "point": [0, 0, 0], "normal": [0, 0, 1], "friction": 0.5},
         {"bodies": ["block", "floor"], "point": [1, 0, 0], "normal": [0, 0, 1], "friction": 0.5},
         {"bodies": ["block", "floor"], "point": [0, 1, 0], "normal": [0, 0, 1]}]})"),
       "bad.json: case 'fr': field 'contacts': 9 rows of A (3 per contact with friction), above "
       "the limit of 8 (raise it with --limit matrix=N)",
       with_limit("matrix=8")},
      {"3 frames, limit 2",
       doc(R"({"id": "m", "kind": "motion", "shapes": {"A": )" + kCube + R"(, "B": )" + kCube +
           R"(}, "frames": [{}, {}, {}]})"),
       "bad.json: case 'm': field 'frames': 3 frames, above the limit of 2 (raise it with --limit "
       "steps=N)",
       with_limit("steps=2")},
      {"3 region steps, limit 2",
       doc(R"({"id": "r", "kind": "contact-regions", "shapes": {"A": )" + kCube + R"(, "B": )" +
           kCube + R"(})" + three_steps + "}"),
       "bad.json: case 'r': field 'steps': 3 steps, above the limit of 2 (raise it with --limit "
       "steps=N)",
       with_limit("steps=2")},
      {"a document of 64 bytes, limit 63",
       R"({"format": "touchstone-case/1", "cases": [], "x": "12345678901"})",
       "bad.json: 64 bytes, above the limit of 63 (raise it with --limit file_bytes=N)",
       with_limit("file_bytes=63")},
      {"nesting of 4, limit 3", doc(prox("deep", kCube, R"(, "junk": [[1]])")),
       "bad.json: case 'deep': field 'shapes': nesting deeper than 3 levels (raise it with "
       "--limit depth=N)",
       with_limit("depth=3")},
  });
  LoadLimits limits;
  EXPECT_EQ(set_limit(limits, "vertices=0"), "limit 'vertices': '0' is not a positive integer");
  EXPECT_EQ(set_limit(limits, "vertices=-5"), "limit 'vertices': '-5' is not a positive integer");
  EXPECT_EQ(set_limit(limits, "vertex=5"),
            "unknown limit 'vertex' (known: file_bytes, depth, vertices, faces, matrix, steps)");
  EXPECT_EQ(set_limit(limits, "vertices=500000"), std::nullopt);
  EXPECT_EQ(limits.vertices, 500000u);
}

TEST(BadInputs, DeepNestingStopsAtTheLimitWithoutRecursion) {
  // An unknown field nested 100,000 levels deep in a motion case (it overflowed the stack when
  // dumped): reading stops at level 65, inside the 61st "x".
  const int levels = 100000;
  const std::string deep = repeat(R"({"x": )", levels) + "1" + repeat("}", levels);
  expect_errors({
      {"objects 100,000 deep", doc(motion("m", R"(, "extra": )" + deep)),
       "bad.json: case 'm': field 'extra" + repeat(".x", 61) +
           "': nesting deeper than 64 levels (raise it with --limit depth=N)"},
      {"arrays 100,000 deep",
       doc(motion("a", R"(, "extra": )" + repeat("[", levels) + repeat("]", levels))),
       "bad.json: case 'a': field 'extra" + repeat("[0]", 61) +
           "': nesting deeper than 64 levels (raise it with --limit depth=N)"},
  });
}

TEST(BadInputs, ForceInputsThatOverflowAreRejectedAtLoad) {
  expect_errors({
      {"mass 1e-320 (its inverse overflows)", doc(forces("f", "", "", "1e-320")),
       "bad.json: case 'f': field 'bodies[1].mass': positive values below 1e-100 are not "
       "supported"},
      {"mass 1e308", doc(forces("f", "", "", "1e308")),
       "bad.json: case 'f': field 'bodies[1].mass': magnitude above 1e100 is not supported "
       "(products of such numbers overflow)"},
      {"angular velocity 1e200", doc(forces("f", R"(, "angular_velocity": [0, 0, 1e200])")),
       "bad.json: case 'f': field 'bodies[1].angular_velocity[2]': magnitude above 1e100 is not "
       "supported (products of such numbers overflow)"},
      {"time step 1e-320", doc(forces("f", "", R"(, "time_step": 1e-320)")),
       "bad.json: case 'f': field 'time_step': positive values below 1e-100 are not supported"},
      {"gravity 1e308", doc(forces("f", "", R"(, "gravity": [0, 0, -1e308])")),
       "bad.json: case 'f': field 'gravity[2]': magnitude above 1e100 is not supported (products "
       "of such numbers overflow)"},
      // Each number in range, their product not: A = 1/m + (r x n)' I^-1 (r x n) with
      // r x n = (0, -1e5, 0) and I^-1 = 1e300: 1 + 1e10 * 1e300 overflows.
      {"inertia 1e-300 at a lever arm of 1e5",
       doc(R"({"id": "p", "kind": "contact-forces", "bodies": [{"name": "floor", "fixed": true},
         {"name": "block", "mass": 1, "inertia": [1e-300, 1e-300, 1e-300],
          "position": [0, 0, 0.5]}],
         "contacts": [{"bodies": ["block", "floor"], "point": [1e5, 0, 0],
                       "normal": [0, 0, 1]}]})"),
       "bad.json: case 'p': field 'contacts[0]': the assembled A[0][0] overflows a double "
       "(magnitudes of masses, inertias, velocities, forces or lever arms out of range)"},
      {"an LCP entry of 1e200", doc(lcp("l", "[[1e200]]", "[-1]")),
       "bad.json: case 'l': field 'A[0][0]': magnitude above 1e100 is not supported (products of "
       "such numbers overflow)"},
  });
}

// A fresh folder under the test's temporary directory.
fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("touchstone-bad-inputs-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void write(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

TEST(BadInputs, DuplicateIdsAcrossFilesNameBothFiles) {
  const fs::path dir = fresh_dir("dup");
  write(dir / "a.json", doc(prox("same") + "," + prox("only-a")));
  write(dir / "b.json", doc(prox("same") + "," + motion("only-a", "")));
  const LoadedCases both = load_cases(dir);
  ASSERT_EQ(both.proximity.size(), 2u);
  EXPECT_TRUE(both.motion.empty());
  const std::string a = (dir / "a.json").string(), b = (dir / "b.json").string();
  EXPECT_EQ(messages(both.errors),
            (std::vector<std::string>{
                b + ": case 'same': field 'id': duplicate case id: also in " + a,
                b + ": case 'only-a': field 'id': duplicate case id: also in " + a}));
  // One loader over several --cases sources remembers the ids of the earlier ones.
  CaseLoader loader;
  EXPECT_TRUE(loader.load(dir / "a.json").errors.empty());
  EXPECT_EQ(messages(loader.load(dir / "b.json").errors), messages(both.errors));
  EXPECT_EQ(messages(loader.load(dir / "a.json").errors).size(), 0u)
      << "a file read again is not its own duplicate";
}

TEST(BadInputs, FilesTooLargeOrMissing) {
  const fs::path dir = fresh_dir("size");
  write(dir / "c.json", doc(prox("c")));
  const std::string c = (dir / "c.json").string();
  const auto size = fs::file_size(dir / "c.json");
  EXPECT_EQ(messages(load_cases(dir / "c.json", with_limit("file_bytes=100")).errors),
            std::vector<std::string>{c + ": " + std::to_string(size) +
                                     " bytes, above the limit of 100 (raise it with --limit "
                                     "file_bytes=N)"});
  EXPECT_EQ(messages(load_cases(dir / "none.json").errors),
            std::vector<std::string>{(dir / "none.json").string() + ": cannot open file"});
  // A mesh file above the size limit is not read; a mesh's vertices count against the limit.
  const std::string cases = std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/examples/x.json";
  const std::string mesh =
      std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/examples/../meshes/cube.stl";
  const std::string mesh_case = doc(R"({"id": "mesh", "kind": "contact-regions",
      "shapes": {"A": {"mesh": "../meshes/cube.stl"}, "B": )" +
                                    kCube + "}}");
  const std::string prefix = cases + ": case 'mesh': field 'shapes.A.mesh': ";
  EXPECT_EQ(messages(parse_case_document(mesh_case, cases, with_limit("file_bytes=500")).errors),
            std::vector<std::string>{prefix + mesh + ": " + std::to_string(fs::file_size(mesh)) +
                                     " bytes, above the limit of 500 (raise it with --limit "
                                     "file_bytes=N)"});
  // The cube's 8 corners (12 triangles in the STL file) against a limit of 4 vertices.
  EXPECT_EQ(messages(parse_case_document(mesh_case, cases, with_limit("vertices=4")).errors),
            std::vector<std::string>{prefix + "8 vertices in " + mesh +
                                     ", above the limit of 4 (raise it with --limit "
                                     "vertices=N)"});
}

// A run over good and bad files (as `touchstone run --cases DIR` gathers them): every good case
// is run and verified, every bad file or case is a load error in the report, and the report
// dumps.
TEST(BadInputs, ARunOverGoodAndBadFilesKeepsTheGoodResults) {
  const fs::path dir = fresh_dir("mixed");
  write(dir / "bad-syntax.json", R"({"format": "touchstone-case/1", "cases": [)");
  write(dir / "deep.json",
        doc(motion("deep", R"(, "extra": )" + repeat("[", 100000) + repeat("]", 100000))));
  write(dir / "good.json", doc(prox("good/1") + "," + prox("good/2")));
  write(dir / "mixed.json", doc(prox("good/3") + "," + prox("bad/empty", R"({"vertices": []})") +
                                "," + prox("bad/typo", kCube, R"(, "pose": {})")));
  write(dir / "name-\xff.json", doc(prox("good/4")));
  write(dir / "overflow.json", doc(prox("bad/big", R"({"vertices": [[1e400]]})")));
  write(dir / "zz-dup.json", doc(prox("good/1")));
  LoadedCases loaded = load_cases(dir);
  std::vector<std::string> ids;
  for (const ProximityCase& c : loaded.proximity) ids.push_back(c.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"good/1", "good/2", "good/3", "good/4"}));
  std::vector<std::string> where;
  for (const LoadError& e : loaded.errors)
    where.push_back(fs::path(e.file).filename().string() + " " + e.case_id + " " + e.field);
  EXPECT_EQ(where, (std::vector<std::string>{
                       "bad-syntax.json  ", "deep.json deep extra" + repeat("[0]", 61),
                       "mixed.json bad/empty shapes.A.vertices", "mixed.json bad/typo pose",
                       "overflow.json bad/big shapes.A.vertices[0][0]", "zz-dup.json good/1 id"}));

  EXPECT_EQ(loaded.proximity[3].origin["file"], (dir / "name-\\xff.json").string());

  ReferenceCache cache;
  ProximityRunResults run =
      run_proximity(loaded.proximity, {&test_support::builtin_gjk()}, {}, cache);
  run.load_errors = loaded.errors;
  ASSERT_EQ(run.results.size(), 4u);
  for (const ProximityResultRecord& r : run.results)
    EXPECT_EQ(r.verification.verdict, Verdict::pass) << run.cases[r.case_index].spec.id;
  const nlohmann::json report = make_report(run, {}, {"touchstone run --cases mixed", 0});
  EXPECT_EQ(report["load_errors"].size(), 6u);
  EXPECT_NO_THROW((void)report.dump());
}

}  // namespace
}  // namespace touchstone
