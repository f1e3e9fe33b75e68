// Lin-Canny (Lin & Canny 1991; Lin 1993, ch. 3): what the answer means. A contact (distance below
// the contact tolerance) is touching when a plane through it separates the polytopes' local
// tangent cones, else penetrating. A separated answer is accepted only if the plane through its
// closest points supports both polytopes (an addition of ours, see lin_canny.cpp).

#include <algorithm>
#include <limits>

#include "algorithms/proximity/lin_canny/lin_canny_internal.hpp"

namespace touchstone::lin_canny::detail {

namespace {

// ---- contact: touching or penetrating? ----

// Where a contact point lies on a feature: the smallest feature containing it (within tol).
Feature locate(const Body& s, Feature f, const Vec3& local, double tol) {
  for (int v : feature_vertex_ids(s, f))
    if ((local - s.local_vertex(v)).norm() <= tol) return vertex_feature(v);
  for (int e : feature_edge_ids(s, f)) {
    const Vec3 t = s.local_vertex(s.edge(e).tail), h = s.local_vertex(s.edge(e).head);
    if (f.kind == FeatureKind::edge || (local - closest_on_segment(local, t, h)).norm() <= tol)
      return edge_feature(e);
  }
  return f;
}

// Rays and outward face normals of the polytope's tangent cone at a feature (local coordinates).
void tangent_cone(const Body& s, Feature f, std::vector<Vec3>& rays, std::vector<Vec3>& normals) {
  if (f.kind == FeatureKind::vertex) {
    for (int e : s.p().vertex_edges()[static_cast<std::size_t>(f.id)]) {
      rays.push_back(s.local_vertex(s.p().other_vertex(e, f.id)) - s.local_vertex(f.id));
      normals.push_back(s.face(s.edge(e).left_face).plane.normal);
    }
  } else if (f.kind == FeatureKind::edge) {
    const Edge& e = s.edge(f.id);
    const Vec3 d = s.local_vertex(e.head) - s.local_vertex(e.tail);
    const Vec3 nl = s.face(e.left_face).plane.normal, nr = s.face(e.right_face).plane.normal;
    rays.insert(rays.end(), {d, -d, nl.cross(d), d.cross(nr)});
    normals.insert(normals.end(), {nl, nr});
  } else {
    normals.push_back(s.face(f.id).plane.normal);
  }
}

double climb(const Polytope& s, const Vec3& m, int v) {  // max of m·x over s, by hill climbing
  double best = m.dot(s.vertices()[static_cast<std::size_t>(v)]);
  for (bool moved = true; moved;) {
    moved = false;
    for (int e : s.vertex_edges()[static_cast<std::size_t>(v)]) {
      const int w = s.other_vertex(e, v);
      const double x = m.dot(s.vertices()[static_cast<std::size_t>(w)]);
      if (x > best) {
        best = x;
        v = w;
        moved = true;
      }
    }
  }
  return best;
}

}  // namespace

bool separable(const Body& A, Feature fa, const Vec3& xa, const Body& B, Feature fb, const Vec3& xb,
               double tol) {
  const Feature la = locate(A, fa, A.to_local(xa), tol), lb = locate(B, fb, B.to_local(xb), tol);
  std::vector<Vec3> rays_a, normals_a, rays_b, normals_b;
  tangent_cone(A, la, rays_a, normals_a);
  tangent_cone(B, lb, rays_b, normals_b);
  for (Vec3& r : rays_b) r = B.rotation * r;
  std::vector<Vec3> candidates = normals_a;
  for (const Vec3& n : normals_b) candidates.push_back(-(B.rotation * n));
  for (const Vec3& ra : rays_a)
    for (const Vec3& rb : rays_b) {
      const Vec3 m = ra.cross(rb);
      candidates.push_back(m);
      candidates.push_back(-m);
    }
  const int start_a = feature_vertex_ids(A, la).front(),
            start_b = feature_vertex_ids(B, lb).front();
  for (const Vec3& m : candidates) {
    const double len = m.norm();
    if (!(len > 0.0)) continue;
    const Vec3 u = m / len;
    const double top_a = climb(A.p(), A.rotation.transpose() * u, start_a) + u.dot(A.translation);
    const double bottom_b =
        -climb(B.p(), -(B.rotation.transpose() * u), start_b) + u.dot(B.translation);
    if (top_a - bottom_b <= tol) return true;
  }
  return false;
}

bool slab_verified(const Body& A, const Body& B, const Outcome& o, double d, double scale,
                   double contact) {
  // The plane's normal: a face's own normal where the pair has a face (exact up to
  // rounding), else y − x, whose direction is only good to about ε·|x| / d — the slack
  // grows by that times the shapes' extent.
  Vec3 u = (o.xq - o.xp) / d;
  double slack = contact;
  if (o.p.kind == FeatureKind::face) {
    u = A.normal(o.p.id);
  } else if (o.q.kind == FeatureKind::face) {
    u = -B.normal(o.q.id);
  } else {
    const double eps = std::numeric_limits<double>::epsilon();
    const double extent = std::max(o.xp.cwiseAbs().maxCoeff(), o.xq.cwiseAbs().maxCoeff()) + scale;
    double error = 8 * eps * extent / d;
    if (o.p.kind == FeatureKind::edge && o.q.kind == FeatureKind::edge) {
      // Two edges meeting the gap inside both: y − x is along their cross product, which
      // is good to about ε / sin(angle), often far better.
      const Vec3 ta = A.vertex(A.edge(o.p.id).tail), tb = B.vertex(B.edge(o.q.id).tail);
      const Vec3 da = A.vertex(A.edge(o.p.id).head) - ta;
      const Vec3 db = B.vertex(B.edge(o.q.id).head) - tb;
      const double la = (o.xp - ta).dot(da) / da.squaredNorm();
      const double lb = (o.xq - tb).dot(db) / db.squaredNorm();
      const bool inside = la > 1e-9 && la < 1 - 1e-9 && lb > 1e-9 && lb < 1 - 1e-9;
      const Vec3 m = da.cross(db);
      const double sine = m.norm() / (da.norm() * db.norm());
      if (inside && sine > 0.0 && 8 * eps / sine < error) {
        error = 8 * eps / sine;
        u = m.dot(u) >= 0.0 ? Vec3(m.normalized()) : Vec3(-m.normalized());
      }
    }
    slack += error * scale;
  }
  const double top_a = climb(A.p(), u, feature_vertex_ids(A, o.p).front());
  const double bottom_b =
      -climb(B.p(), -(B.rotation.transpose() * u), feature_vertex_ids(B, o.q).front()) +
      u.dot(B.translation);
  return !(top_a > u.dot(o.xp) + slack || bottom_b < u.dot(o.xq) - slack);
}

}  // namespace touchstone::lin_canny::detail
