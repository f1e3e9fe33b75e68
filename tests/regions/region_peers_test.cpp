// Region peers (FCL and Bullet mesh contact), proved against the libraries' own box primitives and
// hand computation before their answers are trusted: a ½-cube sunk 0.1 into the top of a unit
// cube, the same resting on it, and lifted 0.1 above it. Normal convention (ours): from B into A,
// here (0, 0, 1), since A sits on B.
#include <gtest/gtest.h>

#include <cmath>

#include "algorithms/regions/peers/mesh.hpp"
#include "algorithms/regions/peers/peers.hpp"
#include "tests/support/prisms.hpp"
#include "tests/support/shapes.hpp"

#ifdef TOUCHSTONE_HAVE_FCL_REGIONS
#include <fcl/geometry/shape/box.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/collision_object.h>
#endif
#ifdef TOUCHSTONE_HAVE_BULLET_REGIONS
#include <btBulletCollisionCommon.h>
#endif

namespace touchstone {
namespace {

using test_support::at;
using test_support::box;

const Vec3 kUp(0, 0, 1);

RegionResult run(const RegionAlgorithmInfo& info, double lift) {
  const Polytope small = box(Vec3(0.25, 0.25, 0), Vec3(0.75, 0.75, 0.5));
  const Polytope cube = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
  const auto algorithm = info.make();
  const auto a = algorithm->prepare(small);
  const auto b = algorithm->prepare(cube);
  RegionQuery q;
  q.a = a.get();
  q.b = b.get();
  q.pose_a = at(0, 0, lift);
  return algorithm->query(q);
}

// Penetrating by 0.1 (lift 0.9): every contact lies in the overlap [¼,¾]² × [0.9, 1], with normal
// (0,0,1) and depth 0.1. Touching (lift 1): contacts on the square [¼,¾]² × {1}, depth 0.
// Separated (lift 1.1): none.
void expect_box_on_box(const RegionAlgorithmInfo& info) {
  const RegionResult sunk = run(info, 0.9);
  ASSERT_EQ(sunk.status, QueryStatus::ok) << sunk.reason;
  ASSERT_FALSE(sunk.regions.empty());
  for (const ContactRegion& g : sunk.regions) {
    EXPECT_FALSE(g.a || g.b);
    ASSERT_EQ(g.points.size(), 1u);
    const Vec3& p = g.points[0];
    EXPECT_TRUE(p.x() >= 0.25 - 1e-12 && p.x() <= 0.75 + 1e-12 && p.y() >= 0.25 - 1e-12 &&
                p.y() <= 0.75 + 1e-12 && p.z() >= 0.9 - 1e-12 && p.z() <= 1 + 1e-12)
        << p.transpose();
    ASSERT_EQ(g.normals.size(), 1u);
    EXPECT_LT((g.normals[0] - kUp).norm(), 1e-9) << g.normals[0].transpose();
    ASSERT_TRUE(g.depth.has_value());
    EXPECT_NEAR(*g.depth, 0.1, 1e-9);
  }
  const RegionResult resting = run(info, 1.0);
  ASSERT_FALSE(resting.regions.empty());
  for (const ContactRegion& g : resting.regions) {
    const Vec3& p = g.points[0];
    EXPECT_NEAR(p.z(), 1.0, 1e-12);
    EXPECT_TRUE(p.x() >= 0.25 - 1e-12 && p.x() <= 0.75 + 1e-12 && p.y() >= 0.25 - 1e-12 &&
                p.y() <= 0.75 + 1e-12)
        << p.transpose();
    ASSERT_EQ(g.normals.size(), 1u);
    EXPECT_LT((g.normals[0] - kUp).norm(), 1e-9);
    EXPECT_NEAR(g.depth.value_or(-1), 0.0, 1e-12);
  }
  EXPECT_TRUE(run(info, 1.1).regions.empty());
}

// The L face (corners (0,0) (2,0) (2,1) (1,1) (1,2) (0,2), area 3) is cut into 4 triangles
// (a hexagon has n − 2) covering area 3; all 8 faces: 4 + 4 (hexagons) + 6 · 2 (quads) = 20.
TEST(RegionPeerMesh, EarClippingCoversNonConvexFaces) {
  const Polytope l = test_support::prism({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}, 0, 1);
  const region_peers::TriangleMesh mesh = region_peers::triangulate(l);
  EXPECT_EQ(mesh.triangles.size(), 20u);
  double bottom = 0, top = 0;
  for (const auto& t : mesh.triangles) {
    const Vec3 &p = mesh.vertices[t[0]], &q = mesh.vertices[t[1]], &r = mesh.vertices[t[2]];
    const Vec3 n = (q - p).cross(r - p) / 2;  // area vector, outward
    if (p.z() == 0 && q.z() == 0 && r.z() == 0) bottom += -n.z();
    if (p.z() == 1 && q.z() == 1 && r.z() == 1) top += n.z();
  }
  EXPECT_NEAR(bottom, 3.0, 1e-12);
  EXPECT_NEAR(top, 3.0, 1e-12);
}

#ifdef TOUCHSTONE_HAVE_FCL_REGIONS
// FCL's own boxes in the placement of the sunk case: fcl::collide's contacts.
fcl::CollisionResultd fcl_box_pair() {
  auto small = std::make_shared<fcl::Boxd>(0.5, 0.5, 0.5);
  auto cube = std::make_shared<fcl::Boxd>(1, 1, 1);
  fcl::Transform3d ta = fcl::Transform3d::Identity(), tb = fcl::Transform3d::Identity();
  ta.translation() = fcl::Vector3d(0.5, 0.5, 1.15);
  tb.translation() = fcl::Vector3d(0.5, 0.5, 0.5);
  fcl::CollisionObjectd oa(small, ta), ob(cube, tb);
  fcl::CollisionRequestd request(16, true);
  fcl::CollisionResultd result;
  fcl::collide(&oa, &ob, request, result);
  return result;
}

// FCL's own boxes give normals "from o1 to o2": with A as o1 that is (0, 0, −1), so ours is its
// negation.
TEST(RegionPeerFcl, BoxPrimitivesFixTheNormalSign) {
  const fcl::CollisionResultd result = fcl_box_pair();
  ASSERT_GT(result.numContacts(), 0u);
  for (std::size_t i = 0; i < result.numContacts(); ++i)
    EXPECT_LT((result.getContact(i).normal + kUp).norm(), 1e-9);
}

// fcl-convex against FCL's own boxes in the same placement (sunk by 0.1): one contact, FCL's
// normal negated (ours) = (0,0,1) as the primitives give, depth 0.1, its point in the overlap.
// Separated by 0.1: none.
TEST(RegionPeerFcl, ConvexContactOnBoxesMatchesTheBoxPrimitives) {
  const auto info = region_peers::fcl_convex_info();
  EXPECT_TRUE(info.capabilities.penetration_points && !info.capabilities.nonconvex);
  const fcl::CollisionResultd result = fcl_box_pair();
  ASSERT_GT(result.numContacts(), 0u);
  const RegionResult sunk = run(info, 0.9);
  ASSERT_EQ(sunk.status, QueryStatus::ok) << sunk.reason;
  ASSERT_EQ(sunk.regions.size(), 1u);
  const ContactRegion& g = sunk.regions[0];
  ASSERT_EQ(g.normals.size(), 1u);
  EXPECT_LT((g.normals[0] + result.getContact(0).normal).norm(), 1e-9);
  EXPECT_LT((g.normals[0] - kUp).norm(), 1e-9) << g.normals[0].transpose();
  EXPECT_NEAR(g.depth.value_or(-1), result.getContact(0).penetration_depth, 1e-9);
  EXPECT_NEAR(g.depth.value_or(-1), 0.1, 1e-9);
  const Vec3& p = g.points[0];
  EXPECT_TRUE(p.x() >= 0.25 - 1e-9 && p.x() <= 0.75 + 1e-9 && p.y() >= 0.25 - 1e-9 &&
              p.y() <= 0.75 + 1e-9 && p.z() >= 0.9 - 1e-9 && p.z() <= 1 + 1e-9)
      << p.transpose();
  EXPECT_TRUE(run(info, 1.1).regions.empty());
}

TEST(RegionPeerFcl, MeshContactsOnBoxes) {
  const auto info = region_peers::fcl_mesh_info();
  EXPECT_FALSE(info.capabilities.entities);
  EXPECT_TRUE(info.capabilities.nonconvex && info.capabilities.normals);
  expect_box_on_box(info);
}
#endif

#ifdef TOUCHSTONE_HAVE_BULLET_REGIONS
// Bullet's own btBoxShape pair (margin 0) in the sunk placement, in one collision world: its
// manifold's points as the test reads them.
struct BulletBoxPair {
  btDefaultCollisionConfiguration configuration;
  btCollisionDispatcher dispatcher{&configuration};
  btDbvtBroadphase broadphase;
  btCollisionWorld world{&dispatcher, &broadphase, &configuration};
  btBoxShape small{btVector3(0.25, 0.25, 0.25)}, cube{btVector3(0.5, 0.5, 0.5)};
  btCollisionObject oa, ob;
  BulletBoxPair() {
    small.setMargin(0);
    cube.setMargin(0);
    oa.setCollisionShape(&small);
    ob.setCollisionShape(&cube);
    btTransform t = btTransform::getIdentity();
    t.setOrigin(btVector3(0.5, 0.5, 1.15));
    oa.setWorldTransform(t);
    t.setOrigin(btVector3(0.5, 0.5, 0.5));
    ob.setWorldTransform(t);
    world.addCollisionObject(&oa);
    world.addCollisionObject(&ob);
    world.performDiscreteCollisionDetection();
  }
  ~BulletBoxPair() {
    world.removeCollisionObject(&ob);
    world.removeCollisionObject(&oa);
  }
};

// The btBoxShape pair puts m_normalWorldOnB at (0, 0, 1) when A is body 0: on B, towards A — ours.
TEST(RegionPeerBullet, BoxPrimitivesFixTheNormalSign) {
  BulletBoxPair pair;
  ASSERT_EQ(pair.dispatcher.getNumManifolds(), 1);
  const btPersistentManifold* m = pair.dispatcher.getManifoldByIndexInternal(0);
  ASSERT_GT(m->getNumContacts(), 0);
  const double sign = m->getBody0() == &pair.oa ? 1.0 : -1.0;
  for (int k = 0; k < m->getNumContacts(); ++k) {
    const btVector3& n = m->getContactPoint(k).m_normalWorldOnB;
    EXPECT_LT((sign * Vec3(n.x(), n.y(), n.z()) - kUp).norm(), 1e-9);
    EXPECT_NEAR(m->getContactPoint(k).getDistance(), -0.1, 1e-9);
  }
}

TEST(RegionPeerBullet, GImpactContactsOnBoxes) {
  const auto info = region_peers::bullet_gimpact_info();
  EXPECT_FALSE(info.capabilities.entities);
  expect_box_on_box(info);
}

// bullet-manifold (polyhedral contact clipping) on the sunk ½-cube: the four corners of the
// overlap square on B's top face, (¼|¾, ¼|¾, 1), normal (0,0,1), depth 0.1 each, the same points
// as Bullet's own btBoxShape pair (its box-box detector) in the same placement.
TEST(RegionPeerBullet, ManifoldOnBoxesIsTheOverlapSquaresCorners) {
  const auto info = region_peers::bullet_manifold_info();
  EXPECT_TRUE(info.capabilities.penetration_points && !info.capabilities.entities);
  expect_box_on_box(info);
  const RegionResult sunk = run(info, 0.9);
  ASSERT_EQ(sunk.regions.size(), 4u);
  BulletBoxPair pair;
  ASSERT_EQ(pair.dispatcher.getNumManifolds(), 1);
  const btPersistentManifold* m = pair.dispatcher.getManifoldByIndexInternal(0);
  ASSERT_EQ(m->getNumContacts(), 4);
  for (const ContactRegion& g : sunk.regions) {
    const Vec3& p = g.points[0];
    EXPECT_NEAR(std::abs(p.x() - 0.5), 0.25, 1e-9) << p.transpose();
    EXPECT_NEAR(std::abs(p.y() - 0.5), 0.25, 1e-9) << p.transpose();
    EXPECT_NEAR(p.z(), 1.0, 1e-9) << p.transpose();
    bool same = false;
    for (int k = 0; k < 4; ++k) {
      const btManifoldPoint& cp = m->getContactPoint(k);
      const btVector3 q =
          m->getBody0() == &pair.oa ? cp.getPositionWorldOnB() : cp.getPositionWorldOnA();
      same = same || (p - Vec3(q.x(), q.y(), q.z())).norm() < 1e-9;
    }
    EXPECT_TRUE(same) << p.transpose() << " is not one of the btBoxShape pair's points";
  }
}
#endif

}  // namespace
}  // namespace touchstone
