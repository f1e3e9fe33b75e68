// V-Clip (Mirtich, MERL TR97-05; seed 003 §2): the closest features of two convex polytopes,
// found by walking feature pairs until each feature's closest point lies in the other's Voronoi
// region (Theorem 1, seed 003 §2.2), or the features are found to intersect.
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
//
// Distance 0: the features meet. Relation: touching when some plane separates the shapes
// (checked exactly among the face planes around the two features and the planes spanned by one
// edge of each, which is complete: the normal cones at a common point meet in one of those
// directions), otherwise penetrating. V-Clip detects penetration but computes no depth.
//
// Cycles. Seed 003 §2.2 argues the search never revisits a pair; in floating point it does when
// the true distance is below the rounding of the clip points (4 to 6 of the 2,519 default cases
// for each of seeds 1-3, all at exact distances or depths under 1e-12 of the shapes' size). A
// revisited pair is detected exactly (the search is deterministic in its pair). By default the
// query then ends with status ok and says so in ProximityResult::reason ("cycle resolved: ..."):
// penetrating if a vertex of the cycle's features is strictly inside the other polytope, otherwise
// on the pair of the cycle whose features are nearest. Options::fail_on_cycle = true reports
// QueryStatus::failed, "cycling" instead (for robustness counts). The iteration cap always reports
// failed.
#include "algorithms/proximity/vclip/vclip.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "algorithms/proximity/vclip/vclip_exact.hpp"

namespace touchstone::vclip {

int VisitedPairs::insert(const Feature& a, const Feature& b) {
  auto key_of = [](const Feature& f) {
    return (static_cast<std::uint64_t>(f.kind) << 30) | static_cast<std::uint32_t>(f.id);
  };
  constexpr size_t kLinear = 64;
  if (history_.size() < kLinear) {
    for (size_t i = 0; i < history_.size(); ++i)
      if (history_[i][0] == a && history_[i][1] == b) return static_cast<int>(i);
    history_.push_back({a, b});
    return -1;
  }
  if (sorted_.empty()) {
    for (size_t i = 0; i < history_.size(); ++i)
      sorted_.emplace_back((key_of(history_[i][0]) << 32) | key_of(history_[i][1]),
                           static_cast<int>(i));
    std::sort(sorted_.begin(), sorted_.end());
  }
  const std::uint64_t key = (key_of(a) << 32) | key_of(b);
  auto it = std::lower_bound(sorted_.begin(), sorted_.end(), std::make_pair(key, -1));
  if (it != sorted_.end() && it->first == key) return it->second;
  sorted_.insert(it, {key, static_cast<int>(history_.size())});
  history_.push_back({a, b});
  return -1;
}

namespace {

struct Prepared : PreparedShape {
  bool convex = true;
  std::vector<Vec3> edge_dir;  // unit, tail → head
  // Unit vectors in the left / right face's plane, perpendicular to the edge, pointing away from
  // that face: the normals of the face-edge Voronoi planes (seed 003 §2.1).
  std::vector<Vec3> out_left, out_right;
  std::vector<std::array<int, 3>> face_triple;  // three face vertices spanning its plane
  int feature_count = 0;
};

int sgn(double x) { return (x > 0) - (x < 0); }

// One polytope seen in A's frame.
struct Side {
  const Polytope* poly = nullptr;
  const Prepared* prep = nullptr;
  bool moved = false;
  Mat3 rotation = Mat3::Identity();
  Vec3 translation = Vec3::Zero();

