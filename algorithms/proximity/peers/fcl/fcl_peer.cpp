// FCL 0.7 as a peer: GJK distance and EPA depth on fcl::Convexd, through the two narrow-phase
// solvers FCL ships. fcl-libccd answers with one call to GJKSolver_libccd::shapeSignedDistance
// (negative when penetrating, FCL's EPA on libccd); fcl-indep calls GJKSolver_indep::shapeDistance
// (FCL's own GJK, after Bullet's) and, when that reports contact, shapeIntersect for the depth.
// As shipped, solver tolerances are FCL's defaults (written into each report as parameters); the
// "-tight" variants set them per query to the verifier's accuracy (peer_support.hpp): fcl-libccd's
// distance and collision tolerances (lengths: FCL's EPA stops when the support gains less than
// it) to 1e-9 L, fcl-indep's EPA tolerance (a length) to 1e-9 L and its GJK tolerance (relative to
// |v|, after Bullet's) to 1e-9.
//
// FCL 0.7's indep shapeIntersect returns the depth negated (ContactPoint::penetration_depth =
// -epa.depth, documented as positive) and the normal in A's frame (gjk_solver_indep-inl.h): the
// adapter passes both on as the library returns them, so every penetrating pair of fcl-indep fails
// its depth check, visibly, as the library's.
#include <fcl/narrowphase/detail/gjk_solver_indep.h>
#include <fcl/narrowphase/detail/gjk_solver_libccd.h>

#include <algorithm>
#include <memory>
#include <string>

#include "algorithms/proximity/peers/fcl/fcl_convert.hpp"
#include "algorithms/proximity/peers/peer_support.hpp"
#include "algorithms/proximity/peers/peers.hpp"

namespace touchstone::peers {
namespace {

struct FclShape : PreparedShape {
  std::shared_ptr<fcl::Convexd> convex;
  double diameter = 0;  // bounding-box diagonal, for the -tight tolerances
};

double pair_tolerance(const PreparedShape& a, const PreparedShape& b) {
  return matched_tolerance(
      std::max(static_cast<const FclShape&>(a).diameter, static_cast<const FclShape&>(b).diameter));
}

std::unique_ptr<PreparedShape> prepare_fcl(const Polytope& shape) {
  auto out = std::make_unique<FclShape>();
  out->polytope = &shape;
  out->diameter = shape.diameter();
  out->convex = to_fcl_convex(shape);
  return out;
}

// What both solvers' algorithms share: shapes prepared as fcl::Convexd, the solver as prepared
// (the shipped variant's timed call makes no per-query copy), and the "-tight" variant's copy
// tuned to the pair.
template <class Solver>
class FclConvexAlgorithm : public ProximityAlgorithm {
 public:
  explicit FclConvexAlgorithm(bool tight) : tight_(tight) {}
  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    return prepare_fcl(shape);
  }

 protected:
  static const fcl::Convexd& convex(const PreparedShape* s) {
    return *static_cast<const FclShape&>(*s).convex;
  }
  // The solver to call: solver_ itself, or for "-tight" `tuned` = solver_ with tune(tuned,
  // tolerance).
  template <class Tune>
  const Solver& solver_for(const ProximityQuery& in, Solver& tuned, Tune tune) const {
    if (!tight_) return solver_;
    tuned = solver_;
    tune(tuned, pair_tolerance(*in.a, *in.b));
    return tuned;
  }

