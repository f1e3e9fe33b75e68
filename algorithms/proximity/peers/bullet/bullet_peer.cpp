// Bullet 3.24 (double precision) as a peer, on btConvexHullShape with margin 0:
//  - bullet-gjk-pair: btGjkPairDetector with btVoronoiSimplexSolver (Johnson's sub-algorithm) and
//    btGjkEpaPenetrationDepthSolver, the pair detector Bullet's convex-convex algorithm uses;
//  - bullet-gjkepa2: btGjkEpaSolver2::Distance (GJK), and ::Penetration (EPA) when Distance
//    reports contact (Presson's GJK/EPA, btGjkEpa2.cpp).
// Tolerances are Bullet's built-in constants (btGjkEpa2.cpp GJK_ACCURACY, EPA_ACCURACY;
// btGjkPairDetector.cpp REL_ERROR2): not settable, so the Bullet peers have no "-tight" variant.
// On a flat A − B (points, segments, polygons in parallel planes) closer than GJK_MIN_DISTANCE
// (1e-12), btGjkEpa2's GJK reports contact and its EPA, unable to grow a tetrahedron, falls back
// to depth 0 with both witnesses at a support point of A; btGjkPairDetector takes the same points
// through btGjkEpaPenetrationDepthSolver. Bullet's: tests/proximity/bullet_flat_shapes_test.cpp
// reproduces it on Bullet's own btBoxShape / btTriangleShape; the adapter passes the witnesses on
// unchanged.
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include <memory>

#include "algorithms/proximity/peers/bullet/bullet_convert.hpp"
#include "algorithms/proximity/peers/peer_support.hpp"
#include "algorithms/proximity/peers/peers.hpp"

static_assert(sizeof(btScalar) == sizeof(double), "Bullet peers need the double build");

namespace touchstone::peers {
namespace {

struct BulletShape : PreparedShape {
  std::unique_ptr<btConvexHullShape> hull;
};

std::unique_ptr<PreparedShape> prepare_bullet(const Polytope& shape) {
  auto out = std::make_unique<BulletShape>();
  out->polytope = &shape;
  out->hull = to_bullet_hull(shape);
  return out;
}

// btConvexHullShape is the implicit hull of any point array: points, segments and polygons too.
constexpr Capabilities kBulletCapabilities = [] {
  Capabilities c = kGjkEpaCapabilities;
  c.lower_dimensional = true;
  return c;
}();

const btConvexHullShape& hull_of(const PreparedShape& s) {
  return *static_cast<const BulletShape&>(s).hull;
}

// Keeps the single closest-point answer of btGjkPairDetector.
struct ClosestPoint : btDiscreteCollisionDetectorInterface::Result {
  bool found = false;
  btVector3 normal_on_b, point_on_b;
  btScalar distance = 0;
  void setShapeIdentifiersA(int, int) override {}
  void setShapeIdentifiersB(int, int) override {}
  void addContactPoint(const btVector3& n, const btVector3& p, btScalar d) override {
    found = true;
    normal_on_b = n;
    point_on_b = p;
    distance = d;
  }
};

// Both algorithms take shapes prepared as btConvexHullShape.
class BulletConvexAlgorithm : public ProximityAlgorithm {
 public:
  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    return prepare_bullet(shape);
  }
};

class BulletGjkPair : public BulletConvexAlgorithm {
 public:
  ProximityResult query(const ProximityQuery& in) const override {
    const PreparedShape &a = *in.a, &b = *in.b;
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver epa;
    btGjkPairDetector detector(&hull_of(a), &hull_of(b), &simplex, &epa);
    btGjkPairDetector::ClosestPointInput input;
    input.m_transformA = to_bullet(in.pose_a);
    input.m_transformB = to_bullet(in.pose_b);
    input.m_maximumDistanceSquared = BT_LARGE_FLOAT;
    ClosestPoint out;
    detector.getClosestPoints(input, out, nullptr);
    if (!out.found) return failed_result("btGjkPairDetector reported no closest points");
    // The normal points from B towards A; A's closest point is B's plus distance · normal. When
    // penetrating these are contact points, kept (checked only when separated).
    const Vec3 witness_a = to_vec(out.point_on_b + out.normal_on_b * out.distance);
    const Vec3 witness_b = to_vec(out.point_on_b);
    if (out.distance >= 0)
      return with_witnesses(separated_result(out.distance), witness_a, witness_b);
    // Penetrating: moving B against the normal (away from A) by the depth separates the pair.
    return with_witnesses(penetrating_result(-out.distance, -to_vec(out.normal_on_b)), witness_a,
                          witness_b);
  }
};

class BulletGjkEpa2 : public BulletConvexAlgorithm {
 public:
  ProximityResult query(const ProximityQuery& in) const override {
    const PreparedShape &a = *in.a, &b = *in.b;
    const btTransform ta = to_bullet(in.pose_a), tb = to_bullet(in.pose_b);
    const btVector3 guess = tb.getOrigin() - ta.getOrigin();  // as Bullet's own callers do
    btGjkEpaSolver2::sResults res;
    if (btGjkEpaSolver2::Distance(&hull_of(a), ta, &hull_of(b), tb, guess, res))
      return with_witnesses(separated_result(res.distance), to_vec(res.witnesses[0]),
                            to_vec(res.witnesses[1]));
    if (!btGjkEpaSolver2::Penetration(&hull_of(a), ta, &hull_of(b), tb, guess, res))
      return failed_result(
          res.status == btGjkEpaSolver2::sResults::EPA_Failed ? "EPA failed"
          : res.status == btGjkEpaSolver2::sResults::GJK_Failed
              ? "GJK failed (Distance reported contact, Penetration found none)"
              : "Penetration found the pair separated after Distance reported contact");
    // res.distance = -depth. res.normal is in A's frame (btGjkEpa2 works there); Bullet's own
    // callers take the world witnesses instead: B moves by witness on A - witness on B. The
    // witnesses are contact points, kept (checked only when separated).
    return with_witnesses(
        penetrating_result(-res.distance, to_vec(res.witnesses[0] - res.witnesses[1])),
        to_vec(res.witnesses[0]), to_vec(res.witnesses[1]));
  }
};

}  // namespace

