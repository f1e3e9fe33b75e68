// V-Clip (Mirtich, MERL TR97-05; seed 003 §2): the exact tests. Whether two features meet, which
// side of a face plane a point is on and whether a plane separates the shapes use exact signs of
// determinants of the double coordinates (vclip_exact.hpp), so exact contact in the input comes
// out as distance 0. Also the rounded nearest points of a pair, used to end a cycle (vclip.cpp).
//
// Distance 0: the features meet. Relation: touching when some plane separates the shapes
// (checked exactly among the face planes around the two features and the planes spanned by one
// edge of each, which is complete: the normal cones at a common point meet in one of those
// directions), otherwise penetrating. V-Clip detects penetration but computes no depth.
#include <algorithm>
#include <limits>
#include <optional>
#include <tuple>

#include "algorithms/proximity/vclip/vclip_internal.hpp"

namespace touchstone::vclip::detail {

// A point common to the two features when they meet (exact test), else nothing.
std::optional<Vec3> Search::meeting_point() const {
  strict_crossing_ = false;
  using K = FeatureKind;
  const int rank0 = static_cast<int>(f[0].kind), rank1 = static_cast<int>(f[1].kind);
  const int lo = rank0 <= rank1 ? 0 : 1;  // the side with the lower-dimensional feature
  const int hi = 1 - lo;
  const Side& L = side_[lo];
  const Side& H = side_[hi];
  const Feature& fl = f[lo];
  const Feature& fh = f[hi];
  if (fl.kind == K::vertex) {
    const Vec3 p = L.vertex(fl.id);
    if (fh.kind == K::vertex) {
      if (p == H.vertex(fh.id)) return p;
    } else if (fh.kind == K::edge) {
      const Edge& E = H.edge(fh.id);
      const Vec3 t = H.vertex(E.tail), h = H.vertex(E.head);
      if (collinear(t, h, p) && overlap_on_line(t, h, p, p)) return p;
    } else if (H.plane_sign(fh.id, p) == 0 && in_face(H, fh.id, p)) {
      return p;
    }
    return std::nullopt;
  }
  if (fl.kind == K::edge) {
    const Edge& E = L.edge(fl.id);
    const Vec3 t = L.vertex(E.tail), h = L.vertex(E.head);
    if (fh.kind == K::edge) {
      const Edge& G = H.edge(fh.id);
      const Vec3 a = H.vertex(G.tail), b = H.vertex(G.head);
      if (segments_meet(t, h, a, b)) return segment_closest(t, h, a, b).first;
      return std::nullopt;
    }
    if (fh.kind == K::face && edge_meets_face(H, fh.id, t, h, &strict_crossing_)) {
      const Vec3 n = H.normal(fh.id), q = H.face_point(fh.id);
      const double dt = n.dot(t - q), dh = n.dot(h - q);
      return dt != dh ? Vec3(t + (h - t) * (dt / (dt - dh))) : t;
    }
  }
  return std::nullopt;
}

// Nearest point of face fid to p (rounded arithmetic).
Vec3 Search::point_face_closest(const Side& S, int fid, const Vec3& p) {
  const Vec3 n = S.normal(fid);
  const Vec3 q = p - n * n.dot(p - S.face_point(fid));
  bool inside = true;
  for (int e : S.face(fid).edges)
    if (S.out(fid, e).dot(q - S.vertex(S.edge(e).tail)) > 0) inside = false;
  if (inside) return q;
  Vec3 best = S.face_point(fid);
  for (int e : S.face(fid).edges) {
    const Vec3 c = segment_point_closest(S.vertex(S.edge(e).tail), S.vertex(S.edge(e).head), p);
    if ((c - p).squaredNorm() < (best - p).squaredNorm()) best = c;
  }
  return best;
}

// A point exactly on the plane of face fid lies in the (closed, convex) face.
bool Search::in_face(const Side& S, int fid, const Vec3& p) {
  const Face& face = S.face(fid);
  const Vec3 off = off_plane_point(S, fid);
  const size_t n = face.vertices.size();
  for (size_t i = 0; i < n; ++i)  // interior side is negative (counter-clockwise face)
    if (orient(S.vertex(face.vertices[i]), S.vertex(face.vertices[(i + 1) % n]), off, p) > 0)
      return false;
  return true;
}

// A point off the plane of face fid, on its outer side.
Vec3 Search::off_plane_point(const Side& S, int fid) {
  const Vec3 q = S.face_point(fid);
  return q + S.normal(fid) * std::max(1.0, q.cwiseAbs().maxCoeff());
}

// Exact: does segment [t, h] meet face fid?
// `strict` is set when the edge's interior crosses the face's relative interior: the shapes'
// interiors then overlap (points of the edge just below the face are inside the other shape).
bool Search::edge_meets_face(const Side& S, int fid, const Vec3& t, const Vec3& h, bool* strict) {
  const int st = S.plane_sign(fid, t), sh = S.plane_sign(fid, h);
  if (st * sh > 0) return false;
  const Face& face = S.face(fid);
  const size_t n = face.vertices.size();
  if (st == 0 && sh == 0) {  // in the face plane
    if (in_face(S, fid, t) || in_face(S, fid, h)) return true;
    for (size_t i = 0; i < n; ++i)
      if (segments_meet(t, h, S.vertex(face.vertices[i]), S.vertex(face.vertices[(i + 1) % n])))
        return true;
    return false;
  }
  // The line through t and h crosses the plane once; it passes through the face exactly when
  // it is on the same side of every edge line.
  int seen = 0;
  bool on_edge_line = false;
  for (size_t i = 0; i < n; ++i) {
    const int o = orient(S.vertex(face.vertices[i]), S.vertex(face.vertices[(i + 1) % n]), t, h);
    if (o == 0) {
      on_edge_line = true;
      continue;
    }
    if (seen != 0 && o != seen) return false;
    seen = o;
  }
  if (strict) *strict = st * sh < 0 && !on_edge_line;
  return true;
}

// Exact: do closed segments [a0, a1] and [b0, b1] (non-degenerate) share a point?
bool Search::segments_meet(const Vec3& a0, const Vec3& a1, const Vec3& b0, const Vec3& b1) {
  if (orient(a0, a1, b0, b1) != 0) return false;  // not coplanar
  if (collinear(a0, a1, b0) && collinear(a0, a1, b1)) return overlap_on_line(a0, a1, b0, b1);
  // Coplanar, not collinear: a point off the common plane turns the exact 3D orientation into
  // the 2D one within the plane (the same sign factor for every test).
  Vec3 n = (a1 - a0).cross(b1 - b0);
  if (!(n.squaredNorm() > 0)) n = (a1 - a0).cross(b0 - a0);
  if (!(n.squaredNorm() > 0)) n = (a1 - a0).cross(b1 - a0);
  if (!(n.squaredNorm() > 0)) n = (b1 - b0).cross(a0 - b0);
  const Vec3 off = a0 + n.normalized() * std::max(1.0, a0.cwiseAbs().maxCoeff());
  const int o1 = orient(a0, a1, off, b0), o2 = orient(a0, a1, off, b1);
  const int o3 = orient(b0, b1, off, a0), o4 = orient(b0, b1, off, a1);
  return o1 * o2 <= 0 && o3 * o4 <= 0;
}

// Exact collinearity: all three coordinate-plane projections have zero orientation.
bool Search::collinear(const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 zero = Vec3::Zero();
  return det_sign(b, a, c, a, Vec3(1, 0, 0), zero) == 0 &&
         det_sign(b, a, c, a, Vec3(0, 1, 0), zero) == 0 &&
         det_sign(b, a, c, a, Vec3(0, 0, 1), zero) == 0;
}

// Collinear segments overlap: compare coordinates exactly along the dominant axis.
bool Search::overlap_on_line(const Vec3& a0, const Vec3& a1, const Vec3& b0, const Vec3& b1) {
  int k = 0;
  const Vec3 d = (a1 - a0).cwiseAbs();
  for (int i = 1; i < 3; ++i)
    if (d[i] > d[k]) k = i;
  const double lo = std::max(std::min(a0[k], a1[k]), std::min(b0[k], b1[k]));
  const double hi = std::min(std::max(a0[k], a1[k]), std::max(b0[k], b1[k]));
  return lo <= hi;
}

namespace {

void append_unique(std::vector<int>& v, int x) {
  if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}

// Edges and faces incident to the vertices of a feature: every edge or face that can hold a
// point of the feature.
void around(const Polytope& p, const Feature& f, std::vector<int>& edges, std::vector<int>& faces) {
  for (int v : feature_vertex_ids(p, f))
    for (int e : p.vertex_edges()[static_cast<size_t>(v)]) {
      append_unique(edges, e);
      append_unique(faces, p.edges()[static_cast<size_t>(e)].left_face);
      append_unique(faces, p.edges()[static_cast<size_t>(e)].right_face);
    }
}

// A vertex of face f not on edge e.
int face_vertex_off_edge(const Polytope& p, int f, int e) {
  const Edge& E = p.edges()[static_cast<size_t>(e)];
  for (int v : p.faces()[static_cast<size_t>(f)].vertices)
    if (v != E.tail && v != E.head) return v;
  return E.tail;
}

}  // namespace

Relation Search::classify() const {
  // Face planes: every vertex of the other shape on or outside the plane.
  for (int s = 0; s < 2; ++s) {
    const Side& P = side_[s];
    const Side& Q = side_[1 - s];
    std::vector<int> edges, faces;
    around(*P.poly, f[s], edges, faces);
    const int nq = static_cast<int>(Q.poly->vertices().size());
    for (int g : faces) {
      bool separates = true;
      for (int w = 0; w < nq && separates; ++w) separates = P.plane_sign(g, Q.vertex(w)) >= 0;
      if (separates) return Relation::touching;
    }
  }
  // Planes spanned by an edge of each: the plane contains both edge directions, so each shape is
  // on one side exactly when the faces of its edge are (one off-edge vertex per face decides).
  std::vector<int> edges_a, faces_a, edges_b, faces_b;
  around(*side_[0].poly, f[0], edges_a, faces_a);
  around(*side_[1].poly, f[1], edges_b, faces_b);
  const Vec3 ex(1, 0, 0), ey(0, 1, 0), ez(0, 0, 1), zero = Vec3::Zero();
  for (int ea : edges_a) {
    const Edge& EA = side_[0].edge(ea);
    const Vec3 a0 = side_[0].vertex(EA.tail), a1 = side_[0].vertex(EA.head);
    const Vec3 wa_l = side_[0].vertex(face_vertex_off_edge(*side_[0].poly, EA.left_face, ea));
    const Vec3 wa_r = side_[0].vertex(face_vertex_off_edge(*side_[0].poly, EA.right_face, ea));
    for (int eb : edges_b) {
      const Edge& EB = side_[1].edge(eb);
      const Vec3 b0 = side_[1].vertex(EB.tail), b1 = side_[1].vertex(EB.head);
      // Parallel edges span no plane.
      if (det_sign(a1, a0, b1, b0, ex, zero) == 0 && det_sign(a1, a0, b1, b0, ey, zero) == 0 &&
          det_sign(a1, a0, b1, b0, ez, zero) == 0)
        continue;
      const auto side_of = [&](const Vec3& w) { return det_sign(a1, a0, b1, b0, w, a0); };
      const int sa_l = side_of(wa_l), sa_r = side_of(wa_r);
      if (sa_l * sa_r < 0) continue;  // A on both sides
      const int sa = sa_l != 0 ? sa_l : sa_r;
      const Vec3 wb_l = side_[1].vertex(face_vertex_off_edge(*side_[1].poly, EB.left_face, eb));
      const Vec3 wb_r = side_[1].vertex(face_vertex_off_edge(*side_[1].poly, EB.right_face, eb));
      const int sb_l = side_of(wb_l), sb_r = side_of(wb_r);
      if (sb_l * sb_r < 0) continue;
      const int sb = sb_l != 0 ? sb_l : sb_r;
      // The plane through a0 must also contain b0's line: both edges on the plane.
      if (side_of(b0) != 0) continue;
      if (sa * sb <= 0) return Relation::touching;
    }
  }
  return Relation::penetrating;
}

// A vertex of the features visited since `first` that lies strictly inside the other polytope
// (exact signs), as (vertex, face of the other polytope) in A, B order.
std::optional<std::array<Feature, 2>> Search::vertex_inside(
    const std::vector<std::array<Feature, 2>>& history, size_t first) const {
  for (size_t i = first; i < history.size(); ++i)
    for (int s = 0; s < 2; ++s)
      for (int v : feature_vertex_ids(*side_[s].poly, history[i][s])) {
        const Side& O = side_[1 - s];
        const Vec3 p = side_[s].vertex(v);
        bool inside = true;
        const int nf = static_cast<int>(O.poly->faces().size());
        for (int g = 0; g < nf && inside; ++g) inside = O.plane_sign(g, p) < 0;
        if (inside) {
          std::array<Feature, 2> pair;
          pair[s] = {FeatureKind::vertex, v};
          pair[1 - s] = history[i][1 - s].kind == FeatureKind::face ? history[i][1 - s]
                                                                    : Feature{FeatureKind::face, 0};
          return pair;
        }
      }
  return std::nullopt;
}

// The nearest points of the current pair (used to end a cycle); contact when they meet.
Terminal Search::pair_closest() const {
  Terminal r;
  if (const auto x = meeting_point()) {
    r.contact = true;
    r.point_a = r.point_b = *x;
    return r;
  }
  const int lo = static_cast<int>(f[0].kind) <= static_cast<int>(f[1].kind) ? 0 : 1;
  const int hi = 1 - lo;
  const Side& L = side_[lo];
  const Side& H = side_[hi];
  Vec3 pl, ph;
  if (f[lo].kind == FeatureKind::vertex) {
    pl = L.vertex(f[lo].id);
    if (f[hi].kind == FeatureKind::vertex) {
      ph = H.vertex(f[hi].id);
    } else if (f[hi].kind == FeatureKind::edge) {
      const Edge& E = H.edge(f[hi].id);
      ph = segment_point_closest(H.vertex(E.tail), H.vertex(E.head), pl);
    } else {
      ph = point_face_closest(H, f[hi].id, pl);
    }
  } else {
    const Edge& E = L.edge(f[lo].id);
    const Vec3 t = L.vertex(E.tail), h = L.vertex(E.head);
    if (f[hi].kind == FeatureKind::edge) {
      const Edge& G = H.edge(f[hi].id);
      std::tie(pl, ph) = segment_closest(t, h, H.vertex(G.tail), H.vertex(G.head));
    } else {  // edge-face: nearest of the end points to the face and the edge to its edges
      pl = t;
      ph = point_face_closest(H, f[hi].id, t);
      const auto consider = [&](const Vec3& a, const Vec3& b) {
        if ((a - b).squaredNorm() < (pl - ph).squaredNorm()) {
          pl = a;
          ph = b;
        }
      };
      consider(h, point_face_closest(H, f[hi].id, h));
      for (int fe : H.face(f[hi].id).edges) {
        const Edge& N = H.edge(fe);
        const auto [a, b] = segment_closest(t, h, H.vertex(N.tail), H.vertex(N.head));
        consider(a, b);
      }
    }
  }
  r.point_a = lo == 0 ? pl : ph;
  r.point_b = lo == 0 ? ph : pl;
  return r;
}

}  // namespace touchstone::vclip::detail