 private:
  bool tight_;
  Solver solver_;
};

class FclLibccd : public FclConvexAlgorithm<fcl::detail::GJKSolver_libccd<double>> {
 public:
  using FclConvexAlgorithm::FclConvexAlgorithm;
  ProximityResult query(const ProximityQuery& in) const override {
    fcl::detail::GJKSolver_libccd<double> tuned;
    const auto& solver = solver_for(in, tuned, [](auto& s, double tolerance) {
      s.distance_tolerance = s.collision_tolerance = tolerance;
    });
    double dist = 0;
    fcl::Vector3d p1, p2;
    // Returns false when the distance is negative (penetrating); the answer is in dist, p1, p2.
    solver.shapeSignedDistance(convex(in.a), to_fcl(in.pose_a), convex(in.b), to_fcl(in.pose_b),
                               &dist, &p1, &p2);
    if (dist >= 0) return with_witnesses(separated_result(dist), p1, p2);
    // Penetrating: p1 is A's deepest point in B and p2 B's deepest point in A; B moves by p1 - p2.
    // The library's contact points are kept (checked only for separated pairs).
    return with_witnesses(penetrating_result(-dist, p1 - p2), p1, p2);
  }
};

class FclIndep : public FclConvexAlgorithm<fcl::detail::GJKSolver_indep<double>> {
 public:
  using FclConvexAlgorithm::FclConvexAlgorithm;
  ProximityResult query(const ProximityQuery& in) const override {
    fcl::detail::GJKSolver_indep<double> tuned;
    const auto& solver = solver_for(in, tuned, [](auto& s, double tolerance) {
      s.gjk_tolerance = kMatchedRelative;
      s.epa_tolerance = tolerance;
    });
    const auto& ca = convex(in.a);
    const auto& cb = convex(in.b);
    const fcl::Transform3d ta = to_fcl(in.pose_a), tb = to_fcl(in.pose_b);
    double dist = 0;
    fcl::Vector3d p1, p2;
    if (solver.shapeDistance(ca, ta, cb, tb, &dist, &p1, &p2))
      return with_witnesses(separated_result(dist), p1, p2);
    std::vector<fcl::ContactPoint<double>> contacts;
    if (!solver.shapeIntersect(ca, ta, cb, tb, &contacts) || contacts.empty())
      return failed_result("shapeDistance reported contact but shapeIntersect found none");
    // ContactPoint: depth positive, normal from A to B (moving B along it separates the pair),
    // as documented. FCL 0.7's indep path stores the depth negated and the normal in A's frame:
    // passed on as is, it shows as a depth failure.
    return penetrating_result(contacts.front().penetration_depth, contacts.front().normal);
  }
};

ProximityAlgorithmInfo libccd_info(bool tight) {
  const fcl::detail::GJKSolver_libccd<double> defaults;
  ProximityAlgorithmInfo info{
      .name = tight ? "fcl-libccd-tight" : "fcl-libccd",
      .family = "peer",
      .paper = "FCL 0.7 (Pan, Chitta, Manocha 2012); GJK/EPA of libccd",
      .description =
          std::string("FCL GJKSolver_libccd<double>::shapeSignedDistance on fcl::Convexd "
                      "(distance, witnesses, EPA depth); ") +
          (tight ? "distance and collision tolerances 1e-9 L (L the larger shape's "
                   "bounding-box diagonal)"
                 : "FCL's default tolerances") +
          ". Disagreements are FCL's: its EPA aborts on an assertion or throws on some "
          "degenerate pairs, and the relation across touching",
      .capabilities = kGjkEpaCapabilities,
      .parameters = {{"max_distance_iterations", defaults.max_distance_iterations},
                     {"max_collision_iterations", defaults.max_collision_iterations}},
      .make = [tight] { return std::make_unique<FclLibccd>(tight); },
  };
  if (tight) {
    info.parameters["tolerance_relative"] = kMatchedRelative;
  } else {
    info.parameters["distance_tolerance"] = defaults.distance_tolerance;
    info.parameters["collision_tolerance"] = defaults.collision_tolerance;
  }
  return info;
}

ProximityAlgorithmInfo indep_info(bool tight) {
  const fcl::detail::GJKSolver_indep<double> defaults;
  ProximityAlgorithmInfo info{
      .name = tight ? "fcl-indep-tight" : "fcl-indep",
      .family = "peer",
      .paper = "FCL 0.7 (Pan, Chitta, Manocha 2012); GJK/EPA after Bullet's btGjkEpa2",
      .description =
          std::string("FCL GJKSolver_indep<double>::shapeDistance (distance, witnesses), "
                      "shapeIntersect on contact (EPA depth, normal); ") +
          (tight ? "GJK tolerance 1e-9 (relative), EPA tolerance 1e-9 L"
                 : "FCL's default tolerances") +
          ". FCL 0.7 returns every penetration depth negated (ContactPoint::penetration_depth "
          "= -epa.depth) with the normal in A's frame; both are counted as the library returns "
          "them, so each penetrating pair fails its depth check: the library's",
      .capabilities = kGjkEpaCapabilities,
      .parameters = {{"gjk_max_iterations", defaults.gjk_max_iterations},
                     {"epa_max_iterations", defaults.epa_max_iterations}},
      .make = [tight] { return std::make_unique<FclIndep>(tight); },
  };
  if (tight) {
    info.parameters["gjk_tolerance"] = kMatchedRelative;
    info.parameters["tolerance_relative"] = kMatchedRelative;
  } else {
    info.parameters["gjk_tolerance"] = defaults.gjk_tolerance;
    info.parameters["epa_tolerance"] = defaults.epa_tolerance;
  }
  return info;
}

}  // namespace

ProximityAlgorithmInfo fcl_libccd_info() { return libccd_info(false); }
ProximityAlgorithmInfo fcl_libccd_tight_info() { return libccd_info(true); }
ProximityAlgorithmInfo fcl_indep_info() { return indep_info(false); }
ProximityAlgorithmInfo fcl_indep_tight_info() { return indep_info(true); }

}  // namespace touchstone::peers
