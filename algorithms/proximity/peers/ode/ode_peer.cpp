// ODE 0.16 (double precision) as a peer: dCollide on two convex geoms (dCreateConvex from our
// faces' planes and polygons), ODE's separating-axis convex-convex collider. It answers contact or
// not, with contact points, a normal and per-point depths; it computes no separation distance.
// The depth reported is the largest contact depth, its direction the opposite of that contact's
// normal (ODE moves geom 1, A, along the normal; we move B).
#include <ode/ode.h>

#include <memory>
#include <mutex>
#include <vector>

#include "algorithms/proximity/peers/peer_support.hpp"
#include "algorithms/proximity/peers/peers.hpp"

static_assert(sizeof(dReal) == sizeof(double), "the ODE peer needs the double build");

namespace touchstone::peers {
namespace {

constexpr int kMaxContacts = 16;

struct OdeShape : PreparedShape {
  // ODE keeps pointers into these arrays: they live as long as the geom.
  std::vector<dReal> planes, points;
  std::vector<unsigned int> polygons;
  dGeomID geom = nullptr;
  ~OdeShape() override {
    if (geom) dGeomDestroy(geom);
  }
};

void set_pose(dGeomID g, const Pose& p) {
  dMatrix3 r;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) r[4 * i + j] = p.rotation(i, j);
    r[4 * i + 3] = 0;
  }
  dGeomSetRotation(g, r);
  dGeomSetPosition(g, p.translation.x(), p.translation.y(), p.translation.z());
}

class OdeDCollide : public ProximityAlgorithm {
 public:
  OdeDCollide() {
    static std::once_flag once;
    std::call_once(once, [] {
      dInitODE2(0);
      dAllocateODEDataForThread(dAllocateMaskAll);
    });
  }
  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    auto out = std::make_unique<OdeShape>();
    out->polytope = &shape;
    for (const Face& f : shape.faces()) {
      out->planes.insert(out->planes.end(), {f.plane.normal.x(), f.plane.normal.y(),
                                             f.plane.normal.z(), f.plane.offset});
      out->polygons.push_back(static_cast<unsigned int>(f.vertices.size()));
      for (int v : f.vertices) out->polygons.push_back(static_cast<unsigned int>(v));
    }
    for (const Vec3& v : shape.vertices())
      out->points.insert(out->points.end(), {v.x(), v.y(), v.z()});
    out->geom =
        dCreateConvex(nullptr, out->planes.data(), static_cast<unsigned int>(shape.faces().size()),
                      out->points.data(), static_cast<unsigned int>(shape.vertices().size()),
                      out->polygons.data());
    return out;
  }
  ProximityResult query(const PreparedShape& a, const Pose& pose_a, const PreparedShape& b,
                        const Pose& pose_b, std::unique_ptr<WarmStart>*) const override {
    const dGeomID ga = static_cast<const OdeShape&>(a).geom;
    const dGeomID gb = static_cast<const OdeShape&>(b).geom;
    set_pose(ga, pose_a);
    set_pose(gb, pose_b);
    dContactGeom contacts[kMaxContacts];
    const int n = dCollide(ga, gb, kMaxContacts, contacts, sizeof(dContactGeom));
    if (n <= 0) {
      ProximityResult r;
      r.relation = Relation::separated;
      return r;
    }
    int deepest = 0;
    for (int i = 1; i < n; ++i)
      if (contacts[i].depth > contacts[deepest].depth) deepest = i;
    const dContactGeom& c = contacts[deepest];
    return penetrating_result(c.depth, -Vec3(c.normal[0], c.normal[1], c.normal[2]));
  }
};

}  // namespace

ProximityAlgorithmInfo ode_dcollide_info() {
  return {
      .name = "ode-dcollide",
      .family = "peer",
      .paper = "ODE 0.16 (Smith); convex-convex separating-axis collider",
      .description =
          "ODE dCollide on two dCreateConvex geoms (contact or not, largest contact "
          "depth and its normal; no separation distance)",
      .capabilities = {.penetration_depth = true},
      .parameters = {{"max_contacts", kMaxContacts}},
      .make = [] { return std::make_unique<OdeDCollide>(); },
  };
}

}  // namespace touchstone::peers
