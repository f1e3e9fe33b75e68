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

double coplanarity(const SweptQuery& q, double t) {
  const auto p = swept_positions(q, t);
  return (p[1] - p[0]).dot((p[2] - p[0]).cross(p[3] - p[0]));
}

bool static_test(const SweptQuery& q, double t) {
  const auto p = swept_positions(q, t);
  if (q.type == SweptType::vertex_face) {
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

}  // namespace

SweptAnswer sampling_swept(const SweptQuery& query, int substeps) {
  SweptAnswer out;
  double ta = 0, fa = coplanarity(query, 0);
  for (int i = 1; i <= substeps; ++i) {
    const double tb = static_cast<double>(i) / substeps, fb = coplanarity(query, tb);
    double tc = -1;
    if (fa == 0)
      tc = ta;
    else if (fb == 0 || (fa < 0) != (fb < 0))
      tc = ta + (tb - ta) * fa / (fa - fb);
    if (tc >= 0 && static_test(query, tc)) {
      out.collides = true;
      out.toi = tc;
      return out;
    }
    ta = tb;
    fa = fb;
  }
  return out;
}

}  // namespace touchstone
