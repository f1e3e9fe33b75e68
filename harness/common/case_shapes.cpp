#include "harness/common/case_shapes.hpp"

#include <algorithm>

namespace touchstone {

Polytope build_case_shape(const ShapeSpec& s) {
  try {
    return s.faces ? Polytope::from_faces(s.vertices, *s.faces) : Polytope::from_points(s.vertices);
  } catch (const GeometryError& e) {
    throw GeometryError("shapes." + s.name + ": " + e.what());
  }
}

std::optional<std::pair<Polytope, Polytope>> build_case_shapes(const ShapeSpec& a,
                                                               const ShapeSpec& b,
                                                               std::vector<std::string>& problems) {
  try {
    return std::pair<Polytope, Polytope>(build_case_shape(a), build_case_shape(b));
  } catch (const std::exception& e) {
    problems.push_back(std::string("invalid geometry: ") + e.what());
    return std::nullopt;
  }
}

std::pair<double, double> case_pair_extent(const Polytope& a, const Pose& pa, const Polytope& b,
                                           const Pose& pb) {
  Vec3 lo = pa.apply(a.vertices()[0]), hi = lo;
  for (const Vec3& v : a.vertices()) {
    lo = lo.cwiseMin(pa.apply(v));
    hi = hi.cwiseMax(pa.apply(v));
  }
  for (const Vec3& v : b.vertices()) {
    lo = lo.cwiseMin(pb.apply(v));
    hi = hi.cwiseMax(pb.apply(v));
  }
  return {(hi - lo).norm(), std::max(lo.cwiseAbs().maxCoeff(), hi.cwiseAbs().maxCoeff())};
}

}  // namespace touchstone
