// Mesh import: one small file per defect (written here into a temporary folder), each error pinned
// to name the file and the defect; the coplanar merge on the shipped hand-written meshes
// (cases/meshes/: a triangulated cube STL, a triangulated L-prism OBJ, a square ring OFF whose
// triangulated caps have holes).
#include "cases/mesh_import.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include "algorithms/geometry/polytope.hpp"
#include "cases/format/case_loader.hpp"

namespace touchstone {
namespace {

namespace fs = std::filesystem;

const std::string kMeshes = std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/meshes/";

fs::path temp_dir() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("touchstone-mesh-test-" + std::to_string(getpid()));
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

fs::path write(const std::string& name, const std::string& text) {
  const fs::path p = temp_dir() / name;
  std::ofstream(p) << text;
  return p;
}

// The error message of importing `file`, or "" when it imports.
std::string import_error(const fs::path& file) {
  try {
    import_mesh(file);
  } catch (const MeshError& e) {
    return e.what();
  }
  return "";
}

void expect_defect(const std::string& name, const std::string& text, const std::string& defect) {
  const fs::path p = write(name, text);
  const std::string message = import_error(p);
  EXPECT_NE(message.find(name), std::string::npos) << message;
  EXPECT_NE(message.find(": " + defect + ":"), std::string::npos) << name << ": " << message;
}

const char* kCubeVertices =
    "8 6 0\n-1 -1 -1\n-1 1 -1\n1 1 -1\n1 -1 -1\n-1 -1 1\n-1 1 1\n1 1 1\n1 -1 1\n";
const char* kCubeFaces = "4 0 3 7 4\n4 3 2 6 7\n4 2 1 5 6\n4 1 0 4 5\n4 4 7 6 5\n4 0 1 2 3\n";

std::string cube_off(const std::string& faces) {
  std::string v = kCubeVertices;
  const auto count = std::count(faces.begin(), faces.end(), '\n');
  v.replace(2, 1, std::to_string(count));
  return "OFF\n" + v + faces;
}

const char* kTet = "0 0 0\n1 0 0\n0 1 0\n0 0 1\n";
const char* kTetFaces = "3 0 2 1\n3 0 1 3\n3 1 2 3\n3 0 3 2\n";

TEST(MeshImport, ValidCubeImportsWithSixFaces) {
  const fs::path p = write("cube-ok.off", cube_off(kCubeFaces));
  const ImportedMesh m = import_mesh(p);
  EXPECT_EQ(m.vertices.size(), 8u);
  EXPECT_EQ(m.faces.size(), 6u);
  EXPECT_EQ(m.source_faces, 6u);
  EXPECT_TRUE(Polytope::from_faces(m.vertices, m.faces).is_convex());
}

TEST(MeshImport, UnreadableAndUnknownFiles) {
  expect_defect("shape.ply", "ply\n", "unknown extension");
  const std::string missing = import_error(temp_dir() / "nothere.off");
  EXPECT_NE(missing.find("nothere.off: unreadable:"), std::string::npos) << missing;
  expect_defect("garbage.off", "OFF\n8 x y\n1 2\n", "unreadable");
  expect_defect("no-faces.off", "OFF\n4 0 0\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n", "empty");
}

// Our own OFF reader (CGAL's scanner cast negative sizes to unsigned: fuzzing found it).
TEST(MeshImport, OffFaceLinesAreCheckedBeforeUse) {
  const auto message = [](const std::string& name, const std::string& text) {
    return import_error(write(name, text));
  };
  const std::string tet = std::string("OFF\n4 4 0\n") + kTet;
  EXPECT_NE(message("neg-size.off", tet + "-1 0 1 2\n3 0 1 3\n3 1 2 3\n3 0 3 2\n")
                .find("unreadable: face 0 size '-1' is not a count"),
            std::string::npos);
  EXPECT_NE(message("neg-index.off", tet + "3 0 2 -1\n3 0 1 3\n3 1 2 3\n3 0 3 2\n")
                .find("unreadable: face 0 vertex index '-1' is not a count"),
            std::string::npos);
  EXPECT_NE(message("far-index.off", tet + "3 0 2 4\n3 0 1 3\n3 1 2 3\n3 0 3 2\n")
                .find("face 0 names vertex 4 (expected an index from 0 to 3)"),
            std::string::npos);
  EXPECT_NE(message("short.off", tet + "3 0 2 1\n").find("announces 4 vertices and 4 faces"),
            std::string::npos);
  EXPECT_NE(message("4off.off", "4OFF\n4 4 0\n").find("header '4OFF' (ASCII OFF is read"),
            std::string::npos);
  // COFF (CGAL's example meshes): a colour after each vertex's coordinates.
  EXPECT_EQ(message("colour-vertices.off",
                    "COFF\n4 4 0\n0 0 0 192 192 192 255\n1 0 0 192 192 192 255\n"
                    "0 1 0 192 192 192 255\n0 0 1 192 192 192 255\n" +
                        std::string(kTetFaces)),
            "");
  // A colour after the indices is allowed, and the counts may share the header's line.
  EXPECT_EQ(message("colour.off", std::string("OFF 4 4 0\n") + kTet +
                                      "3 0 2 1 255 0 0\n3 0 1 3\n3 1 2 3\n3 0 3 2\n"),
            "");
}

TEST(MeshImport, CombinatorialDefectsAreNamed) {
  // A cube without its top face: border edges.
  expect_defect("open.off", cube_off("4 0 3 7 4\n4 3 2 6 7\n4 2 1 5 6\n4 1 0 4 5\n4 0 1 2 3\n"),
                "open");
  // Two tetrahedra sharing the edge 0-1: four faces on it.
  expect_defect("fin.off",
                std::string("OFF\n6 8 0\n") + kTet + "0 0 -1\n0 -1 0\n" + kTetFaces +
                    "3 0 4 5\n3 0 5 1\n3 1 5 4\n3 0 1 4\n",
                "non-manifold edge");
  // Two tetrahedra sharing vertex 0 only.
  expect_defect("bowtie.off",
                std::string("OFF\n7 8 0\n") + kTet + "-1 0 0\n0 -1 0\n0 0 -1\n" + kTetFaces +
                    "3 0 5 4\n3 0 4 6\n3 4 5 6\n3 0 6 5\n",
                "non-manifold vertex");
  // The cube with its top face turned over.
  expect_defect("flipped.off",
                cube_off("4 0 3 7 4\n4 3 2 6 7\n4 2 1 5 6\n4 1 0 4 5\n4 4 5 6 7\n4 0 1 2 3\n"),
                "inconsistent orientation");
  expect_defect("two-vertex.off", cube_off(std::string(kCubeFaces) + "2 0 1\n"), "degenerate face");
  expect_defect("isolated.off", std::string("OFF\n5 4 0\n") + kTet + "5 5 5\n" + kTetFaces,
                "isolated vertex");
  expect_defect("two-shells.off",
                std::string("OFF\n8 8 0\n") + kTet + "5 5 5\n6 5 5\n5 6 5\n5 5 6\n" + kTetFaces +
                    "3 4 6 5\n3 4 5 7\n3 5 6 7\n3 4 7 6\n",
                "several components");
}

TEST(MeshImport, GeometricDefectsAreNamed) {
  // Vertex 8 in the middle of the top edge 4-7... of face 0: a zero-area triangle 4-8-7 closes
  // the gap between face 0 (which runs through 8) and the top face (which does not).
  expect_defect("sliver.off",
                "OFF\n9 7 0\n-1 -1 -1\n-1 1 -1\n1 1 -1\n1 -1 -1\n-1 -1 1\n-1 1 1\n1 1 1\n1 -1 1\n"
                "0 -1 1\n4 3 2 6 7\n4 2 1 5 6\n4 1 0 4 5\n4 4 7 6 5\n4 0 1 2 3\n5 0 3 7 8 4\n"
                "3 4 8 7\n",
                "degenerate face");
  // Vertex 6 of the cube lifted: three quads bend.
  expect_defect("bent.off",
                "OFF\n8 6 0\n-1 -1 -1\n-1 1 -1\n1 1 -1\n1 -1 -1\n-1 -1 1\n-1 1 1\n1 1 1.5\n"
                "1 -1 1\n" +
                    std::string(kCubeFaces),
                "non-planar face");
  // A triangulated cube whose vertex 6 is pulled down through the bottom face.
  expect_defect("pulled-through.off",
                "OFF\n8 12 0\n-1 -1 -1\n-1 1 -1\n1 1 -1\n1 -1 -1\n-1 -1 1\n-1 1 1\n0 0 -3\n"
                "1 -1 1\n3 0 1 3\n3 3 1 2\n3 0 4 1\n3 1 4 5\n3 3 2 7\n3 7 2 6\n3 4 0 3\n"
                "3 7 4 3\n3 6 4 7\n3 6 5 4\n3 1 5 6\n3 2 1 6\n",
                "self-intersecting");
  const std::string crossing = import_error(temp_dir() / "pulled-through.off");
  EXPECT_TRUE(
      std::regex_search(crossing, std::regex("face [0-9]+ and face [0-9]+ cross or overlap")))
      << crossing;
  // Every face of the cube turned over: consistent, but the normals point inward.
  expect_defect("inside-out.off",
                cube_off("4 4 7 3 0\n4 7 6 2 3\n4 6 5 1 2\n4 5 4 0 1\n4 5 6 7 4\n4 3 2 1 0\n"),
                "inward orientation");
}

TEST(MeshImport, TriangulatedCubeStlMergesToSixQuads) {
  const ImportedMesh m = import_mesh(kMeshes + "cube.stl");
  EXPECT_EQ(m.source_faces, 12u);
  ASSERT_EQ(m.faces.size(), 6u);
  for (const auto& f : m.faces) EXPECT_EQ(f.size(), 4u);
  const Polytope p = Polytope::from_faces(m.vertices, m.faces);
  EXPECT_TRUE(p.is_convex());
  EXPECT_EQ(p.edges().size(), 12u);
}

TEST(MeshImport, TriangulatedLPrismMergesItsNonConvexCaps) {
  const ImportedMesh m = import_mesh(kMeshes + "l-prism.obj");
  EXPECT_EQ(m.source_faces, 20u);
  ASSERT_EQ(m.faces.size(), 8u);  // two L hexagons and six rectangles
  int hexagons = 0, quads = 0;
  for (const auto& f : m.faces) {
    if (f.size() == 6) ++hexagons;
    if (f.size() == 4) ++quads;
  }
  EXPECT_EQ(hexagons, 2);
  EXPECT_EQ(quads, 6);
  const Polytope p = Polytope::from_faces(m.vertices, m.faces, {0.0});
  EXPECT_FALSE(p.is_convex());
  int reflex = 0;
  for (const Edge& e : p.edges()) reflex += e.reflex;
  EXPECT_EQ(reflex, 1);  // the inner corner of the L, x = y = 1
}

TEST(MeshImport, RingCapWithAHoleStaysSplitIntoSimplePolygons) {
  const ImportedMesh m = import_mesh(kMeshes + "frame.off");
  EXPECT_EQ(m.source_faces, 24u);
  // Walls: 4 outer + 4 inner; each cap (an annulus, area 9 - 1 = 8) in 2 to 8 pieces.
  double top_area = 0, bottom_area = 0;
  int top = 0, bottom = 0;
  for (const auto& f : m.faces) {
    bool flat_top = true, flat_bottom = true;
    double area2 = 0;  // shoelace in (x, y)
    for (std::size_t i = 0; i < f.size(); ++i) {
      const Vec3& a = m.vertices[f[i]];
      const Vec3& b = m.vertices[f[(i + 1) % f.size()]];
      flat_top &= a.z() == 1;
      flat_bottom &= a.z() == 0;
      area2 += a.x() * b.y() - b.x() * a.y();
    }
    if (flat_top) top_area += area2 / 2, ++top;
    if (flat_bottom) bottom_area += -area2 / 2, ++bottom;
  }
  EXPECT_EQ(top_area, 8.0);
  EXPECT_EQ(bottom_area, 8.0);
  EXPECT_GE(top, 2);
  EXPECT_LT(top, 8);  // merged: fewer pieces than the 8 source triangles
  EXPECT_GE(bottom, 2);
  EXPECT_LT(bottom, 8);
  EXPECT_EQ(m.faces.size(), 8u + top + bottom);
  const Polytope p = Polytope::from_faces(m.vertices, m.faces, {0.0});
  const long euler = static_cast<long>(p.vertices().size()) - static_cast<long>(p.edges().size()) +
                     static_cast<long>(p.faces().size());
  EXPECT_EQ(euler, 0);  // genus 1
}

// A tetrahedron written as a triangle soup, each face with its own copies of its corners (as
// exporters and FCL's test meshes write it): 12 vertex lines, 4 faces.
std::string tet_soup_obj(const std::string& header) {
  const char* corners[4] = {"0 0 0", "1 0 0", "0 1 0", "0 0 1"};
  const int faces[4][3] = {{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {0, 3, 2}};
  std::string out = header;
  for (const auto& f : faces)
    for (int v : f) out += std::string("v ") + corners[v] + "\n";
  for (int f = 0; f < 4; ++f)
    out += "f " + std::to_string(3 * f + 1) + " " + std::to_string(3 * f + 2) + " " +
           std::to_string(3 * f + 3) + "\n";
  return out;
}

bool any_contains(const std::vector<std::string>& lines, const std::string& piece) {
  for (const std::string& l : lines)
    if (l.find(piece) != std::string::npos) return true;
  return false;
}

TEST(MeshImport, TriangleSoupIsWeldedOnExactlyEqualPoints) {
  const ImportedMesh m = import_mesh(write("soup.obj", tet_soup_obj("")));
  EXPECT_EQ(m.vertices.size(), 4u);
  EXPECT_EQ(m.faces.size(), 4u);
  EXPECT_TRUE(Polytope::from_faces(m.vertices, m.faces).is_convex());
  EXPECT_TRUE(any_contains(m.warnings, "welded 12 vertices into 4")) << m.warnings.size();
  // An OFF naming the same corner twice: vertex 4 is vertex 0.
  const ImportedMesh off =
      import_mesh(write("duplicate.off", std::string("OFF\n5 4 0\n") + kTet +
                                             "0 0 0\n3 4 2 1\n3 0 1 3\n3 1 2 3\n3 0 3 2\n"));
  EXPECT_EQ(off.vertices.size(), 4u);
  EXPECT_TRUE(any_contains(off.warnings, "welded 5 vertices into 4"));
  // Equal means equal doubles: a corner 1 ulp away is another vertex, so the soup stays open.
  std::string near = tet_soup_obj("");
  near.replace(near.find("v 0 0 0"), 7, "v 0 0 4.9406564584124654e-324");
  const std::string message = import_error(write("near-soup.obj", near));
  EXPECT_NE(message.find(": open: "), std::string::npos) << message;
  EXPECT_NE(message.find("vertex numbers count the vertices after welding"), std::string::npos)
      << message;
}

TEST(MeshImport, WeldingThatCollapsesAFaceIsRefusedWithTheFace) {
  // Face 4 names vertices 0 and 4, the same point: after welding it visits a vertex twice.
  expect_defect("collapsed.off",
                std::string("OFF\n5 5 0\n") + kTet + "0 0 0\n" + kTetFaces + "3 0 4 1\n",
                "degenerate face");
  EXPECT_NE(import_error(temp_dir() / "collapsed.off").find("face 4 visits a vertex twice"),
            std::string::npos);
}

TEST(MeshImport, ObjStatementsTheReaderDoesNotKnowAreSkippedNamingTheLine) {
  // FCL's test meshes open with a line of counts; texture and normal indices, relative indices,
  // groups, materials and comments are ordinary OBJ.
  std::string text = tet_soup_obj(
      "12 4\n# a comment\nmtllib x.mtl\no tet\nvn 0 0 1\nvt 0 0\nusemtl red\ns off\ncurv 0 1 1 "
      "2\n");
  text.replace(text.find("f 1 2 3"), 7, "f 1/1 2/1/1 3//1");
  text.replace(text.find("f 10 11 12"), 10, "f -3 -2 -1");
  const fs::path p = write("fcl-style.obj", text);
  const ImportedMesh m = import_mesh(p);
  EXPECT_EQ(m.vertices.size(), 4u);
  EXPECT_EQ(m.faces.size(), 4u);
  EXPECT_TRUE(any_contains(m.warnings, p.string() + ":1: skipped '12 4'"));
  EXPECT_TRUE(any_contains(m.warnings, ":9: skipped 'curv 0 1 1 2'"));
  EXPECT_EQ(m.warnings.size(), 3u);  // two skipped lines and the weld
  // Past five skipped lines the rest are counted, not listed.
  const ImportedMesh many = import_mesh(write("many.obj", tet_soup_obj("a\nb\nc\nd\ne\nf1\ng1\n")));
  EXPECT_TRUE(any_contains(many.warnings, ":5: skipped 'e'"));
  EXPECT_FALSE(any_contains(many.warnings, "skipped 'f1'"));
  EXPECT_TRUE(any_contains(many.warnings, "skipped 2 more lines"));
}

TEST(MeshImport, ObjLinesThatCannotBeReadAreNamed) {
  const auto message = [](const std::string& name, const std::string& text) {
    return import_error(write(name, text));
  };
  EXPECT_NE(message("bad-coordinate.obj", "v 0 0 0\nv 1 x 0\n")
                .find("bad-coordinate.obj: unreadable: line 2: vertex coordinate 'x'"),
            std::string::npos);
  EXPECT_NE(message("far-face.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n")
                .find("unreadable: line 4: face vertex 9 names no vertex (3 in the file)"),
            std::string::npos);
  EXPECT_NE(message("zero-face.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n")
                .find("unreadable: line 4: face vertex '0' is not a vertex number"),
            std::string::npos);
  EXPECT_NE(message("relative.obj", "v 0 0 0\nf -1 -2 -3\n")
                .find("unreadable: line 2: face vertex -2 names no vertex (1 read so far)"),
            std::string::npos);
  expect_defect("no-faces.obj", "12 4\nv 0 0 0\n", "empty");
}

TEST(MeshImport, LoadWarningsReachTheCaseLoader) {
  write("soup-case.obj", tet_soup_obj("12 4\n"));
  const fs::path cases = write("soup-case.json", R"({"format": "touchstone-case/1", "cases": [
    {"id": "soup", "kind": "contact-regions",
     "shapes": {"A": {"mesh": "soup-case.obj"}, "B": {"mesh": "soup-case.obj"}},
     "pair": ["A", "B"], "poses": {"B": {"translation": [0, 0, 1]}}}]})");
  const LoadedCases loaded = load_cases(cases);
  EXPECT_TRUE(loaded.errors.empty());
  std::vector<std::string> warnings;
  for (const LoadError& w : loaded.warnings) warnings.push_back(w.to_string());
  EXPECT_TRUE(any_contains(warnings, "soup-case.obj:1: skipped '12 4'"));
  EXPECT_TRUE(any_contains(warnings, "welded 12 vertices into 4"));
}

TEST(MeshImport, NonplanarFacesAreFoundExactly) {
  std::vector<Vec3> v{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 1e-300}, {2, 2, 2}};
  std::vector<std::vector<int>> faces{{0, 1, 2, 3}, {0, 1, 2}, {0, 1, 4}, {0, 2, 4, 1}};
  // Face 0 is off by 1e-300; face 3 is not a triangle's plane either (4 is off the z = 0 plane).
  const auto bad = nonplanar_faces(v, faces);
  ASSERT_EQ(bad.size(), 2u);
  EXPECT_EQ(bad[0], 0u);
  EXPECT_EQ(bad[1], 3u);
}

}  // namespace
}  // namespace touchstone
