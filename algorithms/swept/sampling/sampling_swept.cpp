// sampling-k: the baseline people write first. The step is cut into k sub-steps; on each, the
// coplanarity determinant f(t) = det(p1 − p0, p2 − p0, p3 − p0) is evaluated at both ends, and
// where it changes sign (or is 0) the crossing time is interpolated linearly and a static test
// runs there: the vertex's projection inside the triangle (barycentric coordinates), or the
// closest points of the two segments' lines inside both segments. Roots that come in pairs within
// a sub-step, and contact while coplanar, are missed; it makes no promise (not conservative).
#include <Eigen/Geometry>
#include <cmath>

#include "algorithms/swept/swept.hpp"

namespace touchstone {

namespace {

using Eigen::Vector3d;

// `at(t)` gives the query's positions at time t.
template <class At>
double coplanarity(const At& at, double t) {
  const auto p = at(t);
  return (p[1] - p[0]).dot((p[2] - p[0]).cross(p[3] - p[0]));
}

template <class At>
bool static_test(SweptType type, const At& at, double t) {
  const auto p = at(t);
  if (type == SweptType::vertex_face) {
    const Vector3d e0 = p[2] - p[1], e1 = p[3] - p[1], w = p[0] - p[1];
    const double a = e0.dot(e0), b = e0.dot(e1), c = e1.dot(e1), d = w.dot(e0), e = w.dot(e1);
    const double den = a * c - b * b;
    if (!(den > 0)) return false;
    const double u = (c * d - b * e) / den, v = (a * e - b * d) / den;
    return u >= 0 && v >= 0 && u + v <= 1;
  }
  const Vector3d u = p[1] - p[0], v = p[3] - p[2], w = p[0] - p[2];
  const double a = u.dot(u), b = u.dot(v), c = v.dot(v), d = u.dot(w), e = v.dot(w);
  const double den = a * c - b * b;
  if (!(den > 0)) return false;
  const double s = (b * e - c * d) / den, r = (a * e - b * d) / den;
  return s >= 0 && s <= 1 && r >= 0 && r <= 1;
}

template <class At>
SweptAnswer sample(SweptType type, int substeps, const At& at) {
  SweptAnswer out;
  double ta = 0, fa = coplanarity(at, 0);
  for (int i = 1; i <= substeps; ++i) {
    const double tb = static_cast<double>(i) / substeps, fb = coplanarity(at, tb);
    double tc = -1;
    if (fa == 0)
      tc = ta;
    else if (fb == 0 || (fa < 0) != (fb < 0))
      tc = ta + (tb - ta) * fa / (fa - fb);
    if (tc >= 0 && static_test(type, at, tc)) {
      out.collides = true;
      out.toi = tc;
      return out;
    }
    ta = tb;
    fa = fb;
  }
  return out;
}

}  // namespace

// The motion is told apart once per query, not in every sample: a test of `rigid` inside each
// evaluation of the positions keeps the compiler from inlining them into the sampling loop.
SweptAnswer sampling_swept(const SweptQuery& query, int substeps) {
  if (query.rigid)
    return sample(query.type, substeps, [&](double t) { return swept_rigid_positions(query, t); });
  return sample(query.type, substeps, [&](double t) { return swept_linear_positions(query, t); });
}

}  // namespace touchstone