  Vec3 vertex(int v) const {
    const Vec3& p = poly->vertices()[static_cast<size_t>(v)];
    return moved ? Vec3(rotation * p + translation) : p;
  }
  Vec3 dir(const Vec3& d) const { return moved ? Vec3(rotation * d) : d; }
  const Edge& edge(int e) const { return poly->edges()[static_cast<size_t>(e)]; }
  const Face& face(int f) const { return poly->faces()[static_cast<size_t>(f)]; }
  Vec3 u(int e) const { return dir(prep->edge_dir[static_cast<size_t>(e)]); }
  // Unit direction from vertex v along its edge e.
  Vec3 u_from(int e, int v) const { return edge(e).tail == v ? u(e) : Vec3(-u(e)); }
  Vec3 normal(int f) const { return dir(face(f).plane.normal); }
  Vec3 face_point(int f) const { return vertex(face(f).vertices[0]); }
  double plane_distance(int f, const Vec3& p) const { return normal(f).dot(p - face_point(f)); }
  int plane_sign(int f, const Vec3& p) const {  // exact
    const auto& t = prep->face_triple[static_cast<size_t>(f)];
    return orient(vertex(t[0]), vertex(t[1]), vertex(t[2]), p);
  }
  // Away from face f across its edge e, in f's plane.
  Vec3 out(int f, int e) const {
    return dir(edge(e).left_face == f ? prep->out_left[static_cast<size_t>(e)]
                                      : prep->out_right[static_cast<size_t>(e)]);
  }
};

// clipEdge (seed 003 Algorithm 1) state: the part [lo, hi] of an edge inside a Voronoi region,
// and the neighbours whose planes clipped it.
struct Clip {
  double lo = 0.0, hi = 1.0;
  std::optional<Feature> n_lo, n_hi;
  bool excluded = false;
  bool simple = false;  // excluded by one plane alone: `by`
  Feature by;
};

// One Voronoi plane; dt, dh: signed distances of the edge's tail and head (>= 0 inside).
void clip_plane(Clip& c, double dt, double dh, const Feature& n) {
  if (c.excluded) return;
  if (dt < 0 && dh < 0) {
    c.excluded = c.simple = true;
    c.by = n;
    return;
  }
  if (dt < 0) {
    const double l = dt / (dt - dh);
    if (l > c.lo) {
      c.lo = l;
      c.n_lo = n;
      if (c.lo > c.hi) c.excluded = true;
    }
  } else if (dh < 0) {
    const double l = dt / (dt - dh);
    if (l < c.hi) {
      c.hi = l;
      c.n_hi = n;
      if (c.lo > c.hi) c.excluded = true;
    }
  }
}

// After clipping a sub-interval that started without neighbours: an exclusion involving only one
// plane is simple (that plane alone cuts off the whole sub-interval).
void resolve_simple(Clip& c) {
  if (!c.excluded || c.simple) return;
  if (!c.n_hi) {
    c.simple = true;
    c.by = *c.n_lo;
  } else if (!c.n_lo) {
    c.simple = true;
    c.by = *c.n_hi;
  }
}

// Signs of d/dλ of the distance from e(λ) = t + λ·d to a feature (seed 003 §2.3).
int dsign_vertex(const Vec3& d, const Vec3& e, const Vec3& v) { return sgn(d.dot(e - v)); }
// Valid where the nearest point of the face to e lies in the face's interior or boundary, i.e.
// e inside the face's prism; q is any point of the face plane.
int dsign_face(const Vec3& d, const Vec3& e, const Vec3& n, const Vec3& q) {
  return sgn(d.dot(n)) * sgn(n.dot(e - q));
}
// Segment [a, b]: the nearest point without a division (scaled by |b − a|²).
int dsign_segment(const Vec3& d, const Vec3& e, const Vec3& a, const Vec3& b) {
  const Vec3 ab = b - a;
  const double l2 = ab.squaredNorm();
  const double s = (e - a).dot(ab);
  if (s <= 0) return dsign_vertex(d, e, a);
  if (s >= l2) return dsign_vertex(d, e, b);
  return sgn(d.dot((e - a) * l2 - ab * s));
}

// Nearest points of segments [p0, p1] and [q0, q1] (clamped, parallel-safe).
std::pair<Vec3, Vec3> segment_closest(const Vec3& p0, const Vec3& p1, const Vec3& q0,
                                      const Vec3& q1) {
  const Vec3 d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
  const double a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r);
  double s = 0, t = 0;
  if (a <= 0 && e <= 0) return {p0, q0};
  if (a <= 0) {
    t = std::clamp(f / e, 0.0, 1.0);
  } else {
    const double c = d1.dot(r);
    if (e <= 0) {
      s = std::clamp(-c / a, 0.0, 1.0);
    } else {
      const double b = d1.dot(d2);
      const double denom = a * e - b * b;
      s = denom > 0 ? std::clamp((b * f - c * e) / denom, 0.0, 1.0) : 0.0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = std::clamp(-c / a, 0.0, 1.0);
      } else if (t > 1) {
        t = 1;
        s = std::clamp((b - c) / a, 0.0, 1.0);
      }
    }
  }
  return {p0 + d1 * s, q0 + d2 * t};
}

