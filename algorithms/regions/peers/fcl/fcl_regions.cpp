// FCL 0.7 as region peers: fcl::collide with contacts enabled, on
//  - fcl-mesh: two fcl::BVHModel<OBBRSS> built from our ear-clipped faces (FCL's mesh–mesh test
//    intersects triangle pairs);
//  - fcl-convex: two fcl::Convexd (the convex–convex narrow phase of FCL's default libccd solver:
//    GJKCollide answers with libccd's MPR, ccdMPRPenetration, one contact per penetrating pair;
//    MPR's depth and direction follow the portal towards the centres, not the minimum depth).
// Each fcl::Contact becomes a point-only region: its position, its normal turned from FCL's "from
// o1 to o2" (o1 = A) into ours (from B into A), and its penetration depth. FCL's tolerances are
// its own; nothing is repaired.
#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/collision_object.h>

#include <memory>
#include <string>

#include "algorithms/proximity/peers/fcl/fcl_convert.hpp"
#include "algorithms/regions/peers/mesh.hpp"
#include "algorithms/regions/peers/peers.hpp"

namespace touchstone::region_peers {
namespace {

using Model = fcl::BVHModel<fcl::OBBRSSd>;

// Contacts asked for: above this many FCL stops collecting and the answer is marked failed.
constexpr std::size_t kMaxContacts = 100000;

struct FclShape : PreparedShape {
  std::shared_ptr<fcl::CollisionGeometryd> geometry;
};

using peers::to_fcl;

class FclCollide : public RegionAlgorithm {
 public:
  explicit FclCollide(bool convex) : convex_(convex) {}

  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    auto out = std::make_unique<FclShape>();
    out->polytope = &shape;
    if (convex_) {
      out->geometry = peers::to_fcl_convex(shape);
      return out;
    }
    const TriangleMesh mesh = triangulate(shape);
    std::vector<fcl::Vector3d> points(mesh.vertices.begin(), mesh.vertices.end());
    std::vector<fcl::Triangle> triangles;
    for (const auto& t : mesh.triangles) triangles.emplace_back(t[0], t[1], t[2]);
    auto model = std::make_shared<Model>();
    model->beginModel();
    model->addSubModel(points, triangles);
    model->endModel();
    out->geometry = model;
    return out;
  }

  RegionResult query(const RegionQuery& q) const override {
    const auto [a, b] = prepared_as<FclShape>(q);
    if (!a) return not_prepared(convex_ ? "fcl-convex" : "fcl-mesh");
    RegionResult r;
    if (convex_ && (!a->polytope->is_convex() || !b->polytope->is_convex())) {
      r.status = QueryStatus::unsupported;
      r.reason = "fcl-convex needs convex polytopes";
      return r;
    }
    fcl::CollisionObjectd oa(a->geometry, to_fcl(q.pose_a));
    fcl::CollisionObjectd ob(b->geometry, to_fcl(q.pose_b));
    fcl::CollisionRequestd request(kMaxContacts, /*enable_contact=*/true);
    fcl::CollisionResultd result;
    fcl::collide(&oa, &ob, request, result);
    std::vector<fcl::Contactd> contacts;
    result.getContacts(contacts);
    for (const auto& c : contacts)
      r.regions.push_back(point_contact(c.pos, -c.normal, c.penetration_depth));
    r.iterations = static_cast<int>(contacts.size());
    if (contacts.size() >= kMaxContacts) {
      r.status = QueryStatus::failed;
      r.reason = "FCL returned the maximum of " + std::to_string(kMaxContacts) + " contacts";
    }
    return r;
  }

 private:
  bool convex_;
};

}  // namespace

RegionAlgorithmInfo fcl_mesh_info() {
  return {.name = "fcl-mesh",
          .family = "peer",
          .paper = "FCL 0.7 (Pan, Chitta, Manocha 2012): BVH (OBBRSS) mesh collision",
          .description =
              "fcl::collide on two triangle BVHModel<OBBRSS> with contacts enabled; "
              "each contact is a point-only region",
          .capabilities = kMeshPeerCapabilities,
          .parameters = {{"max_contacts", static_cast<double>(kMaxContacts)}},
          .make = [] { return std::make_unique<FclCollide>(false); }};
}

RegionAlgorithmInfo fcl_convex_info() {
  return {.name = "fcl-convex",
          .family = "peer",
          .paper = "FCL 0.7 (Pan, Chitta, Manocha 2012): convex-convex collision (GJK/EPA, libccd)",
          .description =
              "fcl::collide on two fcl::Convexd with contacts enabled (FCL's default libccd "
              "solver: libccd's MPR penetration); its one contact per penetrating pair is a "
              "point-only region",
          .capabilities = kConvexPeerCapabilities,
          .parameters = {{"max_contacts", static_cast<double>(kMaxContacts)}},
          .make = [] { return std::make_unique<FclCollide>(true); }};
}

}  // namespace touchstone::region_peers
