// libccd 2.1 (double build) as a peer: ccdGJKPenetration (GJK for the intersection test, then
// EPA) and ccdMPRPenetration (Minkowski portal refinement, Snethen, Game Programming Gems 7), both
// on our support mapping (peer_support.hpp). libccd computes no separation distance: a separated
// pair is answered "separated" without a distance, and the adapters declare penetration depth only.
// Tolerances are libccd's CCD_INIT defaults; the iteration count, unbounded by default, is capped.
#include <ccd/ccd.h>

#include <memory>

#include "algorithms/proximity/peers/peer_support.hpp"
#include "algorithms/proximity/peers/peers.hpp"

namespace touchstone::peers {
namespace {

constexpr unsigned long kMaxIterations = 1000;

struct CcdShape : PreparedShape {
  std::unique_ptr<SupportMap> support;
  Vec3 centroid = Vec3::Zero();
};

// What libccd's callbacks see: a prepared shape and its pose.
struct CcdObject {
  const CcdShape* shape;
  const Pose* pose;
};

void support(const void* obj, const ccd_vec3_t* dir, ccd_vec3_t* out) {
  const auto& o = *static_cast<const CcdObject*>(obj);
  const Vec3 d(dir->v[0], dir->v[1], dir->v[2]);
  const Vec3 w = o.pose->apply(
      o.shape->support->vertex(o.shape->support->support(o.pose->rotation.transpose() * d)));
  ccdVec3Set(out, w.x(), w.y(), w.z());
}

void center(const void* obj, ccd_vec3_t* out) {
  const auto& o = *static_cast<const CcdObject*>(obj);
  const Vec3 c = o.pose->apply(o.shape->centroid);
  ccdVec3Set(out, c.x(), c.y(), c.z());
}

enum class Method { gjk, mpr };

class CcdPeer : public ProximityAlgorithm {
 public:
  explicit CcdPeer(Method m) : method_(m) {
    CCD_INIT(&ccd_);
    ccd_.support1 = support;
    ccd_.support2 = support;
    ccd_.center1 = center;
    ccd_.center2 = center;
    ccd_.max_iterations = kMaxIterations;
  }
  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    auto out = std::make_unique<CcdShape>();
    out->polytope = &shape;
    out->support = std::make_unique<SupportMap>(shape);
    out->centroid = shape.centroid();
    return out;
  }
  ProximityResult query(const PreparedShape& a, const Pose& pose_a, const PreparedShape& b,
                        const Pose& pose_b, std::unique_ptr<WarmStart>*) const override {
    const CcdObject oa{static_cast<const CcdShape*>(&a), &pose_a};
    const CcdObject ob{static_cast<const CcdShape*>(&b), &pose_b};
    ccd_real_t depth = 0;
    ccd_vec3_t dir, pos;
    const int rc = method_ == Method::gjk ? ccdGJKPenetration(&oa, &ob, &ccd_, &depth, &dir, &pos)
                                          : ccdMPRPenetration(&oa, &ob, &ccd_, &depth, &dir, &pos);
    if (rc == -1) {  // no intersection; libccd gives no distance
      ProximityResult r;
      r.relation = Relation::separated;
      return r;
    }
    if (rc != 0) return failed_result("libccd returned " + std::to_string(rc));
    // libccd: translating obj2 (B) by depth · dir brings the pair to touching contact.
    return penetrating_result(depth, Vec3(dir.v[0], dir.v[1], dir.v[2]));
  }

 private:
  Method method_;
  ccd_t ccd_;
};

ProximityAlgorithmInfo ccd_info(Method m) {
  ccd_t defaults;
  CCD_INIT(&defaults);
  return {
      .name = m == Method::gjk ? "ccd-gjk" : "ccd-mpr",
      .family = "peer",
      .paper = m == Method::gjk ? "libccd 2.1 (Fiser); GJK + EPA"
                                : "libccd 2.1 (Fiser); MPR, Snethen, Game Programming Gems 7",
      .description = m == Method::gjk
                         ? "libccd ccdGJKPenetration with our support mapping (relation, EPA "
                           "depth and direction; no separation distance)"
                         : "libccd ccdMPRPenetration with our support mapping (relation, MPR "
                           "depth and direction; no separation distance)",
      // A support mapping describes points, segments and polygons as well as solids.
      .capabilities = {.penetration_depth = true, .lower_dimensional = true},
      .parameters = {{"epa_tolerance", defaults.epa_tolerance},
                     {"mpr_tolerance", defaults.mpr_tolerance},
                     {"max_iterations", static_cast<double>(kMaxIterations)}},
      .make = [m] { return std::make_unique<CcdPeer>(m); },
  };
}

}  // namespace

ProximityAlgorithmInfo ccd_gjk_info() { return ccd_info(Method::gjk); }
ProximityAlgorithmInfo ccd_mpr_info() { return ccd_info(Method::mpr); }

}  // namespace touchstone::peers
