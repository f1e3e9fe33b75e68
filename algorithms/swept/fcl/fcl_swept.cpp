// FCL 0.7's continuous collision as peers on whole solids (issue 30): fcl::continuousCollide on
// two fcl::BVHModel<OBBRSS> meshes with CCDM_TRANS motion (pure translation from the start to the
// end pose), with the CCD solvers FCL offers for meshes:
//   - fcl-ccd-naive: CCDC_NAIVE, discrete collide() at num_max_iterations evenly spaced times
//     (FCL's default 10, so t = 0, 1/9, ..., 1) and the first sample in contact is the toi;
//   - fcl-ccd-ca: CCDC_CONSERVATIVE_ADVANCEMENT, distance and motion bounds advancing in time
//     (Zhang, Redon, Lee, Manocha's conservative advancement, as FCL implements it for meshes);
//   - fcl-ccd-poly: CCDC_POLYNOMIAL_SOLVER, the vertex-face and edge-edge cubics of the meshes'
//     triangle pairs under the BVH over the swept vertices.
// CCDC_RAY_SHOOTING does nothing in FCL 0.7 (an empty branch, returns -1): not registered.
// FCL promises no absence of false negatives for any of them: none is declared conservative.
// Each call builds its two models (the polynomial solver rewrites them in place), so building is
// in the time; FCL reports no features. FCL 0.7's polynomial solver reads the models' vertices as
// world coordinates (its traversal node's initialize() stores tf1 and tf2 but never applies
// them), so the adapter gives every solver the meshes at their start poses with an identity start
// transform and the displacement end − start: the same motion, in the form all three read.
// Rotation over the step (docs/swept.md's Cayley model, angle 2 atan(t|a|)) is declared
// unsupported: FCL 0.7's other motions turn at an angle linear in t (InterpMotion about the
// body's origin, ScrewMotion about a screw axis) or along a spline of rotation vectors
// (SplineMotion), all through the exponential map, and none passes the model's rational path.
#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/math/bv/OBBRSS.h>
#include <fcl/narrowphase/continuous_collision.h>

#include <memory>

#include "algorithms/swept/swept.hpp"

namespace touchstone {
namespace {

using Model = fcl::BVHModel<fcl::OBBRSSd>;

// The body's mesh at its start pose.
std::shared_ptr<Model> model_of(const SweptBody& body) {
  auto m = std::make_shared<Model>();
  std::vector<fcl::Vector3d> vertices;
  vertices.reserve(body.vertices.size());
  for (const auto& v : body.vertices) vertices.push_back(v + body.start);
  std::vector<fcl::Triangle> triangles;
  triangles.reserve(body.triangles.size());
  for (const auto& t : body.triangles)
    triangles.emplace_back(static_cast<std::size_t>(t[0]), static_cast<std::size_t>(t[1]),
                           static_cast<std::size_t>(t[2]));
  m->beginModel();
  m->addSubModel(vertices, triangles);
  m->endModel();
  return m;
}

fcl::Transform3d at(const Eigen::Vector3d& translation) {
  fcl::Transform3d t = fcl::Transform3d::Identity();
  t.translation() = translation;
  return t;
}

fcl::CCDSolverType solver_of(FclCcdSolver s) {
  switch (s) {
    case FclCcdSolver::naive:
      return fcl::CCDC_NAIVE;
    case FclCcdSolver::conservative_advancement:
      return fcl::CCDC_CONSERVATIVE_ADVANCEMENT;
    case FclCcdSolver::polynomial:
      return fcl::CCDC_POLYNOMIAL_SOLVER;
  }
  return fcl::CCDC_NAIVE;
}

}  // namespace

SweptAnswer fcl_swept(const SweptSolidsQuery& query, FclCcdSolver solver) {
  if (query.a.rotation != Eigen::Vector3d::Zero() || query.b.rotation != Eigen::Vector3d::Zero()) {
    SweptAnswer out;
    out.failed = true;
    out.reason = "not supported: rotation (no FCL 0.7 motion follows the Cayley model)";
    return out;
  }
  const auto a = model_of(query.a), b = model_of(query.b);
  fcl::ContinuousCollisionRequestd request;  // FCL's defaults: 10 iterations, toc_err 1e-4
  request.ccd_motion_type = fcl::CCDM_TRANS;
  request.ccd_solver_type = solver_of(solver);
  fcl::ContinuousCollisionResultd result;
  const Eigen::Vector3d zero = Eigen::Vector3d::Zero();
  const double toc =
      fcl::continuousCollide(a.get(), at(zero), at(query.a.end - query.a.start), b.get(), at(zero),
                             at(query.b.end - query.b.start), request, result);
  SweptAnswer out;
  if (toc < 0) {
    out.failed = true;
    out.reason = "fcl::continuousCollide returned " + std::to_string(toc) + " (not supported)";
    return out;
  }
  out.collides = result.is_collide;
  out.toi = result.is_collide ? result.time_of_contact : 1.0;
  return out;
}

}  // namespace touchstone