Vec3 segment_point_closest(const Vec3& t, const Vec3& h, const Vec3& p) {
  const Vec3 d = h - t;
  const double l2 = d.squaredNorm();
  if (!(l2 > 0)) return t;
  return t + d * std::clamp((p - t).dot(d) / l2, 0.0, 1.0);
}

// Vertex ids of a feature.
std::vector<int> feature_vertex_ids(const Polytope& p, const Feature& f) {
  switch (f.kind) {
    case FeatureKind::vertex:
      return {f.id};
    case FeatureKind::edge:
      return {p.edges()[static_cast<size_t>(f.id)].tail, p.edges()[static_cast<size_t>(f.id)].head};
    case FeatureKind::face:
      return p.faces()[static_cast<size_t>(f.id)].vertices;
  }
  return {};
}

// How a search ended.
struct Terminal {
  bool contact = false;      // the features meet (distance 0)
  bool penetrating = false;  // known penetrating without the separation test (vertex inside)
  Vec3 point_a = Vec3::Zero(), point_b = Vec3::Zero();  // A frame
};

class Search {
 public:
  Search(const Side& a, const Side& b) : side_{a, b} {}

  std::array<Feature, 2> f;

  // One state evaluation: updates f, or returns how the search ended.
  std::optional<Terminal> step() {
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

  // Touching (some plane separates the shapes) or penetrating, for features that meet.
  Relation classify() const;

  Vec3 vertex_position(int s, int v) const { return side_[s].vertex(v); }

  // A vertex of the features visited since `first` that lies strictly inside the other polytope
  // (exact signs), as (vertex, face of the other polytope) in A, B order.
  std::optional<std::array<Feature, 2>> vertex_inside(
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
            pair[1 - s] = history[i][1 - s].kind == FeatureKind::face
                              ? history[i][1 - s]
                              : Feature{FeatureKind::face, 0};
            return pair;
          }
        }
    return std::nullopt;
  }

  // The nearest points of the current pair (used to end a cycle); contact when they meet.
  Terminal pair_closest() const {
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

 private:
  std::array<Side, 2> side_;

  // A point common to the two features when they meet (exact test), else nothing.
  mutable bool strict_crossing_ = false;  // set by meeting_point(): see edge_meets_face()

  std::optional<Vec3> meeting_point() const {
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
  static Vec3 point_face_closest(const Side& S, int fid, const Vec3& p) {
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
  static bool in_face(const Side& S, int fid, const Vec3& p) {
    const Face& face = S.face(fid);
    const Vec3 off = off_plane_point(S, fid);
    const size_t n = face.vertices.size();
    for (size_t i = 0; i < n; ++i)  // interior side is negative (counter-clockwise face)
      if (orient(S.vertex(face.vertices[i]), S.vertex(face.vertices[(i + 1) % n]), off, p) > 0)
        return false;
    return true;
  }

  // A point off the plane of face fid, on its outer side.
  static Vec3 off_plane_point(const Side& S, int fid) {
    const Vec3 q = S.face_point(fid);
    return q + S.normal(fid) * std::max(1.0, q.cwiseAbs().maxCoeff());
  }

  // Exact: does segment [t, h] meet face fid?
  // `strict` is set when the edge's interior crosses the face's relative interior: the shapes'
  // interiors then overlap (points of the edge just below the face are inside the other shape).
  static bool edge_meets_face(const Side& S, int fid, const Vec3& t, const Vec3& h,
                              bool* strict = nullptr) {
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

  std::optional<Terminal> vertex_vertex() {
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

  std::optional<Terminal> vertex_edge(int sv, int se) {
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
  bool edge_edge_subtest(int sx, int so) {
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

  std::optional<Terminal> edge_edge() {
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

  // Exact: do closed segments [a0, a1] and [b0, b1] (non-degenerate) share a point?
  static bool segments_meet(const Vec3& a0, const Vec3& a1, const Vec3& b0, const Vec3& b1) {
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
  static bool collinear(const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 zero = Vec3::Zero();
    return det_sign(b, a, c, a, Vec3(1, 0, 0), zero) == 0 &&
           det_sign(b, a, c, a, Vec3(0, 1, 0), zero) == 0 &&
           det_sign(b, a, c, a, Vec3(0, 0, 1), zero) == 0;
  }

  // Collinear segments overlap: compare coordinates exactly along the dominant axis.
  static bool overlap_on_line(const Vec3& a0, const Vec3& a1, const Vec3& b0, const Vec3& b1) {
    int k = 0;
    const Vec3 d = (a1 - a0).cwiseAbs();
    for (int i = 1; i < 3; ++i)
      if (d[i] > d[k]) k = i;
    const double lo = std::max(std::min(a0[k], a1[k]), std::min(b0[k], b1[k]));
    const double hi = std::min(std::max(a0[k], a1[k]), std::max(b0[k], b1[k]));
    return lo <= hi;
  }

  std::optional<Terminal> vertex_face(int sv, int sf) {
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

  std::optional<Terminal> edge_face(int se, int sf) {
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
};

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

std::unique_ptr<Prepared> prepare_shape(const Polytope& shape) {
  auto p = std::make_unique<Prepared>();
  p->polytope = &shape;
  p->convex = shape.is_convex();
  const auto& verts = shape.vertices();
  const auto& edges = shape.edges();
  const auto& faces = shape.faces();
  p->edge_dir.resize(edges.size());
  p->out_left.resize(edges.size());
  p->out_right.resize(edges.size());
  for (size_t e = 0; e < edges.size(); ++e) {
    const Edge& E = edges[e];
    const Vec3 u =
        (verts[static_cast<size_t>(E.head)] - verts[static_cast<size_t>(E.tail)]).normalized();
    p->edge_dir[e] = u;
    // Left face runs tail → head counter-clockwise: u × n points away from it.
    p->out_left[e] = u.cross(faces[static_cast<size_t>(E.left_face)].plane.normal).normalized();
    p->out_right[e] = faces[static_cast<size_t>(E.right_face)].plane.normal.cross(u).normalized();
  }
  p->face_triple.resize(faces.size());
  for (size_t f = 0; f < faces.size(); ++f) {
    const auto& vs = faces[f].vertices;
    std::array<int, 3> best{vs[0], vs[1], vs[2]};
    double best_area = -1;
    const Vec3& o = verts[static_cast<size_t>(vs[0])];
    for (size_t k = 1; k + 1 < vs.size(); ++k) {
      const double area = (verts[static_cast<size_t>(vs[k])] - o)
                              .cross(verts[static_cast<size_t>(vs[k + 1])] - o)
                              .squaredNorm();
      if (area > best_area) {
        best_area = area;
        best = {vs[0], vs[k], vs[k + 1]};
      }
    }
    p->face_triple[f] = best;
  }
  p->feature_count = static_cast<int>(verts.size() + edges.size() + faces.size());
  return p;
}

bool valid_feature(const Polytope& p, const Feature& f) {
  const size_t n = f.kind == FeatureKind::vertex ? p.vertices().size()
                   : f.kind == FeatureKind::edge ? p.edges().size()
                                                 : p.faces().size();
  return f.id >= 0 && static_cast<size_t>(f.id) < n;
}

class VClip final : public ProximityAlgorithm {
 public:
  explicit VClip(const Options& options) : options_(options) {}

  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    return prepare_shape(shape);
  }

  ProximityResult query(const PreparedShape& sa, const Pose& pose_a, const PreparedShape& sb,
                        const Pose& pose_b, std::unique_ptr<WarmStart>* warm) const override {
    ProximityResult r;
    const auto* a = dynamic_cast<const Prepared*>(&sa);
    const auto* b = dynamic_cast<const Prepared*>(&sb);
    if (!a || !b) return failed("shape was not prepared by vclip", 0);
    if (!a->convex || !b->convex) {
      r.status = QueryStatus::unsupported;
      r.reason = "vclip needs convex polytopes";
      return r;
    }
    if (!pose_a.rotation.allFinite() || !pose_a.translation.allFinite() ||
        !pose_b.rotation.allFinite() || !pose_b.translation.allFinite())
      return failed("non-finite pose", 0);

    const Pose rel = relative_pose(pose_a, pose_b);
    Side side_a{a->polytope, a, false, Mat3::Identity(), Vec3::Zero()};
    Side side_b{b->polytope, b, rel.rotation != Mat3::Identity() || rel.translation != Vec3::Zero(),
                rel.rotation, rel.translation};
    Search search(side_a, side_b);
    search.f = {Feature{FeatureKind::vertex, 0}, Feature{FeatureKind::vertex, 0}};
    VClipWarmStart* state = nullptr;
    if (warm) {
      state = dynamic_cast<VClipWarmStart*>(warm->get());
      if (!state) {
        auto fresh = std::make_unique<VClipWarmStart>();
        state = fresh.get();
        *warm = std::move(fresh);
      }
      if (state->valid && valid_feature(*a->polytope, state->feature_a) &&
          valid_feature(*b->polytope, state->feature_b))
        search.f = {state->feature_a, state->feature_b};
    }

    const int cap = options_.iteration_cap > 0 ? options_.iteration_cap
                                               : 64 + 4 * (a->feature_count + b->feature_count);
    VisitedPairs visited;
    std::optional<Terminal> end;
    int iterations = 0;
    while (!end) {
      if (iterations >= cap)
        return failed("iteration cap (" + std::to_string(cap) + ")", iterations);
      const int first = visited.insert(search.f[0], search.f[1]);
      if (first >= 0) {
        const std::string what = "feature pair (" + describe(search.f[0]) + ", " +
                                 describe(search.f[1]) + ") revisited after " +
                                 std::to_string(iterations - first) + " steps";
        if (options_.fail_on_cycle) return failed("cycling: " + what, iterations);
        const auto& history = visited.history();
        // A vertex of the cycle's features strictly inside the other polytope: penetration.
        if (const auto inside = search.vertex_inside(history, static_cast<size_t>(first))) {
          search.f = *inside;
          end = Terminal{};
          end->contact = end->penetrating = true;
          const int sv = inside->at(0).kind == FeatureKind::vertex ? 0 : 1;
          end->point_a = end->point_b = search.vertex_position(sv, inside->at(sv).id);
          r.reason = "cycle resolved: " + what + "; a vertex of it is inside the other polytope";
          break;
        }
        // End on the pair of the cycle whose features are nearest.
        double best = std::numeric_limits<double>::infinity();
        std::array<Feature, 2> best_pair = search.f;
        for (size_t i = static_cast<size_t>(first); i < history.size(); ++i) {
          search.f = history[i];
          const Terminal t = search.pair_closest();
          const double dist = t.contact ? 0.0 : (t.point_a - t.point_b).norm();
          if (dist < best) {
            best = dist;
            best_pair = history[i];
            end = t;
          }
        }
        search.f = best_pair;
        r.reason = "cycle resolved: " + what + "; ended on its nearest pair";
        break;
      }
      ++iterations;
      if (options_.trace) options_.trace(search.f[0], search.f[1]);
      end = search.step();
    }

    r.iterations = iterations;
    r.feature_a = search.f[0];
    r.feature_b = search.f[1];
    r.witness_a = pose_a.apply(end->point_a);
    r.witness_b = pose_a.apply(end->point_b);
    if (end->contact) {
      r.relation = end->penetrating ? Relation::penetrating : search.classify();
      r.distance = 0.0;
    } else {
      r.relation = Relation::separated;
      r.distance = (end->point_a - end->point_b).norm();
    }
    if (state) {
      state->valid = true;
      state->feature_a = search.f[0];
      state->feature_b = search.f[1];
    }
    return r;
  }

 private:
  Options options_;

  static std::string describe(const Feature& f) {
    return std::string(to_string(f.kind)) + " " + std::to_string(f.id);
  }
  static ProximityResult failed(std::string reason, int iterations) {
    ProximityResult r;
    r.status = QueryStatus::failed;
    r.reason = std::move(reason);
    r.iterations = iterations;
    return r;
  }
};

}  // namespace

std::unique_ptr<ProximityAlgorithm> make(const Options& options) {
  return std::make_unique<VClip>(options);
}

ProximityAlgorithmInfo info() {
  ProximityAlgorithmInfo i;
  i.name = "vclip";
  i.family = "closest-feature";
  i.paper = "seed 003 §2; Mirtich, V-Clip, MERL TR97-05 (ACM TOG 17(3), 1998)";
  i.description =
      "V-Clip closest features: Voronoi clipping with derivative tests, V-F local-minimum "
      "escape, penetration detection; no tolerances";
  i.capabilities.distance = true;
  i.capabilities.witness_points = true;
  i.capabilities.features = true;
  i.capabilities.penetration_depth = false;
  i.capabilities.nonconvex = false;
  i.capabilities.warm_start = true;
  i.capabilities.contact_regions = false;
  i.parameters["iteration_cap_base"] = 64;
  i.parameters["iteration_cap_per_feature"] = 4;
  i.parameters["fail_on_cycle"] = 0;
  i.make = [] { return make(Options{}); };
  return i;
}

}  // namespace touchstone::vclip
