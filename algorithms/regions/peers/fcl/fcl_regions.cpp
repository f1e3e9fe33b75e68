// FCL 0.7 as a region peer (fcl-mesh): fcl::collide on two fcl::BVHModel<OBBRSS> built from our
// ear-clipped faces, with contacts enabled. FCL's mesh–mesh test intersects triangle pairs; each
// fcl::Contact becomes a point-only region: its position, its normal turned from FCL's "from o1
// to o2" (o1 = A) into ours (from B into A), and its penetration depth. FCL's tolerances are its
// own; nothing is repaired.
#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/collision_object.h>

#include <memory>
#include <string>

#include "algorithms/regions/peers/mesh.hpp"
#include "algorithms/regions/peers/peers.hpp"

namespace touchstone::region_peers {
namespace {

using Model = fcl::BVHModel<fcl::OBBRSSd>;

// Contacts asked for: above this many FCL stops collecting and the answer is marked failed.
constexpr std::size_t kMaxContacts = 100000;

struct FclShape : PreparedShape {
  std::shared_ptr<Model> model;
};

fcl::Transform3d to_fcl(const Pose& p) {
  fcl::Transform3d t = fcl::Transform3d::Identity();
  t.linear() = p.rotation;
  t.translation() = p.translation;
  return t;
}

class FclMesh : public RegionAlgorithm {
 public:
  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    auto out = std::make_unique<FclShape>();
    out->polytope = &shape;
    const TriangleMesh mesh = triangulate(shape);
    std::vector<fcl::Vector3d> points(mesh.vertices.begin(), mesh.vertices.end());
    std::vector<fcl::Triangle> triangles;
    for (const auto& t : mesh.triangles) triangles.emplace_back(t[0], t[1], t[2]);
    out->model = std::make_shared<Model>();
    out->model->beginModel();
    out->model->addSubModel(points, triangles);
    out->model->endModel();
    return out;
  }

  RegionResult query(const RegionQuery& q) const override {
    const auto [a, b] = prepared_as<FclShape>(q);
    if (!a) return not_prepared("fcl-mesh");
    RegionResult r;
    fcl::CollisionObjectd oa(a->model, to_fcl(q.pose_a));
    fcl::CollisionObjectd ob(b->model, to_fcl(q.pose_b));
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
          .make = [] { return std::make_unique<FclMesh>(); }};
}

}  // namespace touchstone::region_peers
