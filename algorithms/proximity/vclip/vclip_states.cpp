// V-Clip (Mirtich, "V-Clip: fast and robust polyhedral collision detection", MERL TR97-05;
// seed 003 §2): the states of the closest-feature search and their transitions (seed 003 §2.2,
// Figure 2; clipEdge, seed 003 Algorithm 1; derivative tests, §2.3). The query loop is in
// vclip.cpp, the exact meeting tests in vclip_contact.cpp.
//
// States (seed 003 §2.2, Figure 2): V-V, V-E, E-E, V-F and E-F, each with the roles of A and B
// either way round. Before any state, an exact test checks whether the two features meet; if so
// they are a closest pair at distance 0 and the search ends (this keeps the derivative tests away
// from points on the other feature, where the distance has no derivative).
//  - V-V: a vertex outside the other vertex's Voronoi cone (a plane VP(V, E) violated) moves that
//    vertex to the edge E.
//  - V-E: the vertex is tested against VR(E) (vertex-edge planes first, then face-edge planes);
//    then E is clipped against VR(V) (clipEdge, seed 003 Algorithm 1) and the derivative test
//    (seed 003 §2.3) decides whether V moves to an edge.
//  - E-E: each edge is clipped against the other's region in two steps, as in TR97-05: first
//    the vertex-edge planes (the slab), then the face-edge planes on the part inside the slab,
//    each step followed by its derivative test.
//  - V-F: the vertex is tested against the face's prism; the maximally violated plane picks the
//    edge (it is the edge holding the face's nearest point, so the distance stays the same).
//    Inside the prism and above the face, an edge of V pointing toward the face plane moves V to
//    that edge; with none, V-F is the answer. Below the face: the local minimum of TR97-05
//    (handleLocalMin): the face of that polytope whose plane V violates most becomes the new face;
//    if V violates none, V is inside the polytope and the pair penetrates. (TR97-05 also follows
//    edges pointing up toward the face from below; here that led to cycles through E-F and E-E in
//    deep penetration, so V below a face always takes the exact local-minimum test.)
//  - E-F: the edge is clipped against the face's prism; it does not cross the face (the meeting
//    test ran first), so the sign of the derivative at the clipped ends picks the face edge or
//    edge end point toward which the distance decreases. If the clipped part lies below the face
//    and contains an end point of E, that end point goes to V-F (local-minimum test).
//
// No tolerances (seed 003 §2, TR97-05 §1). Where floating point forces a choice:
//  - a point exactly on a Voronoi plane (signed distance 0) counts as inside the region (only a
//    strictly negative distance triggers an update), as in seed 003 Algorithm 1;
//  - a derivative of exactly 0 triggers no update (the minimum is at the clip point), except in
//    E-F, where 0 (E parallel to F) moves toward the lower clip end;
//  - whether the features meet, which side of a face plane a vertex is on (V-F, local minimum),
//    and whether a plane separates the shapes use exact signs of determinants of the double
//    coordinates (vclip_exact.hpp), so exact contact in the input comes out as distance 0;
//  - V-F's "edge points toward the face" test evaluates (w − v)·n, the same product E-F's
//    derivative test evaluates, so the two states cannot disagree about it;
//  - if rounding makes a clipped part of an edge cross a face plane that the exact test says
//    the edge does not meet, the crossing is just outside the face: the face moves to its edge
//    nearest the edge; the compound exclusion of an edge by a face prism (it passes a corner
//    region) moves the face to the nearer of the two clipping edges.
// Everything is evaluated in A's local frame; B's vertices and directions are mapped by the
// relative pose (so shapes far from the origin keep small mutual distances accurate).
#include <algorithm>
#include <limits>
#include <optional>

#include "algorithms/proximity/vclip/vclip_internal.hpp"

