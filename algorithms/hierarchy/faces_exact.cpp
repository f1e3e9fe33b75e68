// The exact face–face collision test at the leaves (faces.hpp; seed 004 §2.3, static case):
// CGAL's filtered exact predicates on the world doubles, no tolerance. Two closed planar faces
// meet exactly when an edge of one meets the other closed face (their intersection lies on the
// line of the two planes and ends on a boundary, or, coplanar, one holds the other's edges), and
// that is decided on the faces' triangles.
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/intersections.h>

#include <cmath>

#include "algorithms/hierarchy/faces.hpp"

namespace touchstone::hierarchy {

namespace {

using K = CGAL::Exact_predicates_inexact_constructions_kernel;
using P3 = K::Point_3;

struct ExactFace {
  std::vector<P3> loop;
  std::vector<K::Triangle_3> triangles;  // the non-degenerate ones
};

ExactFace exact_face(const WorldFaces& s, int f) {
  ExactFace out;
  for (int v : s.shape->faces()[static_cast<std::size_t>(f)].vertices) {
    const Vec3& p = s.world[static_cast<std::size_t>(v)];
    out.loop.emplace_back(p.x(), p.y(), p.z());
  }
  for (const Triangle& t : (*s.triangles)[static_cast<std::size_t>(f)]) {
    const Vec3 &a = s.world[static_cast<std::size_t>(t[0])],
               &b = s.world[static_cast<std::size_t>(t[1])],
               &c = s.world[static_cast<std::size_t>(t[2])];
    const K::Triangle_3 tri(P3(a.x(), a.y(), a.z()), P3(b.x(), b.y(), b.z()),
                            P3(c.x(), c.y(), c.z()));
    if (!tri.is_degenerate()) out.triangles.push_back(tri);
  }
  return out;
}

bool meets_face(const K::Segment_3& s, const ExactFace& f) {
  for (const K::Triangle_3& t : f.triangles)
    if (CGAL::do_intersect(s, t)) return true;
  return false;
}

// An edge of `x` from one open side of y's plane to the other through y's open face.
bool crosses(const ExactFace& x, const ExactFace& y) {
  if (y.triangles.empty()) return false;
  const K::Triangle_3& t = y.triangles.front();
  for (std::size_t i = 0; i < x.loop.size(); ++i) {
    const P3 &p = x.loop[i], &q = x.loop[(i + 1) % x.loop.size()];
    const auto op = CGAL::orientation(t[0], t[1], t[2], p);
    const auto oq = CGAL::orientation(t[0], t[1], t[2], q);
    if (op == CGAL::COPLANAR || oq == CGAL::COPLANAR || op == oq) continue;
    const K::Segment_3 edge(p, q);
    if (!meets_face(edge, y)) continue;
    bool on_boundary = false;
    for (std::size_t j = 0; j < y.loop.size() && !on_boundary; ++j)
      on_boundary =
          CGAL::do_intersect(edge, K::Segment_3(y.loop[j], y.loop[(j + 1) % y.loop.size()]));
    if (!on_boundary) return true;
  }
  return false;
}

// Coplanar faces with the same outward side whose triangles overlap in area: the solids' interiors
// overlap behind them. Exact: coplanarity and the 2D separating-axis test by orientations in the
// coordinate plane the faces project to without degenerating.
bool same_side_overlap(const ExactFace& x, const ExactFace& y) {
  if (x.triangles.empty() || y.triangles.empty()) return false;
  const K::Triangle_3& t = y.triangles.front();
  for (const P3& p : x.loop)
    if (CGAL::orientation(t[0], t[1], t[2], p) != CGAL::COPLANAR) return false;
  const K::Vector_3 n = CGAL::cross_product(t[1] - t[0], t[2] - t[0]);
  const double c[3] = {std::abs(n.x()), std::abs(n.y()), std::abs(n.z())};
  const int drop = c[0] >= c[1] && c[0] >= c[2] ? 0 : c[1] >= c[2] ? 1 : 2;
  const auto flat = [&](const P3& p) { return K::Point_2(p[(drop + 1) % 3], p[(drop + 2) % 3]); };
  const auto turn = [&](const K::Triangle_3& tri) {
    return CGAL::orientation(flat(tri[0]), flat(tri[1]), flat(tri[2]));
  };
  const CGAL::Orientation side = turn(t);
  if (side == CGAL::COLLINEAR || turn(x.triangles.front()) != side) return false;
  // Interiors of two triangles (both turning `side`) are disjoint iff an edge line of one has the
  // other wholly on its outer side or on it.
  const auto separated_by = [&](const K::Triangle_3& a, const K::Triangle_3& b) {
    for (int i = 0; i < 3; ++i) {
      bool all_out = true;
      for (int j = 0; j < 3 && all_out; ++j)
        all_out = CGAL::orientation(flat(a[i]), flat(a[(i + 1) % 3]), flat(b[j])) != side;
      if (all_out) return true;
    }
    return false;
  };
  for (const K::Triangle_3& a : x.triangles)
    for (const K::Triangle_3& b : y.triangles)
      if (!separated_by(a, b) && !separated_by(b, a)) return true;
  return false;
}

}  // namespace

bool exact_on_face(const WorldFaces& s, int f, const Vec3& p) {
  const P3 q(p.x(), p.y(), p.z());
  for (const K::Triangle_3& t : exact_face(s, f).triangles)
    if (t.has_on(q)) return true;
  return false;
}

FaceContact exact_face_contact(const WorldFaces& a, int fa, const WorldFaces& b, int fb) {
  const ExactFace x = exact_face(a, fa), y = exact_face(b, fb);
  bool meet = false;
  for (const K::Triangle_3& s : x.triangles) {
    for (const K::Triangle_3& t : y.triangles)
      if (CGAL::do_intersect(s, t)) {
        meet = true;
        break;
      }
    if (meet) break;
  }
  if (!meet) return FaceContact::disjoint;
  return crosses(x, y) || crosses(y, x) || same_side_overlap(x, y) ? FaceContact::crossing
                                                                   : FaceContact::contact;
}

}  // namespace touchstone::hierarchy
