// Mesh import: one small file per defect (written here into a temporary folder), each error pinned
// to name the file and the defect; the coplanar merge on the shipped hand-written meshes
// (cases/meshes/: a triangulated cube STL, a triangulated L-prism OBJ, a square ring OFF whose
// triangulated caps have holes).
#include "cases/mesh_import.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "algorithms/geometry/polytope.hpp"

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
  EXPECT_NE(message("coff.off", "COFF\n4 4 0\n").find("header 'COFF' (only plain ASCII OFF"),
            std::string::npos);
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
  expect_defect("duplicate.off",
                std::string("OFF\n5 4 0\n") + kTet + "0 0 0\n3 4 2 1\n3 0 1 3\n3 1 2 3\n3 0 3 2\n",
                "duplicate vertex");
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
