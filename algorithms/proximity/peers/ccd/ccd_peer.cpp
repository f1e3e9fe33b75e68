// libccd 2.1 (double build) as a peer: ccdGJKPenetration (GJK for the intersection test, then
// EPA) and ccdMPRPenetration (Minkowski portal refinement, Snethen, Game Programming Gems 7), both
// on our support mapping (peer_support.hpp). libccd computes no separation distance: a separated
// pair is answered "separated" without a distance, and the adapters declare penetration depth only.
// As shipped, tolerances are libccd's CCD_INIT defaults (absolute: epa_tolerance 1e-4,
// mpr_tolerance 1e-4); the iteration count, unbounded by default, is capped. The "-tight" variants
// set them per query to the verifier's accuracy, 1e-9 of the larger shape's bounding-box diagonal
// L (matched_tolerance()): mpr_tolerance is a length (1e-9 L); epa_tolerance bounds |w| (h - |w|),
// w the nearest point of the polytope, h the support along it (ccd.c nextSupport), a length
// squared, and libccd's EPA loop has no iteration cap: it is set to 1e-9 L^2, which keeps h - |w|
// within 1e-9 L for depths of order L (1e-9 L^2 / |w| in general) and far above the rounding floor
// (|w| · ~1e-16 L). EPA still runs past the 10 s timeout on 11 of the default suite's 2,519 pairs
// (at (1e-9 L)^2 and 1e-12 L^2 also on a 1,000-vertex pair of the conformance sample).
//
// A depth of ~1e-16 on a pair that is deep in contact is libccd's (2.1): when the origin lies,
// up to rounding, on a face or edge of GJK's terminal simplex, EPA's starting polytope has a face
// through the origin, and nextSupport stops at once on a nearest face at distance ~0 ("touch
// contact"), though that face is inside the Minkowski difference. libccd's own box support picks
// face centres on ties (sign 0) and, with libccd's own quaternion arithmetic, escapes it on its
// test pairs; a support that answers vertices does not (peer_library_expectations_test.cpp:
// libccd boxbox.c "Pen 3" answers 1.1e-16 for 0.9, libccd called directly with a vertex box too).
#include <ccd/ccd.h>

#include <algorithm>
#include <memory>
#include <string>

#include "algorithms/proximity/peers/peer_support.hpp"
#include "algorithms/proximity/peers/peers.hpp"

namespace touchstone::peers {
namespace {

constexpr unsigned long kMaxIterations = 1000;

struct CcdShape : PreparedShape {
  std::unique_ptr<SupportMap> support;
  Vec3 centroid = Vec3::Zero();
  double diameter = 0;  // bounding-box diagonal, for the -tight tolerances
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
  CcdPeer(Method m, bool tight) : method_(m), tight_(tight) {
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
    out->diameter = shape.diameter();
    return out;
  }
  ProximityResult query(const ProximityQuery& in) const override {
    const PreparedShape& a = *in.a;
    const PreparedShape& b = *in.b;
    const CcdObject oa{static_cast<const CcdShape*>(&a), &in.pose_a};
    const CcdObject ob{static_cast<const CcdShape*>(&b), &in.pose_b};
    // The shipped variant's timed call uses the settings as prepared: no per-query copy.
    ccd_t tuned{};
    const ccd_t* ccd = &ccd_;
    if (tight_) {
      tuned = ccd_;
      const double tol = matched_tolerance(std::max(oa.shape->diameter, ob.shape->diameter));
      tuned.mpr_tolerance = tol;
      tuned.epa_tolerance = tol * (tol / kMatchedRelative);  // 1e-9 L^2
      ccd = &tuned;
    }
    ccd_real_t depth = 0;
    ccd_vec3_t dir, pos;
    const int rc = method_ == Method::gjk ? ccdGJKPenetration(&oa, &ob, ccd, &depth, &dir, &pos)
                                          : ccdMPRPenetration(&oa, &ob, ccd, &depth, &dir, &pos);
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
  bool tight_;
  ccd_t ccd_;
};

ProximityAlgorithmInfo ccd_info(Method m, bool tight) {
  ccd_t defaults;
  CCD_INIT(&defaults);
  const bool gjk = m == Method::gjk;
  std::string description =
      gjk ? "libccd ccdGJKPenetration with our support mapping (relation, EPA depth and direction; "
            "no separation distance)"
          : "libccd ccdMPRPenetration with our support mapping (relation, MPR depth and direction; "
            "no separation distance)";
  description += tight ? "; tolerances matched to the verifier's: mpr_tolerance 1e-9 L, "
                         "epa_tolerance 1e-9 L^2 (a length squared), L the larger shape's "
                         "bounding-box diagonal"
                       : "; libccd's default tolerances";
  description +=
      gjk ? ". Disagreements are libccd's: the relation across touching, EPA depth within its "
            "tolerance, and depth ~1e-16 on deep pairs whose origin lies on a face or edge of "
            "GJK's terminal simplex (EPA stops on that face as if touching; ccd.c nextSupport)"
          : ". Disagreements are libccd's: MPR measures depth along the line through the two "
            "centres (the portal it reaches), not the minimum, and the relation across touching";
  ProximityAlgorithmInfo info{
      .name = std::string(gjk ? "ccd-gjk" : "ccd-mpr") + (tight ? "-tight" : ""),
      .family = "peer",
      .paper = gjk ? "libccd 2.1 (Fiser); GJK + EPA"
                   : "libccd 2.1 (Fiser); MPR, Snethen, Game Programming Gems 7",
      .description = description,
      // A support mapping describes points, segments and polygons as well as solids.
      .capabilities = {.penetration_depth = true, .lower_dimensional = true},
      .parameters = {{"max_iterations", static_cast<double>(kMaxIterations)}},
      .make = [m, tight] { return std::make_unique<CcdPeer>(m, tight); },
  };
  if (tight) {
    info.parameters["tolerance_relative"] = kMatchedRelative;
  } else {
    info.parameters["epa_tolerance"] = defaults.epa_tolerance;
    info.parameters["mpr_tolerance"] = defaults.mpr_tolerance;
  }
  return info;
}

}  // namespace

ProximityAlgorithmInfo ccd_gjk_info() { return ccd_info(Method::gjk, false); }
ProximityAlgorithmInfo ccd_mpr_info() { return ccd_info(Method::mpr, false); }
ProximityAlgorithmInfo ccd_gjk_tight_info() { return ccd_info(Method::gjk, true); }
ProximityAlgorithmInfo ccd_mpr_tight_info() { return ccd_info(Method::mpr, true); }

}  // namespace touchstone::peers
