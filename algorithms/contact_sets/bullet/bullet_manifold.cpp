// Bullet 3.24 (double precision) btPersistentManifold as a contact-set tracker (family "peer"):
// both solids as btConvexHullShape with margin 0 (the shape is the solid), in one btCollisionWorld
// kept from frame to frame (the tracker's state), one performDiscreteCollisionDetection per frame.
// Bullet's convex–convex algorithm (GJK/EPA, one new point per call) adds points to the pair's
// persistent manifold, which refreshes them each frame (dropping those beyond the contact breaking
// threshold or slid apart) and keeps at most four (its area-maximizing reduction). Points carry no
// features, so contacts are point-only; a point's identity is the manifold slot's
// m_userPersistentData, which Bullet keeps when a new point replaces a cached one it matches by
// position (the persistence Bullet's solver relies on to warm-start). Ids are handed out here to
// new points.
#include "algorithms/contact_sets/bullet/bullet_manifold.hpp"

#include <BulletCollision/BroadphaseCollision/btDbvtBroadphase.h>
#include <BulletCollision/CollisionDispatch/btCollisionDispatcher.h>
#include <BulletCollision/CollisionDispatch/btCollisionWorld.h>
#include <BulletCollision/CollisionDispatch/btDefaultCollisionConfiguration.h>
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>

#include <cstdint>
#include <memory>

#include "algorithms/proximity/peers/bullet/bullet_convert.hpp"

static_assert(sizeof(btScalar) == sizeof(double),
              "the Bullet manifold peer needs the double build");

namespace touchstone::bullet_manifold {
namespace {

using peers::to_bullet;
using peers::to_vec;

struct State : ContactSetState {
  const Polytope *a = nullptr, *b = nullptr;
  std::unique_ptr<btDefaultCollisionConfiguration> configuration;
  std::unique_ptr<btCollisionDispatcher> dispatcher;
  std::unique_ptr<btDbvtBroadphase> broadphase;
  std::unique_ptr<btCollisionWorld> world;
  std::unique_ptr<btConvexHullShape> hull_a, hull_b;
  std::unique_ptr<btCollisionObject> object_a, object_b;
  std::uintptr_t next_id = 1;
  ~State() override {
    if (world) {
      world->removeCollisionObject(object_a.get());
      world->removeCollisionObject(object_b.get());
    }
  }
};

std::unique_ptr<State> make_state(const Polytope& a, const Polytope& b) {
  auto s = std::make_unique<State>();
  s->a = &a;
  s->b = &b;
  s->configuration = std::make_unique<btDefaultCollisionConfiguration>();
  s->dispatcher = std::make_unique<btCollisionDispatcher>(s->configuration.get());
  s->broadphase = std::make_unique<btDbvtBroadphase>();
  s->world = std::make_unique<btCollisionWorld>(s->dispatcher.get(), s->broadphase.get(),
                                                s->configuration.get());
  s->hull_a = peers::to_bullet_hull(a);
  s->hull_b = peers::to_bullet_hull(b);
  s->object_a = std::make_unique<btCollisionObject>();
  s->object_b = std::make_unique<btCollisionObject>();
  s->object_a->setCollisionShape(s->hull_a.get());
  s->object_b->setCollisionShape(s->hull_b.get());
  s->world->addCollisionObject(s->object_a.get());
  s->world->addCollisionObject(s->object_b.get());
  return s;
}

class Tracker final : public ContactSetTracker {
 public:
  ContactSetResult step(const ContactSetQuery& q) const override {
    ContactSetResult r;
    if (!q.a->is_solid() || !q.b->is_solid()) {
      r.status = QueryStatus::unsupported;
      r.reason = "bullet-manifold takes solids";
      return r;
    }
    auto* s = dynamic_cast<State*>(q.state->get());
    if (!s || s->a != q.a || s->b != q.b) {
      auto fresh = make_state(*q.a, *q.b);
      s = fresh.get();
      *q.state = std::move(fresh);
    }
    s->object_a->setWorldTransform(to_bullet(q.pose_a));
    s->object_b->setWorldTransform(to_bullet(q.pose_b));
    s->world->updateAabbs();
    s->world->performDiscreteCollisionDetection();
    double least = std::numeric_limits<double>::infinity();
    for (int m = 0; m < s->dispatcher->getNumManifolds(); ++m) {
      btPersistentManifold* manifold = s->dispatcher->getManifoldByIndexInternal(m);
      const bool a_first = manifold->getBody0() == s->object_a.get();
      for (int k = 0; k < manifold->getNumContacts(); ++k) {
        btManifoldPoint& cp = manifold->getContactPoint(k);
        if (!cp.m_userPersistentData) {
          cp.m_userPersistentData = reinterpret_cast<void*>(s->next_id++);
          ++r.added;
        }
        const Vec3 normal = to_vec(cp.m_normalWorldOnB);
        ContactRegion region;
        region.points = {to_vec(a_first ? cp.getPositionWorldOnB() : cp.getPositionWorldOnA())};
        region.normals = {a_first ? normal : Vec3(-normal)};
        least = std::min(least, double(cp.getDistance()));
        r.contacts.push_back({reinterpret_cast<std::uintptr_t>(cp.m_userPersistentData),
                              std::move(region), cp.getDistance()});
      }
    }
    r.relation = r.contacts.empty() || least > 0
                     ? Relation::separated
                     : (least < 0 ? Relation::penetrating : Relation::touching);
    return r;
  }
};

}  // namespace

ContactSetInfo info() {
  return {.name = "bullet-manifold",
          .family = "peer",
          .paper = "Bullet 3.24 btPersistentManifold",
          .description = "Bullet's persistent manifold fed by its convex-convex algorithm",
          .capabilities = {.entities = false},
          .parameters = {{"epsilon", gContactBreakingThreshold}, {"margin", 0.0}},
          .make = [] { return std::unique_ptr<ContactSetTracker>(std::make_unique<Tracker>()); }};
}

}  // namespace touchstone::bullet_manifold
