// Polytope construction and validation: hulls with degenerate input, explicit B-reps, bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/geometry/polytope.hpp"

namespace touchstone {
namespace {

std::vector<Vec3> cube_points(double s = 1.0) {
  std::vector<Vec3> p;
  for (int i = 0; i < 8; ++i) p.emplace_back(s * (i & 1), s * ((i >> 1) & 1), s * ((i >> 2) & 1));
  return p;
}

// Unit cube as explicit outward CCW quads over cube_points() ordering (bit0 = x, bit1 = y, bit2 =
// z).
std::vector<std::vector<int>> cube_faces() {
  return {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
}

TEST(PolytopeFromPoints, CubeHasSixQuadFacesTwelveEdges) {
  const auto points = cube_points();
  const Polytope p = Polytope::from_points(points);
  EXPECT_EQ(p.vertices().size(), 8u);
  EXPECT_EQ(p.edges().size(), 12u);
  ASSERT_EQ(p.faces().size(), 6u);
  for (const Face& f : p.faces()) {
    EXPECT_EQ(f.vertices.size(), 4u);
    EXPECT_EQ(f.edges.size(), 4u);
    // Outward unit normal along an axis; every vertex on the plane.
    EXPECT_NEAR(f.plane.normal.norm(), 1.0, 1e-15);
    EXPECT_NEAR(f.plane.normal.cwiseAbs().maxCoeff(), 1.0, 1e-15);
    const Vec3 centre(0.5, 0.5, 0.5);
    EXPECT_LT(f.plane.signed_distance(centre), 0.0);
    for (int v : f.vertices) EXPECT_NEAR(f.plane.signed_distance(p.vertices()[v]), 0.0, 1e-15);
  }
  EXPECT_TRUE(p.is_convex());
  for (int v = 0; v < 8; ++v) EXPECT_EQ(p.vertex_neighbors(v).size(), 3u);
  EXPECT_DOUBLE_EQ(p.diameter(), std::sqrt(3.0));
}

TEST(PolytopeFromPoints, EdgeAdjacencyIsConsistent) {
  const auto points = cube_points();
  const Polytope p = Polytope::from_points(points);
  for (std::size_t e = 0; e < p.edges().size(); ++e) {
    const Edge& edge = p.edges()[e];
    ASSERT_NE(edge.left_face, edge.right_face);
    // The left face runs tail -> head, the right face head -> tail.
    auto runs = [&](int f, int from, int to) {
      const auto& loop = p.faces()[f].vertices;
      for (std::size_t i = 0; i < loop.size(); ++i)
        if (loop[i] == from && loop[(i + 1) % loop.size()] == to) return true;
      return false;
    };
    EXPECT_TRUE(runs(edge.left_face, edge.tail, edge.head));
    EXPECT_TRUE(runs(edge.right_face, edge.head, edge.tail));
  }
}

TEST(PolytopeFromPoints, DuplicateCollinearAndCoplanarPointsAreDropped) {
  auto points = cube_points(2.0);
  points.push_back({0, 0, 0});      // duplicate
  points.push_back({1, 0, 0});      // inside an edge
  points.push_back({1, 1, 0});      // inside a face
  points.push_back({0.5, 1.5, 0});  // inside a face
  points.push_back({1, 1, 1});      // interior
  points.push_back({2, 2, 2});      // duplicate
  const Polytope p = Polytope::from_points(points);
  EXPECT_EQ(p.vertices().size(), 8u);
  EXPECT_EQ(p.faces().size(), 6u);
  EXPECT_EQ(p.edges().size(), 12u);
  for (int s : p.source_index()) EXPECT_LT(s, 8);  // first occurrences kept
}

TEST(PolytopeFromPoints, TessellatedFaceMergesIntoOnePolygon) {
  // A box whose top face is sampled on a 5x5 grid: still one quad face on top.
  std::vector<Vec3> points = cube_points();
  for (int i = 0; i <= 4; ++i)
    for (int j = 0; j <= 4; ++j) points.emplace_back(i / 4.0, j / 4.0, 1.0);
  const Polytope p = Polytope::from_points(points);
  EXPECT_EQ(p.faces().size(), 6u);
  EXPECT_EQ(p.vertices().size(), 8u);
}

TEST(PolytopeFromPoints, TetrahedronAndOctahedron) {
  const std::vector<Vec3> tet{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  const Polytope t = Polytope::from_points(tet);
  EXPECT_EQ(t.faces().size(), 4u);
  EXPECT_EQ(t.edges().size(), 6u);
  const std::vector<Vec3> oct{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  const Polytope o = Polytope::from_points(oct);
  EXPECT_EQ(o.faces().size(), 8u);
  EXPECT_EQ(o.edges().size(), 12u);
}

TEST(PolytopeFromPoints, FarFromOriginKeepsExactVertices) {
  auto points = cube_points();
  for (auto& v : points) v += Vec3(1e8, -1e8, 1e8);
  const Polytope p = Polytope::from_points(points);
  EXPECT_EQ(p.faces().size(), 6u);
  for (const Face& f : p.faces()) EXPECT_NEAR(f.plane.normal.cwiseAbs().maxCoeff(), 1.0, 1e-12);
}

TEST(PolytopeFromPoints, RejectsBadInput) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  auto with = [](Vec3 bad) {
    auto p = cube_points();
    p[3] = bad;
    return p;
  };
  EXPECT_THROW(Polytope::from_points(with({nan, 0, 0})), GeometryError);
  EXPECT_THROW(Polytope::from_points(with({0, inf, 0})), GeometryError);
  EXPECT_THROW(Polytope::from_points(std::vector<Vec3>{}), GeometryError);
  EXPECT_THROW(Polytope::from_points(std::vector<Vec3>{{1, 2, 3}, {nan, 2, 3}}), GeometryError);
  try {
    Polytope::from_points(with({nan, 0, 0}));
  } catch (const GeometryError& e) {
    EXPECT_NE(std::string(e.what()).find("vertices[3]"), std::string::npos) << e.what();
  }
}

// The B-rep of a point set (its face, edge and vertex numbering, the loops' first vertices and so
// the planes' rounding) is a function of the points alone, not of the heap: CGAL's convex_hull_3
// returns its faces in an order that changed with what had been allocated before, so the same
// case gave different feature ids, and sometimes different answers, depending on what ran before
// it in the process.
TEST(PolytopeFromPoints, SamePointsGiveTheSameBRepWhateverTheHeapHolds) {
  std::vector<Vec3> points;
  std::uint64_t state = 12345;
  auto next = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(state >> 11) * 0x1.0p-53 * 2.0 - 1.0;
  };
  for (int i = 0; i < 600; ++i) {
    Vec3 p(next(), next(), next());
    points.push_back(p / p.norm());
  }
  auto describe = [](const Polytope& p) {
    std::ostringstream out;
    out.precision(17);
    for (const Face& f : p.faces()) {
      for (int v : f.vertices) out << v << ',';
      out << f.plane.normal.transpose() << ' ' << f.plane.offset << ';';
    }
    for (const Edge& e : p.edges()) out << e.tail << '-' << e.head << ' ';
    return out.str();
  };
  const std::string first = describe(Polytope::from_points(points));
  std::vector<std::unique_ptr<char[]>> held;
  for (int round = 1; round <= 8; ++round) {
    for (int k = 0; k < 5 * round; ++k)
      held.emplace_back(new char[static_cast<std::size_t>(24 * k + 8 * round)]);
    EXPECT_EQ(describe(Polytope::from_points(points)), first) << "after allocation round " << round;
  }
}

TEST(PolytopeFromFaces, CubeMatchesHull) {
  const auto points = cube_points();
  const auto faces = cube_faces();
  const Polytope p = Polytope::from_faces(points, faces);
  EXPECT_EQ(p.edges().size(), 12u);
  EXPECT_TRUE(p.is_convex());
  for (const Edge& e : p.edges()) EXPECT_FALSE(e.reflex);
}

TEST(PolytopeFromFaces, NonConvexLShapeHasReflexEdges) {
  // An L-shaped prism: profile in the xy-plane extruded along z.
  const std::vector<Vec3> profile{{0, 0, 0}, {2, 0, 0}, {2, 1, 0}, {1, 1, 0}, {1, 2, 0}, {0, 2, 0}};
  std::vector<Vec3> v = profile;
  for (const auto& q : profile) v.push_back(q + Vec3(0, 0, 1));
  std::vector<std::vector<int>> faces;
  faces.push_back({5, 4, 3, 2, 1, 0});    // bottom, seen from below
  faces.push_back({6, 7, 8, 9, 10, 11});  // top
  for (int i = 0; i < 6; ++i) faces.push_back({i, (i + 1) % 6, (i + 1) % 6 + 6, i + 6});
  const Polytope p = Polytope::from_faces(v, faces);
  EXPECT_FALSE(p.is_convex());
  int reflex = 0;
  for (const Edge& e : p.edges()) reflex += e.reflex;
  EXPECT_EQ(reflex, 1);  // the vertical edge at (1,1)
}

TEST(PolytopeFromFaces, RejectsOpenInvertedNonManifoldAndNonPlanar) {
  const auto points = cube_points();
  auto faces = cube_faces();

  auto open = faces;
  open.pop_back();
  open.push_back({1, 3, 7});  // leaves a hole, edges 7->5, 5->1 missing
  EXPECT_THROW(Polytope::from_faces(points, open), GeometryError);

  auto flipped = faces;
  std::reverse(flipped[2].begin(), flipped[2].end());
  EXPECT_THROW(Polytope::from_faces(points, flipped), GeometryError);

  auto inverted = faces;
  for (auto& f : inverted) std::reverse(f.begin(), f.end());
  try {
    Polytope::from_faces(points, inverted);
    ADD_FAILURE() << "inverted cube accepted";
  } catch (const GeometryError& e) {
    EXPECT_NE(std::string(e.what()).find("inward"), std::string::npos) << e.what();
  }

  auto bad_index = faces;
  bad_index[0][1] = 42;
  try {
    Polytope::from_faces(points, bad_index);
    ADD_FAILURE() << "bad index accepted";
  } catch (const GeometryError& e) {
    EXPECT_NE(std::string(e.what()).find("faces[0]"), std::string::npos) << e.what();
  }

  auto bent = points;
  bent[7] += Vec3(0, 0, 0.1);  // top face no longer planar
  EXPECT_THROW(Polytope::from_faces(bent, faces), GeometryError);

  auto duplicate = points;
  duplicate[1] = duplicate[0];
  EXPECT_THROW(Polytope::from_faces(duplicate, faces), GeometryError);

  // Two cubes sharing only a vertex: closed and oriented, but the shared vertex is non-manifold.
  std::vector<Vec3> two = points;
  for (int i = 1; i < 8; ++i) two.push_back(points[i] + Vec3(1, 1, 1));
  auto map = [](int i) { return i == 0 ? 7 : i + 7; };  // second cube's vertex 0 is the first's 7
  std::vector<std::vector<int>> faces2 = faces;
  for (auto f : faces) {
    for (int& v : f) v = map(v);
    faces2.push_back(f);
  }
  try {
    Polytope::from_faces(two, faces2);
    ADD_FAILURE() << "non-manifold vertex accepted";
  } catch (const GeometryError& e) {
    EXPECT_NE(std::string(e.what()).find("non-manifold"), std::string::npos) << e.what();
  }
}

TEST(Pose, QuaternionGivesExactPermutationRotations) {
  const double h = std::sqrt(0.5);
  const Pose p = Pose::from_quaternion({h, 0, 0, h}, Vec3(1, 2, 3));  // 90 deg about z
  const Vec3 x = p.apply(Vec3(1, 0, 0));
  EXPECT_NEAR(x.x(), 1.0, 1e-15);
  EXPECT_NEAR(x.y(), 3.0, 1e-15);
  EXPECT_NEAR(x.z(), 3.0, 1e-15);
  EXPECT_EQ(Pose::from_quaternion({1, 0, 0, 0}, Vec3::Zero()).rotation, Mat3::Identity());
  EXPECT_THROW(Pose::from_quaternion({0, 0, 0, 0}, Vec3::Zero()), std::invalid_argument);
  const Pose r = relative_pose(p, p);
  EXPECT_NEAR((r.rotation - Mat3::Identity()).norm(), 0.0, 1e-15);
  EXPECT_NEAR(r.translation.norm(), 0.0, 1e-15);
}

}  // namespace
}  // namespace touchstone

namespace touchstone {
namespace {

// Issue 14 part 5: lower-dimensional hulls are shapes, their dimension decided exactly.
TEST(PolytopeFromPoints, APointIsOneVertex) {
  const std::vector<Vec3> same(5, Vec3(1, 2, 3));
  const Polytope p = Polytope::from_points(same);
  EXPECT_EQ(p.dimension(), 0);
  EXPECT_FALSE(p.is_solid());
  EXPECT_EQ(p.vertices(), std::vector<Vec3>{Vec3(1, 2, 3)});
  EXPECT_EQ(p.source_index(), std::vector<int>{0});
  EXPECT_TRUE(p.edges().empty());
  EXPECT_TRUE(p.faces().empty());
  EXPECT_EQ(p.diameter(), 0.0);
}

TEST(PolytopeFromPoints, CollinearPointsAreTheSegmentBetweenTheExtremes) {
  // Interior, duplicate and out-of-order points; the extremes are input 3 and input 1.
  const std::vector<Vec3> line{{1, 1, 1}, {3, 3, 3}, {2, 2, 2}, {0, 0, 0}, {2, 2, 2}};
  const Polytope p = Polytope::from_points(line);
  EXPECT_EQ(p.dimension(), 1);
  EXPECT_EQ(p.source_index(), (std::vector<int>{1, 3}));
  EXPECT_EQ(p.vertices(), (std::vector<Vec3>{{3, 3, 3}, {0, 0, 0}}));
  ASSERT_EQ(p.edges().size(), 1u);
  EXPECT_EQ(p.vertex_neighbors(0), std::vector<int>{1});
  EXPECT_TRUE(p.faces().empty());
}

TEST(PolytopeFromPoints, CoplanarPointsAreAPolygonSeenFromBothSides) {
  // A parallelogram in the plane x + y + z = 1 (tilted: no coordinate plane holds it), with a
  // point inside, one on an edge and a duplicate corner.
  const Vec3 o(1, 0, 0), u(-1, 1, 0), v(-1, 0, 1);
  const std::vector<Vec3> pts{o,           o + u, o + u + v, o + v, o + 0.5 * u + 0.25 * v,
                              o + 0.5 * u, o + u};
  const Polytope p = Polytope::from_points(pts);
  EXPECT_EQ(p.dimension(), 2);
  EXPECT_EQ(p.source_index(), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(p.edges().size(), 4u);
  ASSERT_EQ(p.faces().size(), 2u);
  EXPECT_EQ(p.faces()[0].vertices.size(), 4u);
  EXPECT_EQ(p.faces()[1].vertices,
            std::vector<int>(p.faces()[0].vertices.rbegin(), p.faces()[0].vertices.rend()));
  const Vec3 n = Vec3(1, 1, 1).normalized();
  EXPECT_NEAR(std::abs(p.faces()[0].plane.normal.dot(n)), 1.0, 1e-15);
  EXPECT_NEAR(p.faces()[0].plane.normal.dot(p.faces()[1].plane.normal), -1.0, 1e-15);
  for (const Edge& e : p.edges()) {
    EXPECT_NE(e.left_face, e.right_face);
    EXPECT_FALSE(e.reflex);
  }
  EXPECT_TRUE(p.is_convex());
}

TEST(PolytopeFromPoints, DimensionIsExactNotToleranced) {
  // A tetrahedron 2^-60 thick is a solid; the same points with the apex in the plane are flat.
  const double t = std::ldexp(1.0, -60);
  EXPECT_EQ(affine_dimension(std::vector<Vec3>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0.25, 0.25, t}}),
            3);
  EXPECT_EQ(affine_dimension(std::vector<Vec3>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0.25, 0.25, 0}}),
            2);
  EXPECT_EQ(
      affine_dimension(std::vector<Vec3>{{0, 0, 0}, {1, 1, 1}, {2, 2, 2 + std::ldexp(1.0, -40)}}),
      2);
  EXPECT_EQ(affine_dimension(std::vector<Vec3>{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {0, 0, 0}}), 1);
  EXPECT_EQ(Polytope::from_points(std::vector<Vec3>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, t}})
                .dimension(),
            3);
}

TEST(PolytopeFromFaces, AFlatBrepIsStillRejected) {
  const std::vector<Vec3> square{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  const std::vector<std::vector<int>> two_sides{{0, 1, 2, 3}, {3, 2, 1, 0}};
  EXPECT_THROW(Polytope::from_faces(square, two_sides), GeometryError);
}

}  // namespace
}  // namespace touchstone