ProximityAlgorithmInfo bullet_gjk_pair_info() {
  return {
      .name = "bullet-gjk-pair",
      .family = "peer",
      .paper = "Bullet 3.24 (Coumans); GJK with Johnson's sub-algorithm, EPA (Presson)",
      .description =
          "Bullet btGjkPairDetector + btVoronoiSimplexSolver + "
          "btGjkEpaPenetrationDepthSolver on btConvexHullShape, margin 0 (distance, "
          "witnesses, depth; Bullet's built-in tolerances, not settable). Disagreements are "
          "Bullet's: the relation across touching (contact at exact gaps ~1e-16), distance and "
          "depth on scale-disparate pairs, the depth of identical shapes, the witnesses of "
          "flat A - B (crossing segments, coplanar polygons) ~1e-15 apart: EPA's fallback "
          "puts B's point on a corner of A; and on parallel flat shapes ~1e-9 apart a normal "
          "from A to B, so A's point lands 2 gaps off A",
      .capabilities = kBulletCapabilities,
      .parameters = {{"margin", 0.0}},
      .make = [] { return std::make_unique<BulletGjkPair>(); },
  };
}

ProximityAlgorithmInfo bullet_gjkepa2_info() {
  return {
      .name = "bullet-gjkepa2",
      .family = "peer",
      .paper = "Bullet 3.24 (Coumans); btGjkEpa2 (Presson)",
      .description =
          "Bullet btGjkEpaSolver2::Distance, ::Penetration on contact, on "
          "btConvexHullShape, margin 0 (distance, witnesses, depth; Bullet's built-in "
          "tolerances, not settable). Disagreements are Bullet's: the relation across touching, "
          "Penetration finding the pair apart after Distance reported contact, distance on "
          "scale-disparate pairs, the depth of identical shapes, the witnesses of flat A - B "
          "(crossing segments, coplanar polygons) ~1e-15 apart: EPA's fallback puts both "
          "on a corner of A; Distance stopping 0.085 apart on a segment touching a ridge "
          "(zero guess)",
      .capabilities = kBulletCapabilities,
      .parameters = {{"margin", 0.0}},
      .make = [] { return std::make_unique<BulletGjkEpa2>(); },
  };
}

}  // namespace touchstone::peers