namespace touchstone::vclip::detail {

// One state evaluation: updates f, or returns how the search ended.
std::optional<Terminal> Search::step() {
  const FeatureKind k0 = f[0].kind, k1 = f[1].kind;
  using K = FeatureKind;
  // Features that meet (exactly, in the double coordinates) are a closest pair at distance 0.
  // Testing this first keeps the derivative tests away from points on the other feature,
  // where the distance function has no derivative and rounding would pick a sign.
  if (const auto x = meeting_point()) {
    Terminal r;
    r.contact = true;
    r.penetrating = strict_crossing_;
    r.point_a = r.point_b = *x;
    return r;
  }
  if (k0 == K::vertex && k1 == K::vertex) return vertex_vertex();
  if (k0 == K::vertex && k1 == K::edge) return vertex_edge(0, 1);
  if (k0 == K::edge && k1 == K::vertex) return vertex_edge(1, 0);
  if (k0 == K::edge && k1 == K::edge) return edge_edge();
  if (k0 == K::vertex && k1 == K::face) return vertex_face(0, 1);
  if (k0 == K::face && k1 == K::vertex) return vertex_face(1, 0);
  if (k0 == K::edge && k1 == K::face) return edge_face(0, 1);
  if (k0 == K::face && k1 == K::edge) return edge_face(1, 0);
  // F-F is not a state of the algorithm (only a caller's warm start can ask for it): replace
  // A's face by one of its vertices.
  f[0] = {K::vertex, side_[0].face(f[0].id).vertices[0]};
  return std::nullopt;
}

std::optional<Terminal> Search::vertex_vertex() {
  const Vec3 p[2] = {side_[0].vertex(f[0].id), side_[1].vertex(f[1].id)};
  for (int s = 0; s < 2; ++s) {
    const int v = f[s].id;
    for (int e : side_[s].poly->vertex_edges()[static_cast<size_t>(v)])
      if (side_[s].u_from(e, v).dot(p[s] - p[1 - s]) < 0) {  // outside VP(V, E)
        f[s] = {FeatureKind::edge, e};
        return std::nullopt;
      }
  }
  Terminal t;
  t.point_a = p[0];
  t.point_b = p[1];
  t.contact = p[0] == p[1];
  return t;
}

std::optional<Terminal> Search::vertex_edge(int sv, int se) {
  const Side& V = side_[sv];
  const Side& S = side_[se];
  const int v = f[sv].id, e = f[se].id;
  const Edge& E = S.edge(e);
  const Vec3 p = V.vertex(v), t = S.vertex(E.tail), h = S.vertex(E.head), u = S.u(e);
  // V against VR(E): vertex-edge planes, then face-edge planes.
  if (u.dot(p - t) < 0) {
    f[se] = {FeatureKind::vertex, E.tail};
    return std::nullopt;
  }
  if (u.dot(h - p) < 0) {
    f[se] = {FeatureKind::vertex, E.head};
    return std::nullopt;
  }
  const double dl = S.out(E.left_face, e).dot(p - t);
  const double dr = S.out(E.right_face, e).dot(p - t);
  if (dl < 0 || dr < 0) {
    f[se] = {FeatureKind::face, dl <= dr ? E.left_face : E.right_face};
    return std::nullopt;
  }
  // E against VR(V).
  Clip c;
  for (int ev : V.poly->vertex_edges()[static_cast<size_t>(v)]) {
    const Vec3 uo = V.u_from(ev, v);
    clip_plane(c, uo.dot(p - t), uo.dot(p - h), {FeatureKind::edge, ev});
  }
  const Vec3 d = h - t;
  if (c.excluded) {
    f[sv] = c.simple ? c.by : (dsign_vertex(d, t + d * c.lo, p) > 0 ? *c.n_lo : *c.n_hi);
    return std::nullopt;
  }
  if (c.n_lo && dsign_vertex(d, t + d * c.lo, p) > 0) {
    f[sv] = *c.n_lo;
    return std::nullopt;
  }
  if (c.n_hi && dsign_vertex(d, t + d * c.hi, p) < 0) {
    f[sv] = *c.n_hi;
    return std::nullopt;
  }
  Terminal r;
  const Vec3 q = segment_point_closest(t, h, p);
  r.point_a = sv == 0 ? p : q;
  r.point_b = sv == 0 ? q : p;
  // Exact: V on E (collinear and between the end points).
  r.contact = collinear(t, h, p) && overlap_on_line(t, h, p, p);
  if (r.contact) r.point_a = r.point_b = p;
  return r;
}

// Clips the edge of side `so` against VR(edge of side `sx`); true when f[sx] was updated.
bool Search::edge_edge_subtest(int sx, int so) {
  const Side& X = side_[sx];
  const Side& O = side_[so];
  const int x = f[sx].id;
  const Edge& EX = X.edge(x);
  const Edge& EO = O.edge(f[so].id);
  const Vec3 a = X.vertex(EX.tail), b = X.vertex(EX.head), ux = X.u(x);
  const Vec3 t = O.vertex(EO.tail), h = O.vertex(EO.head), d = h - t;
  // Vertex-edge planes (the slab).
  Clip c;
  clip_plane(c, ux.dot(t - a), ux.dot(h - a), {FeatureKind::vertex, EX.tail});
  clip_plane(c, ux.dot(b - t), ux.dot(b - h), {FeatureKind::vertex, EX.head});
  if (c.excluded) {
    f[sx] = c.simple ? c.by : (dsign_segment(d, t + d * c.lo, a, b) > 0 ? *c.n_lo : *c.n_hi);
    return true;
  }
  if (c.n_lo && dsign_vertex(d, t + d * c.lo, X.vertex(c.n_lo->id)) > 0) {
    f[sx] = *c.n_lo;
    return true;
  }
  if (c.n_hi && dsign_vertex(d, t + d * c.hi, X.vertex(c.n_hi->id)) < 0) {
    f[sx] = *c.n_hi;
    return true;
  }
  // Face-edge planes, on the part inside the slab.
  Clip c2;
  c2.lo = c.lo;
  c2.hi = c.hi;
  for (int face : {EX.left_face, EX.right_face}) {
    const Vec3 m = X.out(face, x);
    clip_plane(c2, m.dot(t - a), m.dot(h - a), {FeatureKind::face, face});
  }
  resolve_simple(c2);
  if (c2.excluded) {
    f[sx] = c2.simple ? c2.by : (dsign_segment(d, t + d * c2.lo, a, b) > 0 ? *c2.n_lo : *c2.n_hi);
    return true;
  }
  if (c2.n_lo && dsign_face(d, t + d * c2.lo, X.normal(c2.n_lo->id), a) > 0) {
    f[sx] = *c2.n_lo;
    return true;
  }
  if (c2.n_hi && dsign_face(d, t + d * c2.hi, X.normal(c2.n_hi->id), a) < 0) {
    f[sx] = *c2.n_hi;
    return true;
  }
  return false;
}

std::optional<Terminal> Search::edge_edge() {
  if (edge_edge_subtest(1, 0) || edge_edge_subtest(0, 1)) return std::nullopt;
  const Edge& E0 = side_[0].edge(f[0].id);
  const Edge& E1 = side_[1].edge(f[1].id);
  const Vec3 a0 = side_[0].vertex(E0.tail), a1 = side_[0].vertex(E0.head);
  const Vec3 b0 = side_[1].vertex(E1.tail), b1 = side_[1].vertex(E1.head);
  Terminal r;
  std::tie(r.point_a, r.point_b) = segment_closest(a0, a1, b0, b1);
  r.contact = segments_meet(a0, a1, b0, b1);
  if (r.contact) r.point_b = r.point_a;
  return r;
}

std::optional<Terminal> Search::vertex_face(int sv, int sf) {
  const Side& V = side_[sv];
  const Side& F = side_[sf];
  const int v = f[sv].id, fid = f[sf].id;
  const Face& face = F.face(fid);
  const Vec3 p = V.vertex(v);
  // V against the prism: the maximally violated plane names the edge holding the nearest point.
  double worst = 0;
  int worst_edge = -1;
  for (int e : face.edges) {
    const double dist = -F.out(fid, e).dot(p - F.vertex(F.edge(e).tail));
    if (dist < worst) {
      worst = dist;
      worst_edge = e;
    }
  }
  if (worst_edge >= 0) {
    f[sf] = {FeatureKind::edge, worst_edge};
    return std::nullopt;
  }
  const int side = F.plane_sign(fid, p);
  const double d = F.plane_distance(fid, p);
  if (side == 0) {
    Terminal r;
    r.contact = true;
    r.point_a = r.point_b = p;
    return r;
  }
  // Above the face: an edge of V pointing toward the face plane brings V closer. Below it,
  // TR97-05 also follows edges pointing up toward the face; here V goes straight to the
  // local-minimum test, which decides exactly between "inside the polytope" and a face plane
  // V is above (following edges below a face can cycle through E-F and E-E in penetration).
  if (side > 0)
    for (int e : V.poly->vertex_edges()[static_cast<size_t>(v)]) {
      // (w − p)·n, the very product E-F's derivative test evaluates, so the two agree.
      if (F.normal(fid).dot(V.vertex(V.poly->other_vertex(e, v)) - p) < 0) {
        f[sv] = {FeatureKind::edge, e};
        return std::nullopt;
      }
    }
  if (side > 0) {
    Terminal r;
    const Vec3 q = p - F.normal(fid) * std::max(d, 0.0);
    r.point_a = sv == 0 ? p : q;
    r.point_b = sv == 0 ? q : p;
    return r;
  }
  // Local minimum below the face (TR97-05): the face whose plane V violates most.
  const int nf = static_cast<int>(F.poly->faces().size());
  int best = fid;
  double best_d = -std::numeric_limits<double>::infinity();
  for (int g = 0; g < nf; ++g) {
    const double dg = F.plane_distance(g, p);
    if (dg > best_d) {
      best_d = dg;
      best = g;
    }
  }
  if (F.plane_sign(best, p) > 0) {
    f[sf] = {FeatureKind::face, best};
    return std::nullopt;
  }
  bool on_boundary = false;
  for (int g = 0; g < nf; ++g) {
    const int sg = F.plane_sign(g, p);
    if (sg > 0) {
      f[sf] = {FeatureKind::face, g};
      return std::nullopt;
    }
    if (sg == 0) {
      on_boundary = true;
      if (g != fid) f[sf] = {FeatureKind::face, g};
    }
  }
  Terminal r;
  r.contact = true;
  r.penetrating = !on_boundary;  // V strictly inside the other polytope
  r.point_a = r.point_b = p;
  return r;
}

std::optional<Terminal> Search::edge_face(int se, int sf) {
  const Side& S = side_[se];
  const Side& F = side_[sf];
  const int e = f[se].id, fid = f[sf].id;
  const Edge& E = S.edge(e);
  const Face& face = F.face(fid);
  const Vec3 t = S.vertex(E.tail), h = S.vertex(E.head), d = h - t;
  Clip c;
  for (int fe : face.edges) {
    const Vec3 m = F.out(fid, fe);
    const Vec3 q = F.vertex(F.edge(fe).tail);
    clip_plane(c, -m.dot(t - q), -m.dot(h - q), {FeatureKind::edge, fe});
  }
  if (c.excluded) {
    if (c.simple) {
      f[sf] = c.by;
    } else {
      // Compound exclusion: the edge passes outside a corner region of the face; take the
      // nearer of the two clipping edges.
      const auto dist2 = [&](const Feature& n) {
        const Edge& N = F.edge(n.id);
        const auto [p, q] = segment_closest(t, h, F.vertex(N.tail), F.vertex(N.head));
        return (p - q).squaredNorm();
      };
      f[sf] = dist2(*c.n_lo) <= dist2(*c.n_hi) ? *c.n_lo : *c.n_hi;
    }
    return std::nullopt;
  }
  const Vec3 n = F.normal(fid), q0 = F.face_point(fid);
  const Vec3 e_lo = t + d * c.lo, e_hi = t + d * c.hi;
  // Sides of the face plane at the clipped ends: exact at the edge's own end points, rounded
  // at clip points. The features do not meet (meeting_point() ran first), so the clipped part
  // cannot cross the face; if rounding says it does, the crossing is just outside the face:
  // move to the face edge nearest to E.
  const int s_lo = c.n_lo ? sgn(n.dot(e_lo - q0)) : F.plane_sign(fid, t);
  const int s_hi = c.n_hi ? sgn(n.dot(e_hi - q0)) : F.plane_sign(fid, h);
  if (s_lo * s_hi <= 0) {
    int nearest = face.edges[0];
    double best = std::numeric_limits<double>::infinity();
    for (int fe : face.edges) {
      const Edge& N = F.edge(fe);
      const auto [p, q] = segment_closest(t, h, F.vertex(N.tail), F.vertex(N.head));
      if ((p - q).squaredNorm() < best) {
        best = (p - q).squaredNorm();
        nearest = fe;
      }
    }
    f[sf] = {FeatureKind::edge, nearest};
    return std::nullopt;
  }
  // The clipped part below the face with an end point of E inside the prism: that end point
  // goes to the V-F state, whose local-minimum test decides exactly whether it is inside the
  // other polytope. (Following |D_F| below a face can cycle through E-E in penetration.)
  if (s_lo < 0 && s_hi < 0 && (!c.n_lo || !c.n_hi)) {
    f[se] = {FeatureKind::vertex, !c.n_lo ? E.tail : E.head};
    return std::nullopt;
  }
  if (sgn(d.dot(n)) * s_lo >= 0) {
    if (c.n_lo)
      f[sf] = *c.n_lo;
    else
      f[se] = {FeatureKind::vertex, E.tail};
  } else {
    if (c.n_hi)
      f[sf] = *c.n_hi;
    else
      f[se] = {FeatureKind::vertex, E.head};
  }
  return std::nullopt;
}

}  // namespace touchstone::vclip::detail
